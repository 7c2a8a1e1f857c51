import type { MachineInfo } from '../support/machine';
import { printTable } from '../support/report';
import type { Summary } from '../support/stats';
import type { CommandAudit, DeliveryAudit, ReadModelAudit } from './load-audit';
import type { CeilingResult } from './socket-ceiling';
import type { XminSamples } from './xmin-sampler';

export interface LoadRun {
  mode: string;
  sockets: number;
  measuredSeconds: number;
  commands: number;
  succeeded: number;
  commandsPerSecond: number;
  succeededPerSecond: number;
  latency: Record<string, Summary>;
  outcomes: Record<string, number>;
  socketDrops: string[];
  cpu: { engineSeconds: number; benchSeconds: number; wallSeconds: number };
  engineMemory: { rssMb: number; peakMb: number } | null;
  audit: { commands: CommandAudit; deliveries: Omit<DeliveryAudit, 'schedule'>; readModels: ReadModelAudit };
  ceilings: CeilingResult[];
  openWriters: XminSamples | null;
}

/** The human tables of a load run. */
export function printLoad(results: {
  machine: MachineInfo;
  requesters: number;
  drivers: number;
  durationSeconds: number;
  runs: LoadRun[];
}): void {
  const busy = results.machine.busy
    ? ` — BUSY MACHINE (${Math.round(results.machine.busyBefore * 100)}% CPU used by others before start)`
    : '';
  for (const run of results.runs) {
    const head = `[${run.mode}] ${results.requesters} requesters, ${results.drivers} drivers, ${run.sockets} sockets, ${run.measuredSeconds} s${busy}`;
    printTable(
      `${head}\nThroughput`,
      ['commands', 'commands/s', '2xx', '2xx/s', 'engine CPU', 'bench CPU', 'engine RSS MB (peak)'],
      [
        [
          run.commands,
          run.commandsPerSecond,
          run.succeeded,
          run.succeededPerSecond,
          `${Math.round((run.cpu.engineSeconds / run.cpu.wallSeconds) * 100)}%`,
          `${Math.round((run.cpu.benchSeconds / run.cpu.wallSeconds) * 100)}%`,
          run.engineMemory ? `${run.engineMemory.rssMb} (${run.engineMemory.peakMb})` : null,
        ],
      ],
    );
    printTable(
      'Command latency (ms, all outcomes)',
      ['command', 'count', 'p50', 'p95', 'p99', 'max'],
      Object.entries(run.latency).map(([name, s]) => [name, s.count, s.p50, s.p95, s.p99, s.max]),
    );
    const errors = Object.entries(run.outcomes).filter(([key]) => !key.endsWith(' ok'));
    printTable(
      'Errors by kind (command and status; lost accept races are 409)',
      ['kind', 'count'],
      errors.length ? errors.map(([k, n]) => [k, n]) : [['none', 0]],
    );
    printDelivery(run);
    if (run.openWriters) {
      const w = run.openWriters.oldestWriterAgeMs;
      console.log(
        `  oldest open writing transaction in the PostgreSQL cluster (before migration 0002 it held back every reader of $all; now only appenders do): p50 ${w.p50} ms, p99 ${w.p99} ms, max ${w.max} ms; older than 100 ms in ${Math.round(run.openWriters.over100ms * 100)}% of ${run.openWriters.samples} samples, the engine's own in ${Math.round(run.openWriters.over100msByEngine * 100)}% of those`,
      );
    }
    printAudit(run);
  }
}

/** What bench:load and bench:shift both print: delivery beside the bare socket.io ceilings. */
export function printDelivery(run: Pick<LoadRun, 'audit' | 'ceilings'>): void {
  const d = run.audit.deliveries;
  printTable(
    'Event → socket delivery (store recorded_at → client receipt, ms)',
    ['path', 'deliveries', 'p50', 'p95', 'p99', 'max'],
    [
      ['engine', d.delivered, d.latency.p50, d.latency.p95, d.latency.p99, d.latency.max],
      ...run.ceilings.map((c) => [
        `bare socket.io (adapter: ${c.adapter})`,
        c.deliveries,
        c.latency.p50,
        c.latency.p95,
        c.latency.p99,
        c.latency.max,
      ]),
    ],
  );
}

/** The audit table: commands at their positions, deliveries, read models against a replay. */
export function printAudit(run: Pick<LoadRun, 'audit' | 'socketDrops'>): void {
  const d = run.audit.deliveries;
  const c = run.audit.commands;
  const r = run.audit.readModels;
  printTable(
    'Audit',
    ['check', 'result'],
    [
      ['2xx commands', c.succeeded],
      ['2xx commands whose events are not at their position', c.notInStore],
      ['2xx commands without a position', c.withoutPosition],
      ['events of refused commands', c.eventsOfRefusedCommands],
      ['socket deliveries expected / delivered', `${d.expected} / ${d.delivered}`],
      ['missing / duplicated / unexpected deliveries', `${d.missing} / ${d.duplicated} / ${d.unexpected}`],
      ['sockets dropped', run.socketDrops.length],
      ['read models equal a fresh replay', r.equal ? `yes (${r.tables} tables, ${r.rows} rows)` : `NO: ${JSON.stringify(r.differing)}`],
    ],
  );
  if (d.examples.length) console.log(`  e.g. ${d.examples.join('\n       ')}`);
}
