import { create } from 'zustand';
import type { RideLoad, ServerRide, SocketPayload } from '@plantride/schemas';
import { useSession } from '../../../lib/session.store';

/**
 * A ride offered to this driver alone until `expiresAt` (issue #20), as its card shows it; the route's
 * minutes and what is being moved (issue #32 item 7) when his list gave them.
 */
export type RideOffer = Omit<SocketPayload<'rideOffered'>, 'position'> & {
  driverId: string;
  estimatedMinutes?: number;
  load?: RideLoad | null;
};

/** An offer's window on this phone's clock: from when it arrived (or was first seen in his list) to when it runs out. */
export interface OfferWindow {
  offeredAt: string;
  expiresAt: string;
}

/**
 * When each offer this phone knows of runs out on this phone's clock: heard live (`rideOffered`), the
 * time the server gave it (expiresAt − offeredAt) from the moment it arrived, so a phone whose clock is
 * minutes off still counts down the right seconds; first seen in his list, from then to the list's
 * expiry. And the offers that ran out on his screen unanswered, until he dismisses the notice. Only the
 * countdown and that notice: whether a ride is offered to him is his list's to say (`OFFERED_TO_YOU`,
 * what the engine recorded), never this table's.
 */
interface OfferClockState {
  windows: Readonly<Record<string, OfferWindow>>;
  missed: readonly string[];
  heard: (offer: Pick<RideOffer, 'rideId' | 'offeredAt' | 'expiresAt'>, now?: number) => void;
  /** An offer his list names that this phone did not hear: counted from now. */
  seen: (rideId: string, expiresAt: string, now?: number) => void;
  /** Its countdown reached 0 with no answer from him. */
  lapsed: (rideId: string) => void;
  dismiss: (rideId: string) => void;
  /** He answered it (accepted or declined) or it went elsewhere: nothing left to count down. */
  forget: (rideId: string) => void;
}

export const useOfferClock = create<OfferClockState>((set) => ({
  windows: {},
  missed: [],
  heard: (offer, now = Date.now()) =>
    set((state) => ({
      windows: { ...state.windows, [offer.rideId]: { offeredAt: new Date(now).toISOString(), expiresAt: onThisClock(offer, now) } },
    })),
  seen: (rideId, expiresAt, now = Date.now()) =>
    set((state) =>
      state.windows[rideId] ? state : { windows: { ...state.windows, [rideId]: { offeredAt: new Date(now).toISOString(), expiresAt } } },
    ),
  lapsed: (rideId) => set((state) => (state.missed.includes(rideId) ? state : { missed: [...state.missed, rideId] })),
  dismiss: (rideId) => set((state) => ({ missed: state.missed.filter((id) => id !== rideId) })),
  forget: (rideId) =>
    set((state) => {
      if (!state.windows[rideId]) return state;
      const { [rideId]: _gone, ...windows } = state.windows;
      return { windows };
    }),
}));

// Whoever signs in next on this tab starts with none.
useSession.subscribe((now, before) => {
  if (before.user && !now.user) useOfferClock.setState({ windows: {}, missed: [] });
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
 * an offer card; `window` is its window on this phone's clock, once this phone heard or saw it.
 */
export function offerOfRow(row: ServerRide, driverId: string, now: number, window?: OfferWindow): RideOffer | null {
  const expiresAt = window?.expiresAt ?? row.OFFER_EXPIRES_AT;
  if (!row.OFFERED_TO_YOU || !expiresAt || Date.parse(expiresAt) <= now) return null;
  return {
    rideId: row.RIDE_ID,
    offeredAt: window?.offeredAt ?? new Date(now).toISOString(),
    expiresAt,
    estimatedMinutes: row.ESTIMATED_TIME,
    fromLocation: row.FROM_LOCATION,
    toLocation: row.TO_LOCATION,
    priority: row.PRIORITY ?? 'normal',
    vehicleType: row.VEHICLE_TYPE,
    isSpecialTask: row.IS_SPECIAL_TASK,
    load: row.LOAD ?? null,
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
  windows: Readonly<Record<string, OfferWindow>> = {},
): { offers: RideOffer[]; rides: ServerRide[] } {
  const offers: RideOffer[] = [];
  const rides: ServerRide[] = [];
  for (const row of rows) {
    if (!row.OFFERED_TO_YOU) rides.push(row);
    else {
      const offer = offerOfRow(row, driverId, now, windows[row.RIDE_ID]);
      if (offer) offers.push(offer);
    }
  }
  return { offers, rides };
}
