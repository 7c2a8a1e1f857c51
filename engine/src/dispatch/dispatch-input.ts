import type { FastifyInstance } from 'fastify';
import type { DispatchInput } from './offers';

/**
 * What offer dispatch decides with, from this engine's memory; the free drivers are looked at only
 * when the settings say offer (a broadcast booking needs none).
 */
export function dispatchInputOf(app: FastifyInstance, now = new Date()): DispatchInput {
  const settings = app.dispatchSettings.current();
  const view = settings.mode === 'offer' ? app.driverRoster.dispatchView(now) : { candidates: [], holders: [] };
  return { settings, ...view, site: app.site.current() };
}
