import { useMutation, useQuery } from '@tanstack/react-query';
import { commandAnswerSchema, driverRegistrationsAnswerSchema, resetCodeAnswerSchema, type DriverRegistration } from '@plantride/schemas';
import { api } from '../../../lib/api-client';
import { driverKeys } from '../../../lib/query-keys';

/** Admin: a new one-time code for a token number (a password reset, or a recorded driver's activation code), shown once. */
export function resetAccessCode(tokenNo: string) {
  return api(`/api/users/${encodeURIComponent(tokenNo)}/reset-code`, { method: 'POST', schema: resetCodeAnswerSchema });
}

export const useResetAccessCode = () => useMutation({ mutationFn: resetAccessCode });

export async function getDriverRegistrations(position: number): Promise<DriverRegistration[]> {
  return (await api('/api/drivers/registrations', { schema: driverRegistrationsAnswerSchema, position })).registrations;
}

/** Accounts waiting for the admin to approve them as the recorded driver; a new position (a decision, a sign-up heard live) reads again. */
export function useDriverRegistrations(position: number, version: number, enabled: boolean) {
  return useQuery({
    queryKey: [...driverKeys.registrations, position, version],
    queryFn: () => getDriverRegistrations(position),
    placeholderData: (previous) => previous,
    enabled,
  });
}

export function decideRegistration({ tokenNo, decision }: { tokenNo: string; decision: 'approve' | 'reject' }) {
  return api(`/api/drivers/registrations/${encodeURIComponent(tokenNo)}/${decision}`, { method: 'POST', schema: commandAnswerSchema });
}

export const useDecideRegistration = () => useMutation({ mutationFn: decideRegistration });
