import { sql, type Migration } from 'kysely';
import { runMigrations, type AnyDb } from '../database/migrate';

/*
 * Where each webhook subscription's delivery stands (its cursor in the store, its retries) and what
 * each attempt did (the delivery log). Not events: attempts against a receiver that is down for a day
 * would bury the store; the subscription's own facts (subscribed, replayed, rotated) are events.
 */

const migrations: Record<string, Migration> = {
  '0001_webhook_delivery': {
    async up(trx) {
      await sql`create table webhook_cursors (
        subscription_id text primary key,
        transaction_id text not null,
        position bigint not null,
        delivered_through bigint,
        replays integer not null,
        attempts integer not null default 0,
        first_failed_at timestamptz,
        next_attempt_at timestamptz,
        parked_at timestamptz,
        last_error text
      )`.execute(trx);
      await sql`create table webhook_deliveries (
        id bigint generated always as identity primary key,
        subscription_id text not null,
        event_id text not null,
        event_type text not null,
        position bigint not null,
        attempt integer not null,
        status integer,
        ok boolean not null,
        latency_ms integer not null,
        error text,
        at timestamptz not null
      )`.execute(trx);
      await sql`create index webhook_deliveries_by_subscription on webhook_deliveries (subscription_id, id desc)`.execute(trx);
    },
  },
  // Which engine delivers the subscription now, until when (webhook-worker.ts): a lease in place of a
  // lock held through the receiver's answer.
  '0002_webhook_leases': {
    async up(trx) {
      await sql`alter table webhook_cursors add column lease_owner text, add column lease_until timestamptz`.execute(trx);
    },
  },
};

export const migrateWebhookTables = (db: AnyDb) => runMigrations(db, 'webhook_migrations', migrations);

export interface Cursor {
  subscriptionId: string;
  transactionId: string;
  position: number;
  deliveredThrough: number | null;
  replays: number;
  attempts: number;
  firstFailedAt: Date | null;
  nextAttemptAt: Date | null;
  parkedAt: Date | null;
  lastError: string | null;
}

type Row = {
  subscription_id: string;
  transaction_id: string;
  position: string | number;
  delivered_through: string | number | null;
  replays: number;
  attempts: number;
  first_failed_at: Date | string | null;
  next_attempt_at: Date | string | null;
  parked_at: Date | string | null;
  last_error: string | null;
};

const date = (value: Date | string | null) => (value === null ? null : new Date(value));
const toCursor = (row: Row): Cursor => ({
  subscriptionId: row.subscription_id,
  transactionId: row.transaction_id,
  position: Number(row.position),
  deliveredThrough: row.delivered_through === null ? null : Number(row.delivered_through),
  replays: row.replays,
  attempts: row.attempts,
  firstFailedAt: date(row.first_failed_at),
  nextAttemptAt: date(row.next_attempt_at),
  parkedAt: date(row.parked_at),
  lastError: row.last_error,
});

export async function readCursors(db: AnyDb, ids: readonly string[]): Promise<Map<string, Cursor>> {
  if (ids.length === 0) return new Map();
  const { rows } = await sql<Row>`select * from webhook_cursors where subscription_id in (${sql.join(ids)})`.execute(db);
  return new Map(rows.map((row) => [row.subscription_id, toCursor(row)]));
}

/**
 * Leases `fresh.subscriptionId` to `owner` for `ms` (by the database's clock) unless another owner's
 * lease is still running, writing `fresh` first if the subscription has no cursor yet. Answers the
 * cursor as stored, or null while another engine holds it. One statement, no transaction left open.
 */
export async function claimCursor(db: AnyDb, fresh: Cursor, owner: string, ms: number): Promise<Cursor | null> {
  const c = fresh;
  const { rows } = await sql<Row>`insert into webhook_cursors (subscription_id, transaction_id, position, delivered_through, replays,
      lease_owner, lease_until)
    values (${c.subscriptionId}, ${c.transactionId}, ${c.position}, ${c.deliveredThrough}, ${c.replays},
      ${owner}, now() + ${ms}::integer * interval '1 millisecond')
    on conflict (subscription_id) do update set lease_owner = excluded.lease_owner, lease_until = excluded.lease_until
      where webhook_cursors.lease_owner is null or webhook_cursors.lease_owner = excluded.lease_owner
        or webhook_cursors.lease_until < now()
    returning *`.execute(db);
  return rows[0] ? toCursor(rows[0]) : null;
}

/**
 * Writes `cursor` and ends `owner`'s lease, if `owner` still holds it; false when its lease ran out
 * and another engine took the subscription over (which then delivers from the cursor it found).
 */
export async function settleCursor(db: AnyDb, cursor: Cursor, owner: string): Promise<boolean> {
  const c = cursor;
  const { rows } = await sql`update webhook_cursors set transaction_id = ${c.transactionId}, position = ${c.position},
      delivered_through = ${c.deliveredThrough}, replays = ${c.replays}, attempts = ${c.attempts},
      first_failed_at = ${c.firstFailedAt?.toISOString() ?? null}, next_attempt_at = ${c.nextAttemptAt?.toISOString() ?? null},
      parked_at = ${c.parkedAt?.toISOString() ?? null}, last_error = ${c.lastError}, lease_owner = null, lease_until = null
    where subscription_id = ${c.subscriptionId} and lease_owner = ${owner}
    returning subscription_id`.execute(db);
  return rows.length > 0;
}

/** Ends `owner`'s lease on the subscription, cursor unchanged (a step that failed half-way). */
export async function releaseLease(db: AnyDb, subscriptionId: string, owner: string): Promise<void> {
  await sql`update webhook_cursors set lease_owner = null, lease_until = null
    where subscription_id = ${subscriptionId} and lease_owner = ${owner}`.execute(db);
}

export interface Delivery {
  subscriptionId: string;
  eventId: string;
  eventType: string;
  position: number;
  attempt: number;
  status: number | null;
  ok: boolean;
  latencyMs: number;
  error: string | null;
  at: Date;
}

export async function logDelivery(db: AnyDb, d: Delivery): Promise<void> {
  await sql`insert into webhook_deliveries (subscription_id, event_id, event_type, position, attempt, status, ok, latency_ms, error, at)
    values (${d.subscriptionId}, ${d.eventId}, ${d.eventType}, ${d.position}, ${d.attempt}, ${d.status}, ${d.ok}, ${d.latencyMs},
      ${d.error}, ${d.at.toISOString()})`.execute(db);
}

/** The latest attempts of one subscription, newest first. */
export async function recentDeliveries(db: AnyDb, subscriptionId: string, limit = 100): Promise<Delivery[]> {
  const { rows } = await sql<{
    event_id: string;
    event_type: string;
    position: string | number;
    attempt: number;
    status: number | null;
    ok: boolean;
    latency_ms: number;
    error: string | null;
    at: Date | string;
  }>`select event_id, event_type, position, attempt, status, ok, latency_ms, error, at from webhook_deliveries
    where subscription_id = ${subscriptionId} order by id desc limit ${limit}`.execute(db);
  return rows.map((row) => ({
    subscriptionId,
    eventId: row.event_id,
    eventType: row.event_type,
    position: Number(row.position),
    attempt: row.attempt,
    status: row.status,
    ok: row.ok,
    latencyMs: row.latency_ms,
    error: row.error,
    at: new Date(row.at),
  }));
}

export type SubscriptionState = 'live' | 'retrying' | 'parked';

/**
 * Where a subscription's delivery stands, from its cursor: parked (failed for the whole retry period),
 * retrying (its last attempt failed), else live. A cursor from before the subscription's last replay is
 * about to start again: live.
 */
export function subscriptionState(cursor: Cursor | undefined, replays: number): { state: SubscriptionState; current: Cursor | undefined } {
  const current = cursor && cursor.replays >= replays ? cursor : undefined;
  const state = current?.parkedAt ? 'parked' : current?.nextAttemptAt ? 'retrying' : 'live';
  return { state, current };
}
