import { useQuery } from '@tanstack/react-query';
import { PAGE_SIZES, rideHistoryAnswerSchema, type RideHistoryRow } from '@plantride/schemas';
import { api } from '../../../lib/api-client';
import { historyKeys } from '../../../lib/query-keys';
import { useReadAgainAt } from '../../../lib/use-read-again-at';

/** His ride in progress (none or one), then the rides he completed, newest first. */
export async function getDriverHistory(driverId: string, position: number): Promise<RideHistoryRow[]> {
  const query = `driverId=${encodeURIComponent(driverId)}`;
  const [ongoing, completed] = await Promise.all([
    api(`/api/ride-history/ongoing?${query}`, { schema: rideHistoryAnswerSchema, position }),
    // The largest page: the Completed Rides table lists them all, up to that many.
    api(`/api/ride-history?${query}&limit=${PAGE_SIZES.list.max}`, { schema: rideHistoryAnswerSchema, position }),
  ]);
  return [...ongoing.history, ...completed.history];
}

/** The driver's rides: his ride in progress and his completed rides come from it. */
export function useDriverHistory(driverId: string, position: number) {
  const query = useQuery({ queryKey: historyKeys.driver(driverId), queryFn: () => getDriverHistory(driverId, position) });
  useReadAgainAt(historyKeys.driver(driverId), position);
  return query;
}
