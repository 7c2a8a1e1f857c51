import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../../engine/src/database/database';
import { call, signIn } from '../support/api-client';
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
Loads a ride reports read model of --rides rides (the replay bench's generated history, folded the way
the reports projection does and checked against the real projection on --check-rides of them), starts
the engine on it (--check-rides 0 skips that check), times --queries varied filtered and paged GET /api/reports/rides, then the whole CSV
export: rows/s and the engine's memory growth. --quick: 20,000 rides, 100 queries.`;

const values = flags(USAGE, { rides: { type: 'string' }, days: { type: 'string' }, queries: { type: 'string' }, 'check-rides': { type: 'string' }, seed: { type: 'string' }, 'cpu-prof': { type: 'boolean' } });
const rides = count(values.rides, values.quick ? 20_000 : 1_000_000, 'rides');
const days = count(values.days, 365, 'days');
const queryCount = count(values.queries, values.quick ? 100 : 200, 'queries');
const checkRides = count(values['check-rides'], values.quick ? 300 : 1000, 'check-rides');
const seed = count(values.seed, 11, 'seed');

async function checkFold(mode: Mode, schema: string) {
  const database = await openDatabase(mode === 'services' ? { url: DATABASE_URL, schema, maxConnections: 2 } : { schema: 'public' });
  try {
    return await checkFoldAgainstProjection(database, checkRides, seed);
  } finally {
    await database.close();
    if (mode === 'services') await dropSchemas([schema, `${schema}_rebuild`]);
  }
}

async function runMode(mode: Mode) {
  const store = createBenchStore(mode, 'reports');
  try {
    if (checkRides > 0) {
      const foldDiffers = await checkFold(mode, `${store.schema}_check`);
      if (Object.keys(foldDiffers).length > 0) throw new Error(`the bulk load no longer matches the reports projection: ${JSON.stringify(foldDiffers)} rows differ`);
      console.log(`[${mode}] bulk load checked against the reports projection on ${checkRides} rides`);
    } else console.log(`[${mode}] --check-rides 0: the bulk load is NOT checked against the reports projection`);
    const database = await openDatabase(mode === 'services' ? { url: DATABASE_URL, schema: store.schema, maxConnections: 2 } : { dataDir: store.dataDir });
    let loaded;
    try {
      let shown = 0;
      loaded = await loadReports(database, rides, days, seed, (n) => n - shown >= 100_000 && console.log(`[${mode}] ${(shown = n)} rides loaded`));
    } finally {
      await database.close();
    }
    console.log(`[${mode}] ${loaded.rides} rides loaded in ${(loaded.ms / 1000).toFixed(1)} s; starting the engine`);
    const profileDir = resolve(ROOT, 'bench-results/profiles');
    if (values['cpu-prof']) mkdirSync(profileDir, { recursive: true });
    const engine = await startEngine(store, { readyTimeoutMs: 600_000, cpuProfDir: values['cpu-prof'] ? profileDir : undefined });
    try {
      const token = await signIn(engine.url, engine.adminTokenNo, engine.adminPassword);
      const driverIds = ['Forklift', 'Crane', 'AMR', 'Cherry Picker'].flatMap((_, t) => Array.from({ length: 40 }, (__, i) => `D${t}${String(i + 1).padStart(3, '0')}`));
      const queries = reportQueries(seededRandom(seed), queryCount, days, driverIds);
      // Warm the engine and the database's caches the way a working day would.
      for (const q of queries.slice(0, 10)) await call(engine.url, 'GET', `/api/reports/rides?${q.query}`, token);
      const latency = new Samples();
      const failures: string[] = [];
      for (const q of queries) {
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
      const explained: Explained[] = mode === 'services' ? await explainReports(DATABASE_URL, store.schema, 'D1007') : [];
      return {
        mode,
        rides: loaded.rides,
        loadSeconds: Math.round(loaded.ms / 100) / 10,
        page: { all: summarize(latency.all()), ...latency.summaries() },
        failures,
        explained,
        csv: { status: response.status, rows: csvRows, megabytes: Math.round(bytes / 2 ** 20), seconds: Math.round(csvMs / 100) / 10, rowsPerSecond: Math.round(perSecond(csvRows, csvMs)), rssBeforeMb: before?.rssMb ?? null, peakMb, growthMb: before ? Math.round((peakMb - before.rssMb) * 10) / 10 : null },
      };
    } finally {
      await engine.stop();
    }
  } finally {
    await store.cleanup();
  }
}

const machine = await machineInfo();
const runs = [];
for (const mode of await resolveModes(values.mode)) runs.push(await runMode(mode));
const busy = machine.busy ? ` — BUSY MACHINE (${Math.round(machine.busyBefore * 100)}% CPU used by others before start)` : '';
for (const run of runs) {
  printTable(`[${run.mode}] GET /api/reports/rides over ${run.rides} rides, ${queryCount} queries (ms)${busy}`, ['filter', 'count', 'p50', 'p95', 'p99', 'max'], Object.entries(run.page).map(([k, s]) => [k, s.count, s.p50, s.p95, s.p99, s.max]));
  if (run.failures.length) console.log(`  failures: ${run.failures.slice(0, 5).join('\n  ')}`);
  printTable(`[${run.mode}] GET /api/reports/rides.csv (everything)`, ['status', 'rows', 'MB', 's', 'rows/s', 'engine RSS before MB', 'peak MB', 'growth MB'], [
    [run.csv.status, run.csv.rows, run.csv.megabytes, run.csv.seconds, run.csv.rowsPerSecond, run.csv.rssBeforeMb, run.csv.peakMb, run.csv.growthMb],
  ]);
}
for (const run of runs) {
  if (run.explained.length) printTable(`[${run.mode}] EXPLAIN ANALYZE of the reports statements (details in the JSON)`, ['statement', 'execution ms', 'plan top'], run.explained.map((e) => [e.what, e.executionMs, e.plan[0]?.slice(0, 70)]));
}
writeResults('reports', { bench: 'reports', machine, rides, days, queries: queryCount, checkRides, runs });
