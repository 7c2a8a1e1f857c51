import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  commandAnswerSchema,
  serviceAccountsAnswerSchema,
  serviceKeyAnswerSchema,
  type RidePriority,
  type ServiceAccountRow,
  type ServiceScope,
  type VehicleType,
} from '@plantride/schemas';
import { api } from '../../../lib/api-client';
import { serviceAccountKeys } from '../../../lib/query-keys';

const accountPath = (accountId: string) => `/api/service-accounts/${encodeURIComponent(accountId)}`;
const triggerPath = (accountId: string, triggerId: string) => `${accountPath(accountId)}/triggers/${encodeURIComponent(triggerId)}`;

export function getServiceAccounts(signal?: AbortSignal): Promise<ServiceAccountRow[]> {
  return api('/api/service-accounts', { schema: serviceAccountsAnswerSchema, signal }).then((answer) => answer.accounts);
}

/** Every service account, revoked ones too, by name (the engine reads them from its stream, so a command shows at once). */
export function useServiceAccounts() {
  return useQuery({ queryKey: serviceAccountKeys.all, queryFn: ({ signal }) => getServiceAccounts(signal) });
}

/** Each command below changes the list: it is read again once the engine answered. */
function useAccountsCommand<Input, Answer>(send: (input: Input) => Promise<Answer>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: send, onSettled: () => client.invalidateQueries({ queryKey: serviceAccountKeys.all }) });
}

export interface NewServiceAccount {
  name: string;
  scopes: ServiceScope[];
}

/** POST /api/service-accounts: the answer carries the account's first API key, the only time it is shown. */
export const useCreateServiceAccount = () =>
  useAccountsCommand((body: NewServiceAccount) => api('/api/service-accounts', { method: 'POST', body, schema: serviceKeyAnswerSchema }));

/** A new key; the keys issued before it keep working `overlapMinutes` more (0: they stop now). */
export const useRotateServiceKey = () =>
  useAccountsCommand(({ accountId, overlapMinutes }: { accountId: string; overlapMinutes: number }) =>
    api(`${accountPath(accountId)}/rotate`, { method: 'POST', body: { overlapMinutes }, schema: serviceKeyAnswerSchema }),
  );

/** Every key of the account refused from now on; it cannot be undone. */
export const useRevokeServiceAccount = () =>
  useAccountsCommand((accountId: string) => api(accountPath(accountId), { method: 'DELETE', schema: commandAnswerSchema }));

export interface TriggerBody {
  fromLocation: string;
  toLocation: string;
  vehicleType: VehicleType;
  priority: RidePriority;
  windowSeconds: number;
  requester: string | null;
}

/** PUT: adds the trigger, or replaces the one of that id. */
export const useSetTrigger = () =>
  useAccountsCommand(({ accountId, triggerId, body }: { accountId: string; triggerId: string; body: TriggerBody }) =>
    api(triggerPath(accountId, triggerId), { method: 'PUT', body, schema: commandAnswerSchema }),
  );

export const useRemoveTrigger = () =>
  useAccountsCommand(({ accountId, triggerId }: { accountId: string; triggerId: string }) =>
    api(triggerPath(accountId, triggerId), { method: 'DELETE', schema: commandAnswerSchema }),
  );
