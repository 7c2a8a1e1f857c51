import { sql, type Kysely, type Migration } from 'kysely';
import { runMigrations } from '../database/migrate';

/*
 * Where each webhook subscription's delivery stands (its cursor in the store, its retries) and what
 * each attempt did (the delivery log). Not events: attempts against a receiver that is down for a day
 * would bury the store; the subscription's own facts (subscribed, replayed, rotated) are events.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

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

export async function saveCursor(db: AnyDb, cursor: Cursor): Promise<void> {
  const c = cursor;
  await sql`insert into webhook_cursors (subscription_id, transaction_id, position, delivered_through, replays, attempts,
      first_failed_at, next_attempt_at, parked_at, last_error)
    values (${c.subscriptionId}, ${c.transactionId}, ${c.position}, ${c.deliveredThrough}, ${c.replays}, ${c.attempts},
      ${c.firstFailedAt?.toISOString() ?? null}, ${c.nextAttemptAt?.toISOString() ?? null}, ${c.parkedAt?.toISOString() ?? null}, ${c.lastError})
    on conflict (subscription_id) do update set transaction_id = excluded.transaction_id, position = excluded.position,
      delivered_through = excluded.delivered_through, replays = excluded.replays, attempts = excluded.attempts,
      first_failed_at = excluded.first_failed_at, next_attempt_at = excluded.next_attempt_at, parked_at = excluded.parked_at,
      last_error = excluded.last_error`.execute(db);
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
