import { z } from 'zod';
import { RIDE_PRIORITIES } from '../dispatch';
import { SERVICE_SCOPES, serviceScopeSchema } from '../events/service-account.events';
import { rideStatusSchema } from '../ride-status';
import { bookingFields, checkBooking } from './bookings.api';
import { commandAnswerSchema, idInput, tokenNoInput, vehicleTypeInput } from './common.api';
import { TEXT_LIMITS, optionalTextField, textField, wordedMessage } from './text-fields';
import { MESSAGES } from '../messages';
import { templated } from '../message-template';

/*
 * Issue #33 items 1 and 2: service accounts (admin screens and calls) and the versioned `/api/v1`
 * surface their keys call: orders, machine triggers, a ride's state and the site.
 */

export const SERVICE_MESSAGES = {
  keyRequired: 'An API key is required: send it as "Authorization: Bearer prk_…".',
  keyRefused: 'This API key is not valid, was revoked or has expired.',
  scopeMissing: templated('This API key lacks the scope "{{scope}}".', 'scope'),
  accountNotFound: 'No such service account.',
  accountRevoked: 'This service account is revoked.',
  orderNotFound: 'No order with this reference.',
  orderRefTaken: 'An order with this reference was already placed with different details.',
  triggerNotFound: 'No such trigger.',
  accountCreated: 'Service account created. Copy its API key now: it is not shown again.',
  keyIssued: 'New API key issued. Copy it now: it is not shown again.',
  keyNotShownAgain: 'This was already done; its API key is not shown again. Rotate the key for a new one.',
  accountRevokedNow: 'Service account revoked: its keys are refused from now on.',
  triggerSaved: 'Trigger saved.',
  triggerRemoved: 'Trigger removed.',
  requesterOrCostCentre: wordedMessage('Name a requester (token number) or a cost centre for the order.'),
} as const;

// An id the caller makes up (order ref, trigger id): it names a stream, so only plain characters.
const CALLER_ID = /^[A-Za-z0-9._:-]{1,80}$/;
const callerId = (label: string) =>
  z
    .string({ error: wordedMessage(`${label} is required.`) })
    .regex(CALLER_ID, wordedMessage(`${label} must be 1 to 80 letters, digits or . _ : -`));

export const serviceAccountIdParamsSchema = z.object({ accountId: idInput(MESSAGES.invalidParameters, 'Account ID') });
export const triggerParamsSchema = serviceAccountIdParamsSchema.extend({ triggerId: callerId('Trigger ID') });

/** POST /api/service-accounts (admin). */
export const createServiceAccountBodySchema = z.object({
  name: textField({ max: TEXT_LIMITS.name, label: 'Name' }).min(1, wordedMessage('Name is required.')),
  scopes: z
    .array(serviceScopeSchema, { error: wordedMessage(`Scopes must be some of ${SERVICE_SCOPES.join(', ')}.`) })
    .min(1, wordedMessage('Give the account at least one scope.'))
    .transform((scopes) => [...new Set(scopes)].sort()),
});

/** The key, shown once: `prk_<account>_<key>_<secret>` (absent when a repeated request is answered again). */
export const serviceKeyAnswerSchema = commandAnswerSchema.extend({
  accountId: z.string(),
  keyId: z.string(),
  apiKey: z.string().optional(),
  previousValidUntil: z.string().nullable(),
});

const overlapMessage = wordedMessage('Overlap must be whole minutes from 0 to 10080.');
/** How long what a rotation replaces keeps working: whole minutes, 0 (not at all) to a week; an hour unless said. */
export const overlapMinutesField = z
  .number({ error: overlapMessage })
  .int(overlapMessage)
  .min(0, overlapMessage)
  .max(10_080, overlapMessage)
  .default(60);

/** POST /api/service-accounts/{accountId}/rotate: keys issued before stay valid `overlapMinutes` (0: none; up to a week). */
export const rotateServiceKeyBodySchema = z.object({ overlapMinutes: overlapMinutesField });

/** PUT /api/service-accounts/{accountId}/triggers/{triggerId}: the ride a press books. */
export const setTriggerBodySchema = z
  .object({
    fromLocation: bookingFields.fromLocation,
    toLocation: bookingFields.toLocation,
    vehicleType: vehicleTypeInput,
    priority: bookingFields.priority,
    windowSeconds: z
      .number({ error: wordedMessage('Window must be whole seconds from 0 to 3600.') })
      .int(wordedMessage('Window must be whole seconds from 0 to 3600.'))
      .min(0, wordedMessage('Window must be whole seconds from 0 to 3600.'))
      .max(3600, wordedMessage('Window must be whole seconds from 0 to 3600.'))
      .default(120),
    requester: tokenNoInput(MESSAGES.invalidUserId).nullish(),
  })
  .superRefine((body, ctx) => checkBooking({ ...body, rideType: 'Regular' }, ctx));

const triggerSchema = z.object({
  triggerId: z.string(),
  fromLocation: z.string(),
  toLocation: z.string(),
  vehicleType: z.string(),
  priority: z.enum(RIDE_PRIORITIES),
  windowSeconds: z.number(),
  requesterId: z.string().nullable(),
});

export const serviceAccountRowSchema = z.object({
  accountId: z.string(),
  name: z.string(),
  scopes: z.array(serviceScopeSchema),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
  /** Keys that still open the account, newest first: the current one (validUntil null) and any still in their overlap. */
  keys: z.array(z.object({ keyId: z.string(), issuedAt: z.string(), validUntil: z.string().nullable() })),
  lastUsedAt: z.string().nullable(),
  triggers: z.array(triggerSchema),
  /** Its webhook subscriptions (issue #33 item 3) and where each one's delivery stands. */
  webhooks: z.array(z.object({ subscriptionId: z.string(), url: z.string(), state: z.enum(['live', 'retrying', 'parked']) })),
});
export type ServiceAccountRow = z.infer<typeof serviceAccountRowSchema>;
export const serviceAccountsAnswerSchema = z.object({ accounts: z.array(serviceAccountRowSchema) });

/** POST /api/v1/orders: a booking from a system, for a requester (token number) or a cost centre. */
export const placeOrderBodySchema = z
  .object({
    externalRef: callerId('externalRef'),
    requester: tokenNoInput(MESSAGES.invalidUserId).optional(),
    costCentre: optionalTextField({ max: TEXT_LIMITS.name, label: 'Cost centre' }),
    ...bookingFields,
    callbackTag: optionalTextField({ max: 200, label: 'Callback tag' }),
  })
  .superRefine((body, ctx) => {
    if (!body.requester && !body.costCentre)
      ctx.addIssue({ code: 'custom', path: ['requester'], message: SERVICE_MESSAGES.requesterOrCostCentre });
    checkBooking(body, ctx);
  });
export type PlaceOrderBody = z.infer<typeof placeOrderBodySchema>;

export const orderRefParamsSchema = z.object({ externalRef: callerId('externalRef') });

/** An order as `/api/v1` tells it: its ride as the ride's stream has it now. */
export const orderAnswerSchema = z.object({
  externalRef: z.string().nullable(),
  rideId: z.string(),
  status: rideStatusSchema,
  rideType: z.string(),
  vehicleType: z.string(),
  fromLocation: z.string(),
  toLocation: z.string(),
  priority: z.enum(RIDE_PRIORITIES),
  requesterId: z.string(),
  costCentre: z.string().nullable(),
  callbackTag: z.string().nullable(),
  driverId: z.string().nullable(),
  requestedAt: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  pickedAt: z.string().nullable(),
  droppedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  scheduledFor: z.string().nullable(),
  /** A command's answer: the global position of its last event (read-your-writes); null for a read. */
  position: z.number().int().nullable(),
});
export type OrderAnswer = z.infer<typeof orderAnswerSchema>;

/** POST /api/v1/triggers/{triggerId}: the ride the press booked, or the one an earlier press in its window booked. */
export const triggerPressAnswerSchema = orderAnswerSchema.extend({ triggerId: z.string(), newRide: z.boolean() });
export const triggerIdParamsSchema = z.object({ triggerId: callerId('Trigger ID') });
