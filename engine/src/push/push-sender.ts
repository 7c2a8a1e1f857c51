import webpush from 'web-push';
import type { PushNotification } from '@plantride/schemas';
import type { Outbound } from '../webhooks/outbound-post';
import type { PushSubscriptionRow } from './push-subscriptions';

/*
 * One push to one device (issue #34 item 1): the notification as JSON, encrypted for the device's keys
 * (RFC 8291, aes128gcm) and signed with the server's VAPID key (RFC 8292) by `web-push`, then POSTed
 * by the webhooks' outbound client, which connects only to the address it checked (push endpoints
 * come from browsers: they are user input, and only the push services' hosts are allowed).
 */

export interface VapidKeys {
  subject: string;
  publicKey: string;
  privateKey: string;
}

/** A notification without an expiry (a breakdown, a missed target) is kept by the push service this long for a phone that is off. */
const DEFAULT_TTL_S = 4 * 3600;

export type PushOutcome = 'sent' | 'gone' | 'failed';

export interface PushSender {
  send(subscription: PushSubscriptionRow, notification: PushNotification, now: Date): Promise<PushOutcome>;
}

export function createPushSender(vapid: VapidKeys, outbound: Outbound, timeoutMs: number): PushSender {
  return {
    async send({ endpoint, keys }, notification, now) {
      // An offer the push service still holds after it lapsed would wake a phone for nothing.
      const ttl = notification.expiresAt
        ? Math.max(0, Math.floor((Date.parse(notification.expiresAt) - now.getTime()) / 1000))
        : DEFAULT_TTL_S;
      const details = webpush.generateRequestDetails({ endpoint, keys }, JSON.stringify(notification), {
        vapidDetails: vapid,
        TTL: ttl,
        urgency: 'high',
        contentEncoding: 'aes128gcm',
      });
      // The outbound client counts the body itself.
      const headers = Object.fromEntries(
        Object.entries(details.headers)
          .filter(([name]) => name.toLowerCase() !== 'content-length')
          .map(([name, value]) => [name, String(value)]),
      );
      const status = await outbound.post(details.endpoint, {
        headers,
        body: details.body as Buffer,
        signal: AbortSignal.timeout(timeoutMs),
      });
      // RFC 8030 §7.3: the subscription expired or was removed; it will never work again.
      if (status === 404 || status === 410) return 'gone';
      return status >= 200 && status < 300 ? 'sent' : 'failed';
    },
  };
}
