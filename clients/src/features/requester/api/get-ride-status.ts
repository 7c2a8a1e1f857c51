import { useQuery } from '@tanstack/react-query';
import { LIMITS, isOngoing, rideStatusAnswerSchema, type RideStatus } from '@plantride/schemas';
import { api } from '../../../lib/api-client';
import { rideKeys } from '../../../lib/query-keys';

export async function getRideStatus(rideId: string, position: number): Promise<{ status: RideStatus; position: number }> {
  const answer = await api(`/api/tracking/ride-status/${encodeURIComponent(rideId)}`, { schema: rideStatusAnswerSchema, position });
  return { status: answer.STATUS, position };
}

/** The ride's status, polled every 10 s while it is still going (SPEC §4). */
export function useRideStatus(rideId: string | null, position: number) {
  return useQuery({
    queryKey: [...rideKeys.status(rideId), position],
    queryFn: () => getRideStatus(rideId as string, position),
    enabled: rideId !== null,
    placeholderData: (previous) => previous,
    refetchInterval: (query) => (isOngoing(query.state.data?.status) ? LIMITS.requesterPollingMs : false),
  });
}
