import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../../engine/src/database/database';
import { migrateEventStore } from '../../engine/src/event-store/migrations';
import { createPostgresEventStore } from '../../engine/src/event-store/postgres-event-store';
import { DATABASE_URL, dropSchemas, postgresReachable } from '../support/bench-modes';
import { count, flags } from '../support/cli-flags';
import { machineInfo } from '../support/machine';
import { printTable, writeResults } from '../support/report';
import { summarize, type Summary } from '../support/stats';

const USAGE = `npm run bench:append -- [--mode embedded|services|both] [--quick] [--seconds 5] [--rounds 3] [--concurrency 1,16,64] [--diagnose]
Our event store's append (one event on a fresh stream) against a plain single-row INSERT (autocommit)
into a table of the same shape (LIKE events INCLUDING ALL: columns, identity, constraints, indexes;
no triggers, no streams row), on the same database and pool, interleaved.
The store's append wakes readers after it commits (this process's at once, others' with one NOTIFY
per batch of appends, outside the append's transaction), so that cost is part of it.
--diagnose adds two paths that show where the difference goes: the plain insert into a table with a
NOTIFY trigger (how the store woke readers until migration 0002), and the store's append with its
first-write check (the events_first_write trigger) disabled in the bench's schema.`;

const values = flags(USAGE, {
  seconds: { type: 'string' },
  rounds: { type: 'string' },
  concurrency: { type: 'string' },
  diagnose: { type: 'boolean' },
});
const seconds = count(values.seconds, values.quick ? 1.5 : 5, 'seconds');
const rounds = count(values.rounds, values.quick ? 1 : 3, 'rounds');
const levels = String(values.concurrency ?? '1,16,64')
  .split(',')
  .map((c) => count(c, 1, 'concurrency'));

type Path = 'store append' | 'plain insert' | 'plain insert + notify' | 'store append, no first-write check';
const PATHS: Path[] = values.diagnose
  ? ['store append', 'plain insert', 'plain insert + notify', 'store append, no first-write check']
  : ['store append', 'plain insert'];
interface Cell {
  path: Path;
  concurrency: number;
  round: number;
  appends: number;
  perSecond: number;
  latency: Summary;
}

// A RideRequested as the booking route writes it: the shape and size the store sees in service.
const rideRequested = (rideId: string) => ({
  rideId,
  requesterId: 'R0001',
  requesterName: 'Asha Rao',
  requesterMobile: '9000000001',
  fromLocation: 'main gate',
  toLocation: 'canteen',
  vehicleType: 'Forklift',
  rideType: 'Regular',
  estimatedMinutes: 11,
  durationMinutes: null,
  requestedAt: new Date().toISOString(),
});
const metadata = () => ({
  commandId: randomUUID(),
  correlationId: randomUUID(),
  causationId: null,
  actor: { tokenNo: 'R0001', role: 'requester' },
});

async function prepare(database: Database): Promise<void> {
  await migrateEventStore(database.db);
  await sql`create table if not exists plain_events (like events including all)`.execute(database.db);
  await sql`create table if not exists notify_events (like events including all)`.execute(database.db);
  // The trigger the store had until migration 0002: one NOTIFY per statement, inside the writer's transaction.
  await sql`
    create or replace function bench_notify() returns trigger language plpgsql as $$
    begin
      perform pg_notify(tg_table_schema || '_events', '');
      return null;
    end $$`.execute(database.db);
  await sql`create or replace trigger notify_events_notify after insert on notify_events for each statement execute function bench_notify()`.execute(
    database.db,
  );
}

/** The store's first-write check on or off, in this bench's own schema only. */
const firstWriteCheck = (database: Database, on: boolean) =>
  sql.raw(`alter table events ${on ? 'enable' : 'disable'} trigger events_first_write`).execute(database.db);

function appender(database: Database, path: Path): () => Promise<unknown> {
  const store = createPostgresEventStore(database);
  if (path.startsWith('store append')) {
    return async () => {
      const rideId = randomUUID();
      return store.append(
        `ride-${rideId}`,
        0,
        [{ eventId: randomUUID(), type: 'RideRequested', schemaVersion: 1, data: rideRequested(rideId) }],
        metadata(),
      );
    };
  }
  return () => {
    const rideId = randomUUID();
    return sql`insert into ${sql.table(path === 'plain insert' ? 'plain_events' : 'notify_events')} (stream_id, stream_position, event_id, event_type, schema_version, data, metadata)
      values (${`ride-${rideId}`}, 1, ${randomUUID()}, 'RideRequested', 1, ${JSON.stringify(rideRequested(rideId))}::jsonb, ${JSON.stringify(metadata())}::jsonb)`.execute(
      database.db,
    );
  };
}

/** `concurrency` writers, each appending one after the other for `ms`. */
async function measure(database: Database, path: Path, concurrency: number, ms: number): Promise<{ appends: number; latencies: number[] }> {
  if (database.kind === 'postgres' && path.startsWith('store append')) await firstWriteCheck(database, path === 'store append');
  const append = appender(database, path);
  const latencies: number[] = [];
  const until = performance.now() + ms;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        await append();
        latencies.push(performance.now() - started);
      }
    }),
  );
  return { appends: latencies.length, latencies };
}

async function runOn(kind: 'postgres' | 'pglite'): Promise<Cell[]> {
  const schema = `bench_append_${randomUUID().slice(0, 8)}`;
  const cells: Cell[] = [];
  // The diagnosis needs ALTER TABLE … DISABLE TRIGGER and a second connection, which are PostgreSQL matters.
  const paths = kind === 'postgres' ? PATHS : PATHS.slice(0, 2);
  try {
    for (const concurrency of levels) {
      // A pool as wide as the writers, so neither path waits for a connection.
      const database = await openDatabase(
        kind === 'postgres' ? { url: DATABASE_URL, schema, maxConnections: concurrency } : { schema: 'public' },
      );
      try {
        await prepare(database);
        // Warm both paths (connections, plans) before anything counts.
        for (const path of paths) await measure(database, path, concurrency, 300);
        for (let round = 1; round <= rounds; round += 1) {
          // Alternate which goes first, so a drift in the machine's load falls on both.
          const order: Path[] = round % 2 === 1 ? paths : [...paths].reverse();
          for (const path of order) {
            const { appends, latencies } = await measure(database, path, concurrency, seconds * 1000);
            cells.push({ path, concurrency, round, appends, perSecond: Math.round(appends / seconds), latency: summarize(latencies) });
            console.log(`${kind} c=${concurrency} round ${round} ${path}: ${Math.round(appends / seconds)}/s`);
          }
        }
      } finally {
        await database.close();
      }
    }
  } finally {
    if (kind === 'postgres') await dropSchemas([schema]);
  }
  return cells;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

const machine = await machineInfo();
const kinds: Array<'postgres' | 'pglite'> = [];
if (values.mode !== 'services') kinds.push('pglite');
if (values.mode !== 'embedded' && (await postgresReachable())) kinds.unshift('postgres');
const results: Record<string, unknown> = { bench: 'append', machine, seconds, rounds, levels, stores: {} };
for (const kind of kinds) {
  const cells = await runOn(kind);
  const rows = levels.map((concurrency) => {
    const of = (path: Path) => cells.filter((c) => c.concurrency === concurrency && c.path === path);
    const ours = median(of('store append').map((c) => c.perSecond));
    const plain = median(of('plain insert').map((c) => c.perSecond));
    const p99 = (path: Path) => median(of(path).map((c) => c.latency.p99));
    const extra =
      values.diagnose && kind === 'postgres'
        ? {
            plainNotifyPerSecond: median(of('plain insert + notify').map((c) => c.perSecond)),
            storeNoCheckPerSecond: median(of('store append, no first-write check').map((c) => c.perSecond)),
          }
        : {};
    return {
      concurrency,
      storeAppendPerSecond: ours,
      plainInsertPerSecond: plain,
      ratio: Math.round((ours / plain) * 100) / 100,
      storeP99Ms: p99('store append'),
      plainP99Ms: p99('plain insert'),
      ...extra,
    };
  });
  (results.stores as Record<string, unknown>)[kind] = { summary: rows, cells };
  printTable(
    `Append ceiling on ${kind} (${rounds} round(s) of ${seconds} s, medians)${machine.busy ? ' — BUSY MACHINE' : ''}`,
    ['writers', 'store append/s', 'plain insert/s', 'ratio', 'store p99 ms', 'plain p99 ms'],
    rows.map((r) => [
      r.concurrency,
      r.storeAppendPerSecond,
      r.plainInsertPerSecond,
      `${Math.round(r.ratio * 100)}%`,
      r.storeP99Ms,
      r.plainP99Ms,
    ]),
  );
  if (values.diagnose && kind === 'postgres') {
    printTable(
      'Where the difference goes (appends/s)',
      [
        'writers',
        'plain insert',
        'plain insert + NOTIFY trigger (the store until 0002)',
        'store append',
        'store append, first-write check off',
      ],
      rows.map((r) => [r.concurrency, r.plainInsertPerSecond, r.plainNotifyPerSecond, r.storeAppendPerSecond, r.storeNoCheckPerSecond]),
    );
  }
}
writeResults('append', results);
