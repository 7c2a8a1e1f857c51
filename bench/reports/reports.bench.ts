import { mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { call, signIn } from '../support/api-client';
import { sql } from 'kysely';
import { PROJECTIONS } from '@plantride/projections';
import { openDatabase, type Database } from '../../engine/src/database/database';
import { migrateEventStore } from '../../engine/src/event-store/migrations';
import { migrateProjections } from '../../engine/src/projection-runner/projection-runner';
import { createBenchStore, DATABASE_URL, dropSchemas, resolveModes, type Mode } from '../support/bench-modes';
import { count, flags } from '../support/cli-flags';
import { startEngine } from '../support/engine-child';
import { machineInfo } from '../support/machine';
import { printTable, ROOT, writeResults } from '../support/report';
import { perSecond, Samples, summarize } from '../support/stats';
import { seededRandom } from '../../engine/src/test-support/seeded-random';
import { reportQueries } from './report-queries';
import { checkFoldAgainstProjection, loadReports } from './reports-store';
import { explainReports, type Explained } from './explain-reports';

const USAGE = `npm run bench:reports -- [--mode embedded|services|both] [--quick] [--rides 1000000] [--days 365] [--queries 200] [--check-rides 1000] [--cpu-prof]
    [--keep-schema NAME] [--csv-only]
Loads a ride reports read model of --rides rides (the replay bench's generated history, folded the way
the reports projection does and checked against the real projection on --check-rides of them), starts
the engine on it (--check-rides 0 skips that check), times --queries varied filtered and paged GET /api/reports/rides, then the whole CSV
export: rows/s and the engine's memory growth. --quick: 20,000 rides, 100 queries.
--keep-schema NAME (services): keep the loaded report tables in schema NAME and use them on the next run
with the same --rides instead of loading again (A/B runs of engine changes on one read model; drop it by hand;
tables kept from before a reports migration lack what it adds). --csv-only: skip
the page queries and the EXPLAINs.`;

const values = flags(USAGE, {
  rides: { type: 'string' },
  days: { type: 'string' },
  queries: { type: 'string' },
  'check-rides': { type: 'string' },
  seed: { type: 'string' },
  'cpu-prof': { type: 'boolean' },
  'keep-schema': { type: 'string' },
  'csv-only': { type: 'boolean' },
});
const rides = count(values.rides, values.quick ? 20_000 : 1_000_000, 'rides');
const days = count(values.days, 365, 'days');
const queryCount = count(values.queries, values.quick ? 100 : 200, 'queries');
const checkRides = count(values['check-rides'], values.quick ? 300 : 1000, 'check-rides');
const seed = count(values.seed, 11, 'seed');
const keepSchema = values['keep-schema'] as string | undefined;
if (keepSchema !== undefined && !/^bench_[a-z0-9_]+$/.test(keepSchema))
  throw new Error('--keep-schema must look like bench_<letters, digits, _>');
const csvOnly = values['csv-only'] === true;

async function checkFold(mode: Mode, schema: string) {
  const database = await openDatabase(mode === 'services' ? { url: DATABASE_URL, schema, maxConnections: 2 } : { schema: 'public' });
  try {
    return await checkFoldAgainstProjection(database, checkRides, seed);
  } finally {
    await database.close();
    if (mode === 'services') await dropSchemas([schema, `${schema}_rebuild`]);
  }
}

const loadAverage = () => loadavg().map((n) => Math.round(n * 100) / 100);

const REPORT_TABLES = ['ride_reports', 'report_drivers', 'report_driver_names', 'report_maintenance_requests'];

/**
 * --keep-schema: the loaded report tables live in that schema between runs. A run migrates its own
 * fresh schema as usual, swaps in the kept tables (ALTER TABLE … SET SCHEMA: no copy; indexes and
 * statistics go with them) and hands them back at the end, so each engine still starts on a fresh
 * store. Answers whether the tables were there to take (else the run loads them).
 */
async function takeKeptTables(database: Database, schema: string, rideCount: number): Promise<boolean> {
  if (keepSchema === undefined) return false;
  const { rows } = await sql<{
    n: string;
  }>`select count(*) as n from information_schema.tables where table_schema = ${keepSchema} and table_name in (${sql.join(REPORT_TABLES)})`.execute(
    database.db,
  );
  if (Number(rows[0]!.n) !== REPORT_TABLES.length) return false;
  const kept = await sql<{ n: string }>`select count(*) as n from ${sql.table(`${keepSchema}.ride_reports`)}`.execute(database.db);
  if (Number(kept.rows[0]!.n) !== rideCount)
    throw new Error(`schema ${keepSchema} holds ${kept.rows[0]!.n} rides, not ${rideCount}: drop it or pass --rides ${kept.rows[0]!.n}`);
  for (const table of REPORT_TABLES) {
    await sql`drop table ${sql.table(`${schema}.${table}`)}`.execute(database.db);
    await sql`alter table ${sql.table(`${keepSchema}.${table}`)} set schema ${sql.id(schema)}`.execute(database.db);
  }
  return true;
}

async function handBackKeptTables(schema: string): Promise<void> {
  if (keepSchema === undefined) return;
  const database = await openDatabase({ url: DATABASE_URL, schema, maxConnections: 1 });
  try {
    await sql`create schema if not exists ${sql.id(keepSchema)}`.execute(database.db);
    for (const table of REPORT_TABLES) {
      const where = await sql<{
        schema: string;
      }>`select table_schema as schema from information_schema.tables where table_schema in (${keepSchema}, ${schema}) and table_name = ${table}`.execute(
        database.db,
      );
      const schemas = where.rows.map((row) => row.schema);
      if (schemas.includes(schema) && !schemas.includes(keepSchema))
        await sql`alter table ${sql.table(`${schema}.${table}`)} set schema ${sql.id(keepSchema)}`.execute(database.db);
    }
  } finally {
    await database.close();
  }
}

async function runMode(mode: Mode) {
  if (keepSchema !== undefined && mode !== 'services') throw new Error('--keep-schema needs --mode services');
  const store = createBenchStore(mode, 'reports');
  try {
    if (checkRides > 0) {
      const foldDiffers = await checkFold(mode, `${store.schema}_check`);
      if (Object.keys(foldDiffers).length > 0)
        throw new Error(
          `the bulk load no longer matches the reports projection (rows on one side only, and the first of each side):\n${JSON.stringify(foldDiffers, null, 2)}`,
        );
      console.log(`[${mode}] bulk load checked against the reports projection on ${checkRides} rides`);
    } else console.log(`[${mode}] --check-rides 0: the bulk load is NOT checked against the reports projection`);
    const database = await openDatabase(
      mode === 'services' ? { url: DATABASE_URL, schema: store.schema, maxConnections: 2 } : { dataDir: store.dataDir },
    );
    let loaded;
    try {
      let shown = 0;
      await migrateEventStore(database.db);
      await migrateProjections(database.db, PROJECTIONS);
      loaded = (await takeKeptTables(database, store.schema, rides))
        ? { rides, ms: 0 }
        : await loadReports(
            database,
            rides,
            days,
            seed,
            (n) => n - shown >= 100_000 && console.log(`[${mode}] ${(shown = n)} rides loaded`),
          );
    } finally {
      await database.close();
    }
    console.log(`[${mode}] ${loaded.rides} rides loaded in ${(loaded.ms / 1000).toFixed(1)} s; starting the engine`);
    const profileDir = resolve(ROOT, 'bench-results/profiles');
    if (values['cpu-prof']) mkdirSync(profileDir, { recursive: true });
    const engine = await startEngine(store, { readyTimeoutMs: 600_000, cpuProfDir: values['cpu-prof'] ? profileDir : undefined });
    try {
      const token = await signIn(engine.url, engine.adminTokenNo, engine.adminPassword);
      const driverIds = ['Forklift', 'Crane', 'AMR', 'Cherry Picker'].flatMap((_, t) =>
        Array.from({ length: 40 }, (__, i) => `D${t}${String(i + 1).padStart(3, '0')}`),
      );
      const queries = reportQueries(seededRandom(seed), queryCount, days, driverIds);
      // Warm the engine and the database's caches the way a working day would.
      for (const q of queries.slice(0, 10)) await call(engine.url, 'GET', `/api/reports/rides?${q.query}`, token);
      const latency = new Samples();
      const failures: string[] = [];
      for (const q of csvOnly ? [] : queries) {
        const answer = await call(engine.url, 'GET', `/api/reports/rides?${q.query}`, token);
        if (answer.status !== 200) failures.push(`${answer.status} ${q.query}: ${JSON.stringify(answer.body).slice(0, 200)}`);
        latency.add(q.kind, answer.ms);
      }
      const before = engine.memory();
      engine.resetPeak();
      const started = performance.now();
      const response = await fetch(`${engine.url}/api/reports/rides.csv`, { headers: { authorization: `Bearer ${token}` } });
      let bytes = 0;
      let lines = 0;
      let peakDuring = 0;
      const sampler = setInterval(() => (peakDuring = Math.max(peakDuring, engine.memory()?.peakMb ?? 0)), 250);
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.length;
        for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
      }
      clearInterval(sampler);
      const csvMs = performance.now() - started;
      const after = engine.memory();
      const peakMb = Math.max(peakDuring, after?.peakMb ?? 0);
      // Quoted cells hold no newlines in this data, so lines less the header are rows.
      const csvRows = lines - 1;
      const explained: Explained[] = mode === 'services' && !csvOnly ? await explainReports(DATABASE_URL, store.schema, 'D1007') : [];
      return {
        mode,
        loadAverage: loadAverage(),
        rides: loaded.rides,
        loadSeconds: Math.round(loaded.ms / 100) / 10,
        page: (csvOnly ? {} : { all: summarize(latency.all()), ...latency.summaries() }) as Record<string, ReturnType<typeof summarize>>,
        failures,
        explained,
        csv: {
          status: response.status,
          rows: csvRows,
          megabytes: Math.round(bytes / 2 ** 20),
          seconds: Math.round(csvMs / 100) / 10,
          rowsPerSecond: Math.round(perSecond(csvRows, csvMs)),
          rssBeforeMb: before?.rssMb ?? null,
          peakMb,
          growthMb: before ? Math.round((peakMb - before.rssMb) * 10) / 10 : null,
        },
      };
    } finally {
      await engine.stop();
    }
  } finally {
    if (mode === 'services') await handBackKeptTables(store.schema);
    await store.cleanup();
  }
}

const machine = await machineInfo();
const runs = [];
for (const mode of await resolveModes(values.mode)) runs.push(await runMode(mode));
const busy = machine.busy ? ` — BUSY MACHINE (${Math.round(machine.busyBefore * 100)}% CPU used by others before start)` : '';
for (const run of runs) {
  if (!csvOnly)
    printTable(
      `[${run.mode}] GET /api/reports/rides over ${run.rides} rides, ${queryCount} queries (ms)${busy}`,
      ['filter', 'count', 'p50', 'p95', 'p99', 'max'],
      Object.entries(run.page).map(([k, s]) => [k, s.count, s.p50, s.p95, s.p99, s.max]),
    );
  if (run.failures.length) console.log(`  failures: ${run.failures.slice(0, 5).join('\n  ')}`);
  printTable(
    `[${run.mode}] GET /api/reports/rides.csv (everything); load average ${run.loadAverage.join(' ')} at the end`,
    ['status', 'rows', 'MB', 's', 'rows/s', 'engine RSS before MB', 'peak MB', 'growth MB'],
    [
      [
        run.csv.status,
        run.csv.rows,
        run.csv.megabytes,
        run.csv.seconds,
        run.csv.rowsPerSecond,
        run.csv.rssBeforeMb,
        run.csv.peakMb,
        run.csv.growthMb,
      ],
    ],
  );
}
for (const run of runs) {
  if (run.explained.length)
    printTable(
      `[${run.mode}] EXPLAIN ANALYZE of the reports statements (details in the JSON)`,
      ['statement', 'execution ms', 'plan top'],
      run.explained.map((e) => [e.what, e.executionMs, e.plan[0]?.slice(0, 70)]),
    );
}
writeResults('reports', { bench: 'reports', machine, rides, days, queries: queryCount, checkRides, runs });
