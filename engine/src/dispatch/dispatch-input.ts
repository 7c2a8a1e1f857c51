import type { FastifyInstance } from 'fastify';
import type { FreeDrivers } from './offers';

/**
 * The drivers offer dispatch may choose from now, from this engine's roster in memory: what a booking,
 * a decline or a due timer brings in its command. The settings and the site the decision reads from
 * their streams.
 */
export function freeDriversOf(app: FastifyInstance, now = new Date()): FreeDrivers {
  return app.driverRoster.dispatchView(now);
}
