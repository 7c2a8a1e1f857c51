import { useQuery } from '@tanstack/react-query';
import { rideHistoryAnswerSchema, type RideHistoryRow } from '@plantride/schemas';
import { api } from '../../../lib/api-client';

export async function getDriverHistory(driverId: string, position: number): Promise<RideHistoryRow[]> {
  const answer = await api(`/api/ride-history?driverId=${encodeURIComponent(driverId)}`, { schema: rideHistoryAnswerSchema, position });
  return answer.history;
}

/** Every ride the driver took part in, newest first: his ride in progress and his completed rides come from it. */
export function useDriverHistory(driverId: string, position: number) {
  return useQuery({
    queryKey: ['driver-history', driverId, position],
    queryFn: () => getDriverHistory(driverId, position),
    placeholderData: (previous) => previous,
  });
}
