import { create } from 'zustand';
import type { ServerRide, SocketPayload } from '@plantride/schemas';
import { useSession } from '../../../lib/session.store';

/** A ride offered to this driver alone until `expiresAt` (issue #20), as its card shows it. */
export type RideOffer = Omit<SocketPayload<'rideOffered'>, 'position'> & { driverId: string };

/**
 * When each offer this phone heard of (`rideOffered`) runs out on this phone's clock: the time the
 * server gave it (expiresAt − offeredAt) from the moment it arrived, so a phone whose clock is minutes
 * off still counts down the right seconds. Only the countdown: whether a ride is offered to him is
 * his list's to say (`OFFERED_TO_YOU`, what the engine recorded), never this table's.
 */
interface OfferClockState {
  expiresHere: Readonly<Record<string, string>>;
  heard: (offer: Pick<RideOffer, 'rideId' | 'offeredAt' | 'expiresAt'>, now?: number) => void;
}

export const useOfferClock = create<OfferClockState>((set) => ({
  expiresHere: {},
  heard: (offer, now = Date.now()) => set((state) => ({ expiresHere: { ...state.expiresHere, [offer.rideId]: onThisClock(offer, now) } })),
}));

// Whoever signs in next on this tab starts with none.
useSession.subscribe((now, before) => {
  if (before.user && !now.user) useOfferClock.setState({ expiresHere: {} });
});

/** The offer's expiry on this phone's clock: the time the server gave it from `now`. */
export function onThisClock(offer: { offeredAt: string; expiresAt: string }, now = Date.now()): string {
  const lasts = Date.parse(offer.expiresAt) - Date.parse(offer.offeredAt);
  return Number.isFinite(lasts) ? new Date(now + Math.max(0, lasts)).toISOString() : offer.expiresAt;
}

/** Seconds left on an offer at `now`, never below 0. */
export const secondsLeft = (offer: Pick<RideOffer, 'expiresAt'>, now: number): number =>
  Math.max(0, Math.ceil((Date.parse(offer.expiresAt) - now) / 1000));

/**
 * A ride his list says is offered to him (OFFERED_TO_YOU, issue #20) and still standing at `now`, as
 * an offer card; `expiresHere` is its expiry on this phone's clock when this phone heard the offer.
 */
export function offerOfRow(row: ServerRide, driverId: string, now: number, expiresHere?: string): RideOffer | null {
  const expiresAt = expiresHere ?? row.OFFER_EXPIRES_AT;
  if (!row.OFFERED_TO_YOU || !expiresAt || Date.parse(expiresAt) <= now) return null;
  return {
    rideId: row.RIDE_ID,
    offeredAt: new Date(now).toISOString(),
    expiresAt,
    fromLocation: row.FROM_LOCATION,
    toLocation: row.TO_LOCATION,
    priority: row.PRIORITY ?? 'normal',
    vehicleType: row.VEHICLE_TYPE,
    isSpecialTask: row.IS_SPECIAL_TASK,
    driverId,
  };
}

/**
 * His list as the dashboard shows it: a ride offered to him is its offer card while the offer stands,
 * and in neither place once it ran out (the engine moves it on and his list is read again); every other
 * ride is a row. The list's own OFFERED_TO_YOU decides, so no device keeps its own idea of his offers.
 */
export function offersAndRides(
  rows: readonly ServerRide[],
  driverId: string,
  now: number,
  expiresHere: Readonly<Record<string, string>> = {},
): { offers: RideOffer[]; rides: ServerRide[] } {
  const offers: RideOffer[] = [];
  const rides: ServerRide[] = [];
  for (const row of rows) {
    if (!row.OFFERED_TO_YOU) rides.push(row);
    else {
      const offer = offerOfRow(row, driverId, now, expiresHere[row.RIDE_ID]);
      if (offer) offers.push(offer);
    }
  }
  return { offers, rides };
}
