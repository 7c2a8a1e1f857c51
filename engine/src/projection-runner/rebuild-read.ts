import { sql, type Kysely } from 'kysely';
import type { Checkpoint } from '../event-store/event-store';
import type { ReplayedEvent } from './projection-runner';

interface ReplayRow {
  global_position: string | number;
  transaction_id: string;
  stream_id: string;
  stream_position: string | number;
  event_type: string;
  schema_version: number;
  data: unknown;
  recorded_ms: number;
}

/**
 * The rebuild's own read of `$all` up to `upTo`, a checkpoint the store handed out (its head when
 * the rebuild began). A checkpoint the store hands out has nothing committed before it later (the
 * store's read bound made sure of that when it was read), so the part of `$all` at or before it
 * is final: a plain keyset scan of the commit-order index reads it, without the live read bound
 * (a look at `pg_locks` and the running transactions per statement). What was appended after
 * `upTo` is read with the store's own `readAll`.
 *
 * Only what projections use is read: no event id and no metadata (metadata is the larger part of
 * a row), and the time as milliseconds since 1970, the same instant the store's `Date` holds
 * (truncated to the millisecond as the driver truncates it), without parsing a timestamp per row.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function readFinalEvents(db: Kysely<any>, from: Checkpoint, upTo: Checkpoint, limit: number): Promise<ReplayedEvent[]> {
  const { rows } =
    await sql<ReplayRow>`select global_position, transaction_id::text as transaction_id, stream_id, stream_position, event_type, schema_version, data,
      floor(extract(epoch from recorded_at) * 1000)::float8 as recorded_ms
    from events
    where (transaction_id, global_position) > (${from.transactionId}::xid8, ${from.position}::bigint)
      and (transaction_id, global_position) <= (${upTo.transactionId}::xid8, ${upTo.position}::bigint)
    order by events.transaction_id, events.global_position
    limit ${limit}`.execute(db);
  return rows.map((row) => ({
    streamId: row.stream_id,
    streamPosition: Number(row.stream_position),
    globalPosition: Number(row.global_position),
    transactionId: row.transaction_id,
    type: row.event_type,
    schemaVersion: row.schema_version,
    data: row.data,
    recordedAt: new Date(Number(row.recorded_ms)),
  }));
}
