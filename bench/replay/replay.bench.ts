import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openDatabase } from '../../engine/src/database/database';
import { createBenchStore, DATABASE_URL, resolveModes, type Mode } from '../support/bench-modes';
import { startNode } from '../support/child-process';
import { count, flags } from '../support/cli-flags';
import { machineInfo } from '../support/machine';
import { printTable, ROOT, writeResults } from '../support/report';
import { fillStore } from './fill-store';

const USAGE = `npm run bench:replay -- [--mode embedded|services|both] [--quick] [--events 1000000] [--batch-size 5000] [--connections 3] [--cpu-prof]
Generates a plant's ride history (valid events of every kind the engine writes) into a fresh store,
then times \`npm run projections:rebuild\` (the CLI, as a child process) over all of it: events/s and
the rebuild's peak memory. --quick: 20,000 events.`;

const values = flags(USAGE, {
  events: { type: 'string' },
  'batch-size': { type: 'string' },
  connections: { type: 'string' },
  'cpu-prof': { type: 'boolean' },
});
const events = count(values.events, values.quick ? 20_000 : 1_000_000, 'events');
const batchSize = count(values['batch-size'], 5000, 'batch-size');
// Left to the CLI's default unless asked.
const connections = values.connections === undefined ? undefined : count(values.connections, 3, 'connections');

async function runMode(mode: Mode) {
  const store = createBenchStore(mode, 'replay');
  try {
    const database = await openDatabase(
      mode === 'services' ? { url: DATABASE_URL, schema: store.schema, maxConnections: 2 } : { dataDir: store.dataDir },
    );
    let filled;
    try {
      let shown = 0;
      filled = await fillStore(database, {
        events,
        onProgress: (written) => {
          if (written - shown >= 100_000) console.log(`[${mode}] ${(shown = written)} events written`);
        },
      });
    } finally {
      await database.close();
    }
    console.log(`[${mode}] ${filled.events} events (${filled.rides} rides) written in ${(filled.ms / 1000).toFixed(1)} s; rebuilding`);
    const profileDir = resolve(ROOT, 'bench-results/profiles');
    if (values['cpu-prof']) mkdirSync(profileDir, { recursive: true });
    const started = Date.now();
    const rebuild = startNode('engine/src/projection-runner/rebuild.cli.ts', {
      logFile: join(store.dir, 'rebuild.log'),
      nodeArgs: values['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
      args: ['--batch-size', String(batchSize), ...(connections === undefined ? [] : ['--connections', String(connections)])],
      env: store.env,
    });
    let peakMb = 0;
    const sampler = setInterval(() => (peakMb = Math.max(peakMb, rebuild.memory()?.peakMb ?? 0)), 500);
    const code = await rebuild.exited;
    clearInterval(sampler);
    const ms = Date.now() - started;
    if (code !== 0) throw new Error(`rebuild failed (${code}):\n${rebuild.tail()}`);
    const usage = rebuild.exitUsage();
    const reported = rebuild.tail(400).match(/from (\d+) events in ([\d.]+) s/);
    return {
      mode,
      events: filled.events,
      rides: filled.rides,
      writeSeconds: Math.round(filled.ms / 100) / 10,
      rebuildSeconds: Math.round(ms / 100) / 10,
      eventsPerSecond: Math.round(filled.events / (ms / 1000)),
      // The CLI's own timing leaves out Node's start and the module loading.
      cliSeconds: reported ? Number(reported[2]) : null,
      cliEventsPerSecond: reported ? Math.round(Number(reported[1]) / Number(reported[2])) : null,
      peakRssMb: usage ? Math.round(usage.maxRssKb / 102.4) / 10 : peakMb,
      cpuSeconds: usage ? Math.round((usage.userMs + usage.systemMs) / 100) / 10 : null,
    };
  } finally {
    await store.cleanup();
  }
}

const machine = await machineInfo();
const runs = [];
for (const mode of await resolveModes(values.mode)) runs.push(await runMode(mode));
printTable(
  `Replay: projections:rebuild over ${events} generated events${machine.busy ? ` — BUSY MACHINE (${Math.round(machine.busyBefore * 100)}% CPU used by others before start)` : ''}`,
  ['mode', 'events', 'rides', 'rebuild s', 'events/s', 'CLI events/s', 'peak RSS MB', 'rebuild CPU s'],
  runs.map((r) => [r.mode, r.events, r.rides, r.rebuildSeconds, r.eventsPerSecond, r.cliEventsPerSecond, r.peakRssMb, r.cpuSeconds]),
);
writeResults('replay', { bench: 'replay', machine, events, batchSize, connections: connections ?? 'default', runs });
