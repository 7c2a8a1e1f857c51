import { useQuery } from '@tanstack/react-query';
import { presenceAnswerSchema, type PresenceAnswer } from '@plantride/schemas';
import { api } from '../../../lib/api-client';
import { driverKeys } from '../../../lib/query-keys';

/** How often the Drivers on Shift screen reads presence again; also on coming back to the window. */
export const PRESENCE_REFRESH_MS = 15_000;

export function getPresence(signal?: AbortSignal): Promise<PresenceAnswer['drivers']> {
  return api('/api/drivers/presence', { schema: presenceAnswerSchema, signal }).then((answer) => answer.drivers);
}

/** Every recorded driver: free, busy, blocked or off shift (issue #20), in the engine's order. */
export function usePresence() {
  return useQuery({
    queryKey: driverKeys.presence,
    queryFn: ({ signal }) => getPresence(signal),
    refetchInterval: PRESENCE_REFRESH_MS,
    refetchOnWindowFocus: 'always',
  });
}
