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
import { i18n } from '../../i18n/i18n';
import { translateMessage } from '../../i18n/translate-message';
import { formatDateTime } from '../../lib/format-date';
import type { NewServiceAccount, TriggerBody } from './api/service-accounts';

type Trigger = ServiceAccountRow['triggers'][number];

const SCOPE_KEYS = {
  'orders:write': 'ordersWrite',
  'rides:read': 'ridesRead',
  'webhooks:manage': 'webhooksManage',
  'site:read': 'siteRead',
} as const satisfies Record<ServiceScope, string>;

/** What each scope lets a key do, as the admin reads it beside its box, in the language spoken now. */
export const scopeText = (scope: ServiceScope): string => i18n.t(`staff.machines.scopes.${SCOPE_KEYS[scope]}`);

export const isRevoked = (account: ServiceAccountRow): boolean => account.revokedAt !== null;

/** Active accounts first, then revoked ones, each by the engine's order (by name). */
export const listOrder = (accounts: readonly ServiceAccountRow[]): ServiceAccountRow[] => [
  ...accounts.filter((account) => !isRevoked(account)),
  ...accounts.filter(isRevoked),
];

export const lastUsedText = (account: ServiceAccountRow): string =>
  account.lastUsedAt ? formatDateTime(account.lastUsedAt) : i18n.t('staff.machines.card.never');

/** '1 key', or '2 keys: the previous one works until 06 Dec 2026, 17:56' while a rotation's overlap runs. */
export function keysText(account: ServiceAccountRow): string {
  if (isRevoked(account)) return i18n.t('staff.machines.card.noKeys');
  const count = i18n.t('staff.machines.card.keyCount', { count: account.keys.length });
  const overlapEnds = account.keys.map((key) => key.validUntil).filter((until): until is string => until !== null);
  if (overlapEnds.length === 0) return count;
  const last = overlapEnds.reduce((a, b) => (Date.parse(a) >= Date.parse(b) ? a : b));
  return i18n.t('staff.machines.card.overlap', { count: overlapEnds.length, keys: count, time: formatDateTime(last) });
}

/** 'none', or how many webhooks and which need attention: '2: 1 parked (https://…), 1 retrying'. */
export function webhooksText(account: ServiceAccountRow): string {
  if (account.webhooks.length === 0) return i18n.t('staff.machines.card.noWebhooks');
  const parked = account.webhooks.filter((hook) => hook.state === 'parked');
  const retrying = account.webhooks.filter((hook) => hook.state === 'retrying').length;
  const parts = [
    ...(parked.length
      ? [i18n.t('staff.machines.card.parked', { count: parked.length, urls: parked.map((hook) => hook.url).join(', ') })]
      : []),
    ...(retrying ? [i18n.t('staff.machines.card.retrying', { count: retrying })] : []),
  ];
  const count = account.webhooks.length;
  return parts.length ? `${count}: ${parts.join(', ')}` : i18n.t('staff.machines.card.webhooksDelivering', { count });
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
    errors[field] ??= translateMessage(issue.message);
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
  if (parsed.success) return parsed.data;
  const message = parsed.error.issues[0]?.message;
  return { error: message ? translateMessage(message) : i18n.t('staff.machines.rotate.overlapInvalid') };
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
  const idMessage = id.success ? undefined : id.error.issues[0]?.message;
  if (idMessage) errors.triggerId = translateMessage(idMessage);
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
    trigger.priority === 'urgent' ? i18n.t('common.urgent') : i18n.t('common.normal'),
    i18n.t('staff.machines.triggers.window', { seconds: trigger.windowSeconds }),
    ...(trigger.requesterId ? [i18n.t('staff.machines.triggers.forRequester', { requester: trigger.requesterId })] : []),
  ].join(' · ');
}
