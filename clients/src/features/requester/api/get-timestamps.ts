import { useQuery } from '@tanstack/react-query';
import { getTimestampsAnswerSchema, type RideStatus, type RideTimestamps } from '@plantride/schemas';
import { api } from '../../../lib/api-client';
import { rideKeys } from '../../../lib/query-keys';

export async function getTimestamps(rideId: string, position: number): Promise<RideTimestamps> {
  const answer = await api(`/api/bookings/get-timestamps/${encodeURIComponent(rideId)}`, { schema: getTimestampsAnswerSchema, position });
  return answer.timestamps;
}

/** The ride's step times; read again whenever its status moves. */
export function useRideTimestamps(rideId: string | null, status: RideStatus | null, position: number) {
  return useQuery({
    queryKey: [...rideKeys.timestamps(rideId), status, position],
    queryFn: () => getTimestamps(rideId as string, position),
    enabled: rideId !== null,
    placeholderData: (previous) => previous,
  });
}
