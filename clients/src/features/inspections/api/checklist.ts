import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { checklistSchema, type Checklist, type ChecklistBody, type VehicleType } from '@plantride/schemas';
import { api } from '../../../lib/api-client';
import { inspectionKeys } from '../../../lib/query-keys';

const checklistPath = (vehicleType: VehicleType) => `/api/checklists/${encodeURIComponent(vehicleType)}`;

export function getChecklist(vehicleType: VehicleType, signal?: AbortSignal): Promise<Checklist> {
  return api(checklistPath(vehicleType), { schema: checklistSchema, signal });
}

/** A vehicle type's checklist as the engine holds it (its defaults until an admin saves one). */
export function useChecklist(vehicleType: VehicleType | null) {
  return useQuery({
    queryKey: inspectionKeys.checklist(vehicleType ?? 'Forklift'),
    queryFn: ({ signal }) => getChecklist(vehicleType ?? 'Forklift', signal),
    enabled: vehicleType !== null,
    // Answers in progress must not be reshuffled by a background read.
    refetchOnWindowFocus: false,
  });
}

export function saveChecklist(vehicleType: VehicleType, body: ChecklistBody): Promise<Checklist> {
  return api(checklistPath(vehicleType), { method: 'PUT', body, schema: checklistSchema });
}

export function useSaveChecklist(vehicleType: VehicleType) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ChecklistBody) => saveChecklist(vehicleType, body),
    onSuccess: (saved) => client.setQueryData(inspectionKeys.checklist(vehicleType), saved),
  });
}
