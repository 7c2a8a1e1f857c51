import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { DATABASE_URL, resolveModes, type Mode } from '../support/bench-modes';
import { count, flags } from '../support/cli-flags';
import { startEngine } from '../support/engine-child';
import { machineInfo } from '../support/machine';
import { ROOT, writeResults } from '../support/report';
import { perSecond, summarize } from '../support/stats';
import { CommandLog } from './command-log';
import { auditRun } from './load-audit';
import { driver, maintenanceHead, requester, type Behaviour, type Run } from './load-parties';
import { createPeople } from './load-people';
import { printLoad } from './load-report';
import { connectEveryone } from './live-socket';
import { engineRun } from './engine-run';
import { setTimeout as sleep } from 'node:timers/promises';
import { seededRandom } from '../../engine/src/test-support/seeded-random';
import { settle } from './settle';
import { sampleXmin, type XminSamples } from './xmin-sampler';

const USAGE = `npm run bench:load -- [--mode embedded|services|both] [--quick] [--requesters 200] [--drivers 100] [--duration 60]
  [--think-ms 100] [--cancel-share 0.05] [--breakdown-share 0.03] [--seed 1] [--cpu-prof] [--no-ceiling] [--socket-process]
Starts the engine as a child process, creates the people over the API, connects every one of them on
socket.io, and plays ride lifecycles (book, drivers race to accept, start, pick, drop, end; cancels and
mid-ride breakdowns handled by a maintenance head) for the duration. Then audits the store, the socket
deliveries and the read models, and plays the same socket events through a bare socket.io server.
--quick: 40 requesters, 20 drivers, 15 s.`;

const values = flags(USAGE, {
  requesters: { type: 'string' },
  drivers: { type: 'string' },
  duration: { type: 'string' },
  'think-ms': { type: 'string' },
  'cancel-share': { type: 'string' },
  'breakdown-share': { type: 'string' },
  seed: { type: 'string' },
  'cpu-prof': { type: 'boolean' },
  'no-ceiling': { type: 'boolean' },
  'socket-process': { type: 'boolean' },
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

async function runMode(mode: Mode) {
  const log = (text: string) => console.log(`[${mode}] ${text}`);
  return engineRun(mode, 'load', async (started) => {
    const { store } = started;
    const profileDir = values['cpu-prof'] ? resolve(ROOT, 'bench-results/profiles') : undefined;
    if (profileDir) mkdirSync(profileDir, { recursive: true });
    // SOCKET_PROCESS=1 (services only): the sockets on a second engine process; the engine figures are the first's.
    const socketProcess = values['socket-process'] && mode === 'services';
    const engine = (started.engine = await startEngine(store, {
      cpuProfDir: profileDir,
      env: socketProcess ? { SOCKET_PROCESS: '1' } : {},
    }));
    log(`engine pid ${engine.pid} on ${engine.url}`);
    const setupStarted = Date.now();
    const people = await createPeople(
      engine.url,
      { tokenNo: engine.adminTokenNo, password: engine.adminPassword },
      requesters,
      drivers,
      log,
    );
    const plant = (started.plant = await connectEveryone(engine.url, people));
    const { live, receipts } = plant;
    const startPosition = Number(((await fetch(`${engine.url}/api/health`).then((r) => r.json())) as { position: number }).position);
    log(
      `${plant.sockets.length} sockets connected; setup took ${Math.round((Date.now() - setupStarted) / 1000)} s; load for ${durationMs / 1000} s`,
    );

    const commands = new CommandLog(engine.url);
    const stopAt = Date.now() + durationMs;
    const run: Run = {
      log: commands,
      random: seededRandom(seed),
      behaviour,
      running: () => Date.now() < stopAt,
      stopped: sleep(durationMs),
    };
    const cpuBefore = { engine: engine.cpuSeconds() ?? 0, bench: process.cpuUsage() };
    const xmin = mode === 'services' ? sampleXmin(DATABASE_URL, engine.pid) : null;
    const progress = setInterval(
      () => log(`${commands.issued.length} commands, ${commands.succeeded} ok, ${receipts.length} socket events`),
      5000,
    );
    await Promise.all([
      ...people.requesters.map((p) => requester(run, p, live.get(p.tokenNo)!)),
      ...people.drivers.map((p) => driver(run, p, live.get(p.tokenNo)!)),
      maintenanceHead(run, people.head, live.get(people.head.tokenNo)!),
    ]);
    clearInterval(progress);
    const writers: XminSamples | null = (await xmin?.stop()) ?? null;
    const measuredMs = commands.lastAt - commands.firstAt;
    const benchCpu = process.cpuUsage(cpuBefore.bench);
    const cpu = {
      engineSeconds: Math.round(((engine.cpuSeconds() ?? 0) - cpuBefore.engine) * 10) / 10,
      benchSeconds: Math.round((benchCpu.user + benchCpu.system) / 1e5) / 10,
      wallSeconds: Math.round(measuredMs / 100) / 10,
    };
    await settle(engine.url, receipts);
    const engineMemory = engine.memory();
    plant.closeAll();
    await engine.stop();
    log('engine stopped; auditing');

    const { audit, ceilings, storeEvents } = await auditRun({
      store,
      issued: commands.issued,
      startPosition,
      rooms: plant.rooms,
      receipts,
      ceiling: !values['no-ceiling'],
      log,
    });
    const succeeded = commands.succeeded;
    return {
      mode,
      requesters,
      drivers,
      sockets: plant.sockets.length,
      measuredSeconds: Math.round(measuredMs / 100) / 10,
      commands: commands.issued.length,
      succeeded,
      commandsPerSecond: perSecond(commands.issued.length, measuredMs),
      succeededPerSecond: perSecond(succeeded, measuredMs),
      latency: { all: summarize(commands.latency.all()), ...commands.latency.summaries() },
      outcomes: Object.fromEntries([...commands.outcomes].sort()),
      socketDrops: plant.drops,
      cpu,
      engineMemory,
      openWriters: writers,
      audit,
      ceilings,
      storeEvents,
    };
  });
}

const machine = await machineInfo();
const modes = await resolveModes(values.mode);
const runs = [];
for (const mode of modes) runs.push(await runMode(mode));
const results = { bench: 'load', machine, behaviour, seed, requesters, drivers, durationSeconds: durationMs / 1000, runs };
printLoad(results);
writeResults('load', results);
process.exit(0);
