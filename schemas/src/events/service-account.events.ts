import { z } from 'zod';
import { RIDE_PRIORITIES } from '../dispatch';
import { vehicleTypeSchema } from '../constants';
import { idSchema, isoDateTimeSchema } from '../primitives';
import { defineEvent } from './define-event';

/*
 * Service accounts (issue #33 item 1): the plant's own systems and machines, calling the versioned
 * `/api/v1` surface with an API key instead of a person's session. Every account's facts are on one
 * stream (`service-accounts`): a plant has a handful, and the key check reads them on every call.
 * Orders (`order-…`) and machine triggers (`trigger-…`) have streams of their own.
 */

/** What a key may do; each `/api/v1` route names the one it needs. */
export const SERVICE_SCOPES = ['orders:write', 'rides:read', 'webhooks:manage', 'site:read'] as const;
export const serviceScopeSchema = z.enum(SERVICE_SCOPES);
export type ServiceScope = z.infer<typeof serviceScopeSchema>;

/** An admin created a service account with these scopes (its first key is its own event). */
export const serviceAccountCreatedSchema = defineEvent('ServiceAccountCreated', {
  accountId: idSchema,
  name: z.string().min(1),
  scopes: z.array(serviceScopeSchema).min(1),
  createdAt: isoDateTimeSchema,
});

/**
 * A key was issued: at creation, or by a rotation. Only a hash of its secret is kept (the admin saw
 * the key once). A rotation keeps the keys issued before it working until `previousValidUntil`
 * (now, for a rotation without overlap); null at creation.
 */
export const serviceKeyIssuedSchema = defineEvent('ServiceKeyIssued', {
  accountId: idSchema,
  keyId: idSchema,
  secretHash: z.string().min(1),
  issuedAt: isoDateTimeSchema,
  previousValidUntil: isoDateTimeSchema.nullable(),
});

/** An admin revoked the account: every key of it is refused from this moment. */
export const serviceAccountRevokedSchema = defineEvent('ServiceAccountRevoked', {
  accountId: idSchema,
  revokedAt: isoDateTimeSchema,
});

/**
 * A machine trigger (issue #33 item 2): a preconfigured ride a button or a PLC orders with nothing but
 * its account's key. Presses within `windowSeconds` of the press that booked a ride make no other.
 */
export const serviceTriggerSetSchema = defineEvent('ServiceTriggerSet', {
  accountId: idSchema,
  triggerId: idSchema,
  fromLocation: z.string().min(1),
  toLocation: z.string().min(1),
  vehicleType: vehicleTypeSchema,
  priority: z.enum(RIDE_PRIORITIES),
  windowSeconds: z.number().int().nonnegative(),
  /** The requester the trigger's rides are booked for (a token number), or null: the account itself. */
  requesterId: idSchema.nullable(),
});

/** The trigger was removed; a press answers 404. */
export const serviceTriggerRemovedSchema = defineEvent('ServiceTriggerRemoved', {
  accountId: idSchema,
  triggerId: idSchema,
});

/**
 * An order from a system booked a ride (on the order's own stream, in the booking's append):
 * `externalRef` is the caller's id for it, unique per account; `requestDigest` what the order asked,
 * so the same ref with another body is told apart from a repeat.
 */
export const orderPlacedSchema = defineEvent('OrderPlaced', {
  accountId: idSchema,
  externalRef: z.string().min(1),
  rideId: idSchema,
  requestDigest: z.string().min(1),
  costCentre: z.string().nullable(),
  callbackTag: z.string().nullable(),
  placedAt: isoDateTimeSchema,
});

/** A machine trigger was pressed and booked a ride (presses inside its window book none and write nothing). */
export const triggerPressedSchema = defineEvent('TriggerPressed', {
  accountId: idSchema,
  triggerId: idSchema,
  rideId: idSchema,
  pressedAt: isoDateTimeSchema,
});

/** Where in the store a webhook subscription's delivery (re)starts: after this checkpoint (a transaction and a position). */
const storeCheckpointSchema = z.object({ transactionId: z.string().min(1), position: z.number().int().nonnegative() });

/**
 * A service account subscribed a URL to event types (issue #33 item 3), from the store's head then.
 * The signing secret is sealed (encrypted under the engine's secret): the engine signs with it, and
 * no reader of the store can.
 */
export const webhookSubscribedSchema = defineEvent('WebhookSubscribed', {
  accountId: idSchema,
  subscriptionId: idSchema,
  url: z.string().min(1),
  eventTypes: z.array(z.string().min(1)).min(1),
  sealedSecret: z.string().min(1),
  from: storeCheckpointSchema,
  subscribedAt: isoDateTimeSchema,
});

/** A new signing secret; deliveries are signed with the previous one too until `previousValidUntil`. */
export const webhookSecretRotatedSchema = defineEvent('WebhookSecretRotated', {
  accountId: idSchema,
  subscriptionId: idSchema,
  sealedSecret: z.string().min(1),
  previousValidUntil: isoDateTimeSchema,
});

/** Delivery starts again after `from` (a replay), and a parked subscription is live again. */
export const webhookReplayRequestedSchema = defineEvent('WebhookReplayRequested', {
  accountId: idSchema,
  subscriptionId: idSchema,
  from: storeCheckpointSchema,
  requestedAt: isoDateTimeSchema,
});

/** The subscription ended: nothing more is delivered to it. */
export const webhookUnsubscribedSchema = defineEvent('WebhookUnsubscribed', {
  accountId: idSchema,
  subscriptionId: idSchema,
});

/** Any event of the service accounts' stream, an order's or a trigger's. */
export const serviceAccountEventSchema = z.discriminatedUnion('type', [
  serviceAccountCreatedSchema,
  serviceKeyIssuedSchema,
  serviceAccountRevokedSchema,
  serviceTriggerSetSchema,
  serviceTriggerRemovedSchema,
  orderPlacedSchema,
  triggerPressedSchema,
  webhookSubscribedSchema,
  webhookSecretRotatedSchema,
  webhookReplayRequestedSchema,
  webhookUnsubscribedSchema,
]);
export type ServiceAccountEvent = z.infer<typeof serviceAccountEventSchema>;
export type ServiceAccountEventType = ServiceAccountEvent['type'];
export type ServiceAccountEventOf<T extends ServiceAccountEventType> = Extract<ServiceAccountEvent, { type: T }>;

export const SERVICE_ACCOUNT_EVENT_SCHEMA_VERSIONS = {
  ServiceAccountCreated: 1,
  ServiceKeyIssued: 1,
  ServiceAccountRevoked: 1,
  ServiceTriggerSet: 1,
  ServiceTriggerRemoved: 1,
  OrderPlaced: 1,
  TriggerPressed: 1,
  WebhookSubscribed: 1,
  WebhookSecretRotated: 1,
  WebhookReplayRequested: 1,
  WebhookUnsubscribed: 1,
} as const satisfies Record<ServiceAccountEventType, number>;

export const SERVICE_ACCOUNTS_STREAM_ID = 'service-accounts';
/** An order's stream: its account and the caller's ref (the ref's own characters are limited to make this safe). */
export const orderStreamId = (accountId: string, externalRef: string): string => `order-${accountId}-${externalRef}`;
export const triggerStreamId = (accountId: string, triggerId: string): string => `trigger-${accountId}-${triggerId}`;
