import fc from 'fast-check';
import { isCancellable, rideStatusOf, type VehicleType } from '@plantride/schemas';
import type { App } from '../../app';
import { seedUsers } from '../../test-support/seed';
import type { Answer } from './bounded-inject';
import { checkViews, type Coverage, type Send } from './views-agreement';
import { ADMIN, HEAD, KINDS, dispatchSettings, playStep, type Kind, type Run, type Step } from './view-steps';

export { ADMIN, HEAD };

export interface History {
  offer: boolean;
  onShift: boolean[];
  inspectionRequired: boolean;
  steps: Step[];
}

const DRIVER_TYPES: readonly VehicleType[] = ['Forklift', 'Forklift', 'Forklift', 'Crane', 'Crane'];

export const historyArbitrary = (minSteps = 10, maxSteps = 25): fc.Arbitrary<History> =>
  fc.record({
    offer: fc.nat(3).map((n) => n > 0),
    onShift: fc.array(
      fc.nat(3).map((n) => n > 0),
      { minLength: DRIVER_TYPES.length, maxLength: DRIVER_TYPES.length },
    ),
    inspectionRequired: fc.nat(4).map((n) => n === 0),
    steps: fc.array(fc.record({ kind: fc.constantFrom(...KINDS), x: fc.nat(), y: fc.nat(), flag: fc.nat(5) }), {
      minLength: minSteps,
      maxLength: maxSteps,
    }),
  });

const usual = (kind: Kind, flag = 2): Step => ({ kind, x: 0, y: 0, flag });

/**
 * The issue #29 defect's own history, played first in every property run: under offer dispatch a
 * Forklift ride is offered, accepted, started and broken down, then taken over and delivered.
 */
export const offeredRideBreaksDown: History = {
  offer: true,
  onShift: DRIVER_TYPES.map(() => true),
  inspectionRequired: false,
  steps: [
    usual('book'),
    usual('accept'),
    usual('step'),
    usual('breakdown', 1),
    usual('takeOver'),
    usual('step'),
    usual('step'),
    usual('step'),
    usual('unblock'),
  ],
};

let runs = 0;

/**
 * Plays one history on the app, checking the views after its start and after every step; fails with
 * the trace of what was done. People and rides are the run's own, so runs share one app.
 */
export async function playHistory(app: App, send: Send, history: History, coverage: Coverage): Promise<void> {
  // Token numbers are 4 or 5 characters: a run's own two, 1,296 runs to an app.
  const tag = (runs++ % 36 ** 2).toString(36).toUpperCase().padStart(2, '0');
  const run: Run = {
    requesters: [`R${tag}1`, `R${tag}2`],
    drivers: DRIVER_TYPES.map((vehicleType, i) => ({ id: `D${tag}${i}`, vehicleType })),
    rides: [],
    seen: { rides: new Map(), drivers: new Map(), granted: [] },
  };
  await seedUsers(app, [
    ...run.requesters.map((tokenNo) => ({ tokenNo, role: 'requester' as const, name: 'Requester' })),
    ...run.drivers.map((d) => ({ tokenNo: d.id, role: 'driver' as const, vehicleType: d.vehicleType, name: 'Model Driver' })),
  ]);
  const trace = [
    `start: ${history.offer ? 'offer' : 'broadcast'} dispatch, inspection ${history.inspectionRequired ? 'required' : 'not required'}`,
  ];
  const check = async () => {
    try {
      run.seen = await checkViews(app, send, run.rides, run.drivers, coverage);
    } catch (error) {
      throw new Error(`${(error as Error).message}\nafter:\n  ${trace.join('\n  ')}`, { cause: error });
    }
  };
  try {
    await must(send(ADMIN, 'admin', 'PUT', '/api/dispatch/settings', dispatchSettings(history.offer)));
    await must(send(ADMIN, 'admin', 'PUT', '/api/inspections/settings', { inspectionRequired: history.inspectionRequired }));
    for (const [i, driver] of run.drivers.entries())
      if (history.onShift[i]) await must(send(driver.id, 'driver', 'POST', '/api/drivers/shift', { on: true, location: 'main gate' }));
    trace.push(
      `on shift: ${
        run.drivers
          .filter((_, i) => history.onShift[i])
          .map((d) => d.id)
          .join(', ') || 'nobody'
      }`,
    );
    await check();
    for (const [i, step] of history.steps.entries()) {
      const { label, answer } = await playStep(app, send, run, step);
      if (answer && answer.statusCode >= 500) throw new Error(`${label} answered ${answer.statusCode}: ${answer.body.slice(0, 300)}`);
      trace.push(`${i + 1}. ${label}${answer ? ` → ${answer.statusCode}${answer.statusCode >= 300 ? ` ${refusalOf(answer)}` : ''}` : ''}`);
      await check();
    }
  } finally {
    await leave(send, run);
    // VIEWS_TRACE=1 shows every history as played, to see what the draws reach.
    if (process.env.VIEWS_TRACE) console.info(trace.join('\n  '));
  }
}

const refusalOf = (answer: Answer) => {
  try {
    return String((JSON.parse(answer.body) as { message?: unknown }).message ?? answer.body);
  } catch {
    return answer.body.slice(0, 100);
  }
};

async function must(answer: Promise<Answer>): Promise<void> {
  const settled = await answer;
  if (settled.statusCode !== 200) throw new Error(`preparing the run: ${settled.statusCode} ${settled.body.slice(0, 200)}`);
}

/** The run's drivers end their shifts and its open rides are cancelled, so later runs neither offer to them nor list them. */
async function leave(send: Send, run: Run): Promise<void> {
  for (const driver of run.drivers) await send(driver.id, 'driver', 'POST', '/api/drivers/shift', { on: false });
  for (const ride of run.rides) {
    const status = run.seen.rides.get(ride.id);
    if (!status || isCancellable(rideStatusOf(status))) await send(ADMIN, 'admin', 'DELETE', `/api/bookings/cancel/${ride.id}`);
  }
}
