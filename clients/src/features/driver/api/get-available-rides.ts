import { useQuery, type QueryClient } from '@tanstack/react-query';
import { LIMITS, availableRidesAnswerSchema, type ServerRide, type VehicleType } from '@plantride/schemas';
import { api } from '../../../lib/api-client';
import { availableRideKeys } from '../../../lib/query-keys';
import { useReadAgainAt } from '../../../lib/use-read-again-at';

/** The screen's tables show the newest 3 and the 10 after them (SPEC §2): only those are asked for. */
export const AVAILABLE_RIDES_SHOWN = LIMITS.topLatestRides + LIMITS.otherAvailableRides;

export interface AvailableRidesPage {
  rows: ServerRide[];
  /** Every ride waiting for this vehicle type, shown or not. */
  total: number;
}

export async function getAvailableRides(vehicleType: VehicleType, position: number): Promise<AvailableRidesPage> {
  const path = `/api/drivers/available-rides?vehicleType=${encodeURIComponent(vehicleType)}&limit=${AVAILABLE_RIDES_SHOWN}`;
  const answer = await api(path, { schema: availableRidesAnswerSchema, position });
  return { rows: answer.rides.rows, total: answer.total };
}

/** The newest requested and redistributed rides of the driver's vehicle type, and how many wait; each ride event moves `position`. */
export function useAvailableRides(vehicleType: VehicleType | null, position: number) {
  const query = useQuery({
    queryKey: availableRideKeys.list(vehicleType),
    queryFn: () => getAvailableRides(vehicleType as VehicleType, position),
    enabled: vehicleType !== null,
  });
  useReadAgainAt(availableRideKeys.list(vehicleType), position);
  return query;
}

/**
 * A ride that left his list by what he or the engine just did (accepted, declined, lapsed, removeRide):
 * out of the cached list now, so its card does not linger until the read at that position answers.
 */
export function dropAvailableRide(queryClient: QueryClient, rideId: string): void {
  queryClient.setQueriesData<AvailableRidesPage>({ queryKey: availableRideKeys.all }, (page) => {
    if (!page?.rows.some((row) => row.RIDE_ID === rideId)) return page;
    return { rows: page.rows.filter((row) => row.RIDE_ID !== rideId), total: Math.max(0, page.total - 1) };
  });
}
