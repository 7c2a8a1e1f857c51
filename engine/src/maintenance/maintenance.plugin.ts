import fp from 'fastify-plugin';
import { maintenanceRequestsRoutes } from './maintenance-requests.routes';
import { maintenanceRidesRoutes } from './maintenance-rides.routes';

/** Maintenance requests and the hand-over of a broken-down driver's ride (SPEC §7 Maintenance). */
export const maintenanceRoutes = fp(
  async (app) => {
    await app.register(maintenanceRequestsRoutes);
    await app.register(maintenanceRidesRoutes);
  },
  { name: 'maintenance', dependencies: ['database', 'auth', 'inspections', 'photos'] },
);
