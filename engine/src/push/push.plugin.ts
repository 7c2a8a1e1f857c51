import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PUSH_MESSAGES,
  endsSessions,
  errorAnswerSchema,
  pushAnswerSchema,
  pushKeyAnswerSchema,
  pushSubscribeBodySchema,
  pushUnsubscribeBodySchema,
} from '@plantride/schemas';
import type { RecordedEvent } from '../event-store/event-store';
import { currentUser } from '../auth/auth.plugin';
import { badRequest, notFound } from '../commands/errors';
import { loadLiveProfile, roomsFor } from '../live/live-rooms';
import type { LiveEmit } from '../live/ride-socket-events';
import { createOutbound } from '../webhooks/outbound-post';
import { urlProblem, type OutboundPolicy } from '../webhooks/outbound-url';
import { pushFor, pushPlans, type PushRecipient } from './push-notifications';
import { createPushSender, type VapidKeys } from './push-sender';
import { openPushSubscriptions } from './push-subscriptions';

declare module 'fastify' {
  interface FastifyInstance {
    /** Hears each store event's socket events where the live gateway sends them (once per deployment). */
    pushNotifier: {
      hear(event: RecordedEvent, emits: readonly LiveEmit[]): void;
      /** Resolves once every event heard so far has had its pushes answered (or failed): for tests and shutdown. */
      settled(): Promise<void>;
    };
  }
}

export interface PushPluginOptions {
  /** Unset: notifications are not set up (GET /api/push/key answers null; subscribing is refused). */
  vapid: VapidKeys | undefined;
  policy: OutboundPolicy;
  timeoutMs: number;
}

const USE = { what: 'Push notifications', setting: 'PUSH_ALLOWED_HOSTS' };

/**
 * Issue #34 item 1: Web Push. A driver or staff member keeps a subscription per device; the events the
 * live gateway sends them also reach those devices as notifications (push-notifications.ts), with the
 * app closed. Best effort, as a socket event: a push lost to an engine's crash is not sent again (its
 * offer will have lapsed), and the app reads its lists afresh when opened.
 */
const plugin: FastifyPluginAsyncZod<PushPluginOptions> = async (app, options) => {
  const subscriptions = await openPushSubscriptions(app.database.db);
  const outbound = createOutbound(options.policy);
  const sender = options.vapid ? createPushSender(options.vapid, outbound, options.timeoutMs) : null;
  // The rooms each account's sockets would join now, kept until his account's stream changes.
  const rooms = new Map<string, Promise<ReadonlySet<string>>>();
  const roomsOf = (tokenNo: string) => {
    let kept = rooms.get(tokenNo);
    if (!kept) {
      kept = loadLiveProfile(app.eventStore, tokenNo).then((profile) => new Set(profile ? roomsFor(tokenNo, profile) : []));
      rooms.set(tokenNo, kept);
      kept.catch(() => rooms.delete(tokenNo));
    }
    return kept;
  };

  /** Who gets which push for an event: read in event order, so a logout heard before a ride is not pushed to. */
  async function prepare(event: RecordedEvent, emits: readonly LiveEmit[]): Promise<Array<() => Promise<void>>> {
    if (event.streamId.startsWith('user-')) {
      const tokenNo = event.streamId.slice('user-'.length);
      rooms.delete(tokenNo);
      // Logout, a block or a change of role ends his sessions; his devices hear nothing more for him.
      if (endsSessions(event)) await subscriptions.removeAllOf(tokenNo);
    }
    if (!sender) return [];
    const now = new Date();
    const plans = pushPlans(emits, now);
    if (plans.length === 0) return [];
    const free = new Set(
      app.driverRoster
        .presence(now)
        .filter((driver) => driver.state === 'free')
        .map((driver) => driver.operatorId),
    );
    const sends: Array<() => Promise<void>> = [];
    for (const device of await subscriptions.all()) {
      const recipient: PushRecipient = { rooms: await roomsOf(device.tokenNo), free: free.has(device.tokenNo) };
      const notification = pushFor(plans, recipient);
      if (!notification) continue;
      sends.push(async () => {
        const outcome = await sender.send(device, notification, now).catch((error: unknown) => {
          // The endpoint is the device's capability: only its host is logged.
          app.log.warn({ err: error, host: new URL(device.endpoint).host }, 'push not delivered');
          return 'failed' as const;
        });
        if (outcome === 'gone') await subscriptions.forget(device.endpoint);
      });
    }
    return sends;
  }

  // Events are prepared one after another; their pushes go out side by side, each within its time limit.
  let prepared: Promise<unknown> = Promise.resolve();
  const inFlight = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  };
  const failed = (error: unknown) => app.log.error({ err: error }, 'push notifications failed');

  app.decorate('pushNotifier', {
    hear(event, emits) {
      const step = prepared.then(() => prepare(event, emits));
      prepared = step.catch(failed);
      track(step.then((sends) => Promise.all(sends.map((send) => send()))).catch(() => undefined));
    },
    async settled() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  });
  app.addHook('onClose', async () => {
    await app.pushNotifier.settled();
    outbound.close();
  });

  app.get('/api/push/key', { onRequest: app.requireRole(), schema: { response: { 200: pushKeyAnswerSchema } } }, async () => ({
    publicKey: options.vapid?.publicKey ?? null,
  }));

  app.post(
    '/api/push/subscriptions',
    {
      onRequest: app.requireRole('driver', 'admin', 'maintenanceHead'),
      schema: { body: pushSubscribeBodySchema, response: { 200: pushAnswerSchema, 404: errorAnswerSchema } },
    },
    async (request) => {
      if (!sender) throw notFound(PUSH_MESSAGES.notConfigured);
      const { endpoint, keys } = request.body;
      const problem = urlProblem(endpoint, options.policy, USE);
      if (problem) throw badRequest(problem);
      if (new URL(endpoint).protocol !== 'https:' && !options.policy.allowPrivate) throw badRequest(PUSH_MESSAGES.endpoint);
      await subscriptions.save({ endpoint, tokenNo: currentUser(request).tokenNo, keys }, new Date());
      return { message: PUSH_MESSAGES.subscribed };
    },
  );

  app.delete(
    '/api/push/subscriptions',
    { onRequest: app.requireRole(), schema: { body: pushUnsubscribeBodySchema, response: { 200: pushAnswerSchema } } },
    async (request) => {
      // Only his own device's: an endpoint another account holds is left alone, and the answer is the same.
      await subscriptions.remove(request.body.endpoint, currentUser(request).tokenNo);
      return { message: PUSH_MESSAGES.unsubscribed };
    },
  );
};

export const pushPlugin = fp(plugin, { name: 'push', dependencies: ['database', 'auth'] });
