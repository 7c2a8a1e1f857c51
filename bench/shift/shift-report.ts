import type { MachineInfo } from '../support/machine';
import { printTable } from '../support/report';
import type { LoopDelay, Summary } from '../support/stats';
import { printAudit, printDelivery, type LoadRun } from '../load/load-report';
import type { ShiftCounts, ShiftPlan } from './shift-rides';

export interface ShiftRun extends Pick<
  LoadRun,
  | 'mode'
  | 'sockets'
  | 'measuredSeconds'
  | 'commands'
  | 'succeeded'
  | 'commandsPerSecond'
  | 'succeededPerSecond'
  | 'outcomes'
  | 'socketDrops'
  | 'audit'
  | 'ceilings'
> {
  requesters: number;
  drivers: number;
  people: 'seeded' | 'api';
  /** The first message of each refused kind. */
  errorMessages: Record<string, string>;
  rides: ShiftCounts;
  /** Scheduled moment → answer. */
  latency: Record<string, Summary>;
  /** Send → answer. */
  service: Record<string, Summary>;
  sendLag: Summary;
  benchLoopDelayMs: LoopDelay;
  /** The engine's own event-loop delay over the shift (its /metrics), null when unread: how long anything that arrived waited for the loop. */
  engineLoopDelayMs?: LoopDelay | null;
  /** Send → answer split by the engine's request log (see `sendAnswerSplit`), null when unread. */
  sendAnswerSplit?: {
    matched: number;
    before: Summary;
    handling: Summary;
    after: Summary;
    slowest: { count: number; total: number; before: number; handling: number; after: number };
  } | null;
  cpu: { engineSeconds: number; benchSeconds: number; wallSeconds: number; machineBusy: number | null };
  engineMemory: {
    beforeSocketsMb: number | null;
    connectedMb: number | null;
    endMb: number | null;
    maxSampledMb: number;
    peakMb: number | null;
    perSocketKb: number | null;
    connectingPerSocketKb: number | null;
  };
  storeEvents: number;
  /** --socket-process: the second engine process that held the sockets (its CPU over the shift, its memory at the end). */
  socketProcess: { pid: number; cpuSeconds: number; endMb: number | null; peakMb: number | null } | null;
}

/** Issue #18's targets for the shift (services mode, 20 rides/s, 1,800 sockets), printed beside the figures, not asserted. */
const TARGETS = { commandP99Ms: 30, deliveryP99Ms: 20, engineRssMb: 400 };

const share = (seconds: number, wall: number) => `${Math.round((seconds / wall) * 100)}%`;
const verdict = (value: number | null | undefined, limit: number) =>
  value === null || value === undefined ? '–' : value < limit ? 'met' : 'missed';

/** The human tables of a shift run. */
export function printShift(results: { machine: MachineInfo; plan: ShiftPlan; runs: ShiftRun[] }): void {
  const { machine, plan } = results;
  const bothPeak = (run: ShiftRun) =>
    run.socketProcess?.peakMb != null && run.engineMemory.peakMb !== null
      ? Math.round((run.socketProcess.peakMb + run.engineMemory.peakMb) * 10) / 10
      : run.engineMemory.peakMb;
  const busy = machine.busy
    ? ` — BUSY MACHINE (load average ${machine.loadAverage}, ${Math.round(machine.busyBefore * 100)}% CPU used by others before start)`
    : ` (load average ${machine.loadAverage})`;
  for (const run of results.runs) {
    const head = `[${run.mode}] shift: ${run.requesters} requesters, ${run.drivers} drivers, ${run.sockets} sockets (people ${run.people}); ${plan.ratePerSecond} rides/s (${plan.arrivals}) for ${run.measuredSeconds} s${busy}`;
    const c = run.cpu;
    printTable(
      `${head}\nThroughput`,
      ['rides due', 'booked', 'commands', 'commands/s', '2xx/s', 'engine CPU', 'bench CPU', 'machine busy'],
      [
        [
          run.rides.arrivals,
          run.rides.booked,
          run.commands,
          run.commandsPerSecond,
          run.succeededPerSecond,
          share(c.engineSeconds, c.wallSeconds),
          share(c.benchSeconds, c.wallSeconds),
          c.machineBusy === null ? null : `${Math.round(c.machineBusy * 100)}% of ${machine.cpus} cores`,
        ],
      ],
    );
    const r = run.rides;
    printTable(
      'Rides',
      [
        'accepted',
        'taken over',
        'ended',
        'cancelled',
        'breakdowns',
        'offers queued for a free driver',
        'waiting at end',
        'drivers stuck (step refused)',
        'unanswered at end',
      ],
      [[r.accepted, r.takenOver, r.ended, r.cancelled, r.breakdowns, r.queuedOffers, r.waitingAtEnd, r.stuck, r.unansweredAtEnd]],
    );
    printTable(
      'Command latency, scheduled moment → answer (ms, all outcomes); send → answer beside',
      ['command', 'count', 'p50', 'p95', 'p99', 'max', 'send→answer p50', 'p99'],
      Object.entries(run.latency).map(([name, s]) => [
        name,
        s.count,
        s.p50,
        s.p95,
        s.p99,
        s.max,
        run.service[name]?.p50,
        run.service[name]?.p99,
      ]),
    );
    console.log(
      `  left after its scheduled moment (waiting on the step before, or the bench's own timers): p50 ${run.sendLag.p50} ms, p99 ${run.sendLag.p99} ms; bench event-loop delay p50 ${run.benchLoopDelayMs.p50} ms, p99 ${run.benchLoopDelayMs.p99} ms, max ${run.benchLoopDelayMs.max} ms`,
    );
    const split = run.sendAnswerSplit;
    if (split) {
      const row = (name: string, s: Summary, slow: number) => [name, s.p50, s.p95, s.p99, s.max, slow];
      printTable(
        `Send → answer split by the engine's request log (${split.matched} commands; ms; the log's clock is whole ms, so before and after are ±1)`,
        ['part', 'p50', 'p95', 'p99', 'max', `mean of the slowest 1 % (${split.slowest.count}, ${split.slowest.total} ms)`],
        [
          row("before: the request's trip and its wait for the engine's loop", split.before, split.slowest.before),
          row("handling: the engine's own (first hook → answer written)", split.handling, split.slowest.handling),
          row("after: the answer's trip and its wait for the bench's loop", split.after, split.slowest.after),
        ],
      );
    }
    const e = run.engineLoopDelayMs;
    if (e)
      console.log(
        `  engine event-loop delay over the shift (how long a request or an event that arrived could wait for the engine's loop): p50 ${e.p50} ms, p99 ${e.p99} ms, max ${e.max} ms`,
      );
    const errors = Object.entries(run.outcomes).filter(([key]) => !key.endsWith(' ok'));
    printTable(
      'Errors by kind (command and status; the first answer of each)',
      ['kind', 'count', 'message'],
      errors.length ? errors.map(([k, n]) => [k, n, run.errorMessages[k]]) : [['none', 0, '']],
    );
    printDelivery(run);
    const m = run.engineMemory;
    const sp = run.socketProcess;
    if (sp) {
      printTable(
        'Socket process (SOCKET_PROCESS=1: every socket on it; the figures above are the first process, which answers the commands)',
        ['pid', 'CPU', 'end RSS (MB)', 'peak (MB)', 'both processes, peak (MB)'],
        [[sp.pid, share(sp.cpuSeconds, c.wallSeconds), sp.endMb, sp.peakMb, bothPeak(run)]],
      );
    }
    printTable(
      'Engine memory (VmRSS / VmHWM, MB)',
      ['before sockets', 'sockets connected', 'end of shift', 'peak', 'end RSS per socket (KB)', 'connecting, per socket (KB)'],
      [[m.beforeSocketsMb, m.connectedMb, m.endMb, m.peakMb, m.perSocketKb, m.connectingPerSocketKb]],
    );
    const delivery = run.audit.deliveries.latency.p99;
    printTable(
      `Targets (issue #18: services mode, 20 rides/s, 1,800 sockets; not asserted${run.mode !== 'services' || run.sockets < 1800 || plan.ratePerSecond < 20 ? '; THIS RUN IS NOT AT THAT SIZE OR MODE' : ''})`,
      ['target', 'this run', 'verdict'],
      [
        [`command p99 < ${TARGETS.commandP99Ms} ms`, run.latency.all?.p99, verdict(run.latency.all?.p99, TARGETS.commandP99Ms)],
        [`delivery p99 < ${TARGETS.deliveryP99Ms} ms`, delivery, verdict(delivery, TARGETS.deliveryP99Ms)],
        [
          `engine RSS < ${TARGETS.engineRssMb} MB${sp ? ' (both processes)' : ''}`,
          bothPeak(run),
          verdict(bothPeak(run), TARGETS.engineRssMb),
        ],
      ],
    );
    printAudit(run);
  }
}
