import { create } from 'zustand';
import type { DriverDetails } from '@plantride/schemas';
import { initialLiveRide, liveRideReducer, type LiveAction, type LiveRideState } from './live-ride.reducer';

interface LiveRideStore extends LiveRideState {
  /** Applies the action; true when it changed the tracked ride. */
  dispatch: (action: LiveAction) => boolean;
}

const DRIVERS_KEY = 'driverDetails';

// The engine's ride reads do not carry the driver's name and mobile, so the ones the socket
// told us are kept per ride (the spec's "driver details per ride") for a reload.
export function rememberedDriver(rideId: string): DriverDetails | null {
  try {
    const all = JSON.parse(localStorage.getItem(DRIVERS_KEY) ?? '{}') as Record<string, DriverDetails>;
    return all[rideId] ?? null;
  } catch {
    return null;
  }
}

function rememberDriver(rideId: string, driver: DriverDetails): void {
  let all: Record<string, DriverDetails> = {};
  try {
    all = JSON.parse(localStorage.getItem(DRIVERS_KEY) ?? '{}') as Record<string, DriverDetails>;
  } catch {
    // start again
  }
  const kept = Object.entries({ ...all, [rideId]: driver }).slice(-20);
  localStorage.setItem(DRIVERS_KEY, JSON.stringify(Object.fromEntries(kept)));
}

const ACCEPTED_KEY = 'driverAssignedAt';

/** When this browser heard the ride's driver was assigned; the engine's timestamps have no accept time. */
export function acceptedAtOf(rideId: string): string | null {
  try {
    return (JSON.parse(localStorage.getItem(ACCEPTED_KEY) ?? '{}') as Record<string, string>)[rideId] ?? null;
  } catch {
    return null;
  }
}

export function rememberAcceptedAt(rideId: string, at = new Date()): void {
  let all: Record<string, string> = {};
  try {
    all = JSON.parse(localStorage.getItem(ACCEPTED_KEY) ?? '{}') as Record<string, string>;
  } catch {
    // start again
  }
  if (all[rideId]) return;
  const kept = Object.entries({ ...all, [rideId]: at.toISOString() }).slice(-20);
  localStorage.setItem(ACCEPTED_KEY, JSON.stringify(Object.fromEntries(kept)));
}

export const useLiveRide = create<LiveRideStore>((set, get) => ({
  ...initialLiveRide,
  dispatch: (action) => {
    const { dispatch: _dispatch, ...state } = get();
    const next = liveRideReducer(state, action);
    if (next === state) return false;
    if (next.rideId && next.driver && next.driver !== state.driver) rememberDriver(next.rideId, next.driver);
    set(next);
    return true;
  },
}));
