import { create } from 'zustand';
import { initialLiveRide, liveRideReducer, type LiveAction, type LiveRideState } from './live-ride.reducer';

interface LiveRideStore extends LiveRideState {
  /** Applies the action; true when it changed the tracked ride. */
  dispatch: (action: LiveAction) => boolean;
}

export const useLiveRide = create<LiveRideStore>((set, get) => ({
  ...initialLiveRide,
  dispatch: (action) => {
    const { dispatch: _dispatch, ...state } = get();
    const next = liveRideReducer(state, action);
    if (next === state) return false;
    set(next);
    return true;
  },
}));
