import fp from 'fastify-plugin';
import { bookingsRoutes } from './bookings.routes';
import { trackingRoutes } from './tracking.routes';
import { rideHistoryRoutes } from './ride-history.routes';
import { requestersRoutes } from './requesters.routes';
import { assignRoutes } from './assign.routes';

/** The rides' routes: booking, tracking, history, and the ride reads of SPEC §7 "Drivers". */
export const rideRoutes = fp(
  async (app) => {
    await app.register(bookingsRoutes);
    await app.register(trackingRoutes);
    await app.register(rideHistoryRoutes);
    await app.register(requestersRoutes);
    await app.register(assignRoutes);
  },
  { name: 'rides', dependencies: ['database', 'auth', 'site-state', 'dispatch-settings', 'driver-roster', 'inspections'] },
);
