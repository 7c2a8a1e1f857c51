import {
  driverStreamId,
  foldRide,
  rideStatusOf,
  rideStreamId,
  userStreamId,
  type RideEvent,
  type RideSnapshot,
  type BoardAnswer,
  type VehicleType,
} from '@plantride/schemas';
import type { App } from '../../app';
import { driverStream, onBreak, type DriverState } from '../../drivers/driver.decider';
import { toDomainEvent } from '../../event-store/upcast';
import { readModels } from '../../rides/ride-access';
import { storeReader } from '../../test-support/dry-run';
import { withinDeadline, type Answer } from './bounded-inject';
import { driverSideReason, takeDecisions, type Take } from './take-decisions';
import { ADMIN } from './view-steps';

export interface Party {
  id: string;
  vehicleType: VehicleType;
}

/** Calls the API as a person (a test token for `who` in `role`). */
export type Send = (
  who: string,
  role: 'driver' | 'admin' | 'maintenanceHead' | 'requester',
  method: string,
  url: string,
  payload?: object,
) => Promise<Answer>;

/** What the last check saw: the store's folds and what the decider grants; the next step is chosen from it. */
export interface Seen {
  rides: Map<string, RideSnapshot>;
  drivers: Map<string, DriverState>;
  granted: Array<{ driverId: string; rideId: string; take: Take }>;
}

/** What the checks came across, over a whole property: that its histories reached the cases that matter. */
export interface Coverage {
  /** Rides waiting for take-over that stood closed to all (offered) before their breakdown: the ground of the issue #29 defect. */
  closedThenRedistributed: Set<string>;
  /** Rides seen waiting for take-over, by the step they stood at (`resumeState`): breakdowns at every step. */
  redistributedAt: Record<string, Set<string>>;
  /** Listed rides the decider refused for a reason about the driver, by reason. */
  driverSide: Record<string, number>;
  /** Drivers the decider had on break at a check (the board's on-break count was compared with it). */
  onBreak: number;
  checks: number;
}

export const newCoverage = (): Coverage => ({
  closedThenRedistributed: new Set(),
  redistributedAt: {},
  driverSide: {},
  onBreak: 0,
  checks: 0,
});

const describeRide = (ride: RideSnapshot | undefined) => {
  if (!ride) return 'not in the store';
  const c = ride.context;
  return `${rideStatusOf(ride)}${c.openToAll ? ', open to all' : ''}${c.offer ? `, offered to ${c.offer.driverId}` : ''}`;
};

/** Whether the ride stood closed to all (offered one driver at a time) just before its last redistribution. */
function closedWhenRedistributed(events: readonly RideEvent[]): boolean {
  const last = events.map((event) => event.type).lastIndexOf('RideRedistributed');
  return last > 0 && !foldRide(events.slice(0, last)).context.openToAll;
}

async function listedFor(send: Send, driver: Party, position: number): Promise<Set<string>> {
  const url = `/api/drivers/available-rides?vehicleType=${encodeURIComponent(driver.vehicleType)}&limit=100&position=${position}`;
  const answer = await send(driver.id, 'driver', 'GET', url);
  if (answer.statusCode !== 200)
    throw new Error(`${driver.id}'s available-rides answered ${answer.statusCode}: ${answer.body.slice(0, 200)}`);
  const page = JSON.parse(answer.body) as { rides: { rows: Array<{ RIDE_ID: string }> }; total: number };
  if (page.total > page.rides.rows.length)
    throw new Error(`${driver.id}'s list has ${page.total} rides, more than a page: the check cannot see them all`);
  return new Set(page.rides.rows.map((row) => row.RIDE_ID));
}

/**
 * The dispatcher board against the decider's `onBreak` (issue #32 item 4): the board shows a driver on
 * break only when the decider has him on break, and a driver the decider has on break is on the board
 * on break (or blocked, which staff must see first); each type's on-break count is its drivers so shown.
 */
async function boardProblems(send: Send, drivers: ReadonlyMap<string, DriverState>, now: Date, coverage: Coverage): Promise<string[]> {
  const answer = await send(ADMIN, 'admin', 'GET', '/api/board');
  if (answer.statusCode !== 200) return [`the board answered ${answer.statusCode}: ${answer.body.slice(0, 200)}`];
  const board = JSON.parse(answer.body) as BoardAnswer;
  const shown = new Map(board.drivers.flatMap((group) => group.drivers.map((driver) => [driver.operatorId, driver.state] as const)));
  const problems = board.drivers
    .filter((group) => group.counts.onBreak !== group.drivers.filter((driver) => driver.state === 'on break').length)
    .map((group) => `the board counts ${group.counts.onBreak} ${group.vehicleType} drivers on break, and shows a different number so`);
  for (const [id, state] of drivers) {
    const resting = onBreak(state, now);
    const onBoard = shown.get(id) ?? 'not on the board';
    if (resting) coverage.onBreak += 1;
    if (onBoard === 'on break' && !resting) problems.push(`${id}: the board shows him on break, the decider does not have him on break`);
    if (resting && onBoard !== 'on break' && onBoard !== 'blocked')
      problems.push(`${id}: the decider has him on break since ${state.breakStartedAt}, the board shows him ${onBoard}`);
  }
  return problems;
}

/**
 * After a step: every ride row's status is its events' fold through the statechart, and each driver's
 * `available-rides` lists exactly the rides the decider would grant him were he free to drive; those it
 * refuses him now only for a reason about him (DRIVER_SIDE_REFUSALS), and it grants him none unlisted;
 * and the board's drivers on break are the decider's (`boardProblems`). Throws what disagrees; answers what it saw.
 */
export async function checkViews(
  app: App,
  send: Send,
  rides: readonly Party[],
  drivers: readonly Party[],
  coverage: Coverage,
): Promise<Seen> {
  const head = await app.eventStore.headPosition();
  if (!(await withinDeadline(app.projections.waitForPosition(head, 20_000), 'read models catching up')))
    throw new Error(`the read models did not reach position ${head}`);
  const now = new Date();
  const reader = storeReader(app.eventStore);
  await reader.prefetch([
    ...rides.map((ride) => rideStreamId(ride.id)),
    ...drivers.flatMap((driver) => [driverStreamId(driver.id), userStreamId(driver.id)]),
  ]);
  const problems: string[] = [];
  const seen: Seen = { rides: new Map(), drivers: new Map(), granted: [] };

  const rows = new Map<string, string>();
  if (rides.length > 0) {
    const found = await readModels(app)
      .selectFrom('rides')
      .select(['ride_id', 'status'])
      .where(
        'ride_id',
        'in',
        rides.map((ride) => ride.id),
      )
      .execute();
    for (const row of found) rows.set(row.ride_id, row.status);
  }
  for (const { id } of rides) {
    const events = (await reader.events(rideStreamId(id))).map((event) => toDomainEvent(event) as RideEvent);
    const ride = foldRide(events);
    seen.rides.set(id, ride);
    if (rows.get(id) !== rideStatusOf(ride))
      problems.push(`ride ${id}: its row says ${rows.get(id) ?? 'nothing (no row)'}, its events fold to ${rideStatusOf(ride)}`);
    if (rideStatusOf(ride) === 'waiting_for_reassignment') {
      const at = ride.context.resumeState ?? 'none';
      (coverage.redistributedAt[at] ??= new Set()).add(`${id}#${ride.context.redistributions}`);
      if (closedWhenRedistributed(events)) coverage.closedThenRedistributed.add(id);
    }
  }

  // Each driver's list as he reads it, all at once (reads only).
  const lists = await Promise.all(drivers.map((driver) => listedFor(send, driver, head)));
  for (const [i, driver] of drivers.entries()) {
    seen.drivers.set(driver.id, await reader.state(driverStream(driver.id)));
    const listed = lists[i]!;
    const candidates = [...new Set([...rides.map((ride) => ride.id), ...listed])];
    const decisions = await takeDecisions(app, reader, driver.id, candidates, now);
    for (const [rideId, decision] of decisions) {
      const what = `${driver.id} (${driver.vehicleType}) and ride ${rideId} (${describeRide(seen.rides.get(rideId))})`;
      if (decision.granted) seen.granted.push({ driverId: driver.id, rideId, take: decision.granted });
      if (decision.granted && !listed.has(rideId))
        problems.push(`${what}: the decider grants his ${decision.granted}, his list does not show it`);
      else if (decision.rideSide && !listed.has(rideId))
        problems.push(`${what}: the decider would grant his ${decision.rideSide} were he free to drive, his list does not show it`);
      else if (!decision.rideSide && listed.has(rideId))
        problems.push(`${what}: his list shows it, the decider would refuse it even were he free to drive`);
      else if (decision.refusal && listed.has(rideId)) {
        const why = driverSideReason(decision.refusal);
        if (!why)
          problems.push(
            `${what}: listed, and his ${decision.rideSide} is refused for a reason about the ride: ${decision.refusal.message}`,
          );
        else coverage.driverSide[why] = (coverage.driverSide[why] ?? 0) + 1;
      }
    }
  }
  problems.push(...(await boardProblems(send, seen.drivers, now, coverage)));
  coverage.checks += 1;
  if (problems.length > 0) throw new Error(`the views disagree with the decisions:\n  ${problems.join('\n  ')}`);
  return seen;
}
