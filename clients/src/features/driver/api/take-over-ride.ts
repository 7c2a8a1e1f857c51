import { useMutation } from '@tanstack/react-query';
import { maintenanceRideAnswerSchema, type RideStateName } from '@plantride/schemas';
import { api } from '../../../lib/api-client';

export interface TakeOverInput {
  rideId: string;
  newDriverId: string;
  /** The state the screen saw; the engine answers 409 when the ride has moved since. */
  currentState: RideStateName | null;
}

export function takeOverRide({ rideId, newDriverId, currentState }: TakeOverInput) {
  const body = currentState ? { rideId, newDriverId, currentState } : { rideId, newDriverId };
  return api('/api/maintenance/accept-redistributed-ride', { method: 'POST', body, schema: maintenanceRideAnswerSchema });
}

export function useTakeOverRide() {
  return useMutation({ mutationFn: takeOverRide });
}
