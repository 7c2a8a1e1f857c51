import {
  DEFAULT_DISPATCH_SETTINGS,
  type DispatchSettings,
  type OpenedToAllReason,
  type RideEvent,
  type RideSnapshot,
  type SiteState,
} from '@plantride/schemas';
import { chooseDriver, type DispatchCandidate, type HeldCandidate } from './offer-choice';

/**
 * The drivers offer dispatch may choose from now, as this engine's roster holds them in memory (soft
 * data, as a booking's driver count): the command brings them; everything else a decision reads comes
 * from streams it names.
 */
export interface FreeDrivers {
  candidates: readonly DispatchCandidate[];
  /** Drivers holding a normal ride's offer, for an urgent ride nobody free can take (absent: none). */
  holders?: readonly HeldCandidate[];
}

/** What offer dispatch decides with: the settings and the site (from their streams) and the free drivers (from the command). */
export interface DispatchInput extends FreeDrivers {
  settings: DispatchSettings;
  site: SiteState | null;
}

export const NO_FREE_DRIVERS: FreeDrivers = { candidates: [] };

/** Without settings or free drivers (a decider test): the spec's broadcast, nobody free. */
export const NO_DISPATCH: DispatchInput = { settings: DEFAULT_DISPATCH_SETTINGS, candidates: [], site: null };

/** A decision's dispatch input: the settings and site its streams tell, the free drivers its command brought. */
export const dispatchInput = (settings: DispatchSettings, site: SiteState | null, free: FreeDrivers = NO_FREE_DRIVERS): DispatchInput => ({
  ...free,
  settings,
  site,
});

/**
 * The next step of a ride under offer dispatch, as it stands (booked, or just passed over): an offer
 * to the best driver left (offer-choice.ts) for `offerSeconds`, or, with nobody left, the ride opened
 * to every driver of its type.
 */
export function nextOffer(ride: RideSnapshot, input: DispatchInput, now: Date): RideEvent[] {
  const c = ride.context;
  const at = now.toISOString();
  // Dispatch set to broadcast since the ride was offered: its offer passed on, it goes to every driver.
  if (input.settings.mode !== 'offer') return [openedToAll(c.rideId, 'dispatch set to broadcast', at)];
  const chosen = chooseDriver(c, input.candidates, input.site, c.passedOver);
  // Nobody passed on it: nobody was free (at booking, or after its offer was taken back for an urgent ride).
  if (!chosen) return [openedToAll(c.rideId, c.passedOver.length === 0 ? 'no driver free' : 'every driver passed', at)];
  return [offerTo(ride, chosen.operatorId, input, now)];
}

const openedToAll = (rideId: string, reason: OpenedToAllReason, openedAt: string): RideEvent => ({
  type: 'RideOpenedToAll',
  data: { rideId, reason, openedAt },
});

/** The ride's next round offered to `driverId` for `offerSeconds`. */
export function offerTo(ride: RideSnapshot, driverId: string, input: DispatchInput, now: Date): RideEvent {
  const c = ride.context;
  const expiresAt = new Date(now.getTime() + input.settings.offerSeconds * 1000).toISOString();
  return { type: 'RideOffered', data: { rideId: c.rideId, driverId, round: c.offerRounds + 1, offeredAt: now.toISOString(), expiresAt } };
}

/** What deciding a pre-emption reads of the urgent ride (its statechart context has it all). */
export type PreemptingRide = Pick<
  RideSnapshot['context'],
  'priority' | 'fromLocation' | 'vehicleType' | 'passedOver' | 'openToAll' | 'offer'
>;

/**
 * Urgent first (issue #20): for an urgent ride under offer dispatch that no free driver can take, the
 * best driver (the same score) who holds a normal ride's offer; the ride he would be taken from. Null:
 * not urgent, not offer mode, someone free, or nobody to take.
 */
export function preemptionFor(c: PreemptingRide, input: DispatchInput): HeldCandidate | null {
  if (input.settings.mode !== 'offer' || c.priority !== 'urgent' || c.openToAll || c.offer !== null) return null;
  if (chooseDriver(c, input.candidates, input.site, c.passedOver)) return null;
  return chooseDriver(c, input.holders ?? [], input.site, c.passedOver);
}
