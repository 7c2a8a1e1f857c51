import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { inspectionSettingsSchema, type InspectionSettings } from '@plantride/schemas';
import { api } from '../../../lib/api-client';
import { inspectionKeys } from '../../../lib/query-keys';

export function getInspectionSettings(signal?: AbortSignal): Promise<InspectionSettings> {
  return api('/api/inspections/settings', { schema: inspectionSettingsSchema, signal });
}

/** Whether a driver needs today's passed inspection to take a ride (issue #21); off until an admin turns it on. */
export function useInspectionSettings() {
  return useQuery({ queryKey: inspectionKeys.settings, queryFn: ({ signal }) => getInspectionSettings(signal) });
}

export function saveInspectionSettings(settings: InspectionSettings): Promise<InspectionSettings> {
  return api('/api/inspections/settings', { method: 'PUT', body: settings, schema: inspectionSettingsSchema });
}

export function useSaveInspectionSettings() {
  const client = useQueryClient();
  return useMutation({ mutationFn: saveInspectionSettings, onSuccess: (saved) => client.setQueryData(inspectionKeys.settings, saved) });
}
