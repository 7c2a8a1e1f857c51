import { z } from 'zod';
import { wordedMessage } from './text-fields';

/*
 * Issue #34 item 1: Web Push. A signed-in driver or staff member turns notifications on for a device
 * (the browser's PushSubscription); the engine pushes offers, redistributed rides and staff alerts to
 * it, encrypted for that device (RFC 8291) and signed with the server's VAPID key (RFC 8292).
 */

export const PUSH_MESSAGES = {
  subscribed: 'Notifications are on for this device.',
  unsubscribed: 'Notifications are off for this device.',
  notConfigured: 'Notifications are not set up on this server.',
  endpoint: wordedMessage('The push endpoint must be an https URL of a browser push service.'),
  keys: wordedMessage('The subscription keys are missing or malformed.'),
} as const;

/** Base64url of exactly `bytes` bytes (no padding), as PushSubscription.toJSON() writes its keys. */
const base64urlOf = (bytes: number) =>
  z
    .string({ error: PUSH_MESSAGES.keys })
    .regex(/^[A-Za-z0-9_-]+$/, PUSH_MESSAGES.keys)
    .refine((value) => Math.floor((value.length * 3) / 4) === bytes, PUSH_MESSAGES.keys);

export const pushEndpointSchema = z
  .string({ error: PUSH_MESSAGES.endpoint })
  .trim()
  .max(1_000, PUSH_MESSAGES.endpoint)
  .url(PUSH_MESSAGES.endpoint);

/** POST /api/push/subscriptions: what PushSubscription.toJSON() gives (expirationTime, if any, is ignored). */
export const pushSubscribeBodySchema = z.object({
  endpoint: pushEndpointSchema,
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      // An uncompressed P-256 point (65 bytes) and a 16-byte authentication secret (RFC 8291 §3).
      p256dh: base64urlOf(65),
      auth: base64urlOf(16),
    },
    { error: PUSH_MESSAGES.keys },
  ),
});
export type PushSubscribeBody = z.infer<typeof pushSubscribeBodySchema>;

/** DELETE /api/push/subscriptions: this device's subscription, by its endpoint. */
export const pushUnsubscribeBodySchema = z.object({ endpoint: pushEndpointSchema });
export type PushUnsubscribeBody = z.infer<typeof pushUnsubscribeBodySchema>;

/** GET /api/push/key: the server's VAPID public key (base64url), or null when push is not set up. */
export const pushKeyAnswerSchema = z.object({ publicKey: z.string().nullable() });
export type PushKeyAnswer = z.infer<typeof pushKeyAnswerSchema>;

export const pushAnswerSchema = z.object({ message: z.string() });

/**
 * A notification as pushed: what the service worker shows. `tag` is one per ride or request, so a
 * later push about the same thing replaces the earlier one; `url` is the app's page tapping opens.
 */
export const pushNotificationSchema = z.object({
  kind: z.enum(['offer', 'ride', 'redistributed', 'breakdown', 'missedTarget']),
  title: z.string(),
  body: z.string(),
  tag: z.string(),
  url: z.string().startsWith('/'),
  /** When the news stops mattering (an offer's expiry), ISO time; the push service drops it after. */
  expiresAt: z.string().nullable(),
});
export type PushNotification = z.infer<typeof pushNotificationSchema>;
