import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import { SERVICE_ACCOUNTS_STREAM_ID } from '@plantride/schemas';
import { readState } from '../commands/command-handler';
import type { Checkpoint, RecordedEvent } from '../event-store/event-store';
import { toDomainEvent } from '../event-store/upcast';
import { watchAppends } from '../event-store/store-watch';
import { serviceAccountsStream, type WebhookSubscription } from '../service-accounts/service-account.decider';
import { claimCursor, logDelivery, migrateWebhookTables, releaseLease, settleCursor, type Cursor } from './delivery-log';
import { createOutbound } from './outbound-post';
import type { OutboundPolicy, Resolver } from './outbound-url';
import { SIGNATURE_HEADER, signatureHeader } from './signature';
import type { AnyDb } from '../database/migrate';

/*
 * Delivers each webhook subscription's events (issue #33 item 3): in the store's order, one at a time,
 * at least once. A subscription's cursor moves past an event only once its receiver answered 2xx; a
 * failure is tried again after 1, 2, 4 … seconds (at most a minute apart) for WEBHOOK_RETRY_HOURS,
 * then the subscription is parked until its account replays it. An engine killed mid-delivery sends
 * that event again after its start. Appends wake the worker (store-watch); retries are timers of
 * this process, armed again from the cursors when the engine starts.
 *
 * One engine at a time delivers a subscription, by a lease on its cursor row: each step claims it in
 * one statement (for WEBHOOK_TIMEOUT_MS and a margin), POSTs holding no connection or transaction, and
 * writes the outcome with the delivery log in a short transaction only if it still holds the lease,
 * which that write ends. A killed engine's lease runs out; another engine (or the same one started
 * again) then takes the subscription from its cursor. Slow receivers cannot take the pool from commands.
 */

export interface WebhookWorkerOptions {
  policy: OutboundPolicy;
  timeoutMs: number;
  retryForMs: number;
  retryBaseMs: number;
  retryCapMs?: number;
  /** How host names are resolved (tests); the system's resolver unless given. */
  resolve?: Resolver;
}

const BATCH = 200;
const MAX_ERROR = 300;
/** A lease outlasts the POST's time limit by this: the claim, the read of the next events and the outcome's write. */
const LEASE_MARGIN_MS = 5_000;
/** The POST ends at least this long before the lease does in this process's time, leaving the outcome's write. */
const SETTLE_MS = 2_000;

type Step = { next: 'more' } | { next: 'idle' } | { next: 'parked' } | { next: 'wait'; ms: number } | { next: 'busy' };

interface Live {
  accountId: string;
  subscription: WebhookSubscription;
}

interface Answer {
  status: number | null;
  error: string | null;
  latencyMs: number;
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
    /** This worker's name on the leases it holds. */
    const owner = randomUUID();
    const leaseMs = options.timeoutMs + LEASE_MARGIN_MS;
    const outbound = createOutbound(options.policy, options.resolve);

    const secretsOf = (subscription: WebhookSubscription, now: Date): string[] =>
      subscription.secrets
        .filter((secret) => secret.validUntil === null || secret.validUntil > now.toISOString())
        .map((secret) => app.tokens.open(secret.sealed))
        .filter((secret): secret is string => secret !== null);

    /** POSTs `event`, ending by the time limit or, earlier, when the lease is about to run out (`leaseLeft`). */
    async function post(subscription: WebhookSubscription, event: RecordedEvent, leaseLeft: AbortSignal): Promise<Answer> {
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
        const status = await outbound.post(subscription.url, {
          headers: {
            'content-type': 'application/json',
            'user-agent': 'PlantRide-Webhooks/1',
            [SIGNATURE_HEADER]: signatureHeader(body, secretsOf(subscription, new Date()), new Date()),
            'PlantRide-Event-Id': event.eventId,
            'PlantRide-Event-Type': event.type,
          },
          body,
          signal: AbortSignal.any([AbortSignal.timeout(options.timeoutMs), leaseLeft]),
        });
        const ok = status >= 200 && status < 300;
        return { status, error: ok ? null : `HTTP ${status}`, latencyMs: Math.round(performance.now() - started) };
      } catch (error) {
        const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        return { status: null, error: message.slice(0, MAX_ERROR), latencyMs: Math.round(performance.now() - started) };
      }
    }

    const backoff = (attempts: number) => Math.min(retryCapMs, options.retryBaseMs * 2 ** Math.max(0, attempts - 1));

    /**
     * One step of a subscription's delivery: skip what it does not hear, or deliver (or try) its next
     * event. Busy while another engine holds its lease.
     */
    async function step({ subscription }: Live): Promise<Step> {
      const id = subscription.subscriptionId;
      // Started before the claim: it fires before the lease ends by the database's clock.
      const leaseLeft = AbortSignal.timeout(leaseMs - SETTLE_MS);
      const fresh: Cursor = {
        subscriptionId: id,
        ...subscription.from,
        deliveredThrough: null,
        replays: subscription.replays,
        attempts: 0,
        firstFailedAt: null,
        nextAttemptAt: null,
        parkedAt: null,
        lastError: null,
      };
      const stored = await claimCursor(db, fresh, owner, leaseMs);
      if (!stored) return { next: 'busy' };
      // Replayed since: start again from where the subscription says.
      const cursor = stored.replays < subscription.replays ? { ...fresh, deliveredThrough: stored.deliveredThrough } : stored;
      try {
        return await deliverNext(subscription, cursor, leaseLeft);
      } catch (error) {
        await releaseLease(db, id, owner).catch(() => undefined);
        throw error;
      }
    }

    /**
     * The events after a subscription's checkpoint, in the store's order: those left from the batch its last
     * delivery read, while the checkpoint is still where that delivery left it, else a batch read afresh.
     */
    type Ahead = { events: RecordedEvent[]; /** The batch was full: more may follow it in the store. */ full: boolean };
    const ahead = new Map<string, Ahead & { from: Checkpoint }>();
    async function readAhead(id: string, cursor: Cursor): Promise<Ahead> {
      const kept = ahead.get(id);
      if (kept && kept.events.length > 0 && kept.from.transactionId === cursor.transactionId && kept.from.position === cursor.position)
        return kept;
      ahead.delete(id);
      const events = await app.eventStore.readAll(cursor, BATCH);
      return { events, full: events.length === BATCH };
    }

    /** The leased part of a step: every way out writes the cursor and ends the lease, or lost it. */
    async function deliverNext(subscription: WebhookSubscription, cursor: Cursor, leaseLeft: AbortSignal): Promise<Step> {
      const id = subscription.subscriptionId;
      const now = new Date();
      const settled = async (next: Cursor, then: Step): Promise<Step> => ((await settleCursor(db, next, owner)) ? then : { next: 'busy' });
      if (cursor.parkedAt) return settled(cursor, { next: 'parked' });
      if (cursor.nextAttemptAt && cursor.nextAttemptAt > now)
        return settled(cursor, { next: 'wait', ms: cursor.nextAttemptAt.getTime() - now.getTime() });
      const { events, full } = await readAhead(id, cursor);
      const types = new Set(subscription.eventTypes);
      const index = events.findIndex((event) => types.has(event.type));
      if (index === -1) {
        ahead.delete(id);
        const last = events.at(-1);
        const past = last ? { ...cursor, transactionId: last.transactionId, position: last.globalPosition } : cursor;
        return settled(past, { next: full ? 'more' : 'idle' });
      }
      const event = events[index]!;
      const skipped = index > 0 ? events[index - 1]! : null;
      const through = skipped ? { transactionId: skipped.transactionId, position: skipped.globalPosition } : {};
      const attempt = cursor.attempts + 1;
      const answer = await post(subscription, event, leaseLeft);
      const ok = answer.error === null;
      const failedAt = new Date();
      const firstFailedAt = cursor.firstFailedAt ?? failedAt;
      const parked = !ok && failedAt.getTime() - firstFailedAt.getTime() >= options.retryForMs;
      const wait = backoff(attempt);
      const next: Cursor = ok
        ? {
            ...cursor,
            transactionId: event.transactionId,
            position: event.globalPosition,
            deliveredThrough: event.globalPosition,
            attempts: 0,
            firstFailedAt: null,
            nextAttemptAt: null,
            lastError: null,
          }
        : {
            ...cursor,
            ...through,
            attempts: attempt,
            firstFailedAt,
            nextAttemptAt: parked ? null : new Date(failedAt.getTime() + wait),
            parkedAt: parked ? failedAt : null,
            lastError: answer.error,
          };
      const held = await db.transaction().execute(async (trx) => {
        if (!(await settleCursor(trx, next, owner))) return false;
        await logDelivery(trx, {
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
        return true;
      });
      if (!held) {
        ahead.delete(id);
        // Its lease ran out mid-delivery and another engine took the subscription: that one sends the event (again).
        app.log.warn({ subscriptionId: id, eventId: event.eventId }, 'webhook lease lost during a delivery; its outcome is not recorded');
        return { next: 'busy' };
      }
      // The events read after this one serve the next steps: a backlog is read once a batch, not once an event.
      if (ok)
        ahead.set(id, {
          from: { transactionId: event.transactionId, position: event.globalPosition },
          events: events.slice(index + 1),
          full,
        });
      else ahead.delete(id);
      if (ok) return { next: 'more' };
      if (parked) app.log.warn({ subscriptionId: id, error: answer.error }, 'webhook subscription parked after its retry period');
      return parked ? { next: 'parked' } : { next: 'wait', ms: wait };
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
              // The accounts moved and are being read again: the round after that read steps on (pump below).
              if (readAsOf !== accountsMoved) break;
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
        }
        // Removed in a later turn, after the set below: a pump that ends without awaiting anything would
        // otherwise be deleted before it is set, and stay there, stopping the subscription for good.
      })().finally(() => running.delete(id));
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
    // Counted, not a flag: a move heard while a read is under way makes that read stale, and the next
    // round reads again (a flag cleared by the stale read's result lost a rotation or an unsubscribe).
    let known: Live[] = [];
    let accountsMoved = 0;
    let readAsOf = -1;
    let latest = new Map<string, Live>();
    let pumping: Promise<void> | null = null;
    let again = false;
    async function refreshAndPump(): Promise<void> {
      do {
        again = false;
        if (readAsOf !== accountsMoved) {
          const asOf = accountsMoved;
          known = await liveSubscriptions();
          readAsOf = asOf;
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
      if (events.some((event) => event.streamId === SERVICE_ACCOUNTS_STREAM_ID)) accountsMoved += 1;
      if (readAsOf !== accountsMoved || known.length > 0) void pumpAll();
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
      outbound.close();
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
