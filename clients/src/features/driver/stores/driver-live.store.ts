import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { create } from 'zustand';
import { availableRideKeys, driverKeys, historyKeys } from '../../../lib/query-keys';
import type { Topic } from './driver-live';

interface DriverLiveState {
  /** Store positions the ride lists and the driver's record must be read at (read-your-writes). */
  positions: Record<Topic, number>;
  /** The completion popup's text while it is open, else null. */
  completion: string | null;
  /** A command answer or an event at `position` changed what these topics show. */
  moved: (topics: readonly Topic[], position: number) => void;
  openCompletion: (message: string) => void;
  closeCompletion: () => void;
}

export const useDriverLive = create<DriverLiveState>((set) => ({
  positions: { rides: 0, driver: 0 },
  completion: null,
  moved: (topics, position) =>
    set((state) => {
      const positions = { ...state.positions };
      for (const topic of topics) positions[topic] = Math.max(positions[topic], position);
      return { positions };
    }),
  openCompletion: (message) => set({ completion: message }),
  closeCompletion: () => set({ completion: null }),
}));

const TOPIC_QUERIES: Record<Topic, readonly QueryKey[]> = {
  rides: [availableRideKeys.all, historyKeys.drivers],
  driver: [driverKeys.records, driverKeys.actives],
};

/** Reads the topics again: at `position` when known (read-your-writes), else simply once more. */
export function refreshTopics(queryClient: QueryClient, topics: readonly Topic[], position: number | null | undefined): void {
  if (position) useDriverLive.getState().moved(topics, position);
  else for (const topic of topics) for (const key of TOPIC_QUERIES[topic]) void queryClient.invalidateQueries({ queryKey: key });
}
