import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { openDatabase } from '../../engine/src/database/database';
import { inParallel } from '../support/api-client';
import { createBenchStore, DATABASE_URL, REDIS_URL, resolveModes, type BenchStore, type Mode } from '../support/bench-modes';
import { count, flags } from '../support/cli-flags';
import { BENCH_METRICS_TOKEN, startEngine, type EngineChild } from '../support/engine-child';
import { machineInfo } from '../support/machine';
import { ROOT, writeResults } from '../support/report';
import { perSecond, summarize } from '../support/stats';
import { CommandLog } from './command-log';
import { auditCommands, auditDeliveries, auditReadModels, readEvents } from './load-audit';
import { driver, maintenanceHead, requester, type Behaviour, type Run } from './load-parties';
import { createPeople } from './load-people';
import { printLoad } from './load-report';
import { connectParty, type PartySocket, type Receipt } from './live-socket';
import { setTimeout as sleep } from 'node:timers/promises';
import { seededRandom } from '../../engine/src/test-support/seeded-random';
import { socketCeiling } from './socket-ceiling';
import { sampleXmin, type XminSamples } from './xmin-sampler';

const USAGE = `npm run bench:load -- [--mode embedded|services|both] [--quick] [--requesters 200] [--drivers 100] [--duration 60]
  [--think-ms 100] [--cancel-share 0.05] [--breakdown-share 0.03] [--seed 1] [--cpu-prof] [--no-ceiling]
Starts the engine as a child process, creates the people over the API, connects every one of them on
socket.io, and plays ride lifecycles (book, drivers race to accept, start, pick, drop, end; cancels and
mid-ride breakdowns handled by a maintenance head) for the duration. Then audits the store, the socket
deliveries and the read models, and plays the same socket events through a bare socket.io server.
--quick: 40 requesters, 20 drivers, 15 s.`;

const values = flags(USAGE, {
  requesters: { type: 'string' }, drivers: { type: 'string' }, duration: { type: 'string' }, 'think-ms': { type: 'string' },
  'cancel-share': { type: 'string' }, 'breakdown-share': { type: 'string' }, seed: { type: 'string' }, 'cpu-prof': { type: 'boolean' }, 'no-ceiling': { type: 'boolean' },
});
const requesters = count(values.requesters, values.quick ? 40 : 200, 'requesters');
const drivers = count(values.drivers, values.quick ? 20 : 100, 'drivers');
const durationMs = count(values.duration, values.quick ? 15 : 60, 'duration') * 1000;
const behaviour: Behaviour = {
  thinkMs: count(values['think-ms'], 100, 'think-ms'),
  cancelShare: count(values['cancel-share'], 0.05, 'cancel-share'),
  breakdownShare: count(values['breakdown-share'], 0.03, 'breakdown-share'),
  rideTimeoutMs: 30_000,
};
const seed = count(values.seed, 1, 'seed');

async function lagOf(url: string): Promise<number> {
  const text = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` } }).then((r) => r.text(), () => '');
  const lags = text.split('\n').filter((l) => l.startsWith('plantride_projection_lag_events{')).map((l) => Number(l.split(' ').at(-1)));
  return lags.length === 0 ? Infinity : Math.max(...lags);
}

async function untilQuiet(receipts: Receipt[], quietMs: number, maxMs: number): Promise<void> {
  const deadline = Date.now() + maxMs;
  let seen = -1;
  while (Date.now() < deadline && receipts.length !== seen) {
    seen = receipts.length;
    await sleep(quietMs);
  }
}

async function runMode(mode: Mode) {
  const store: BenchStore = createBenchStore(mode, 'load');
  const log = (text: string) => console.log(`[${mode}] ${text}`);
  let engine: EngineChild | undefined;
  const sockets: PartySocket[] = [];
  try {
    const profileDir = values['cpu-prof'] ? resolve(ROOT, 'bench-results/profiles') : undefined;
    if (profileDir) mkdirSync(profileDir, { recursive: true });
    engine = await startEngine(store, { cpuProfDir: profileDir });
    log(`engine pid ${engine.pid} on ${engine.url}`);
    const setupStarted = Date.now();
    const people = await createPeople(engine.url, { tokenNo: engine.adminTokenNo, password: engine.adminPassword }, requesters, drivers, log);
    const receipts: Receipt[] = [];
    const drops: string[] = [];
    const rooms = new Map<string, string[]>();
    const parties = [
      ...people.requesters.map((p) => ({ person: p, rooms: [`user:${p.tokenNo}`] })),
      ...people.drivers.map((p) => ({ person: p, rooms: [`user:${p.tokenNo}`, `driver:${p.tokenNo}`, `vehicle:${p.vehicleType}`] })),
      { person: people.admin, rooms: [`user:${people.admin.tokenNo}`, 'staff'] },
      { person: people.head, rooms: [`user:${people.head.tokenNo}`, 'staff'] },
    ];
    const live = new Map<string, PartySocket>();
    await inParallel(parties, 16, async ({ person, rooms: partyRooms }) => {
      const socket = await connectParty(engine!.url, person.tokenNo, person.token, receipts, (party, reason) => drops.push(`${party}: ${reason}`));
      sockets.push(socket);
      live.set(person.tokenNo, socket);
      rooms.set(person.tokenNo, partyRooms);
    });
    const startPosition = Number((await fetch(`${engine.url}/api/health`).then((r) => r.json()) as { position: number }).position);
    log(`${parties.length} sockets connected; setup took ${Math.round((Date.now() - setupStarted) / 1000)} s; load for ${durationMs / 1000} s`);

    const commands = new CommandLog(engine.url);
    const stopAt = Date.now() + durationMs;
    const run: Run = { log: commands, random: seededRandom(seed), behaviour, running: () => Date.now() < stopAt, stopped: sleep(durationMs) };
    const cpuBefore = { engine: engine.cpuSeconds() ?? 0, bench: process.cpuUsage() };
    const xmin = mode === 'services' ? sampleXmin(DATABASE_URL, engine.pid) : null;
    const progress = setInterval(() => log(`${commands.issued.length} commands, ${commands.succeeded} ok, ${receipts.length} socket events`), 5000);
    await Promise.all([
      ...people.requesters.map((p) => requester(run, p, live.get(p.tokenNo)!)),
      ...people.drivers.map((p) => driver(run, p, live.get(p.tokenNo)!)),
      maintenanceHead(run, people.head, live.get(people.head.tokenNo)!),
    ]);
    clearInterval(progress);
    const writers: XminSamples | null = (await xmin?.stop()) ?? null;
    const measuredMs = commands.lastAt - commands.firstAt;
    const benchCpu = process.cpuUsage(cpuBefore.bench);
    const cpu = { engineSeconds: Math.round(((engine.cpuSeconds() ?? 0) - cpuBefore.engine) * 10) / 10, benchSeconds: Math.round((benchCpu.user + benchCpu.system) / 1e5) / 10, wallSeconds: Math.round(measuredMs / 100) / 10 };
    await untilQuiet(receipts, 2000, 30_000);
    for (let waited = 0; (await lagOf(engine.url)) > 0 && waited < 120; waited += 1) await sleep(500);
    const engineMemory = engine.memory();
    sockets.forEach((s) => s.close());
    await engine.stop();
    log('engine stopped; auditing');

    const database = await openDatabase(mode === 'services' ? { url: DATABASE_URL, schema: store.schema, maxConnections: 2 } : { dataDir: store.dataDir });
    try {
      const events = await readEvents(database);
      const commandAudit = auditCommands(commands.issued, events);
      const { schedule, ...deliveries } = auditDeliveries(events, startPosition, rooms, receipts);
      const readModels = await auditReadModels(database);
      log('audit done; bare socket.io ceiling');
      const ceilings = [];
      if (!values['no-ceiling']) {
        ceilings.push(await socketCeiling({ rooms, schedule, dir: store.dir }));
        if (mode === 'services') ceilings.push(await socketCeiling({ rooms, schedule, dir: store.dir, redis: { url: REDIS_URL, prefix: `${store.redisPrefix}:ceiling` } }));
      }
      const succeeded = commands.succeeded;
      return {
        mode,
        requesters,
        drivers,
        sockets: parties.length,
        measuredSeconds: Math.round(measuredMs / 100) / 10,
        commands: commands.issued.length,
        succeeded,
        commandsPerSecond: perSecond(commands.issued.length, measuredMs),
        succeededPerSecond: perSecond(succeeded, measuredMs),
        latency: { all: summarize(commands.latency.all()), ...commands.latency.summaries() },
        outcomes: Object.fromEntries([...commands.outcomes].sort()),
        socketDrops: drops,
        cpu,
        engineMemory,
        openWriters: writers,
        audit: { commands: commandAudit, deliveries, readModels },
        ceilings,
        storeEvents: events.length,
      };
    } finally {
      await database.close();
    }
  } catch (error) {
    if (engine) console.error(`engine log tail:\n${engine.tail()}`);
    throw error;
  } finally {
    sockets.forEach((s) => s.close());
    await engine?.stop();
    await store.cleanup();
  }
}

const machine = await machineInfo();
const modes = await resolveModes(values.mode);
const runs = [];
for (const mode of modes) runs.push(await runMode(mode));
const results = { bench: 'load', machine, behaviour, seed, requesters, drivers, durationSeconds: durationMs / 1000, runs };
printLoad(results);
writeResults('load', results);
process.exit(0);
