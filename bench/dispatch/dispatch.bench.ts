import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { DISPATCH_MODES, dispatchSettingsSchema, type DispatchMode, type VehicleType } from '@plantride/schemas';
import { inParallel, must } from '../support/api-client';
import { resolveModes, type Mode } from '../support/bench-modes';
import { count, flags } from '../support/cli-flags';
import { startEngine } from '../support/engine-child';
import { machineInfo } from '../support/machine';
import { writeResults } from '../support/report';
import { CommandLog } from '../load/command-log';
import { connectEveryone } from '../load/live-socket';
import { engineRun } from '../load/engine-run';
import { seedPlant, signInSeeded } from '../shift/shift-people';
import { arrivalsOf, fetchSite, rateFor, shiftPlaces, type Arrival, type DispatchPlan } from './dispatch-plan';
import { compare, measure, printDispatch, type DispatchRun } from './dispatch-report';
import { DispatchSim } from './dispatch-sim';

const USAGE = `npm run bench:dispatch -- [--mode embedded|services|both] [--quick] [--dispatch both|broadcast|offer] [--seed 1]
  [--drivers 60] [--requesters 40] [--duration 300] [--rides N] [--utilisation 0.7] [--minute-ms 200] [--offer-seconds 5]
  [--reaction-min-ms 300] [--reaction-max-ms 1500] [--urgent-share 0.1] [--breakdown-share 0.02] [--decline-share 0.05]
  [--repair-minutes 20] [--drain 60]
Issue #20 item 6: one seeded shift played through the real engine twice, broadcast then offer dispatch, each
on a fresh store. Every driver starts his shift at a seeded place; bookings arrive (Poisson, at a rate that
keeps the drivers --utilisation busy under broadcast) with random routes of the site (GET /api/site), vehicle
types and a share urgent. A driver who hears of a ride (newRideRequest to his type, or rideOffered to him)
accepts after his reaction delay (the first accept wins, the others get 409), or declines an offer; then
start, the empty trip from where he is to the pickup and the loaded trip at their route minutes × --minute-ms,
pick, drop, complete; he stands at the drop. A few first drivers break down mid-ride (another takes the ride
over, the maintenance head repairs it in --repair-minutes). Reactions and declines are drawn per ride and
driver, so both modes play the same people. Reports requester wait (booking → picked) p50/p90, urgent rides'
wait, empty travel, rides per driver-hour, offer against broadcast and the issue's targets (wait p90 −25 %,
empty travel −20 %). --duration is wall seconds of arrivals; --rides caps the bookings; --drain is how long
(wall s) to wait for open rides after the last booking.
--quick: 24 drivers, 20 requesters, 60 s of arrivals per dispatch mode.`;

const values = flags(USAGE, {
  dispatch: { type: 'string' },
  seed: { type: 'string' },
  drivers: { type: 'string' },
  requesters: { type: 'string' },
  duration: { type: 'string' },
  rides: { type: 'string' },
  utilisation: { type: 'string' },
  'minute-ms': { type: 'string' },
  'offer-seconds': { type: 'string' },
  'reaction-min-ms': { type: 'string' },
  'reaction-max-ms': { type: 'string' },
  'urgent-share': { type: 'string' },
  'breakdown-share': { type: 'string' },
  'decline-share': { type: 'string' },
  'repair-minutes': { type: 'string' },
  drain: { type: 'string' },
});
const share = (value: unknown, fallback: number, name: string) => {
  const n = count(value, fallback, name);
  if (n > 1) throw new Error(`--${name} is a share from 0 to 1, not ${n}`);
  return n;
};
const dispatchModes: DispatchMode[] =
  values.dispatch === undefined || values.dispatch === 'both' ? [...DISPATCH_MODES] : [values.dispatch as DispatchMode];
if (!dispatchModes.every((m) => DISPATCH_MODES.includes(m)))
  throw new Error(`--dispatch is both, broadcast or offer, not ${String(values.dispatch)}`);
const drivers = count(values.drivers, values.quick ? 24 : 60, 'drivers');
const requesters = Math.max(1, count(values.requesters, values.quick ? 20 : 40, 'requesters'));
const utilisation = share(values.utilisation, 0.7, 'utilisation');
const plan: DispatchPlan = {
  seed: count(values.seed, 1, 'seed'),
  minuteMs: count(values['minute-ms'], 200, 'minute-ms'),
  // Set from the site's routes once the engine answers GET /api/site.
  ratePerSecond: 0,
  durationMs: count(values.duration, values.quick ? 60 : 300, 'duration') * 1000,
  rides: count(values.rides, Infinity, 'rides'),
  urgentShare: share(values['urgent-share'], 0.1, 'urgent-share'),
  breakdownShare: share(values['breakdown-share'], 0.02, 'breakdown-share'),
  declineShare: share(values['decline-share'], 0.05, 'decline-share'),
  reactionMinMs: count(values['reaction-min-ms'], 300, 'reaction-min-ms'),
  reactionMaxMs: count(values['reaction-max-ms'], 1500, 'reaction-max-ms'),
  repairMinutes: count(values['repair-minutes'], 20, 'repair-minutes'),
  offerSeconds: count(values['offer-seconds'], 5, 'offer-seconds'),
  drainMs: count(values.drain, 60, 'drain') * 1000,
};
if (plan.minuteMs <= 0 || utilisation <= 0) throw new Error('--minute-ms and --utilisation must be above 0');
if (plan.reactionMaxMs < plan.reactionMinMs) throw new Error('--reaction-max-ms must be at least --reaction-min-ms');

/** The same arrivals in every run: a fingerprint to check it. */
const fingerprint = (arrivals: readonly Arrival[]) =>
  arrivals.map((a) => `${a.atMs}:${a.fromLocation}>${a.toLocation}:${a.vehicleType}:${a.priority}:${a.breakdown ?? ''}`).join('|');
let firstArrivals: string | null = null;
let arrivalCount = 0;

async function runDispatch(mode: Mode, dispatch: DispatchMode): Promise<DispatchRun> {
  const log = (text: string) => console.log(`[${mode} ${dispatch}] ${text}`);
  return engineRun(mode, 'dispatch', async (started) => {
    const { store } = started;
    const seeded = await seedPlant(store, requesters, drivers);
    const engine = (started.engine = await startEngine(store));
    const admin = { tokenNo: engine.adminTokenNo, password: engine.adminPassword };
    const people = await signInSeeded(engine.url, admin, seeded);
    const plant = (started.plant = await connectEveryone(engine.url, people));
    log(
      `engine pid ${engine.pid}; ${people.drivers.length} drivers, ${people.requesters.length} requesters and the maintenance head signed in and connected`,
    );

    const site = await fetchSite(engine.url, people.admin.token);
    const current = dispatchSettingsSchema.parse(await must(engine.url, 'GET', '/api/dispatch/settings', people.admin.token));
    const settings = dispatchSettingsSchema.parse(
      await must(engine.url, 'PUT', '/api/dispatch/settings', people.admin.token, {
        ...current,
        mode: dispatch,
        offerSeconds: plan.offerSeconds,
      }),
    );
    if (settings.mode !== dispatch) throw new Error(`the dispatch settings say ${settings.mode} after setting ${dispatch}`);
    const starts = shiftPlaces(plan, site, people.drivers.length);
    await inParallel(people.drivers, 8, (d, i) =>
      must(engine.url, 'POST', '/api/drivers/shift', d.token, { on: true, location: starts[i] }),
    );

    plan.ratePerSecond = rateFor(utilisation, people.drivers.length, site, plan);
    const vehicleTypes = [...new Set(people.drivers.map((d) => d.vehicleType))] as VehicleType[];
    const arrivals = arrivalsOf(plan, site, vehicleTypes, people.requesters.length);
    const print = fingerprint(arrivals);
    if (firstArrivals !== null && print !== firstArrivals)
      log('WARNING: these arrivals differ from the first run (another site?): the modes are not comparable');
    firstArrivals ??= print;
    arrivalCount = arrivals.length;
    log(
      `${dispatch} dispatch, ${site.places.length} places (mean route ${site.meanMinutes.toFixed(2)} min); shifts started; ${arrivals.length} bookings at ${plan.ratePerSecond.toFixed(2)}/s over ${Math.round((arrivals.at(-1)?.atMs ?? 0) / 1000)} s`,
    );
    // Let the roster and the sockets settle after the shifts' appends.
    await sleep(1000);

    const loadStart = loadavg();
    const commands = new CommandLog(engine.url);
    const sim = new DispatchSim(commands, people, plant.live, site, plan, starts);
    const progress = setInterval(
      () => log(`${sim.counts.booked} booked, ${sim.counts.ended} ended, ${sim.counts.offers} offers, ${commands.issued.length} commands`),
      15_000,
    );
    await sim.run(arrivals);
    clearInterval(progress);
    sim.counts.openedToAll = sim.lists.openedToAll();
    const unfinished = sim.book.unfinished();
    if (unfinished.length)
      log(
        `${unfinished.length} rides not ended after the drain: ${unfinished
          .slice(0, 5)
          .map((r) => r.rideId)
          .join(', ')}${unfinished.length > 5 ? '…' : ''}`,
      );
    plant.closeAll();
    await engine.stop();
    return {
      mode,
      dispatch,
      drivers: people.drivers.length,
      requesters: people.requesters.length,
      counts: sim.counts,
      ...measure(sim, plan),
      commands: commands.issued.length,
      outcomes: Object.fromEntries([...commands.outcomes].sort()),
      errorMessages: Object.fromEntries(commands.errorMessages),
      latency: commands.latency.summaries(),
      loadAverage: { start: loadStart, end: loadavg() },
    };
  });
}

const machine = await machineInfo();
const loadStart = loadavg();
console.log(`load average at start: ${loadStart.map((n) => n.toFixed(2)).join(' ')}`);
const modes = await resolveModes(values.mode);
const runs: DispatchRun[] = [];
for (const mode of modes) for (const dispatch of dispatchModes) runs.push(await runDispatch(mode, dispatch));
const comparisons = modes.flatMap((mode) => {
  const b = runs.find((r) => r.mode === mode && r.dispatch === 'broadcast');
  const o = runs.find((r) => r.mode === mode && r.dispatch === 'offer');
  return b && o ? [compare(b, o)] : [];
});
const results = {
  bench: 'dispatch',
  machine,
  plan,
  arrivals: arrivalCount,
  utilisation,
  quick: values.quick,
  runs,
  comparisons,
  loadAverage: { start: loadStart, end: loadavg() },
};
printDispatch(results, comparisons);
writeResults('dispatch', results);
process.exit(0);
