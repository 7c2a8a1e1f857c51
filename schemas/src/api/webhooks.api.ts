import { z } from 'zod';
import { INSPECTION_EVENT_TYPES } from '../events/inspection.events';
import { MAINTENANCE_EVENT_TYPES } from '../events/maintenance.events';
import { RIDE_EVENT_TYPES } from '../events/ride.events';
import { commandAnswerSchema } from './common.api';
import { overlapMinutesField } from './service-accounts.api';
import { wordedMessage } from './text-fields';

/*
 * Signed webhooks (issue #33 item 3): a service account with `webhooks:manage` subscribes a URL to
 * event types and hears each as a signed JSON POST, in the store's order, at least once.
 */

/** The events a webhook may carry, by group: a ride's lifecycle with its offers and service targets, maintenance (breakdowns), inspections. */
export const WEBHOOK_EVENT_GROUPS = {
  rides: RIDE_EVENT_TYPES,
  maintenance: MAINTENANCE_EVENT_TYPES,
  inspections: INSPECTION_EVENT_TYPES,
} as const satisfies Record<string, readonly string[]>;
/** Every event type a webhook may carry (no account, key or subscription event: those hold hashes and sealed secrets). */
export const WEBHOOK_EVENT_TYPES: readonly string[] = Object.values(WEBHOOK_EVENT_GROUPS).flat();

/** The event types a subscription's list names: groups stand for their types; sorted, once each. */
export function webhookEventTypes(names: readonly string[]): string[] {
  const groups = WEBHOOK_EVENT_GROUPS as Record<string, readonly string[]>;
  return [...new Set(names.flatMap((name) => (Object.hasOwn(groups, name) ? groups[name]! : [name])))].sort();
}

export const WEBHOOK_MESSAGES = {
  unknownEventType: wordedMessage(
    `Events must be groups (${Object.keys(WEBHOOK_EVENT_GROUPS).join(', ')}) or event types of them, e.g. RideRequested.`,
  ),
  subscriptionNotFound: 'No such webhook subscription.',
  subscribed: 'Subscribed. Copy the signing secret now: it is not shown again.',
  secretRotated: 'New signing secret issued. Copy it now: it is not shown again.',
  secretNotShownAgain: 'This was already done; its signing secret is not shown again. Rotate the secret for a new one.',
  replayed: 'Delivery starts again from that position.',
  unsubscribed: 'Unsubscribed.',
} as const;

/** POST /api/v1/webhooks. */
export const subscribeWebhookBodySchema = z.object({
  url: z.string({ error: wordedMessage('url is required.') }).max(2000, wordedMessage('url must be at most 2000 characters.')),
  events: z
    .array(z.string(), { error: WEBHOOK_MESSAGES.unknownEventType })
    .min(1, WEBHOOK_MESSAGES.unknownEventType)
    .max(100, WEBHOOK_MESSAGES.unknownEventType)
    .refine((names) => webhookEventTypes(names).every((type) => WEBHOOK_EVENT_TYPES.includes(type)), WEBHOOK_MESSAGES.unknownEventType),
});

export const webhookIdParamsSchema = z.object({
  subscriptionId: z.string().regex(/^[a-z0-9]{4,20}$/, wordedMessage('No such webhook subscription.')),
});

/** POST /api/v1/webhooks/{id}/rotate-secret: the previous secret still signs for `overlapMinutes` (0 to 10080, default 60). */
export const rotateWebhookSecretBodySchema = z.object({ overlapMinutes: overlapMinutesField });

/** POST /api/v1/webhooks/{id}/replay: deliver again every subscribed event from `fromPosition` (a global position) on. */
export const replayWebhookBodySchema = z.object({
  fromPosition: z
    .number({ error: wordedMessage('fromPosition must be a whole number from 1.') })
    .int(wordedMessage('fromPosition must be a whole number from 1.'))
    .min(1, wordedMessage('fromPosition must be a whole number from 1.')),
});

export const webhookSecretAnswerSchema = commandAnswerSchema.extend({
  subscriptionId: z.string(),
  /** `whsec_…`, shown once (absent when a repeated request is answered again). */
  secret: z.string().optional(),
});

export const webhookSubscriptionSchema = z.object({
  subscriptionId: z.string(),
  url: z.string(),
  eventTypes: z.array(z.string()),
  subscribedAt: z.string(),
  /** live: delivering or waiting for events; retrying: the last attempt failed, the next is due at `nextAttemptAt`; parked: it failed for the whole retry period (replay to go on). */
  state: z.enum(['live', 'retrying', 'parked']),
  /** The global position of the last event delivered, null before the first. */
  deliveredThrough: z.number().nullable(),
  attempts: z.number(),
  nextAttemptAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export const webhookListAnswerSchema = z.object({ subscriptions: z.array(webhookSubscriptionSchema) });

export const webhookDeliverySchema = z.object({
  eventId: z.string(),
  eventType: z.string(),
  position: z.number(),
  attempt: z.number(),
  status: z.number().nullable(),
  ok: z.boolean(),
  latencyMs: z.number(),
  error: z.string().nullable(),
  at: z.string(),
});
export const webhookDeliveriesAnswerSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });
