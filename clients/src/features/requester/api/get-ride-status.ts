import { useQuery } from '@tanstack/react-query';
import { LIMITS, isOngoing, rideStatusAnswerSchema, type DriverDetails, type RideStatus } from '@plantride/schemas';
import { api } from '../../../lib/api-client';
import { rideKeys } from '../../../lib/query-keys';
import { useReadAgainAt } from '../../../lib/use-read-again-at';

export interface RideStatusRead {
  status: RideStatus;
  position: number;
  /** The ride's driver as the read model has him (a reload or a second device shows Driver Details from it). */
  driver: DriverDetails | null;
}

export async function getRideStatus(rideId: string, position: number): Promise<RideStatusRead> {
  const answer = await api(`/api/tracking/ride-status/${encodeURIComponent(rideId)}`, { schema: rideStatusAnswerSchema, position });
  const driver =
    answer.DRIVER_ID === null
      ? null
      : { id: answer.DRIVER_ID, name: answer.DRIVER_NAME ?? '', mobile: answer.DRIVER_MOBILE ?? '', vehicle: answer.VEHICLE_NUMBER };
  return { status: answer.STATUS, position, driver };
}

/** The ride's status, polled every 10 s while it is still going (SPEC §4). */
export function useRideStatus(rideId: string | null, position: number) {
  // One cached copy per ride: live events put the driver they carry into it and read it again at their position.
  const query = useQuery({
    queryKey: rideKeys.status(rideId),
    queryFn: () => getRideStatus(rideId as string, position),
    enabled: rideId !== null,
    refetchInterval: (query) => (isOngoing(query.state.data?.status) ? LIMITS.requesterPollingMs : false),
  });
  useReadAgainAt(rideKeys.status(rideId), position);
  return query;
}
