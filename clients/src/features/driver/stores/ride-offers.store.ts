import { create } from 'zustand';
import type { SocketPayload } from '@plantride/schemas';
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
  offered: (offer) => set((state) => ({ offers: [...without(state.offers, offer.rideId), offer], passed: state.passed.filter((id) => id !== offer.rideId) })),
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
export const secondsLeft = (offer: Pick<RideOffer, 'expiresAt'>, now: number): number => Math.max(0, Math.ceil((Date.parse(offer.expiresAt) - now) / 1000));
