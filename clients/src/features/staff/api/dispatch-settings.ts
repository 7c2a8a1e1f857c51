import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dispatchSettingsSchema, type DispatchSettings } from '@plantride/schemas';
import { api } from '../../../lib/api-client';
import { siteKeys } from '../../../lib/query-keys';

export function getDispatchSettings(signal?: AbortSignal): Promise<DispatchSettings> {
  return api('/api/dispatch/settings', { schema: dispatchSettingsSchema, signal });
}

/** How rides reach drivers (issue #20): the engine's defaults until an admin saves others. */
export function useDispatchSettings() {
  return useQuery({ queryKey: siteKeys.dispatch, queryFn: ({ signal }) => getDispatchSettings(signal), refetchOnWindowFocus: false });
}

/** PUT /api/dispatch/settings: the whole object replaced; the answer is what the engine now holds. */
export function saveDispatchSettings(settings: DispatchSettings): Promise<DispatchSettings> {
  return api('/api/dispatch/settings', { method: 'PUT', body: settings, schema: dispatchSettingsSchema });
}

export function useSaveDispatchSettings() {
  const client = useQueryClient();
  return useMutation({ mutationFn: saveDispatchSettings, onSuccess: (saved) => client.setQueryData(siteKeys.dispatch, saved) });
}
