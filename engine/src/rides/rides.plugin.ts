import type { FastifyInstance } from 'fastify';
import { bookingsRoutes } from './bookings.routes';
import { trackingRoutes } from './tracking.routes';
import { rideHistoryRoutes } from './ride-history.routes';
import { requestersRoutes } from './requesters.routes';

export async function rideRoutes(app: FastifyInstance): Promise<void> {
  await app.register(bookingsRoutes);
  await app.register(trackingRoutes);
  await app.register(rideHistoryRoutes);
  await app.register(requestersRoutes);
}
