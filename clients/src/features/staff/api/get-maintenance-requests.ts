import { useQuery } from '@tanstack/react-query';
import { LIMITS, PAGE_SIZES, maintenanceRequestListAnswerSchema, type MaintenanceRequestRow } from '@plantride/schemas';
import { api } from '../../../lib/api-client';
import { maintenanceKeys } from '../../../lib/query-keys';

export function getMaintenanceRequests(position: number): Promise<MaintenanceRequestRow[]> {
  // The largest page: the screen filters and counts the list itself.
  return api(`/api/requests/maintenanceReq?limit=${PAGE_SIZES.list.max}`, { schema: maintenanceRequestListAnswerSchema, position });
}

/** Every maintenance request, newest first; read again at a new position and every 30 s (SPEC §4). */
export function useMaintenanceRequests(position: number, version: number) {
  return useQuery({
    queryKey: [...maintenanceKeys.requests, position, version],
    queryFn: () => getMaintenanceRequests(position),
    placeholderData: (previous) => previous,
    refetchInterval: LIMITS.maintenanceListRefreshMs,
  });
}
