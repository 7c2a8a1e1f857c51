import { useMutation } from '@tanstack/react-query';
import { commandAnswerSchema, type CommandAnswer } from '@plantride/schemas';
import { api } from '../../../lib/api-client';

export type MaintenanceStatusChange =
  | { id: string; status: 'accepted' }
  | { id: string; status: 'rejected'; reason: string }
  | { id: string; status: 'completed'; maintenanceDate: string };

/** PUT /api/requests/{id}/status: maintenance_date is the ISO completion time, null otherwise (SPEC §7). */
export function updateMaintenanceStatus(change: MaintenanceStatusChange): Promise<CommandAnswer> {
  const body = {
    status: change.status,
    maintenance_date: change.status === 'completed' ? change.maintenanceDate : null,
    ...(change.status === 'rejected' ? { reason: change.reason } : {}),
  };
  return api(`/api/requests/${encodeURIComponent(change.id)}/status`, { method: 'PUT', body, schema: commandAnswerSchema });
}

export function useUpdateMaintenanceStatus() {
  return useMutation({ mutationFn: updateMaintenanceStatus });
}
