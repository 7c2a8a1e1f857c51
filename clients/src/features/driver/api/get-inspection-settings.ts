import { useQuery } from '@tanstack/react-query';
import { inspectionSettingsSchema, type InspectionSettings } from '@plantride/schemas';
import { api } from '../../../lib/api-client';
import { inspectionKeys } from '../../../lib/query-keys';

export function getInspectionSettings(signal?: AbortSignal): Promise<InspectionSettings> {
  return api('/api/inspections/settings', { schema: inspectionSettingsSchema, signal });
}

/** Whether the plant requires today's passed inspection before he takes a ride (issue #21). */
export function useInspectionRequired() {
  return useQuery({
    queryKey: inspectionKeys.settings,
    queryFn: ({ signal }) => getInspectionSettings(signal),
    select: (settings) => settings.inspectionRequired,
  });
}
