import type { FastifyInstance } from 'fastify';
import type { DispatchInput, FreeDrivers } from './offers';

/**
 * The drivers offer dispatch may choose from now, from this engine's roster in memory: what a booking,
 * a decline or a due timer brings in its command. The settings and the site the decision reads from
 * their streams.
 */
export function freeDriversOf(app: FastifyInstance, now = new Date()): FreeDrivers {
  return app.driverRoster.dispatchView(now);
}

/**
 * The engine's view as it stands in memory, for the route's pre-emption choice before a booking (the
 * decision checks it again on its streams).
 */
export function dispatchViewOf(app: FastifyInstance, now = new Date()): DispatchInput {
  return { settings: app.dispatchSettings.current(), site: app.site.current(), ...freeDriversOf(app, now) };
}
