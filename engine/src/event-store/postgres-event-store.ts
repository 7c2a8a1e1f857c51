import { sql, type RawBuilder } from 'kysely';
import { PREPARED, type Database } from '../database/database';
import type { AnyDb } from '../database/migrate';
import { notifyChannel } from './migrations';
import { subscribeByPolling } from './subscription';
import { sharedReads } from './shared-reads';
import {
  ConcurrencyError,
  START,
  type AppendResult,
  type Checkpoint,
  type EventMetadata,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type RecordedEvent,
} from './event-store';

interface EventRow {
  global_position: string | number;
  transaction_id: string;
  stream_id: string;
  stream_position: string | number;
  event_id: string;
  event_type: string;
  schema_version: number;
  data: unknown;
  metadata: EventMetadata;
  recorded_at: Date | string;
}

const COLUMNS = sql.raw(
  'global_position, transaction_id::text as transaction_id, stream_id, stream_position, event_id, event_type, schema_version, data, metadata, recorded_at',
);

/**
 * Readers see events of transactions below this bound (migration 0002): past every transaction that
 * was running at the statement's snapshot and might still write events. Evaluated once per statement
 * (a sub-select), with the snapshot the statement reads with.
 */
const READ_BOUND = sql`(select events_read_bound(pg_current_snapshot(), 'events'::regclass))`;

// pg hands int8 back as strings and PGlite as numbers; the store speaks numbers.
function toRecorded(row: EventRow): RecordedEvent {
  return {
    eventId: row.event_id,
    streamId: row.stream_id,
    streamPosition: Number(row.stream_position),
    globalPosition: Number(row.global_position),
    transactionId: row.transaction_id,
    type: row.event_type,
    schemaVersion: row.schema_version,
    data: row.data,
    metadata: row.metadata,
    recordedAt: row.recorded_at instanceof Date ? row.recorded_at : new Date(row.recorded_at),
  };
}

export function streamTypeOf(streamId: string): string {
  const dash = streamId.indexOf('-');
  return dash === -1 ? streamId : streamId.slice(0, dash);
}

/** The stream row's part of an append: returns the new version, or no row on a version conflict. */
function bumpStream(streamId: string, expected: ExpectedVersion, count: number): RawBuilder<unknown> {
  const type = streamTypeOf(streamId);
  if (expected === 'any') {
    return sql`insert into streams (stream_id, stream_type, version) values (${streamId}, ${type}, ${count})
      on conflict (stream_id) do update set version = streams.version + ${count}, updated_at = now()
      returning version`;
  }
  if (expected === 0) {
    // A key violation here means someone created the stream first: a conflict, not an update.
    return sql`insert into streams (stream_id, stream_type, version) values (${streamId}, ${type}, ${count})
      on conflict (stream_id) do nothing
      returning version`;
  }
  return sql`update streams set version = version + ${count}, updated_at = now()
    where stream_id = ${streamId} and version = ${expected}
    returning version`;
}

/** What an append sends: each event as the store will hold it (JSON round-tripped, as jsonb gives it back). */
interface EventInput {
  idx: number;
  event_id: string;
  event_type: string;
  schema_version: number;
  data: unknown;
}

function eventInputs(events: readonly NewEvent[]): EventInput[] {
  return events.map((event, idx) => ({
    idx,
    event_id: event.eventId,
    event_type: event.type,
    schema_version: event.schemaVersion,
    data: event.data,
  }));
}

/** What an append reads back: only what the database decided. The rest it was sent (issue #18: RETURNING every column cost a fifth of a plain insert's rate). */
interface AppendedRow {
  global_position: string | number;
  transaction_id: string;
  stream_id: string;
  stream_position: string | number;
  event_id: string;
  recorded_at: Date | string;
}

// Prepared on each connection once: these statements run for every command.
const prepared = sql.raw(PREPARED);

const APPENDED = sql.raw('global_position, transaction_id::text as transaction_id, stream_id, stream_position, event_id, recorded_at');

/** The recorded events of an append, from what was sent (parsed back from the JSON the statement got) and what came back. */
function recordedOf(rows: readonly AppendedRow[], sent: string, metadata: EventMetadata): RecordedEvent[] {
  const byId = new Map<string, EventInput>();
  for (const write of JSON.parse(sent) as Array<EventInput | { events: EventInput[] }>) {
    for (const input of 'events' in write ? write.events : [write]) byId.set(input.event_id, input);
  }
  const meta = JSON.parse(JSON.stringify(metadata)) as EventMetadata;
  return rows.map((row) => {
    const input = byId.get(row.event_id);
    if (!input) throw new Error(`append returned an event it was not sent: ${row.event_id}`);
    return toRecorded({ ...row, event_type: input.event_type, schema_version: input.schema_version, data: input.data, metadata: meta });
  });
}

/** The version check and the inserts of one stream's append, in one statement; no row back on a version conflict. */
function appendStatement(
  streamId: string,
  expectedVersion: ExpectedVersion,
  input: string,
  count: number,
  metadata: EventMetadata,
): RawBuilder<AppendedRow> {
  // One statement, one round trip: the version check and the inserts commit or fail together.
  return sql<AppendedRow>`${prepared}with stream as (${bumpStream(streamId, expectedVersion, count)}),
    input as (
      select * from jsonb_to_recordset(${input}::jsonb)
        as e(idx int, event_id uuid, event_type text, schema_version int, data jsonb)
    )
    insert into events (stream_id, stream_position, event_id, event_type, schema_version, data, metadata)
    select ${streamId}, stream.version - ${count} + input.idx + 1, input.event_id, input.event_type,
           input.schema_version, input.data, ${JSON.stringify(metadata)}::jsonb
    from stream cross join input
    order by input.idx
    returning ${APPENDED}`;
}

/** The stream a multi-stream append found at another version than expected (migration 0003's PRCON), or null. */
function conflictStreamOf(error: unknown): string | null {
  const e = error as { code?: string; message?: string };
  return e?.code === 'PRCON' ? (e.message ?? '') : null;
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const e = error as { code?: string; constraint?: string; message?: string };
  return e?.code === '23505' && (e.constraint === constraint || (e.message ?? '').includes(constraint));
}

async function readAllOn(db: AnyDb, from: Checkpoint, limit: number): Promise<RecordedEvent[]> {
  // Sequence values are taken before commit; only what no running appender can still write before is final.
  // Qualified: a bare `transaction_id` here would sort by the text column of the select list ('1001' < '989').
  const { rows } = await sql<EventRow>`select ${COLUMNS} from events
    where transaction_id < ${READ_BOUND}
      and (transaction_id, global_position) > (${from.transactionId}::xid8, ${from.position}::bigint)
    order by events.transaction_id, events.global_position
    limit ${limit}`.execute(db);
  return rows.map(toRecorded);
}

type ReadAll = (from: Checkpoint, limit: number) => Promise<RecordedEvent[]>;

/** The one `$all` reader of each database in this process, when it has one (readAllThrough). */
const processReaders = new WeakMap<Database, ReadAll>();

/**
 * Every store of this process on `database` reads `$all` through `executor` (the live gateway's own
 * connections, which never wait behind commands for one), one shared statement for all their
 * readers: one append wakes the store watch, the timers and the live gateway at once, and each
 * store used to send its own read (issue #18). Until the returned function is called.
 */
export function readAllThrough(database: Database, executor: AnyDb): () => void {
  const read = sharedReads((from, limit) => readAllOn(executor, from, limit));
  processReaders.set(database, read);
  return () => {
    if (processReaders.get(database) === read) processReaders.delete(database);
  };
}

/** Who hears of each append committed on a database, from any store opened on it in this process. */
const appendListeners = new WeakMap<Database, Set<(events: readonly RecordedEvent[]) => void>>();

/**
 * Calls `listener` with the events of every append committed through this process's stores on
 * `database`, before the append returns (so before its command is answered). Other processes'
 * appends it does not hear: those come through a subscription.
 */
export function onAppended(database: Database, listener: (events: readonly RecordedEvent[]) => void): () => void {
  const listeners = appendListeners.get(database) ?? new Set();
  appendListeners.set(database, listeners);
  const own = (events: readonly RecordedEvent[]) => listener(events);
  listeners.add(own);
  return () => void listeners.delete(own);
}

export interface PostgresEventStoreOptions {
  /** Runs statements on this executor (a transaction in tests, the live gateway's own connections) instead of the pool. */
  executor?: AnyDb;
}

export function createPostgresEventStore(database: Database, options: PostgresEventStoreOptions = {}): EventStore {
  const db = options.executor ?? database.db;

  async function readByEventIds(eventIds: readonly string[]): Promise<RecordedEvent[]> {
    if (eventIds.length === 0) return [];
    const { rows } = await sql<EventRow>`select ${COLUMNS} from events
      where event_id = any(${sql.val([...eventIds])}::uuid[]) order by global_position`.execute(db);
    return rows.map(toRecorded);
  }

  // Once committed: in a caller's transaction the events are not readable yet, and readers find them by polling.
  const committed = (events: readonly RecordedEvent[]) => {
    if (db.isTransaction) return;
    for (const listener of appendListeners.get(database) ?? []) listener(events);
    database.notify(notifyChannel(database.schema));
  };

  // Reads asked at once share a statement (shared-reads.ts): the process's reader of $all when it has
  // one, else this store's; inside a transaction each goes on its own.
  const own = sharedReads((from, limit) => readAllOn(db, from, limit));
  const sharedReadAll = (from: Checkpoint, limit: number) =>
    db.isTransaction ? readAllOn(db, from, limit) : (processReaders.get(database) ?? own)(from, limit);

  const store: EventStore = {
    async append(streamId, expectedVersion, events, metadata) {
      if (events.length === 0) throw new Error('append needs at least one event');
      const input = JSON.stringify(eventInputs(events));
      let rows: AppendedRow[];
      try {
        ({ rows } = await appendStatement(streamId, expectedVersion, input, events.length, metadata).execute(db));
      } catch (error) {
        if (isUniqueViolation(error, 'events_event_id_unique')) return duplicateOf(events);
        if (isUniqueViolation(error, 'events_stream_position_unique')) throw new ConcurrencyError(streamId, expectedVersion);
        throw error;
      }
      if (rows.length === 0) {
        const earlier = await readByEventIds(events.map((e) => e.eventId));
        if (earlier.length === events.length) return resultOf(earlier, true);
        throw new ConcurrencyError(streamId, expectedVersion);
      }
      const appended = recordedOf(rows, input, metadata);
      committed(appended);
      return resultOf(appended, false);
    },

    async appendToStreams(writes, metadata) {
      const all = writes.flatMap((write) => write.events);
      if (all.length === 0) throw new Error('append needs at least one event');
      const input = JSON.stringify(
        writes.map((write) => ({
          stream_id: write.streamId,
          stream_type: streamTypeOf(write.streamId),
          expected: write.expectedVersion === 'any' ? null : write.expectedVersion,
          events: eventInputs(write.events),
        })),
      );
      let appended: RecordedEvent[];
      try {
        // One statement, one round trip, its own transaction (migration 0003): every stream's check and insert, or none.
        const { rows } =
          await sql<AppendedRow>`${prepared}select * from append_to_streams(${input}::jsonb, ${JSON.stringify(metadata)}::jsonb)`.execute(
            db,
          );
        appended = recordedOf(rows, input, metadata);
      } catch (error) {
        const conflictOn = conflictStreamOf(error);
        const eventIdTaken = isUniqueViolation(error, 'events_event_id_unique');
        if (!eventIdTaken && conflictOn === null && !isUniqueViolation(error, 'events_stream_position_unique')) throw error;
        // The command ran before (a retry): answer what it appended then. Its ids taken by fewer events
        // than this run decided is the same command id deciding otherwise (a key reused): the caller tells.
        const earlier = await readByEventIds(all.map((e) => e.eventId));
        if (earlier.length === all.length || (eventIdTaken && earlier.length > 0)) {
          return { events: earlier, position: Math.max(...earlier.map((e) => e.globalPosition)), duplicate: true };
        }
        if (eventIdTaken) throw new Error('event id conflict without a stored event');
        const write = writes.find((w) => w.streamId === conflictOn) ?? writes[0];
        throw new ConcurrencyError(write?.streamId ?? '', write?.expectedVersion ?? 'any');
      }
      committed(appended);
      appended.sort((a, b) => a.globalPosition - b.globalPosition);
      return { events: appended, position: Math.max(...appended.map((e) => e.globalPosition)), duplicate: false };
    },

    async readStreams(streamIds, from) {
      const streams = new Map<string, RecordedEvent[]>(streamIds.map((id) => [id, []]));
      if (streamIds.length === 0) return streams;
      const ids = [...new Set(streamIds)];
      // One index range per stream (from its first event unless told). `offset 0` keeps the lateral
      // read from being flattened into a join: flattened, or as `stream_id = any(…)`, the plan cached
      // for this prepared statement while the store was small (a scan of every event) stayed cached as
      // the store grew: 3.2 ms per command at 25k events.
      const first = ids.map((id) => from?.get(id) ?? 1);
      const { rows } =
        await sql<EventRow>`${prepared}select ${COLUMNS} from unnest(${sql.val(ids)}::text[], ${sql.val(first)}::bigint[]) as wanted(id, first)
        cross join lateral (select * from events where events.stream_id = wanted.id and events.stream_position >= wanted.first offset 0) as events
        order by events.stream_id, events.stream_position`.execute(db);
      for (const row of rows) streams.get(row.stream_id)?.push(toRecorded(row));
      return streams;
    },

    async readStreamsOfType(streamType) {
      const { rows } = await sql<EventRow>`select ${COLUMNS} from events
        where stream_id in (select s.stream_id from streams s where s.stream_type = ${streamType}) order by global_position`.execute(db);
      return rows.map(toRecorded);
    },

    async readStream(streamId) {
      const { rows } = await sql<EventRow>`${prepared}select ${COLUMNS} from events
        where stream_id = ${streamId} order by stream_position`.execute(db);
      return rows.map(toRecorded);
    },

    readAll: sharedReadAll,
    readByEventIds,

    subscribe(from, handler, subscribeOptions) {
      return subscribeByPolling({
        from,
        read: sharedReadAll,
        listen: (onNotify) => database.listen(notifyChannel(database.schema), onNotify),
        async handleBatch(batch, advance) {
          for (const event of batch) {
            await handler(event);
            advance(event);
          }
        },
        ...subscribeOptions,
      });
    },

    async headCheckpoint() {
      const { rows } = await sql<{ transaction_id: string; global_position: string | number }>`
        select transaction_id::text as transaction_id, global_position from events
        where transaction_id < ${READ_BOUND}
        order by events.transaction_id desc, events.global_position desc
        limit 1`.execute(db);
      const row = rows[0];
      return row ? { transactionId: row.transaction_id, position: Number(row.global_position) } : START;
    },

    async checkpointAt(position) {
      const { rows } = await sql<{ transaction_id: string }>`
        select transaction_id::text as transaction_id from events
        where global_position = ${position} and transaction_id < ${READ_BOUND}`.execute(db);
      return rows[0] ? { transactionId: rows[0].transaction_id, position } : null;
    },

    async headPosition() {
      const { rows } = await sql<{ position: string | number | null }>`
        select max(global_position) as position from events`.execute(db);
      return Number(rows[0]?.position ?? 0);
    },
  };

  async function duplicateOf(events: readonly NewEvent[]): Promise<AppendResult> {
    const earlier = await readByEventIds(events.map((e) => e.eventId));
    if (earlier.length === 0) throw new Error('event id conflict without a stored event');
    return resultOf(earlier, true);
  }

  return store;
}

function resultOf(events: RecordedEvent[], duplicate: boolean): AppendResult {
  const last = events[events.length - 1];
  if (!last) throw new Error('append returned no events');
  return { events, nextVersion: last.streamPosition, position: last.globalPosition, duplicate };
}
