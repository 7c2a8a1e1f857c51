import { useQuery } from '@tanstack/react-query';
import { inspectionSettingsSchema } from '@plantride/schemas';
import { api } from '../../../lib/api-client';
import { inspectionKeys } from '../../../lib/query-keys';

/** Whether the plant requires a passed inspection before rides (issue #21): what closing a breakdown's request means (issue #32). */
export function useInspectionRequired() {
  return useQuery({
    queryKey: inspectionKeys.settings,
    queryFn: ({ signal }) => api('/api/inspections/settings', { schema: inspectionSettingsSchema, signal }),
    select: (settings) => settings.inspectionRequired,
  });
}
