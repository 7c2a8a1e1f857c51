import { create } from 'zustand';
import type { RideType } from '@plantride/schemas';

/**
 * Which ride the booking screens follow, and the store position their reads must reach. Not the
 * ride itself: its status and driver are the query cache's (rideKeys), read at `position`.
 */
interface TrackedRideState {
  rideId: string | null;
  /** Null when the ride was adopted from an event; the server's history row says it then. */
  rideType: RideType | null;
  /** Highest store position seen (a live event, a command of ours); the reads after it wait for it. */
  position: number;
  /** 'New driver assigned: {name}', shown for a few seconds after a take-over. */
  notice: string | null;
  track: (rideId: string, rideType: RideType | null) => void;
  /** A command or an event at `position`; false when it was seen already (a replay after a reconnect). */
  reached: (position: number | undefined) => boolean;
  say: (notice: string | null) => void;
  reset: () => void;
}

export const useTrackedRide = create<TrackedRideState>((set, get) => ({
  rideId: null,
  rideType: null,
  position: 0,
  notice: null,
  track: (rideId, rideType) => set({ rideId, rideType, notice: null }),
  reached: (position) => {
    if (position === undefined) return true;
    if (position <= get().position) return false;
    set({ position });
    return true;
  },
  say: (notice) => set({ notice }),
  reset: () => set({ rideId: null, rideType: null, notice: null }),
}));
