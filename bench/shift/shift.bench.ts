import { mkdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { seededRandom } from '../../engine/src/test-support/seeded-random';
import { resolveModes, type Mode } from '../support/bench-modes';
import { count, flags } from '../support/cli-flags';
import { startEngine, type EngineChild } from '../support/engine-child';
import { processCpuSeconds, processMemory } from '../support/child-process';
import { cpuTicks, machineInfo } from '../support/machine';
import { ROOT, writeResults } from '../support/report';
import { LOOP_RESOLUTION_MS, loopLateMs, perSecond, summarize } from '../support/stats';
import { CommandLog, type Issued } from '../load/command-log';
import { auditRun } from '../load/load-audit';
import { createPeople, type People } from '../load/load-people';
import { connectEveryone } from '../load/live-socket';
import { engineRun } from '../load/engine-run';
import { engineLoopDelayMs, settle } from '../load/settle';
import { seedPlant, signInSeeded } from './shift-people';
import { printShift, type ShiftRun } from './shift-report';
import { Shift, type ShiftPlan } from './shift-rides';

const USAGE = `npm run bench:shift -- [--mode embedded|services|both] [--quick] [--requesters 1500] [--drivers 300] [--rate 20]
  [--duration 60] [--arrivals poisson|fixed] [--accept-ms 1000] [--step-ms 2000] [--head-ms 1500] [--cancel-share 0.05]
  [--breakdown-share 0.03] [--seed 1] [--api-signup] [--cpu-prof] [--no-ceiling] [--socket-process]
A realistic shift, open loop: every requester and driver (and the staff) connected on socket.io, rides
booked at a fixed rate from random requesters whatever the engine answers, each ride then on its own
timeline (a free driver accepts when newRideRequest reaches his socket, start, pick, drop, end; cancels,
mid-ride breakdowns taken over by another driver, maintenance handled by the head). Latency counts from
each command's scheduled moment. Then the bench:load audit and the bare socket.io ceiling.
Accounts are seeded into the store before the engine starts (cheap password hashes) and sign in over
the API; --api-signup creates them as bench:load does (real sign-ups: minutes at full size).
--quick: 100 requesters, 30 drivers (32: a whole number per vehicle type), 3 rides/s, 15 s.`;

const values = flags(USAGE, {
  requesters: { type: 'string' },
  drivers: { type: 'string' },
  rate: { type: 'string' },
  duration: { type: 'string' },
  arrivals: { type: 'string' },
  'accept-ms': { type: 'string' },
  'step-ms': { type: 'string' },
  'head-ms': { type: 'string' },
  'cancel-share': { type: 'string' },
  'breakdown-share': { type: 'string' },
  seed: { type: 'string' },
  'api-signup': { type: 'boolean' },
  'cpu-prof': { type: 'boolean' },
  'no-ceiling': { type: 'boolean' },
  'socket-process': { type: 'boolean' },
});
const requesters = count(values.requesters, values.quick ? 100 : 1500, 'requesters');
const drivers = count(values.drivers, values.quick ? 30 : 300, 'drivers');
if (values.arrivals !== undefined && values.arrivals !== 'poisson' && values.arrivals !== 'fixed')
  throw new Error(`--arrivals is poisson or fixed, not ${String(values.arrivals)}`);
const plan: ShiftPlan = {
  ratePerSecond: count(values.rate, values.quick ? 3 : 20, 'rate'),
  arrivals: values.arrivals === 'fixed' ? 'fixed' : 'poisson',
  durationMs: count(values.duration, values.quick ? 15 : 60, 'duration') * 1000,
  acceptMs: count(values['accept-ms'], 1000, 'accept-ms'),
  stepMs: count(values['step-ms'], 2000, 'step-ms'),
  headMs: count(values['head-ms'], 1500, 'head-ms'),
  cancelShare: count(values['cancel-share'], 0.05, 'cancel-share'),
  breakdownShare: count(values['breakdown-share'], 0.03, 'breakdown-share'),
  cancelOnRedistributionShare: 0.3,
};
const seed = count(values.seed, 1, 'seed');
if (plan.ratePerSecond <= 0) throw new Error('--rate must be above 0');

const lateMs = (ns: number) => loopLateMs(ns / 1e6);

/** The engine's memory every second (its VmHWM is the peak anyway; this keeps the largest VmRSS seen). */
function sampleMemory(engine: { memory(): { rssMb: number } | null }) {
  let maxRssMb = 0;
  const timer = setInterval(() => (maxRssMb = Math.max(maxRssMb, engine.memory()?.rssMb ?? 0)), 1000);
  return { stop: () => (clearInterval(timer), maxRssMb) };
}

/**
 * Each command's send → answer split in three, by its correlation id in the engine's request log
 * (Fastify's `responseTime`, from the request's first hook to the answer written, logged at the
 * end): *before* — the request's trip and its wait for the engine's event loop; *handling* — the
 * engine's own; *after* — the answer's trip and its wait for the bench's loop. The log's clock is
 * whole milliseconds, so *before* and *after* are ±1 ms each. Null when the log holds no request
 * lines (a BENCH_LOG_LEVEL above info).
 */
function sendAnswerSplit(logFile: string, issued: readonly Issued[]) {
  const logged = new Map<string, { time: number; responseTime: number }>();
  for (const line of readFileSync(logFile, 'utf8').split('\n')) {
    if (!line.includes('"request completed"')) continue;
    const entry = JSON.parse(line) as { time: number; responseTime: number; correlationId?: string };
    if (entry.correlationId) logged.set(entry.correlationId, entry);
  }
  const parts = issued.flatMap((command) => {
    const entry = logged.get(command.correlationId);
    if (!entry) return [];
    const total = command.answeredAt - command.sentAt;
    return [
      {
        total,
        before: entry.time - entry.responseTime - command.sentAt,
        handling: entry.responseTime,
        after: command.answeredAt - entry.time,
      },
    ];
  });
  if (parts.length === 0) return null;
  // The slowest 1 % by send → answer: where their time went, on average.
  const slowest = [...parts].sort((a, b) => b.total - a.total).slice(0, Math.max(1, Math.round(parts.length / 100)));
  const mean = (key: 'total' | 'before' | 'handling' | 'after') =>
    Math.round((slowest.reduce((sum, part) => sum + part[key], 0) / slowest.length) * 100) / 100;
  return {
    matched: parts.length,
    before: summarize(parts.map((part) => part.before)),
    handling: summarize(parts.map((part) => part.handling)),
    after: summarize(parts.map((part) => part.after)),
    slowest: { count: slowest.length, total: mean('total'), before: mean('before'), handling: mean('handling'), after: mean('after') },
  };
}

/** SOCKET_PROCESS=1: the engine's socket process, once it serves (its pid from the engine's log). */
async function socketProcessPid(engine: EngineChild): Promise<number> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const ready = readFileSync(engine.logFile, 'utf8').match(/socket process (\d+) serves socket\.io connections/);
    if (ready) return Number(ready[1]);
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`the socket process did not start:\n${engine.tail()}`);
}

async function runMode(mode: Mode): Promise<ShiftRun> {
  const log = (text: string) => console.log(`[${mode}] ${text}`);
  return engineRun(mode, 'shift', async (started) => {
    const { store } = started;
    const setupStarted = Date.now();
    const seeded = values['api-signup'] ? null : await seedPlant(store, requesters, drivers);
    if (seeded)
      log(
        `${seeded.requesters.length} requesters, ${seeded.drivers.length} drivers and a maintenance head seeded (${seeded.events} events, ${seeded.ms} ms)`,
      );
    const profileDir = values['cpu-prof'] ? resolve(ROOT, 'bench-results/profiles') : undefined;
    if (profileDir) mkdirSync(profileDir, { recursive: true });
    const socketProcess = values['socket-process'] && mode === 'services';
    const engine = (started.engine = await startEngine(store, {
      cpuProfDir: profileDir,
      env: socketProcess ? { SOCKET_PROCESS: '1' } : {},
    }));
    log(`engine pid ${engine.pid} on ${engine.url}`);
    const socketPid = socketProcess ? await socketProcessPid(engine) : null;
    if (socketPid) log(`sockets on its socket process, pid ${socketPid}`);
    const socketCpuBefore = socketPid ? (processCpuSeconds(socketPid) ?? 0) : 0;
    const admin = { tokenNo: engine.adminTokenNo, password: engine.adminPassword };
    const people: People = seeded
      ? await signInSeeded(engine.url, admin, seeded)
      : await createPeople(engine.url, admin, requesters, drivers, log);
    log(`${people.requesters.length + people.drivers.length + 2} signed in`);
    const beforeSockets = engine.memory();
    const plant = (started.plant = await connectEveryone(engine.url, people));
    const { receipts } = plant;
    // Let the handshakes' garbage go before reading what the sockets hold.
    await new Promise((done) => setTimeout(done, 2000));
    const connected = engine.memory();
    const startPosition = Number(((await fetch(`${engine.url}/api/health`).then((r) => r.json())) as { position: number }).position);
    log(
      `${plant.sockets.length} sockets connected; setup took ${Math.round((Date.now() - setupStarted) / 1000)} s; ${plan.ratePerSecond} rides/s for ${plan.durationMs / 1000} s`,
    );

    const commands = new CommandLog(engine.url);
    const shift = new Shift(commands, people, plant.live, plan, seededRandom(seed), seededRandom(seed + 1));
    const cpuBefore = { engine: engine.cpuSeconds() ?? 0, bench: process.cpuUsage(), machine: cpuTicks() };
    const loopDelay = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
    loopDelay.enable();
    await engineLoopDelayMs(engine.url); // resets the engine's histogram: the reading after the shift covers the shift alone
    const memory = sampleMemory(engine);
    const progress = setInterval(
      () => log(`${commands.issued.length} commands, ${commands.succeeded} ok, ${receipts.length} socket events`),
      5000,
    );
    const { startAt, stopAt } = await shift.run();
    clearInterval(progress);
    loopDelay.disable();
    const engineLoopDelay = await engineLoopDelayMs(engine.url);
    const wallMs = Math.max(stopAt - startAt, commands.lastAt - startAt);
    const benchCpu = process.cpuUsage(cpuBefore.bench);
    const machineAfter = cpuTicks();
    const machineTotal = machineAfter.total - cpuBefore.machine.total;
    const cpu = {
      engineSeconds: Math.round(((engine.cpuSeconds() ?? 0) - cpuBefore.engine) * 10) / 10,
      benchSeconds: Math.round((benchCpu.user + benchCpu.system) / 1e5) / 10,
      wallSeconds: Math.round(wallMs / 100) / 10,
      /** Share of the whole machine busy (everyone: engine, bench, PostgreSQL, Redis, others). */
      machineBusy: machineTotal > 0 ? Math.round((1 - (machineAfter.idle - cpuBefore.machine.idle) / machineTotal) * 100) / 100 : null,
    };
    const endMemory = engine.memory();
    const socketMemory = socketPid ? processMemory(socketPid) : null;
    const socketCpu = socketPid ? Math.round(((processCpuSeconds(socketPid) ?? 0) - socketCpuBefore) * 10) / 10 : 0;
    const maxRssMb = memory.stop();
    await settle(engine.url, receipts);
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
    const sockets = plant.sockets.length;
    const perSocketKb = (mb: number | undefined) => (mb === undefined ? null : Math.round((mb * 1024) / sockets));
    return {
      mode,
      requesters: people.requesters.length,
      drivers: people.drivers.length,
      sockets,
      people: seeded ? 'seeded' : 'api',
      measuredSeconds: Math.round((stopAt - startAt) / 100) / 10,
      rides: shift.counts,
      commands: commands.issued.length,
      succeeded: commands.succeeded,
      commandsPerSecond: perSecond(commands.issued.length, stopAt - startAt),
      succeededPerSecond: perSecond(commands.succeeded, stopAt - startAt),
      latency: { all: summarize(commands.latency.all()), ...commands.latency.summaries() },
      service: { all: summarize(commands.service.all()), ...commands.service.summaries() },
      sendLag: summarize(commands.sendLag.all()),
      benchLoopDelayMs: { p50: lateMs(loopDelay.percentile(50)), p99: lateMs(loopDelay.percentile(99)), max: lateMs(loopDelay.max) },
      engineLoopDelayMs: engineLoopDelay,
      sendAnswerSplit: sendAnswerSplit(engine.logFile, commands.issued),
      outcomes: Object.fromEntries([...commands.outcomes].sort()),
      errorMessages: Object.fromEntries(commands.errorMessages),
      socketDrops: plant.drops,
      cpu,
      engineMemory: {
        beforeSocketsMb: beforeSockets?.rssMb ?? null,
        connectedMb: connected?.rssMb ?? null,
        endMb: endMemory?.rssMb ?? null,
        maxSampledMb: maxRssMb,
        peakMb: endMemory?.peakMb ?? null,
        /** Engine RSS at the end of the shift over the sockets connected. */
        perSocketKb: perSocketKb(endMemory?.rssMb),
        /** What connecting the sockets added, over the sockets (idle sockets' own cost). */
        connectingPerSocketKb: connected && beforeSockets ? perSocketKb(connected.rssMb - beforeSockets.rssMb) : null,
      },
      audit,
      ceilings,
      storeEvents,
      socketProcess: socketPid
        ? { pid: socketPid, cpuSeconds: socketCpu, endMb: socketMemory?.rssMb ?? null, peakMb: socketMemory?.peakMb ?? null }
        : null,
    };
  });
}

const machine = await machineInfo();
const modes = await resolveModes(values.mode);
const runs: ShiftRun[] = [];
for (const mode of modes) runs.push(await runMode(mode));
const results = { bench: 'shift', machine, plan, seed, requesters, drivers, quick: values.quick, runs };
printShift(results);
writeResults('shift', results);
process.exit(0);
