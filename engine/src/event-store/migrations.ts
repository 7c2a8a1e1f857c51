import { sql, type Kysely, type Migration } from 'kysely';
import { runMigrations } from '../database/migrate';

/** A row append_to_streams returns: its table columns, and the RETURNING list that fills them. */
interface ReturnedRow {
  columns: string;
  returning: string;
}

const FULL_ROW: ReturnedRow = {
  columns: `global_position bigint, transaction_id text, stream_id text, stream_position bigint, event_id uuid,
                       event_type text, schema_version integer, data jsonb, metadata jsonb, recorded_at timestamptz`,
  returning: `e.global_position, e.transaction_id::text, e.stream_id, e.stream_position, e.event_id,
                          e.event_type, e.schema_version, e.data, e.metadata, e.recorded_at`,
};

const DECIDED_ROW: ReturnedRow = {
  columns: 'global_position bigint, transaction_id text, stream_id text, stream_position bigint, event_id uuid, recorded_at timestamptz',
  returning: 'e.global_position, e.transaction_id::text, e.stream_id, e.stream_position, e.event_id, e.recorded_at',
};

/**
 * A command's append over every stream it read, in one statement (one round trip): each stream
 * in stream-id order (one lock order for every writer, so two commands never deadlock) either
 * gets its events at the version the command read, or, with no events, is checked to stand at
 * that version and share-locked there until commit. Any stream elsewhere raises PRCON naming
 * it, and the statement (its own transaction) leaves nothing behind.
 * `writes`: [{stream_id, stream_type, expected (null: any), events: [{idx, event_id, event_type, schema_version, data}]}]
 */
function appendToStreamsFunction({ columns, returning }: ReturnedRow): string {
  return `create function append_to_streams(writes jsonb, meta jsonb)
        returns table (${columns})
        language plpgsql volatile as $$
        #variable_conflict use_column
        declare
          w jsonb;
          target text;
          expected bigint;
          n integer;
          v bigint;
        begin
          perform events_begin_write('events'::regclass);
          for w in select value from jsonb_array_elements(writes) order by value->>'stream_id' loop
            target := w->>'stream_id';
            expected := (w->>'expected')::bigint;
            n := jsonb_array_length(w->'events');
            v := null;
            if n = 0 then
              if expected = 0 then
                perform 1 from streams s where s.stream_id = target;
                if found then raise exception using errcode = 'PRCON', message = target; end if;
              elsif expected is not null then
                perform 1 from streams s where s.stream_id = target and s.version = expected for share;
                if not found then raise exception using errcode = 'PRCON', message = target; end if;
              end if;
              continue;
            end if;
            if expected is null then
              insert into streams as s (stream_id, stream_type, version) values (target, w->>'stream_type', n)
                on conflict (stream_id) do update set version = s.version + n, updated_at = now()
                returning s.version into v;
            elsif expected = 0 then
              insert into streams (stream_id, stream_type, version) values (target, w->>'stream_type', n)
                on conflict (stream_id) do nothing
                returning version into v;
            else
              update streams s set version = s.version + n, updated_at = now()
                where s.stream_id = target and s.version = expected
                returning s.version into v;
            end if;
            if v is null then raise exception using errcode = 'PRCON', message = target; end if;
            return query
              with inserted as (
                insert into events as e (stream_id, stream_position, event_id, event_type, schema_version, data, metadata)
                select target, v - n + x.idx + 1, x.event_id, x.event_type, x.schema_version, x.data, meta
                from jsonb_to_recordset(w->'events') as x(idx int, event_id uuid, event_type text, schema_version int, data jsonb)
                order by x.idx
                returning ${returning}
              )
              select * from inserted;
          end loop;
        end $$`;
}

/** Event store schema, in the database's own schema (search_path). */
const migrations: Record<string, Migration> = {
  '0001_event_store': {
    async up(db) {
      await sql`
        create table streams (
          stream_id text primary key,
          stream_type text not null,
          version bigint not null,
          updated_at timestamptz not null default now()
        )`.execute(db);
      await sql`
        create table events (
          global_position bigint generated always as identity primary key,
          transaction_id xid8 not null default pg_current_xact_id(),
          stream_id text not null,
          stream_position bigint not null,
          event_id uuid not null,
          event_type text not null,
          schema_version integer not null,
          data jsonb not null,
          metadata jsonb not null default '{}',
          recorded_at timestamptz not null default now(),
          constraint events_event_id_unique unique (event_id),
          constraint events_stream_position_unique unique (stream_id, stream_position)
        )`.execute(db);
      await sql`create index events_commit_order on events (transaction_id, global_position)`.execute(db);
      await sql`
        create function events_refuse_change() returns trigger language plpgsql as $$
        begin
          raise exception 'events are append-only: % refused', tg_op;
        end $$`.execute(db);
      await sql`
        create trigger events_append_only before update or delete on events
        for each row execute function events_refuse_change()`.execute(db);
      await sql`
        create trigger events_no_truncate before truncate on events
        for each statement execute function events_refuse_change()`.execute(db);
      // One NOTIFY per statement wakes readers at commit; the channel is per schema so tenants do not wake each other.
      await sql`
        create function events_notify() returns trigger language plpgsql as $$
        begin
          perform pg_notify(tg_table_schema || '_events', '');
          return null;
        end $$`.execute(db);
      await sql`
        create trigger events_notify after insert on events
        for each statement execute function events_notify()`.execute(db);
    },
  },
  '0002_readers_bounded_by_appenders': {
    async up(db) {
      // The append wakes readers itself once it has committed (Database.notify): a NOTIFY inside the
      // append's transaction made PostgreSQL serialise every append's commit (WAL flush included).
      await sql`drop trigger if exists events_notify on events`.execute(db);
      await sql`drop function if exists events_notify()`.execute(db);
      // Where a reader of $all may read up to (exclusive) for \`snapshot\`, its statement's snapshot:
      // past every transaction that was running then and may still write events, and no further.
      // Only appenders count, not every transaction holding an id (pg_snapshot_xmin did that, so a
      // long read-model transaction held every reader back). It relies on one rule: a transaction
      // writes events before anything else, so its lock on \`events\` comes before its id (the lock
      // is taken when the statement is planned, the id when it inserts, and both last to its end).
      // For each transaction id the snapshot saw running, in order: the first that held that lock
      // afterwards, or is no longer running (it may have appended and committed since), is the bound.
      // One still running without the lock got its id before the snapshot, so it can never append
      // (events_first_write below refuses it).
      // The lock table is read once, before the statuses: a transaction ends (becomes visible)
      // before it releases its locks, so an appender is either seen holding the lock or seen ended.
      await sql`
        create function events_read_bound(snapshot pg_snapshot, events_table regclass) returns xid8
        language plpgsql volatile as $$
        declare
          appending xid[];
          running xid8;
        begin
          if pg_snapshot_xmin(snapshot) = pg_snapshot_xmax(snapshot) then
            return pg_snapshot_xmax(snapshot);
          end if;
          with held as materialized (
            select locktype, mode, database, relation, transactionid, virtualtransaction from pg_locks where granted
          )
          select coalesce(array_agg(own.transactionid), '{}') into appending
          from held writer join held own on own.virtualtransaction = writer.virtualtransaction
          where writer.locktype = 'relation' and writer.relation = events_table and writer.mode <> 'AccessShareLock'
            and writer.database = (select oid from pg_database where datname = current_database())
            and own.locktype = 'transactionid' and own.mode = 'ExclusiveLock';
          for running in select xid from pg_snapshot_xip(snapshot) as xid order by xid loop
            if running::xid = any(appending) or pg_xact_status(running) is distinct from 'in progress' then
              return running;
            end if;
          end loop;
          return pg_snapshot_xmax(snapshot);
        end $$`.execute(db);
      // The rule, enforced: an insert into events in a transaction that already has an id is refused
      // unless events_begin_write (or an earlier insert into events) marked it before it had one.
      // A statement's BEFORE trigger fires before the statement writes anything, so the append's own
      // streams row does not count.
      await sql`
        create function events_first_write() returns trigger language plpgsql as $$
        begin
          if pg_current_xact_id_if_assigned() is null then
            perform set_config('plantride.events_writer', 'on', true);
          elsif current_setting('plantride.events_writer', true) is distinct from 'on' then
            raise exception 'events must be written before anything else in a transaction (call events_begin_write first)';
          end if;
          return null;
        end $$`.execute(db);
      await sql`
        create trigger events_first_write before insert on events
        for each statement execute function events_first_write()`.execute(db);
      // First statement of a transaction that checks or writes other rows before its events.
      await sql`
        create function events_begin_write(events_table regclass) returns void language plpgsql as $$
        begin
          if current_setting('plantride.events_writer', true) = 'on' then
            return;
          end if;
          if pg_current_xact_id_if_assigned() is not null then
            raise exception 'events_begin_write must come before anything else in a transaction';
          end if;
          execute format('lock table %s in row exclusive mode', events_table);
          perform set_config('plantride.events_writer', 'on', true);
        end $$`.execute(db);
    },
  },
  '0003_append_to_streams': {
    async up(db) {
      // A command's append over every stream it read, in one statement (one round trip): each stream
      // in stream-id order (one lock order for every writer, so two commands never deadlock) either
      // gets its events at the version the command read, or, with no events, is checked to stand at
      // that version and share-locked there until commit. Any stream elsewhere raises PRCON naming
      // it, and the statement (its own transaction) leaves nothing behind.
      // `writes`: [{stream_id, stream_type, expected (null: any), events: [{idx, event_id, event_type, schema_version, data}]}]
      await sql.raw(appendToStreamsFunction(FULL_ROW)).execute(db);
    },
  },
  '0004_append_returns_what_it_decided': {
    async up(db) {
      // The events' type, data and metadata are what the caller sent: reading them back cost a fifth
      // of a plain insert's rate (issue #18). Only what the database decided comes back.
      await sql`drop function append_to_streams(jsonb, jsonb)`.execute(db);
      await sql.raw(appendToStreamsFunction(DECIDED_ROW)).execute(db);
    },
  },
  '0005_read_bound_never_falls_back': {
    async up(db) {
      // 0002 took any transaction its snapshot saw running and that had ended by the status check
      // for an appender that might have committed meanwhile, and stopped there. So a read could stop
      // lower than an earlier read on another connection: a read-model transaction that the earlier
      // read passed (running without the lock, so it can never append) and that ended just before
      // this read's check held it back, short of events the earlier reader had already sent. A live
      // catch-up then missed events sent live (CI, issue #17's two-engine Redis outage test).
      // Now an ended transaction stops the read only if it did write events. The look at the table
      // is a statement after the statuses: a volatile function's statement takes a new snapshot
      // under READ COMMITTED, which sees every transaction found ended (pg_xact_status reports
      // 'committed' only once it has left the running set). Under a stricter isolation the look
      // would use the old snapshot, so there any ended transaction stops the read, as in 0002.
      // Static statements (plans kept per connection), and one look for all the ended ones.
      await sql`
        create or replace function events_read_bound(snapshot pg_snapshot, events_table regclass) returns xid8
        language plpgsql volatile as $$
        declare
          appending xid[];
          ended xid8[];
          bound xid8;
        begin
          if pg_snapshot_xmin(snapshot) = pg_snapshot_xmax(snapshot) then
            return pg_snapshot_xmax(snapshot);
          end if;
          with held as materialized (
            select locktype, mode, database, relation, transactionid, virtualtransaction from pg_locks where granted
          )
          select coalesce(array_agg(own.transactionid), '{}') into appending
          from held writer join held own on own.virtualtransaction = writer.virtualtransaction
          where writer.locktype = 'relation' and writer.relation = events_table and writer.mode <> 'AccessShareLock'
            and writer.database = (select oid from pg_database where datname = current_database())
            and own.locktype = 'transactionid' and own.mode = 'ExclusiveLock';
          select coalesce(array_agg(running), '{}') into ended
          from pg_snapshot_xip(snapshot) as running
          where not (running::xid = any(appending)) and pg_xact_status(running) is distinct from 'in progress';
          if current_setting('transaction_isolation') = 'read committed' and cardinality(ended) > 0 then
            select coalesce(array_agg(running), '{}') into ended
            from unnest(ended) as running
            where exists (select 1 from events where events.transaction_id = running);
          end if;
          select min(running) into bound
          from pg_snapshot_xip(snapshot) as running
          where running::xid = any(appending) or running = any(ended);
          return coalesce(bound, pg_snapshot_xmax(snapshot));
        end $$`.execute(db);
    },
  },
};

export function notifyChannel(schema: string): string {
  return `${schema}_events`;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateEventStore(db: Kysely<any>): Promise<void> {
  await runMigrations(db, 'event_store_migrations', migrations);
}
