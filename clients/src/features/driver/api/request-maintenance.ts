import { useMutation } from '@tanstack/react-query';
import { maintenanceRequestAnswerSchema, type MaintenanceRequestBody } from '@plantride/schemas';
import { api } from '../../../lib/api-client';

export type MaintenanceRequestInput = Omit<MaintenanceRequestBody, 'status'> & { status: 'pending' };

export function requestMaintenance(body: MaintenanceRequestInput) {
  return api('/api/requests/maintenanceReq', { method: 'POST', body, schema: maintenanceRequestAnswerSchema });
}

export function useRequestMaintenance() {
  return useMutation({ mutationFn: requestMaintenance });
}
