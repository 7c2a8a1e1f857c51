import { useQuery } from '@tanstack/react-query';
import { rideTimelineAnswerSchema, type RideTimelineAnswer } from '@plantride/schemas';
import { api } from '../../../lib/api-client';
import { rideKeys } from '../../../lib/query-keys';

/** Every event of the ride from the store, each with the state it left the ride in. */
export function getRideTimeline(rideId: string, signal?: AbortSignal): Promise<RideTimelineAnswer> {
  return api(`/api/rides/${encodeURIComponent(rideId)}/timeline`, { schema: rideTimelineAnswerSchema, signal });
}

export function useRideTimeline(rideId: string | null) {
  return useQuery({
    queryKey: rideKeys.timeline(rideId),
    queryFn: ({ signal }) => getRideTimeline(rideId as string, signal),
    enabled: rideId !== null,
  });
}
