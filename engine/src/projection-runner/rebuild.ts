import { sql, type Kysely, type Transaction } from 'kysely';
import type { Projection, ReadModels } from '@plantride/projections';
import type { Database } from '../database/database';
import { START, checkpointOf, compareCheckpoints, type Checkpoint, type EventStore } from '../event-store/event-store';
import { createPostgresEventStore } from '../event-store/postgres-event-store';
import { CHECKPOINTS_MIGRATION_TABLE, lockCheckpoints, readCheckpoints, writeCheckpoints } from './checkpoints';
import { applyBatch, migrateProjectionsIn, type ReplayedEvent } from './projection-runner';
import { readFinalEvents } from './rebuild-read';

export interface RebuildProgress {
  phase: 'replaying' | 'swapping' | 'done';
  /** Events replayed so far. */
  done: number;
  /** Events in the store when the rebuild began (it may grow meanwhile). */
  total: number;
}

export interface RebuildOptions {
  database: Database;
  store: EventStore;
  projections: readonly Projection<ReadModels>[];
  batchSize?: number;
  /**
   * Connections applying batches at once, each projection's batches in order on any free one, so
   * PostgreSQL writes one projection's rows while this process folds another's. Default: 3 on
   * PostgreSQL; on the embedded store (one connection, in this process) always 1.
   */
  connections?: number;
  onProgress?: (progress: RebuildProgress) => void | Promise<void>;
}

type Trx = Transaction<ReadModels>;

/** Events per batch: each batch is a few statements per projection, so larger batches mean fewer round trips. */
export const DEFAULT_REBUILD_BATCH = 5000;
export const DEFAULT_REBUILD_CONNECTIONS = 3;
/** Batches read but not yet applied by every projection, at most: bounds the memory a slow projection holds. */
const BATCHES_AHEAD = 3;

const useSchema = (trx: Trx, schema: string) => sql`select set_config('search_path', ${`"${schema}"`}, true)`.execute(trx);
/**
 * The shadow schema, and commits that do not wait for their WAL flush: a crash loses at most the
 * last few shadow batches of a rebuild that fails anyway (a new one starts over with a fresh
 * shadow schema), and the swap commits durably, flushing all of them before it.
 */
const fillShadow = (trx: Trx, schema: string) =>
  sql`select set_config('search_path', ${`"${schema}"`}, true), set_config('synchronous_commit', 'off', true)`.execute(trx);

/** Tables the projections own: the read models and their migration records, not the shared checkpoints. */
async function tablesIn(trx: Trx, schema: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select table_name as name from information_schema.tables
    where table_schema = ${schema} and table_type = 'BASE TABLE' and table_name not in ('projection_checkpoints', ${CHECKPOINTS_MIGRATION_TABLE})
    order by table_name`.execute(trx);
  return rows.map((row) => row.name);
}

/**
 * Replays the whole store into fresh read-model tables in a shadow schema while the engine goes on
 * serving, then swaps them in. The swap holds every rebuilt projection's checkpoint row, so the
 * live runner waits, applies the last few events itself, and moves the tables in one transaction:
 * readers see the old model or the new one, never a half-built one.
 */
export async function rebuildProjections(options: RebuildOptions): Promise<{ events: number; checkpoint: Checkpoint }> {
  const { database, store, projections } = options;
  const db = database.db as Kysely<ReadModels>;
  const main = database.schema;
  const shadow = `${main.slice(0, 50)}_rebuild`;
  const batchSize = options.batchSize ?? DEFAULT_REBUILD_BATCH;
  const names = projections.map((p) => p.name);
  const total = await store.headPosition();
  let done = 0;
  const report = async (phase: RebuildProgress['phase']) => options.onProgress?.({ phase, done, total });

  await sql`drop schema if exists ${sql.id(shadow)} cascade`.execute(db);
  await sql`create schema ${sql.id(shadow)}`.execute(db);
  // The shadow tables fill without their secondary indexes, which are built once at the end
  // (one sort each instead of an index entry per row written); the keys upserts need stay, and
  // so do the indexes a projection looks its rows up by (without them each batch's look-up
  // would scan the whole table filled so far).
  const lookupIndexes = projections.flatMap((p) => p.lookupIndexes ?? []);
  const deferredIndexes = await db.transaction().execute(async (trx) => {
    await useSchema(trx, shadow);
    await migrateProjectionsIn(trx, projections);
    const { rows } = await sql<{ name: string; definition: string }>`select c.relname as name, pg_get_indexdef(c.oid) as definition
      from pg_index x join pg_class c on c.oid = x.indexrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ${shadow} and not x.indisunique and not x.indisprimary and c.relname <> all(${lookupIndexes}::text[]) order by c.relname`.execute(
      trx,
    );
    for (const row of rows) await sql`drop index ${sql.id(shadow, row.name)}`.execute(trx);
    return rows;
  });

  const applyInShadow = async (trx: Trx, to: readonly Projection<ReadModels>[], batch: readonly ReplayedEvent[], durable = true) => {
    await (durable ? useSchema(trx, shadow) : fillShadow(trx, shadow));
    await applyBatch(trx, to, batch);
    await useSchema(trx, main);
  };

  // On one connection every batch is one transaction for all projections; on several, each
  // projection applies its own batches (in order, a transaction each) on whichever is free.
  const connections = database.kind === 'postgres' ? Math.max(1, options.connections ?? DEFAULT_REBUILD_CONNECTIONS) : 1;
  let from = START;
  const appliers = connections > 1 ? await database.openReader(connections) : { db, close: async () => undefined };
  const applyDb = appliers.db as Kysely<ReadModels>;
  try {
    const units = connections > 1 ? projections.map((p) => [p]) : [projections];
    const chains = units.map(() => Promise.resolve());
    const applied: Promise<unknown>[] = [];
    let failed = false;
    const applyEverywhere = (batch: readonly ReplayedEvent[]) => {
      const all = Promise.all(
        units.map(
          (unit, i) => (chains[i] = chains[i]!.then(() => applyDb.transaction().execute((trx) => applyInShadow(trx, unit, batch, false)))),
        ),
      ).then(async () => {
        done += batch.length;
        await report('replaying');
      });
      // A failure is reported by the awaits below, not as an unhandled rejection meanwhile.
      all.catch(() => (failed = true));
      applied.push(all);
    };

    // Up to the store's head as the rebuild began, a plain scan (all of it is final); past it, what
    // was appended meanwhile, with the store's own read.
    const head = await store.headCheckpoint();
    const read = (after: Checkpoint) =>
      compareCheckpoints(after, head) < 0 ? readFinalEvents(db, after, head, batchSize) : store.readAll(after, batchSize);
    await report('replaying');
    // The next batch is read (on another connection) while this one is applied.
    let next: Promise<readonly ReplayedEvent[]> = read(from);
    for (;;) {
      const batch = await next;
      if (batch.length === 0) break;
      from = checkpointOf(batch[batch.length - 1]!);
      next = read(from);
      next.catch(() => undefined);
      applyEverywhere(batch);
      if (applied.length > BATCHES_AHEAD) await applied[applied.length - 1 - BATCHES_AHEAD];
      if (failed) break;
    }
    // Every transaction ends before the connections close, a failed one or not.
    const failure = (await Promise.allSettled(applied)).find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;

    // Definitions as the catalog gave them above (not from any input), run with the shadow schema
    // first; on several connections, several at once.
    const build = (definitions: readonly { definition: string }[]) =>
      applyDb.transaction().execute(async (trx) => {
        await useSchema(trx, shadow);
        for (const index of definitions) await sql.raw(index.definition).execute(trx);
      });
    await Promise.all(connections > 1 ? deferredIndexes.map((index) => build([index])) : [build(deferredIndexes)]);
  } finally {
    await appliers.close();
  }

  await report('swapping');
  await db.transaction().execute(async (trx) => {
    // Holding the live checkpoints stops the runners; they resume past the rebuilt ones.
    await lockCheckpoints(trx, names);
    const inTransaction = createPostgresEventStore(database, { executor: trx });
    for (;;) {
      const batch = await inTransaction.readAll(from, batchSize);
      if (batch.length === 0) break;
      await applyInShadow(trx, projections, batch);
      from = checkpointOf(batch[batch.length - 1]!);
      done += batch.length;
    }
    for (const table of await tablesIn(trx, shadow)) {
      await sql`drop table if exists ${sql.id(main, table)} cascade`.execute(trx);
      await sql`alter table ${sql.id(shadow, table)} set schema ${sql.id(main)}`.execute(trx);
    }
    await useSchema(trx, shadow);
    const rebuilt = await readCheckpoints(trx);
    await useSchema(trx, main);
    await writeCheckpoints(trx, new Map(names.map((name) => [name, rebuilt.get(name) ?? START])));
    await sql`drop schema ${sql.id(shadow)} cascade`.execute(trx);
  });
  await report('done');
  return { events: done, checkpoint: from };
}
