import { sql, type Kysely, type Migration } from 'kysely';
import { runMigrations } from '../database/migrate';

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
};

export function notifyChannel(schema: string): string {
  return `${schema}_events`;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateEventStore(db: Kysely<any>): Promise<void> {
  await runMigrations(db, 'event_store_migrations', migrations);
}
