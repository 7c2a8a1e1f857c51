import { create } from 'zustand';
import type { ServerRide, SocketPayload } from '@plantride/schemas';
import { useSession } from '../../../lib/session.store';

/** A ride offered to this driver alone until `expiresAt` (issue #20, `rideOffered`). */
export type RideOffer = Omit<SocketPayload<'rideOffered'>, 'position'> & { driverId: string };

interface RideOffersState {
  offers: readonly RideOffer[];
  /**
   * Rides offered to him that he declined or let lapse: kept out of his lists until the engine opens
   * them to every driver (a newRideRequest), so one does not flash back in a list read before it moved on.
   */
  passed: readonly string[];
  offered: (offer: RideOffer) => void;
  /** Accepted: his ongoing ride now. */
  gone: (rideId: string) => void;
  /** Declined, lapsed, or no longer his (`removeRide`, a refusal). */
  passedOn: (rideId: string) => void;
  /** Open to all drivers again (`newRideRequest`): it may show in his lists. */
  openToAll: (rideId: string) => void;
}

// Kept for the tab's life so a reload mid-offer still shows the card; the socket does not send the offer again.
const STORAGE_KEY = 'plantride.rideOffers';
const PASSED_KEPT = 50;

function load(now: number): Pick<RideOffersState, 'offers' | 'passed'> {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Partial<Pick<RideOffersState, 'offers' | 'passed'>>;
    const offers = Array.isArray(parsed.offers) ? parsed.offers.filter((offer) => Date.parse(offer.expiresAt) > now) : [];
    return { offers, passed: Array.isArray(parsed.passed) ? parsed.passed : [] };
  } catch {
    return { offers: [], passed: [] };
  }
}

const without = (offers: readonly RideOffer[], rideId: string) => offers.filter((offer) => offer.rideId !== rideId);

export const useRideOffers = create<RideOffersState>((set) => ({
  ...load(Date.now()),
  offered: (offer) =>
    set((state) => ({ offers: [...without(state.offers, offer.rideId), offer], passed: state.passed.filter((id) => id !== offer.rideId) })),
  gone: (rideId) => set((state) => (state.offers.some((o) => o.rideId === rideId) ? { offers: without(state.offers, rideId) } : state)),
  passedOn: (rideId) =>
    set((state) => {
      if (!state.offers.some((o) => o.rideId === rideId)) return state;
      return { offers: without(state.offers, rideId), passed: [...state.passed.filter((id) => id !== rideId), rideId].slice(-PASSED_KEPT) };
    }),
  openToAll: (rideId) => set((state) => (state.passed.includes(rideId) ? { passed: state.passed.filter((id) => id !== rideId) } : state)),
}));

useRideOffers.subscribe(({ offers, passed }) => sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ offers, passed })));
// Whoever signs in next on this tab starts with none.
useSession.subscribe((now, before) => {
  if (before.user && !now.user) useRideOffers.setState({ offers: [], passed: [] });
});

/** Seconds left on an offer at `now`, never below 0. */
export const secondsLeft = (offer: Pick<RideOffer, 'expiresAt'>, now: number): number =>
  Math.max(0, Math.ceil((Date.parse(offer.expiresAt) - now) / 1000));

/**
 * A ride his list says is offered to him (OFFERED_TO_YOU, issue #20) and still standing at `now`, as
 * an offer card: for a device that did not hear rideOffered (another phone, a tab opened later).
 */
export function offerOfRow(row: ServerRide, driverId: string, now: number): RideOffer | null {
  if (!row.OFFERED_TO_YOU || !row.OFFER_EXPIRES_AT || Date.parse(row.OFFER_EXPIRES_AT) <= now) return null;
  return {
    rideId: row.RIDE_ID,
    offeredAt: new Date(now).toISOString(),
    expiresAt: row.OFFER_EXPIRES_AT,
    fromLocation: row.FROM_LOCATION,
    toLocation: row.TO_LOCATION,
    priority: row.PRIORITY ?? 'normal',
    vehicleType: row.VEHICLE_TYPE,
    isSpecialTask: row.IS_SPECIAL_TASK,
    driverId,
  };
}
