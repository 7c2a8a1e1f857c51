import { useQuery } from '@tanstack/react-query';
import { PAGE_SIZES, rideHistoryAnswerSchema, type RideHistoryRow } from '@plantride/schemas';
import { api } from '../../../lib/api-client';
import { historyKeys } from '../../../lib/query-keys';

export async function getRideHistory(userId: string, position: number): Promise<RideHistoryRow[]> {
  // The largest page: the history list shows every ride, up to that many.
  const answer = await api(`/api/ride-history/user?userId=${encodeURIComponent(userId)}&limit=${PAGE_SIZES.list.max}`, {
    schema: rideHistoryAnswerSchema,
    position,
  });
  return answer.history;
}

/** The requester's rides, newest first, from the server's read model (the truth after a reload). */
export function useRideHistory(userId: string, position: number) {
  return useQuery({
    // A new position (a live event or our own command) reads the list again, at least that fresh.
    queryKey: [...historyKeys.requester(userId), position],
    queryFn: () => getRideHistory(userId, position),
    placeholderData: (previous) => previous,
  });
}
