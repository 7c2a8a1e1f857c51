import { DEFAULT_DISPATCH_SETTINGS, type DispatchSettings, type RideEvent, type RideSnapshot, type SiteState } from '@plantride/schemas';
import { chooseDriver, type DispatchCandidate } from './offer-choice';

/**
 * What offer dispatch decides with, as this engine holds it in memory (soft data, as a booking's
 * driver count): the settings, the drivers who may be offered a ride now, and the site for route times.
 */
export interface DispatchInput {
  settings: DispatchSettings;
  candidates: readonly DispatchCandidate[];
  site: SiteState | null;
}

/** Without an engine's view (a decider test, a timer fired before the engine was ready): broadcast, nobody free. */
export const NO_DISPATCH: DispatchInput = { settings: DEFAULT_DISPATCH_SETTINGS, candidates: [], site: null };

/**
 * The next step of a ride under offer dispatch, as it stands (booked, or just passed over): an offer
 * to the best driver left (offer-choice.ts) for `offerSeconds`, or, with nobody left, the ride opened
 * to every driver of its type.
 */
export function nextOffer(ride: RideSnapshot, input: DispatchInput, now: Date): RideEvent[] {
  const c = ride.context;
  const chosen = chooseDriver(c, input.candidates, input.site, c.passedOver);
  const at = now.toISOString();
  if (!chosen) return [{ type: 'RideOpenedToAll', data: { rideId: c.rideId, reason: c.offerRounds === 0 ? 'no driver free' : 'every driver passed', openedAt: at } }];
  const expiresAt = new Date(now.getTime() + input.settings.offerSeconds * 1000).toISOString();
  return [{ type: 'RideOffered', data: { rideId: c.rideId, driverId: chosen.operatorId, round: c.offerRounds + 1, offeredAt: at, expiresAt } }];
}
