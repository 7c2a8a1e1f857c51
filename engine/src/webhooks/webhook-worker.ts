import fp from 'fastify-plugin';
import { sql, type Kysely } from 'kysely';
import { SERVICE_ACCOUNTS_STREAM_ID } from '@plantride/schemas';
import { readState } from '../commands/command-handler';
import type { RecordedEvent } from '../event-store/event-store';
import { toDomainEvent } from '../event-store/upcast';
import { watchAppends } from '../event-store/store-watch';
import { serviceAccountsStream, type WebhookSubscription } from '../service-accounts/service-account.decider';
import { logDelivery, migrateWebhookTables, readCursors, saveCursor, type Cursor } from './delivery-log';
import { checkResolved, type OutboundPolicy } from './outbound-url';
import { SIGNATURE_HEADER, signatureHeader } from './signature';

/*
 * Delivers each webhook subscription's events (issue #33 item 3): in the store's order, one at a time,
 * at least once. A subscription's cursor moves past an event only once its receiver answered 2xx; a
 * failure is tried again after 1, 2, 4 … seconds (at most a minute apart) for WEBHOOK_RETRY_HOURS,
 * then the subscription is parked until its account replays it. An engine killed mid-delivery sends
 * that event again after its start. Appends wake the worker (store-watch); retries are timers of
 * this process, armed again from the cursors when the engine starts. On PostgreSQL each attempt holds
 * a transaction-scoped advisory lock on its subscription, so several engines never deliver one
 * subscription's events side by side (the embedded store has one engine).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export interface WebhookWorkerOptions {
  policy: OutboundPolicy;
  timeoutMs: number;
  retryForMs: number;
  retryBaseMs: number;
  retryCapMs?: number;
}

const BATCH = 200;
const MAX_ERROR = 300;

type Step = { next: 'more' } | { next: 'idle' } | { next: 'parked' } | { next: 'wait'; ms: number } | { next: 'busy' };

interface Live {
  accountId: string;
  subscription: WebhookSubscription;
}

export const webhookWorkerPlugin = fp<WebhookWorkerOptions>(
  async (app, options) => {
    const db = app.database.db as AnyDb;
    await migrateWebhookTables(db);
    // A receiver back from an outage hears again within a minute, whatever how long it was away.
    const retryCapMs = options.retryCapMs ?? 60_000;
    const running = new Map<string, Promise<void>>();
    const rerun = new Set<string>();
    const timers = new Map<string, NodeJS.Timeout>();
    let closed = false;

    const locked = async <T>(id: string, work: (db: AnyDb) => Promise<T>): Promise<T | 'busy'> => {
      if (app.database.kind !== 'postgres') return work(db);
      return db.transaction().execute(async (trx) => {
        const { rows } = await sql<{
          locked: boolean;
        }>`select pg_try_advisory_xact_lock(hashtext(${`plantride-webhook:${id}`})) as locked`.execute(trx);
        return rows[0]?.locked ? work(trx) : 'busy';
      });
    };

    const secretsOf = (subscription: WebhookSubscription, now: Date): string[] =>
      subscription.secrets
        .filter((secret) => secret.validUntil === null || secret.validUntil > now.toISOString())
        .map((secret) => app.tokens.open(secret.sealed))
        .filter((secret): secret is string => secret !== null);

    async function post(
      subscription: WebhookSubscription,
      event: RecordedEvent,
    ): Promise<{ status: number | null; error: string | null; latencyMs: number }> {
      const started = performance.now();
      const { data } = toDomainEvent(event);
      const body = JSON.stringify({
        id: event.eventId,
        type: event.type,
        position: event.globalPosition,
        time: event.recordedAt.toISOString(),
        subscriptionId: subscription.subscriptionId,
        data,
      });
      try {
        await checkResolved(subscription.url, options.policy);
        const response = await fetch(subscription.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'user-agent': 'PlantRide-Webhooks/1',
            [SIGNATURE_HEADER]: signatureHeader(body, secretsOf(subscription, new Date()), new Date()),
            'PlantRide-Event-Id': event.eventId,
            'PlantRide-Event-Type': event.type,
          },
          body,
          redirect: 'manual',
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        // Nothing of the answer is read but its status: a receiver cannot make the engine hold a large body.
        await response.body?.cancel().catch(() => undefined);
        const ok = response.status >= 200 && response.status < 300;
        return {
          status: response.status,
          error: ok ? null : `HTTP ${response.status}`,
          latencyMs: Math.round(performance.now() - started),
        };
      } catch (error) {
        const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        return { status: null, error: message.slice(0, MAX_ERROR), latencyMs: Math.round(performance.now() - started) };
      }
    }

    const backoff = (attempts: number) => Math.min(retryCapMs, options.retryBaseMs * 2 ** Math.max(0, attempts - 1));

    /** One step of a subscription's delivery: skip what it does not hear, or deliver (or try) its next event. */
    async function step({ subscription }: Live): Promise<Step> {
      const id = subscription.subscriptionId;
      const result = await locked(id, async (tx): Promise<Step> => {
        const now = new Date();
        const stored = (await readCursors(tx, [id])).get(id);
        const fresh: Cursor = {
          subscriptionId: id,
          ...subscription.from,
          deliveredThrough: stored?.deliveredThrough ?? null,
          replays: subscription.replays,
          attempts: 0,
          firstFailedAt: null,
          nextAttemptAt: null,
          parkedAt: null,
          lastError: null,
        };
        // First seen, or replayed since: start again from where the subscription says.
        const cursor = !stored || stored.replays < subscription.replays ? fresh : stored;
        if (cursor.parkedAt) return { next: 'parked' };
        if (cursor.nextAttemptAt && cursor.nextAttemptAt > now) return { next: 'wait', ms: cursor.nextAttemptAt.getTime() - now.getTime() };
        const events = await app.eventStore.readAll(cursor, BATCH);
        const types = new Set(subscription.eventTypes);
        const index = events.findIndex((event) => types.has(event.type));
        if (index === -1) {
          const last = events.at(-1);
          if (last) await saveCursor(tx, { ...cursor, transactionId: last.transactionId, position: last.globalPosition });
          else if (cursor !== stored) await saveCursor(tx, cursor);
          return { next: events.length === BATCH ? 'more' : 'idle' };
        }
        const event = events[index]!;
        const skipped = index > 0 ? events[index - 1]! : null;
        const through = skipped ? { transactionId: skipped.transactionId, position: skipped.globalPosition } : {};
        const attempt = cursor.attempts + 1;
        const answer = await post(subscription, event);
        const ok = answer.error === null;
        await logDelivery(tx, {
          subscriptionId: id,
          eventId: event.eventId,
          eventType: event.type,
          position: event.globalPosition,
          attempt,
          status: answer.status,
          ok,
          latencyMs: answer.latencyMs,
          error: answer.error,
          at: new Date(),
        });
        if (ok) {
          await saveCursor(tx, {
            ...cursor,
            transactionId: event.transactionId,
            position: event.globalPosition,
            deliveredThrough: event.globalPosition,
            attempts: 0,
            firstFailedAt: null,
            nextAttemptAt: null,
            lastError: null,
          });
          return { next: 'more' };
        }
        const failedAt = new Date();
        const firstFailedAt = cursor.firstFailedAt ?? failedAt;
        const parked = failedAt.getTime() - firstFailedAt.getTime() >= options.retryForMs;
        const wait = backoff(attempt);
        await saveCursor(tx, {
          ...cursor,
          ...through,
          attempts: attempt,
          firstFailedAt,
          nextAttemptAt: parked ? null : new Date(failedAt.getTime() + wait),
          parkedAt: parked ? failedAt : null,
          lastError: answer.error,
        });
        if (parked) app.log.warn({ subscriptionId: id, error: answer.error }, 'webhook subscription parked after its retry period');
        return parked ? { next: 'parked' } : { next: 'wait', ms: wait };
      });
      return result === 'busy' ? { next: 'busy' } : result;
    }

    function arm(id: string, ms: number) {
      clearTimeout(timers.get(id));
      if (closed) return;
      timers.set(
        id,
        setTimeout(() => {
          timers.delete(id);
          void pumpAll();
        }, ms),
      );
    }

    /**
     * Delivers one subscription until it has nothing to send, must wait, or is parked. Each step takes
     * the subscription as it stands now (`latest`): an unsubscribe or a revocation stops it, a replay or a
     * rotated secret is followed at once, even in the middle of a backlog.
     */
    function pump(id: string): Promise<void> {
      const current = running.get(id);
      if (current) {
        rerun.add(id);
        return current;
      }
      const work = (async () => {
        try {
          for (;;) {
            rerun.delete(id);
            let outcome: Step = { next: 'more' };
            while (!closed && outcome.next === 'more') {
              const live = latest.get(id);
              if (!live) return;
              outcome = await step(live);
            }
            if (outcome.next === 'wait') arm(id, outcome.ms);
            // Another engine delivers it now: look again a little later, in case it stops.
            if (outcome.next === 'busy') arm(id, 1_000);
            if (closed || !rerun.has(id)) return;
          }
        } catch (error) {
          if (!closed) {
            app.log.error({ err: error, subscriptionId: id }, 'webhook delivery step failed');
            arm(id, options.retryBaseMs);
          }
        } finally {
          running.delete(id);
        }
      })();
      running.set(id, work);
      return work;
    }

    async function liveSubscriptions(): Promise<Live[]> {
      const accounts = await readState(app.eventStore, serviceAccountsStream());
      return Object.values(accounts)
        .filter((account) => account.revokedAt === null)
        .flatMap((account) => Object.values(account.webhooks).map((subscription) => ({ accountId: account.accountId, subscription })));
    }

    // The subscriptions, read again only when the accounts' stream moved: with none, an append costs
    // this process nothing (commands are measured by their statements: statements-per-command.test.ts).
    let known: Live[] | null = null;
    let latest = new Map<string, Live>();
    let pumping: Promise<void> | null = null;
    let again = false;
    async function refreshAndPump(): Promise<void> {
      do {
        again = false;
        if (known === null) {
          known = await liveSubscriptions();
          latest = new Map(known.map((live) => [live.subscription.subscriptionId, live]));
        }
        // Not awaited: a subscription's backlog must not hold the next refresh of what is subscribed.
        for (const live of known) void pump(live.subscription.subscriptionId);
      } while (again && !closed);
    }

    function pumpAll(): Promise<void> {
      if (closed) return Promise.resolve();
      if (pumping) {
        again = true;
        return pumping;
      }
      // Cleared in a later turn, after the assignment: the refresh may finish without waiting on anything.
      pumping = refreshAndPump()
        .catch((error: unknown) => {
          if (!closed) app.log.error({ err: error }, 'webhook delivery failed to start');
        })
        .finally(() => {
          pumping = null;
          // A wake-up heard after the last round and before this: not lost.
          if (again && !closed) void pumpAll();
        });
      return pumping;
    }

    const heard = (events: readonly RecordedEvent[]) => {
      if (events.some((event) => event.streamId === SERVICE_ACCOUNTS_STREAM_ID)) known = null;
      if (known === null || known.length > 0) void pumpAll();
    };

    app.decorate('webhooks', { pumpAll });
    const watch = await watchAppends(app.database, app.eventStore, heard);
    app.addHook('onReady', async () => {
      void pumpAll();
    });
    app.addHook('onClose', async () => {
      closed = true;
      timers.forEach((timer) => clearTimeout(timer));
      await watch.close();
      await Promise.allSettled([pumping, ...running.values()]);
    });
  },
  { name: 'webhook-worker', dependencies: ['database', 'auth'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** Wakes every subscription's delivery (appends do it by themselves). */
    webhooks: { pumpAll(): Promise<void> };
  }
}
