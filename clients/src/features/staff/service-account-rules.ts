import {
  VEHICLE_TYPES,
  createServiceAccountBodySchema,
  rotateServiceKeyBodySchema,
  setTriggerBodySchema,
  triggerParamsSchema,
  type RidePriority,
  type ServiceAccountRow,
  type ServiceScope,
  type VehicleType,
} from '@plantride/schemas';
import { formatDateTime } from '../../lib/format-date';
import type { NewServiceAccount, TriggerBody } from './api/service-accounts';

type Trigger = ServiceAccountRow['triggers'][number];

/** What each scope lets a key do, as the admin reads it beside its box. */
export const SCOPE_TEXT: Record<ServiceScope, string> = {
  'orders:write': 'Place and cancel orders (rides), and press its triggers',
  'rides:read': "Read an order's ride and its state",
  'webhooks:manage': 'Manage the webhooks its events go to',
  'site:read': 'Read the site: places and route times',
};

export const isRevoked = (account: ServiceAccountRow): boolean => account.revokedAt !== null;

/** Active accounts first, then revoked ones, each by the engine's order (by name). */
export const listOrder = (accounts: readonly ServiceAccountRow[]): ServiceAccountRow[] => [
  ...accounts.filter((account) => !isRevoked(account)),
  ...accounts.filter(isRevoked),
];

export const lastUsedText = (account: ServiceAccountRow): string => (account.lastUsedAt ? formatDateTime(account.lastUsedAt) : 'never');

/** '1 key', or '2 keys: the previous one works until 06 Dec 2026, 17:56' while a rotation's overlap runs. */
export function keysText(account: ServiceAccountRow): string {
  if (isRevoked(account)) return 'none: every key is refused';
  const count = `${account.keys.length} ${account.keys.length === 1 ? 'key' : 'keys'}`;
  const overlapEnds = account.keys.map((key) => key.validUntil).filter((until): until is string => until !== null);
  if (overlapEnds.length === 0) return count;
  const last = overlapEnds.reduce((a, b) => (Date.parse(a) >= Date.parse(b) ? a : b));
  return `${count}: the ${overlapEnds.length === 1 ? 'previous one works' : 'previous ones work'} until ${formatDateTime(last)}`;
}

/** 'none', or how many webhooks and which need attention: '2: 1 parked (https://…), 1 retrying'. */
export function webhooksText(account: ServiceAccountRow): string {
  if (account.webhooks.length === 0) return 'none';
  const troubled = (state: 'parked' | 'retrying') => account.webhooks.filter((hook) => hook.state === state);
  const parts = [
    ...(troubled('parked').length
      ? [
          `${troubled('parked').length} parked (${troubled('parked')
            .map((hook) => hook.url)
            .join(', ')})`,
        ]
      : []),
    ...(troubled('retrying').length ? [`${troubled('retrying').length} retrying`] : []),
  ];
  return parts.length ? `${account.webhooks.length}: ${parts.join(', ')}` : `${account.webhooks.length}, delivering`;
}

export interface NewAccountDraft {
  name: string;
  scopes: ServiceScope[];
}

type Checked<T, Field extends string> = { body: T } | { errors: Partial<Record<Field, string>> };

/** The issues of a schema's refusal, the first per field (its path's first part), in the schema's words. */
function errorsOf<Field extends string>(
  issues: readonly { path: PropertyKey[]; message: string }[],
  fields: readonly Field[],
  fallback: Field,
) {
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of issues) {
    const at = String(issue.path[0] ?? '');
    const field = (fields as readonly string[]).includes(at) ? (at as Field) : fallback;
    errors[field] ??= issue.message;
  }
  return errors;
}

export function checkNewAccount(draft: NewAccountDraft): Checked<NewServiceAccount, 'name' | 'scopes'> {
  const parsed = createServiceAccountBodySchema.safeParse(draft);
  if (parsed.success) return { body: parsed.data };
  return { errors: errorsOf(parsed.error.issues, ['name', 'scopes'], 'name') };
}

export const DEFAULT_OVERLAP_MINUTES = '60';

/** Minutes as typed: whole minutes from 0 to a week (the schema's words otherwise). */
export function checkOverlap(text: string): { overlapMinutes: number } | { error: string } {
  const plain = text.trim();
  const parsed = rotateServiceKeyBodySchema.safeParse({ overlapMinutes: /^\d+$/.test(plain) ? Number(plain) : Number.NaN });
  return parsed.success ? parsed.data : { error: parsed.error.issues[0]?.message ?? 'Overlap must be whole minutes from 0 to 10080.' };
}

/** The trigger form as typed: places are null until picked, numbers text until checked. */
export interface TriggerDraft {
  triggerId: string;
  fromLocation: string | null;
  toLocation: string | null;
  vehicleType: VehicleType;
  priority: RidePriority;
  windowSeconds: string;
  requester: string;
}
export type TriggerField = keyof TriggerDraft;
const TRIGGER_FIELDS: readonly TriggerField[] = [
  'triggerId',
  'fromLocation',
  'toLocation',
  'vehicleType',
  'priority',
  'windowSeconds',
  'requester',
];

export const triggerDraftOf = (trigger: Trigger | null): TriggerDraft => ({
  triggerId: trigger?.triggerId ?? '',
  fromLocation: trigger?.fromLocation ?? null,
  toLocation: trigger?.toLocation ?? null,
  vehicleType: VEHICLE_TYPES.find((type) => type === trigger?.vehicleType) ?? VEHICLE_TYPES[0],
  priority: trigger?.priority ?? 'normal',
  windowSeconds: String(trigger?.windowSeconds ?? 120),
  requester: trigger?.requesterId ?? '',
});

/** The engine's own schemas judge the draft: the id and the body to PUT, or a message per field. */
export function checkTriggerDraft(draft: TriggerDraft): Checked<{ triggerId: string; body: TriggerBody }, TriggerField> {
  const id = triggerParamsSchema.shape.triggerId.safeParse(draft.triggerId.trim());
  const window = draft.windowSeconds.trim();
  const parsed = setTriggerBodySchema.safeParse({
    fromLocation: draft.fromLocation ?? '',
    toLocation: draft.toLocation ?? '',
    vehicleType: draft.vehicleType,
    priority: draft.priority,
    windowSeconds: /^\d+$/.test(window) ? Number(window) : Number.NaN,
    requester: draft.requester.trim() || null,
  });
  const errors = parsed.success ? {} : errorsOf(parsed.error.issues, TRIGGER_FIELDS, 'fromLocation');
  if (!id.success) errors.triggerId = id.error.issues[0]?.message;
  if (!id.success || !parsed.success) return { errors };
  const { fromLocation, toLocation, vehicleType, priority, windowSeconds, requester } = parsed.data;
  return {
    body: { triggerId: id.data, body: { fromLocation, toLocation, vehicleType, priority, windowSeconds, requester: requester ?? null } },
  };
}

/** 'main gate → canteen · Forklift · Urgent · 120 s window · for T1234' */
export function triggerText(trigger: Trigger): string {
  return [
    `${trigger.fromLocation} → ${trigger.toLocation}`,
    trigger.vehicleType,
    trigger.priority === 'urgent' ? 'Urgent' : 'Normal',
    `${trigger.windowSeconds} s window`,
    ...(trigger.requesterId ? [`for ${trigger.requesterId}`] : []),
  ].join(' · ');
}
