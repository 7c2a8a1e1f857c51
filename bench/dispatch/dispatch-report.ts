import type { DispatchMode } from '@plantride/schemas';
import type { Mode } from '../support/bench-modes';
import type { MachineInfo } from '../support/machine';
import { printTable } from '../support/report';
import { percentile, type Summary } from '../support/stats';
import type { DispatchPlan } from './dispatch-plan';
import type { DispatchCounts, RideRecord } from './dispatch-rides';
import type { DispatchSim } from './dispatch-sim';

/** A distribution's middle and tail. */
export interface Spread {
  count: number;
  p50: number;
  p90: number;
  mean: number;
  max: number;
}

const round = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places;

function spread(values: readonly number[], scale = 1): Spread {
  const sorted = values.map((v) => v / scale).sort((a, b) => a - b);
  const sum = sorted.reduce((total, v) => total + v, 0);
  return {
    count: sorted.length,
    p50: round(percentile(sorted, 50)),
    p90: round(percentile(sorted, 90)),
    mean: round(sorted.length ? sum / sorted.length : NaN),
    max: round(sorted.at(-1) ?? NaN),
  };
}

/** One dispatch mode's shift, as the report and the JSON hold it. Minutes are site minutes (wall ms / minuteMs). */
export interface DispatchRun {
  mode: Mode;
  dispatch: DispatchMode;
  drivers: number;
  requesters: number;
  counts: DispatchCounts;
  /** Booked rides that never ended, and those never picked up, when the drain gave up. */
  unfinished: number;
  notPickedUp: number;
  /** Requester wait: booking → material picked. */
  waitMinutes: Spread;
  waitMs: Spread;
  /** Booking → accepted (first driver). */
  acceptMinutes: Spread;
  urgentWaitMinutes: Spread;
  normalWaitMinutes: Spread;
  /** Route minutes driven empty to a pickup: mean over ended rides, total over every ride. */
  emptyTravel: {
    meanMinutes: number;
    totalMinutes: number;
    perRide: Spread;
    byWay: Record<'offer' | 'list', { rides: number; meanMinutes: number }>;
  };
  /** Site hours from the first booking to the last ride's end. */
  spanHours: number;
  ridesPerDriverHour: number;
  /** Share of the drivers' time between accept and end (or breakdown). */
  busyShare: number;
  ridesPerBusyDriverHour: number;
  commands: number;
  outcomes: Record<string, number>;
  errorMessages: Record<string, string>;
  latency: Record<string, Summary>;
  loadAverage: { start: number[]; end: number[] };
}

/** The figures of a played shift. */
export function measure(
  sim: DispatchSim,
  plan: DispatchPlan,
): Pick<
  DispatchRun,
  | 'unfinished'
  | 'notPickedUp'
  | 'waitMinutes'
  | 'waitMs'
  | 'acceptMinutes'
  | 'urgentWaitMinutes'
  | 'normalWaitMinutes'
  | 'emptyTravel'
  | 'spanHours'
  | 'ridesPerDriverHour'
  | 'busyShare'
  | 'ridesPerBusyDriverHour'
> {
  const rides = [...sim.book.rides.values()];
  const picked = rides.filter((r): r is RideRecord & { pickedAt: number } => r.pickedAt !== null);
  const waits = (list: typeof picked) => list.map((r) => r.pickedAt - r.bookedAt);
  const ended = rides.filter((r) => r.endedAt !== null);
  const minute = plan.minuteMs;
  const spanMs = Math.max(0, sim.lastEndAt - sim.startAt);
  const driverMs = sim.drivers.length * spanMs;
  const busyMs = sim.drivers.reduce((sum, d) => sum + d.busyMs, 0);
  const hours = (ms: number) => ms / minute / 60;
  const emptyOf = (list: readonly RideRecord[]) => ({
    rides: list.length,
    meanMinutes: round(list.reduce((sum, r) => sum + r.emptyMinutes, 0) / Math.max(1, list.length)),
  });
  return {
    unfinished: rides.length - ended.length,
    notPickedUp: rides.length - picked.length,
    waitMinutes: spread(waits(picked), minute),
    waitMs: spread(waits(picked)),
    acceptMinutes: spread(
      rides.filter((r) => r.acceptedAt !== null).map((r) => r.acceptedAt! - r.bookedAt),
      minute,
    ),
    urgentWaitMinutes: spread(waits(picked.filter((r) => r.arrival.priority === 'urgent')), minute),
    normalWaitMinutes: spread(waits(picked.filter((r) => r.arrival.priority === 'normal')), minute),
    emptyTravel: {
      meanMinutes: round(ended.reduce((sum, r) => sum + r.emptyMinutes, 0) / Math.max(1, ended.length)),
      totalMinutes: rides.reduce((sum, r) => sum + r.emptyMinutes, 0),
      perRide: spread(ended.map((r) => r.emptyMinutes)),
      byWay: {
        offer: emptyOf(ended.filter((r) => r.acceptedVia === 'offer')),
        list: emptyOf(ended.filter((r) => r.acceptedVia === 'list')),
      },
    },
    spanHours: round(hours(spanMs), 3),
    ridesPerDriverHour: driverMs > 0 ? round(ended.length / hours(driverMs)) : NaN,
    busyShare: driverMs > 0 ? round(busyMs / driverMs) : NaN,
    ridesPerBusyDriverHour: busyMs > 0 ? round(ended.length / hours(busyMs)) : NaN,
  };
}

/** Issue #20 item 6's targets: offer against broadcast. */
export const TARGETS = { waitP90Change: -25, emptyTravelChange: -20 };

const change = (offer: number, broadcast: number) =>
  Number.isFinite(offer) && Number.isFinite(broadcast) && broadcast !== 0 ? round(((offer - broadcast) / broadcast) * 100, 1) : NaN;
const signed = (pct: number) => (Number.isNaN(pct) ? '–' : `${pct > 0 ? '+' : ''}${pct}%`);

export interface DispatchResults {
  machine: MachineInfo;
  plan: DispatchPlan;
  /** Wall seconds of arrivals, bookings and the utilisation the rate was set for. */
  arrivals: number;
  utilisation: number;
  runs: DispatchRun[];
  loadAverage: { start: number[]; end: number[] };
}

/** Offer against broadcast for one store mode: the figures, the change, and whether the targets are met. */
export function compare(broadcast: DispatchRun, offer: DispatchRun) {
  const waitP90 = change(offer.waitMinutes.p90, broadcast.waitMinutes.p90);
  const emptyMean = change(offer.emptyTravel.meanMinutes, broadcast.emptyTravel.meanMinutes);
  return {
    mode: broadcast.mode,
    waitP50: change(offer.waitMinutes.p50, broadcast.waitMinutes.p50),
    waitP90,
    acceptP90: change(offer.acceptMinutes.p90, broadcast.acceptMinutes.p90),
    urgentWaitP50: change(offer.urgentWaitMinutes.p50, broadcast.urgentWaitMinutes.p50),
    urgentWaitP90: change(offer.urgentWaitMinutes.p90, broadcast.urgentWaitMinutes.p90),
    emptyTravelMean: emptyMean,
    emptyTravelTotal: change(offer.emptyTravel.totalMinutes, broadcast.emptyTravel.totalMinutes),
    ridesPerDriverHour: change(offer.ridesPerDriverHour, broadcast.ridesPerDriverHour),
    ridesPerBusyDriverHour: change(offer.ridesPerBusyDriverHour, broadcast.ridesPerBusyDriverHour),
    waitTargetMet: waitP90 <= TARGETS.waitP90Change,
    emptyTargetMet: emptyMean <= TARGETS.emptyTravelChange,
  };
}
export type Comparison = ReturnType<typeof compare>;

const verdict = (met: boolean, pct: number) => (Number.isNaN(pct) ? '–' : met ? 'met' : 'missed');

export function printDispatch(results: DispatchResults, comparisons: readonly Comparison[]): void {
  const { plan, machine } = results;
  const load = (l: number[]) => l.map((n) => n.toFixed(2)).join(' ');
  const busy = machine.busy ? ` — BUSY MACHINE (${Math.round(machine.busyBefore * 100)}% CPU used by others before start)` : '';
  console.log(
    `\nload average at start ${load(results.loadAverage.start)}, at end ${load(results.loadAverage.end)} (1, 5, 15 min; ${machine.cpus} cores)${busy}`,
  );
  for (const mode of new Set(results.runs.map((r) => r.mode))) {
    const b = results.runs.find((r) => r.mode === mode && r.dispatch === 'broadcast');
    const o = results.runs.find((r) => r.mode === mode && r.dispatch === 'offer');
    const c = comparisons.find((x) => x.mode === mode);
    const any = (b ?? o)!;
    const head =
      `[${mode}] dispatch: ${any.drivers} drivers, ${any.requesters} requesters; ${results.arrivals} bookings at ${round(plan.ratePerSecond, 2)}/s (Poisson, for utilisation ${results.utilisation} under broadcast), ` +
      `1 site minute = ${plan.minuteMs} ms, reactions ${plan.reactionMinMs}–${plan.reactionMaxMs} ms, offers expire after ${plan.offerSeconds} s, ` +
      `${Math.round(plan.urgentShare * 100)}% urgent, ${Math.round(plan.breakdownShare * 100)}% breakdowns, ${Math.round(plan.declineShare * 100)}% offers declined; seed ${plan.seed}`;
    const row = (label: string, pick: (r: DispatchRun) => number, pct: number | undefined, target = '') => [
      label,
      b ? pick(b) : null,
      o ? pick(o) : null,
      pct === undefined ? '' : signed(pct),
      target,
    ];
    printTable(
      `${head}\nOffer against broadcast (minutes are site minutes: wall ms / ${plan.minuteMs})`,
      ['figure', 'broadcast', 'offer', 'offer vs broadcast', 'target'],
      [
        row('requester wait p50 (booking → picked)', (r) => r.waitMinutes.p50, c?.waitP50),
        row(
          'requester wait p90',
          (r) => r.waitMinutes.p90,
          c?.waitP90,
          c ? `≤ ${TARGETS.waitP90Change}%: ${verdict(c.waitTargetMet, c.waitP90)}` : '',
        ),
        row('acceptance wait p50 (booking → accepted)', (r) => r.acceptMinutes.p50, undefined),
        row('acceptance wait p90', (r) => r.acceptMinutes.p90, c?.acceptP90),
        row('urgent ride wait p50', (r) => r.urgentWaitMinutes.p50, c?.urgentWaitP50),
        row('urgent ride wait p90', (r) => r.urgentWaitMinutes.p90, c?.urgentWaitP90),
        row(
          'empty travel, mean per ride (min)',
          (r) => r.emptyTravel.meanMinutes,
          c?.emptyTravelMean,
          c ? `≤ ${TARGETS.emptyTravelChange}%: ${verdict(c.emptyTargetMet, c.emptyTravelMean)}` : '',
        ),
        row('empty travel, total (min)', (r) => r.emptyTravel.totalMinutes, c?.emptyTravelTotal),
        row('rides per driver-hour', (r) => r.ridesPerDriverHour, c?.ridesPerDriverHour),
        row('rides per busy driver-hour', (r) => r.ridesPerBusyDriverHour, c?.ridesPerBusyDriverHour),
        row('drivers busy (accept → end)', (r) => r.busyShare, undefined),
        row('shift span (site hours)', (r) => r.spanHours, undefined),
      ],
    );
    const runs = [b, o].filter((r): r is DispatchRun => r !== undefined);
    printTable(
      'Rides and commands',
      [
        'dispatch',
        'booked',
        'ended',
        'not picked up',
        'unfinished',
        'urgent picked',
        'taken over',
        'breakdowns',
        'offers',
        'declined (drawn)',
        'declined (busy)',
        'lost races',
        'opened to all',
        'stuck',
        'commands',
        'accept p50 ms',
        'accept p99 ms',
      ],
      runs.map((r) => [
        r.dispatch,
        r.counts.booked,
        r.counts.ended,
        r.notPickedUp,
        r.unfinished,
        r.urgentWaitMinutes.count,
        r.counts.takenOver,
        r.counts.breakdowns,
        r.counts.offers,
        r.counts.declinedByChoice,
        r.counts.declinedBusy,
        r.counts.lostRaces,
        r.counts.openedToAll,
        r.counts.stuck,
        r.commands,
        r.latency.accept?.p50,
        r.latency.accept?.p99,
      ]),
    );
    for (const r of runs) {
      const { offer: byOffer, list: byList } = r.emptyTravel.byWay;
      console.log(
        `  ${r.dispatch}: empty travel ${byOffer.meanMinutes} min a ride over ${byOffer.rides} rides accepted as offered, ${byList.meanMinutes} min over ${byList.rides} taken from the list every driver of the type sees`,
      );
      const errors = Object.entries(r.outcomes).filter(([key]) => !key.endsWith(' ok'));
      if (errors.length)
        console.log(`  ${r.dispatch} refusals: ${errors.map(([k, n]) => `${k} ×${n} (${r.errorMessages[k] ?? ''})`).join('; ')}`);
      for (const message of r.counts.stuckMessages) console.log(`  ${r.dispatch} stuck: ${message}`);
    }
    if (c)
      console.log(
        `\nTargets (offer vs broadcast): wait p90 ${signed(c.waitP90)} (≤ ${TARGETS.waitP90Change}%: ${verdict(c.waitTargetMet, c.waitP90)}), empty travel ${signed(c.emptyTravelMean)} (≤ ${TARGETS.emptyTravelChange}%: ${verdict(c.emptyTargetMet, c.emptyTravelMean)})`,
      );
  }
}
