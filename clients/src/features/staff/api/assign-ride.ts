import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  assignRideAnswerSchema,
  assignableDriversAnswerSchema,
  type AssignRideAnswer,
  type AssignableDriversAnswer,
} from '@plantride/schemas';
import { api } from '../../../lib/api-client';
import { historyKeys, reportKeys, rideKeys } from '../../../lib/query-keys';

/** Issue #32 item 4: the ride's drivers, each with the engine's answer whether the ride may be given to him now. */
export function getAssignableDrivers(rideId: string, signal?: AbortSignal): Promise<AssignableDriversAnswer> {
  return api(`/api/rides/${encodeURIComponent(rideId)}/assignable-drivers`, { schema: assignableDriversAnswerSchema, signal });
}

export const assignableDriverKeys = (rideId: string | null) => [...rideKeys.detail(rideId), 'assignable-drivers'] as const;

export function useAssignableDrivers(rideId: string | null) {
  return useQuery({
    queryKey: assignableDriverKeys(rideId),
    queryFn: ({ signal }) => getAssignableDrivers(rideId as string, signal),
    enabled: rideId !== null,
    // Who is free changes by the minute: read again each time the dialog opens.
    staleTime: 0,
  });
}

export interface AssignRideInput {
  rideId: string;
  driverId: string;
  reason: string;
}

/** POST /api/rides/{rideId}/assign: staff give the ride to a driver, or take it back and give it to another. */
export function assignRide({ rideId, driverId, reason }: AssignRideInput): Promise<AssignRideAnswer> {
  return api(`/api/rides/${encodeURIComponent(rideId)}/assign`, {
    method: 'POST',
    body: { driverId, reason },
    schema: assignRideAnswerSchema,
  });
}

/** Assigns, then reads the ride's views again: its audit, the reports, the drivers' histories. */
export function useAssignRide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignRide,
    onSuccess: (_answer, { rideId }) => {
      void queryClient.invalidateQueries({ queryKey: rideKeys.detail(rideId) });
      void queryClient.invalidateQueries({ queryKey: reportKeys.rides });
      void queryClient.invalidateQueries({ queryKey: historyKeys.drivers });
    },
  });
}
