import type { FastifyInstance } from 'fastify';
import { maintenanceRequestsRoutes } from './maintenance-requests.routes';
import { maintenanceRidesRoutes } from './maintenance-rides.routes';

export async function maintenanceRoutes(app: FastifyInstance): Promise<void> {
  await app.register(maintenanceRequestsRoutes);
  await app.register(maintenanceRidesRoutes);
}
