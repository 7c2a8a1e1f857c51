import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DEFAULT_DISPATCH_SETTINGS,
  foldRide,
  rideStatusOf,
  rideStreamId,
  type Role,
  type RideEvent,
  type VehicleType,
} from '@plantride/schemas';
import { toDomainEvent } from '../event-store/upcast';
import { readState } from '../commands/command-handler';
import { driverStream } from '../drivers/driver.decider';
import { freeDriversOf } from '../dispatch/dispatch-input';
import { fireTimer } from '../timers/fire-timer';
import { rideTimers } from '../timers/ride-timers';
import type { Timer } from '../timers/timer-port';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreTimerKinds, testTimerOptions } from '../test-support/test-timers';
import { seedUsers } from '../test-support/seed';
import { boundedInject, withinDeadline, type Answer } from './support/bounded-inject';
import { modelMaxCommands, modelRuns, replayParameters } from './support/fuzz-settings';
import {
  apply,
  expectAccept,
  expectBooking,
  expectCancel,
  expectDecline,
  expectMaintenance,
  expectResolve,
  expectStep,
  expectTakeOver,
  expectedRideView,
  newRide,
  offerCandidates,
  ongoingRide,
  rideEvents,
  type ModelDriver,
  type ModelRide,
  type RideWorld,
  type Step,
} from './support/ride-model';

const HOUR = 3_600_000;
const TIMER_SETTINGS = { reassignTimeoutMs: HOUR, rideWaitAlertMs: HOUR, specialTaskMinuteMs: 60_000 };
const ADMIN = 'MDAD';
const HEAD = 'MDMH';
const STEPS: readonly Step[] = ['start', 'materialPicked', 'materialDropped', 'end'];
const NEXT_STEP: Record<string, Step> = {
  accepted: 'start',
  started: 'materialPicked',
  'material picked': 'materialDropped',
  delivered: 'end',
};
const BOOKABLE: readonly VehicleType[] = ['Forklift', 'Crane', 'AMR'];

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface Real {
  send(who: string, role: Role, method: Method, url: string, payload?: object): Promise<Answer>;
  /** A ride timer fired now, as the engine's timers would (issue #20's offer expiry and release). */
  fire(timer: Timer): Promise<'appended' | 'repeat' | 'stale'>;
  /** The ride's events as stored. */
  rideEvents(rideId: string): Promise<RideEvent[]>;
  /** The store (fold of the streams) and the read models (through the API) agree with the model on these rides and drivers. */
  agree(rides: readonly ModelRide[], drivers: readonly ModelDriver[], what: string): Promise<void>;
}

interface Plan {
  label: string;
  who: string;
  role: Role;
  method?: Method;
  url?: string;
  payload?: object;
  /** Instead of a call: a ride timer fired (its command appends, or is refused as stale or a repeat). */
  timer?: (real: Real) => Promise<Timer>;
  /** Whether the model accepts the command (2xx) or refuses it (4xx). */
  expected: boolean;
  onSuccess?(body: Record<string, unknown>): void;
  /** After a success, what the engine decided that the model only checks (issue #20: whom a ride was offered to). */
  observe?(real: Real): Promise<void>;
  touched(): { rides: ModelRide[]; drivers: ModelDriver[] };
}
type Planner = (world: RideWorld) => Plan | null;

const outcomes: Record<string, number> = {};

/** One user action: planned against the model, sent to the engine, and both compared after. */
class Act implements fc.AsyncCommand<RideWorld, Real> {
  private label: string;
  constructor(
    private readonly name: string,
    private readonly planner: Planner,
  ) {
    this.label = name;
  }
  check(world: Readonly<RideWorld>): boolean {
    return this.planner(world as RideWorld) !== null;
  }
  async run(world: RideWorld, real: Real): Promise<void> {
    const plan = this.planner(world)!;
    this.label = plan.label;
    const answer = plan.timer
      ? await fired(real, await plan.timer(real))
      : await real.send(plan.who, plan.role, plan.method!, plan.url!, plan.payload);
    const ok = answer.statusCode >= 200 && answer.statusCode < 300;
    const key = `${this.name} ${answer.statusCode}`;
    outcomes[key] = (outcomes[key] ?? 0) + 1;
    if (answer.statusCode >= 500 || ok !== plan.expected) {
      throw new Error(
        `${plan.label}: the model expected ${plan.expected ? '2xx' : '4xx'}, the engine answered ${answer.statusCode} ${answer.body.slice(0, 300)}`,
      );
    }
    if (ok) plan.onSuccess?.(JSON.parse(answer.body) as Record<string, unknown>);
    if (ok) await plan.observe?.(real);
    const { rides, drivers } = plan.touched();
    await real.agree(rides, drivers, plan.label);
  }
  toString(): string {
    return this.label;
  }
}

/** A fired timer told as an answer: appended is a 200; refused as stale or as a repeat of one already fired, a 409. */
async function fired(real: Real, timer: Timer): Promise<Answer> {
  const outcome = await real.fire(timer);
  return { statusCode: outcome === 'appended' ? 200 : 409, headers: {}, body: JSON.stringify({ outcome }) };
}

const pick = <T>(items: readonly T[], index: number): T | undefined => (items.length === 0 ? undefined : items[index % items.length]);
/** Mostly a ride the action fits (so sequences get somewhere), sometimes any ride (so refusals are tried too). */
const choose = <T>(fitting: readonly T[], all: readonly T[], index: number, prefer: boolean) =>
  pick(prefer && fitting.length > 0 ? fitting : all, index);
/** True three times in four: the actions mostly fit the state, so rides get through their steps. */
const mostly = fc.nat(3).map((n) => n > 0);
const statusOf = (ride: ModelRide) => rideStatusOf(ride.snapshot);
const none = () => ({ rides: [] as ModelRide[], drivers: [] as ModelDriver[] });

const book = fc
  .record({ requester: fc.nat(), type: fc.nat(), special: fc.boolean(), byAdmin: fc.boolean(), later: fc.nat(4).map((n) => n === 0) })
  .map(
    ({ requester: r, type, special, byAdmin, later }) =>
      new Act('book', (world) => {
        const requester = pick(world.requesters, r)!;
        const vehicleType = pick(BOOKABLE, type)!;
        let booked: ModelRide | undefined;
        const offer = world.mode === 'offer';
        return {
          label: `${byAdmin ? ADMIN : requester} books a ${special ? 'Special Task' : 'Regular'} ${vehicleType} for ${requester}${later ? ' for later' : ''}${offer ? ' (offer dispatch)' : ''}`,
          who: byAdmin ? ADMIN : requester,
          role: byAdmin ? 'admin' : 'requester',
          method: 'POST',
          url: '/api/bookings/book-ride',
          payload: {
            userId: requester,
            fromLocation: 'main gate',
            toLocation: 'canteen',
            vehicleType,
            rideType: special ? 'Special Task' : 'Regular',
            ...(special ? { duration: { hours: 0, minutes: 30 } } : {}),
            // Issue #20: three hours ahead is always later today or tomorrow; released only when the model fires its timer.
            ...(later ? { scheduledFor: new Date(Date.now() + 3 * HOUR).toISOString() } : {}),
          },
          expected: expectBooking(world, vehicleType),
          onSuccess: (body) =>
            void world.rides.push((booked = newRide({ id: String(body.rideId), requester, vehicleType }, { special, later, offer }))),
          observe: (real) => learnDispatch(world, booked!, real),
          touched: () => ({ rides: booked ? [booked] : [], drivers: [] }),
        };
      }),
  );

/**
 * What offer dispatch did after a booking, decline, lapse or release (issue #20), checked and taken
 * into the model: an offer only to one of the model's candidates, opened to all only when none is left.
 * Under broadcast nobody is offered a ride, so a passed-on offer opens it to all.
 */
async function learnDispatch(world: RideWorld, ride: ModelRide, real: Real): Promise<void> {
  for (const event of await real.rideEvents(ride.id)) {
    const c = ride.snapshot.context;
    const fresh = (event.type === 'RideOffered' && event.data.round > c.offerRounds) || (event.type === 'RideOpenedToAll' && !c.openToAll);
    if (!fresh) continue;
    const candidates = world.mode === 'offer' ? offerCandidates(world, ride).map((d) => d.id) : [];
    if (event.type === 'RideOffered' && !candidates.includes(event.data.driverId)) {
      throw new Error(
        `ride ${ride.id} was offered to ${event.data.driverId}; the model's candidates were ${candidates.join(', ') || 'none'}`,
      );
    }
    if (event.type === 'RideOpenedToAll' && candidates.length > 0)
      throw new Error(`ride ${ride.id} was opened to all while ${candidates.join(', ')} could be offered it`);
    apply(ride, event);
  }
}

const cancel = fc.record({ actor: fc.nat(), ride: fc.nat(), prefer: mostly }).map(
  ({ actor, ride: r, prefer }) =>
    new Act('cancel', (world) => {
      const ride = choose(
        world.rides.filter((x) => ['scheduled', 'requested', 'waiting_for_reassignment'].includes(statusOf(x) ?? '')),
        world.rides,
        r,
        prefer,
      );
      if (!ride) return null;
      const actors: Array<[string, Role]> = [
        [ride.requester, 'requester'],
        ...world.requesters.map((id): [string, Role] => [id, 'requester']),
        [ADMIN, 'admin'],
        ...world.drivers.map((d): [string, Role] => [d.id, 'driver']),
      ];
      const [who, role] = pick(actors, actor)!;
      return {
        label: `${who} cancels ${ride.id} (${statusOf(ride)})`,
        who,
        role,
        method: 'DELETE',
        url: `/api/bookings/cancel/${ride.id}`,
        expected: expectCancel(ride, who, role === 'admin', role === 'driver'),
        onSuccess: () => apply(ride, rideEvents.cancelled(who)),
        touched: () => ({ rides: [ride], drivers: [] }),
      };
    }),
);

const accept = fc.record({ driver: fc.nat(), ride: fc.nat(), prefer: mostly }).map(
  ({ driver: d, ride: r, prefer }) =>
    new Act('accept', (world) => {
      const free = world.drivers.filter((x) => x.blockedFor === null && x.access && !ongoingRide(world, x.id));
      let driver = pick(prefer && free.length > 0 ? free : world.drivers, d)!;
      const ride = choose(
        world.rides.filter((x) => statusOf(x) === 'requested' && x.vehicleType === driver.vehicleType),
        world.rides,
        r,
        prefer,
      );
      if (!ride) return null;
      // An offered ride (issue #20): mostly the driver it is offered to, so offered rides get taken.
      const offeredTo = ride.snapshot.context.offer?.driverId;
      if (prefer && offeredTo) driver = world.drivers.find((x) => x.id === offeredTo) ?? driver;
      return {
        label: `${driver.id} (${driver.vehicleType}) accepts ${ride.id} (${ride.vehicleType}, ${statusOf(ride)})`,
        who: driver.id,
        role: 'driver',
        method: 'POST',
        url: '/api/tracking/accept-ride',
        payload: { driverId: driver.id, rideId: ride.id },
        expected: expectAccept(world, driver, ride),
        onSuccess: () => apply(ride, rideEvents.accepted(driver.id)),
        touched: () => ({ rides: [ride], drivers: [] }),
      };
    }),
);

const step = fc.record({ driver: fc.nat(), ride: fc.nat(), step: fc.nat(), prefer: mostly, completeRoute: fc.boolean() }).map(
  ({ driver: d, ride: r, step: s, prefer, completeRoute }) =>
    new Act('step', (world) => {
      const busy = world.drivers.filter((x) => ongoingRide(world, x.id));
      const driver = pick(prefer && busy.length > 0 ? busy : world.drivers, d)!;
      const own = world.rides.filter((x) => x.snapshot.context.driverId === driver.id && NEXT_STEP[statusOf(x) ?? '']);
      const ride = choose(own, world.rides, r, prefer);
      if (!ride) return null;
      const next = (prefer && NEXT_STEP[statusOf(ride) ?? '']) || pick(STEPS, s)!;
      const viaComplete = next === 'end' && completeRoute;
      return {
        label: `${driver.id} sends ${next}${viaComplete ? ' (complete-ride)' : ''} on ${ride.id} (${statusOf(ride)}, driver ${ride.snapshot.context.driverId})`,
        who: driver.id,
        role: 'driver',
        method: viaComplete ? 'POST' : 'PUT',
        url: viaComplete ? '/api/tracking/complete-ride' : '/api/bookings/update-timestamps',
        payload: viaComplete ? { rideId: ride.id } : { rideId: ride.id, event: next },
        expected: expectStep(driver, ride, next),
        onSuccess: () => apply(ride, rideEvents.step(next, driver.id)),
        touched: () => ({ rides: [ride], drivers: [] }),
      };
    }),
);

const maintenance = fc.record({ driver: fc.nat(), idle: fc.nat(3) }).map(
  ({ driver: d, idle }) =>
    new Act('maintenance', (world) => {
      // Mostly a driver mid-ride (the breakdown that hands his ride to the others); now and then any driver.
      const busy = world.drivers.filter((x) => ongoingRide(world, x.id));
      if (idle > 0 && busy.length === 0) return null;
      const driver = pick(idle > 0 ? busy : world.drivers, d)!;
      const ride = ongoingRide(world, driver.id);
      return {
        label: `${driver.id} asks for maintenance${ride ? ` mid-ride on ${ride.id} (${statusOf(ride)})` : ''}${driver.blockedFor ? ' while blocked' : ''}`,
        who: driver.id,
        role: 'driver',
        method: 'POST',
        url: '/api/requests/maintenanceReq',
        payload: {
          driver_id: driver.id,
          driver_name: 'Model Driver',
          vehicle_type: driver.vehicleType,
          issue: 'Engine Issue',
          comment_text: 'stopped',
          status: 'pending',
          breakdown_type: 'partial',
          ride_id: ride?.id ?? null,
        },
        expected: expectMaintenance(driver),
        onSuccess: (body) => {
          driver.blockedFor = String(body.id);
          world.requests.push({ id: String(body.id), driver: driver.id, status: 'pending' });
          if (ride) apply(ride, rideEvents.redistributed(ride.snapshot, driver.id));
        },
        touched: () => ({ rides: ride ? [ride] : [], drivers: [driver] }),
      };
    }),
);

const takeOver = fc.record({ driver: fc.nat(), ride: fc.nat(), prefer: mostly }).map(
  ({ driver: d, ride: r, prefer }) =>
    new Act('take over', (world) => {
      const waiting = world.rides.filter((x) => statusOf(x) === 'waiting_for_reassignment');
      // Mostly a driver free to take one of them over (allowed, idle, same vehicle type), so take-overs happen.
      const able = world.drivers.filter((x) => waiting.some((ride) => expectTakeOver(world, x, ride)));
      const driver = pick(prefer && able.length > 0 ? able : world.drivers, d)!;
      const ride = choose(
        waiting.filter((x) => expectTakeOver(world, driver, x)),
        world.rides,
        r,
        prefer,
      );
      if (!ride) return null;
      const before = ride.snapshot;
      return {
        label: `${driver.id} (${driver.vehicleType}) takes over ${ride.id} (${ride.vehicleType}, ${statusOf(ride)})`,
        who: driver.id,
        role: 'driver',
        method: 'POST',
        url: '/api/maintenance/accept-redistributed-ride',
        payload: { rideId: ride.id, newDriverId: driver.id },
        expected: expectTakeOver(world, driver, ride),
        onSuccess: () => apply(ride, rideEvents.takenOver(before, driver.id)),
        touched: () => ({ rides: [ride], drivers: [] }),
      };
    }),
);

const resolve = fc
  .record({ request: fc.nat(), status: fc.constantFrom('accepted' as const, 'completed' as const, 'rejected' as const) })
  .map(
    ({ request: q, status }) =>
      new Act('resolve maintenance', (world) => {
        const request = pick(world.requests, q);
        if (!request) return null;
        const driver = world.drivers.find((x) => x.id === request.driver)!;
        return {
          label: `${HEAD} sets request ${request.id} of ${driver.id} (${request.status}) to ${status}`,
          who: HEAD,
          role: 'maintenanceHead',
          method: 'PUT',
          url: `/api/requests/${request.id}/status`,
          payload:
            status === 'completed'
              ? { status, maintenance_date: '2026-11-26T12:00:00.000Z' }
              : status === 'rejected'
                ? { status, maintenance_date: null, reason: 'not needed' }
                : { status, maintenance_date: null },
          expected: expectResolve(request, status),
          onSuccess: () => {
            request.status = status;
            // Completing or rejecting releases the driver from this request's block (not from a newer one).
            if (status !== 'accepted' && driver.blockedFor === request.id) driver.blockedFor = null;
          },
          touched: () => ({ rides: [], drivers: [driver] }),
        };
      }),
  );

const toggleAccess = fc.record({ driver: fc.nat(), on: fc.nat(2) }).map(
  ({ driver: d, on }) =>
    new Act('toggle access', (world) => {
      const driver = pick(world.drivers, d)!;
      // Mostly back on: a driver without access refuses everything, and sequences should get somewhere.
      const active = on > 0;
      return {
        label: `${ADMIN} turns ${driver.id}'s access ${active ? 'on' : 'off'}`,
        who: ADMIN,
        role: 'admin',
        method: 'PUT',
        url: '/api/drivers/toggle-access',
        payload: { driverId: driver.id, active: active ? 1 : 0 },
        expected: true,
        onSuccess: () => void (driver.access = active),
        touched: () => ({ rides: [], drivers: [driver] }),
      };
    }),
);

const unblock = fc.nat().map(
  (d) =>
    new Act('unblock', (world) => {
      const driver = pick(world.drivers, d)!;
      return {
        label: `${HEAD} unblocks ${driver.id}${driver.blockedFor ? '' : ' (not blocked)'}`,
        who: HEAD,
        role: 'maintenanceHead',
        method: 'PUT',
        url: '/api/requests/unblock-driver',
        payload: { driverId: driver.id, reason: 'maintenance_completed' },
        expected: true,
        onSuccess: () => {
          // The request that blocked him closes in the same append: completed.
          const blocking = world.requests.find((request) => request.id === driver.blockedFor);
          if (blocking && (blocking.status === 'pending' || blocking.status === 'accepted')) blocking.status = 'completed';
          driver.blockedFor = null;
        },
        touched: () => ({ rides: [], drivers: [driver] }),
      };
    }),
);

// Issue #20: dispatch mode, shifts, declines, lapsed offers and releases of rides booked for later.
const setMode = fc.nat(3).map(
  (n) =>
    new Act('dispatch mode', (world) => {
      // Mostly offer: broadcast is the other acts' world already.
      const mode = n > 0 ? 'offer' : 'broadcast';
      return {
        label: `${ADMIN} sets dispatch to ${mode}`,
        who: ADMIN,
        role: 'admin',
        method: 'PUT',
        url: '/api/dispatch/settings',
        // The longest offer: none lapses by itself during a run; the model lapses them.
        payload: { ...DEFAULT_DISPATCH_SETTINGS, mode, offerSeconds: 300 },
        expected: true,
        onSuccess: () => void (world.mode = mode),
        touched: none,
      };
    }),
);

const shift = fc.record({ driver: fc.nat(), on: fc.nat(3) }).map(
  ({ driver: d, on }) =>
    new Act('shift', (world) => {
      const driver = pick(world.drivers, d)!;
      const starts = on > 0;
      return {
        label: `${driver.id} ${starts ? 'starts' : 'ends'} his shift${driver.onShift === starts ? ' (again)' : ''}`,
        who: driver.id,
        role: 'driver',
        method: 'POST',
        url: '/api/drivers/shift',
        payload: { on: starts, location: 'main gate' },
        expected: true,
        onSuccess: () => void (driver.onShift = starts),
        touched: none,
      };
    }),
);

const offeredRides = (world: RideWorld) => world.rides.filter((x) => statusOf(x) === 'requested' && x.snapshot.context.offer !== null);

const decline = fc.record({ driver: fc.nat(), ride: fc.nat(), prefer: mostly }).map(
  ({ driver: d, ride: r, prefer }) =>
    new Act('decline', (world) => {
      const ride = choose(offeredRides(world), world.rides, r, prefer);
      if (!ride) return null;
      const offer = ride.snapshot.context.offer;
      const driver = (prefer && offer && world.drivers.find((x) => x.id === offer.driverId)) || pick(world.drivers, d)!;
      return {
        label: `${driver.id} declines ${ride.id} (${statusOf(ride)}, offered to ${offer?.driverId ?? 'nobody'})`,
        who: driver.id,
        role: 'driver',
        method: 'POST',
        url: '/api/tracking/decline-offer',
        payload: { rideId: ride.id },
        expected: expectDecline(driver, ride),
        onSuccess: () => apply(ride, rideEvents.declined(driver.id, offer!.round)),
        observe: (real) => learnDispatch(world, ride, real),
        touched: () => ({ rides: [ride], drivers: [] }),
      };
    }),
);

const lapse = fc.record({ ride: fc.nat(), prefer: mostly }).map(
  ({ ride: r, prefer }) =>
    new Act('offer lapses', (world) => {
      const ride = choose(offeredRides(world), world.rides, r, prefer);
      if (!ride) return null;
      const c = ride.snapshot.context;
      const offer = c.offer;
      const expected = statusOf(ride) === 'requested' && offer !== null;
      return {
        label: `the offer of ${ride.id} (${statusOf(ride)}) to ${offer?.driverId ?? 'nobody'} lapses`,
        who: 'timer',
        role: 'admin',
        // The timer the engine armed for it; for a ride with no offer standing, one for its last round (stale).
        timer: async (real) => {
          const armed = rideTimers(foldRide(await real.rideEvents(ride.id)), TIMER_SETTINGS).find((t) => t.command.type === 'ExpireOffer');
          const round = Math.max(1, c.offerRounds);
          return (
            armed ?? {
              id: `offer-${ride.id}-${round}`,
              dueAt: new Date(),
              command: {
                type: 'ExpireOffer',
                data: { rideId: ride.id, driverId: offer?.driverId ?? world.drivers[0]!.id, round, dueAt: new Date().toISOString() },
              },
            }
          );
        },
        expected,
        onSuccess: () => apply(ride, rideEvents.expired(offer!.driverId, offer!.round)),
        observe: (real) => learnDispatch(world, ride, real),
        touched: () => ({ rides: [ride], drivers: [] }),
      };
    }),
);

const release = fc.record({ ride: fc.nat(), prefer: mostly }).map(
  ({ ride: r, prefer }) =>
    new Act('release', (world) => {
      const ride = choose(
        world.rides.filter((x) => statusOf(x) === 'scheduled'),
        world.rides,
        r,
        prefer,
      );
      if (!ride) return null;
      const offer = world.mode === 'offer';
      return {
        label: `the release time of ${ride.id} (${statusOf(ride)}) comes${offer ? ' (offer dispatch)' : ''}`,
        who: 'timer',
        role: 'admin',
        timer: async () => ({
          id: `release-${ride.id}`,
          dueAt: new Date(),
          command: { type: 'ReleaseScheduledRide', data: { rideId: ride.id, dueAt: new Date().toISOString() } },
        }),
        expected: statusOf(ride) === 'scheduled',
        onSuccess: () => apply(ride, rideEvents.released(offer)),
        observe: (real) => learnDispatch(world, ride, real),
        touched: () => ({ rides: [ride], drivers: [] }),
      };
    }),
);

/** A requester or a driver calling a staff route: refused, whatever the state. */
const wrongRole = fc.record({ person: fc.nat(), route: fc.nat() }).map(
  ({ person, route }) =>
    new Act('wrong role', (world) => {
      const people: Array<[string, Role]> = [
        ...world.requesters.map((id): [string, Role] => [id, 'requester']),
        ...world.drivers.map((d): [string, Role] => [d.id, 'driver']),
      ];
      const [who, role] = pick(people, person)!;
      const target = pick(world.drivers, route)!;
      const calls: Array<[Method, string, object]> = [
        ['PUT', '/api/drivers/toggle-access', { driverId: target.id, active: 0 }],
        ['PUT', '/api/requests/unblock-driver', { driverId: target.id, reason: 'maintenance_completed' }],
        ...(world.requests.length > 0
          ? [
              ['PUT', `/api/requests/${pick(world.requests, route)!.id}/status`, { status: 'accepted', maintenance_date: null }] as [
                Method,
                string,
                object,
              ],
            ]
          : []),
        ...(role === 'requester'
          ? [
              ['POST', '/api/tracking/accept-ride', { driverId: who, rideId: pick(world.rides, route)?.id ?? 'NONE' }] as [
                Method,
                string,
                object,
              ],
            ]
          : []),
      ];
      const [method, url, payload] = pick(calls, route)!;
      return { label: `${who} (${role}) calls ${method} ${url}`, who, role, method, url, payload, expected: false, touched: none };
    }),
);

describe.each(testStoreTimerKinds())('model-based rides on %s (timers %s)', (kind, timers) => {
  let t: TestApp;
  let run = 0;
  const tokens = new Map<string, string>();

  const real: Real = {
    async send(who, role, method, url, payload) {
      if (!tokens.has(who)) tokens.set(who, await t.tokenFor(who, role));
      return boundedInject(t.app, { method, url, payload, headers: { authorization: `Bearer ${tokens.get(who)}` } });
    },
    fire: (timer) => fireTimer(t.app.eventStore, timer, new Date(), () => freeDriversOf(t.app)),
    rideEvents: async (rideId) =>
      (await t.app.eventStore.readStream(rideStreamId(rideId))).map((event) => toDomainEvent(event) as RideEvent),
    async agree(rides, drivers, what) {
      const head = await t.app.eventStore.headPosition();
      if (!(await withinDeadline(t.app.projections.waitForPosition(head, 20_000), `read models catching up after "${what}"`)))
        throw new Error(`read models did not reach ${head} after "${what}"`);
      for (const ride of rides) {
        const expected = expectedRideView(ride);
        const folded = foldRide(
          (await t.app.eventStore.readStream(rideStreamId(ride.id))).map((event) => toDomainEvent(event) as RideEvent),
        );
        const c = folded.context;
        const stored = {
          status: rideStatusOf(folded),
          driverId: c.driverId,
          resumeState: c.resumeState,
          offeredTo: c.offer?.driverId ?? null,
          openToAll: c.openToAll,
        };
        if (JSON.stringify(stored) !== JSON.stringify(expected))
          throw new Error(
            `after "${what}": the store folds ride ${ride.id} to ${JSON.stringify(stored)}, the model says ${JSON.stringify(expected)}`,
          );
        const answer = await real.send(ADMIN, 'admin', 'GET', `/api/tracking/ride-status/${ride.id}`);
        const read = JSON.parse(answer.body) as { STATUS?: string; DRIVER_ID?: string | null };
        if (
          answer.statusCode !== 200 ||
          read.STATUS !== expected.status ||
          (expected.driverId !== null && read.DRIVER_ID !== expected.driverId)
        ) {
          throw new Error(
            `after "${what}": the read model shows ride ${ride.id} as ${answer.statusCode} ${answer.body.slice(0, 200)}, the model says ${JSON.stringify(expected)}`,
          );
        }
      }
      for (const driver of drivers) {
        const state = await readState(t.app.eventStore, driverStream(driver.id));
        const stored = { blockedFor: state.blockedFor ?? null, access: state.accessActive };
        const expected = { blockedFor: driver.blockedFor, access: driver.access };
        if (JSON.stringify(stored) !== JSON.stringify(expected))
          throw new Error(
            `after "${what}": driver ${driver.id}'s stream says ${JSON.stringify(stored)}, the model says ${JSON.stringify(expected)}`,
          );
      }
    },
  };

  /** People of one run of their own (token numbers unique to it), so runs never see each other's rides. */
  async function freshWorld(): Promise<RideWorld> {
    const n = (run++).toString(36).toUpperCase().padStart(3, '0');
    const world: RideWorld = {
      requesters: [`R${n}1`, `R${n}2`, `R${n}3`],
      drivers: [
        { id: `F${n}1`, vehicleType: 'Forklift', blockedFor: null, access: true, onShift: false },
        { id: `F${n}2`, vehicleType: 'Forklift', blockedFor: null, access: true, onShift: false },
        { id: `C${n}1`, vehicleType: 'Crane', blockedFor: null, access: true, onShift: false },
        { id: `C${n}2`, vehicleType: 'Crane', blockedFor: null, access: true, onShift: false },
      ],
      rides: [],
      requests: [],
      staffedTypes: ['Forklift', 'Crane'],
      mode: 'broadcast',
    };
    // Each run starts on the spec's broadcast, whatever the last one left.
    const reset = await real.send(ADMIN, 'admin', 'PUT', '/api/dispatch/settings', DEFAULT_DISPATCH_SETTINGS);
    if (reset.statusCode !== 200) throw new Error(`dispatch settings reset: ${reset.statusCode} ${reset.body}`);
    await seedUsers(t.app, [
      ...world.requesters.map((tokenNo) => ({ tokenNo, role: 'requester' as const, name: `Requester ${tokenNo}` })),
      ...world.drivers.map((d) => ({ tokenNo: d.id, role: 'driver' as const, vehicleType: d.vehicleType, name: `Driver ${d.id}` })),
    ]);
    return world;
  }

  beforeAll(async () => {
    t = await createTestApp(kind, { timers: { ...testTimerOptions(timers), reassignTimeoutMs: HOUR, rideWaitAlertMs: HOUR } });
    await seedUsers(t.app, [
      { tokenNo: ADMIN, role: 'admin', name: 'Model Admin' },
      { tokenNo: HEAD, role: 'maintenanceHead', name: 'Model Head' },
    ]);
    // No hook time limit: on a loaded machine starting PGlite alone can take a minute.
  }, 0);
  afterAll(async () => t?.close());

  /** Runs command sequences drawn from `acts` on the engine and the model; returns the tally of answers. */
  /** `prepare`: how each run's world starts, before its commands (the engine told through the API, as any command). */
  async function runModel(
    acts: Array<fc.Arbitrary<Act>>,
    what: string,
    runs = modelRuns(),
    prepare?: (world: RideWorld) => Promise<void>,
  ): Promise<Record<string, number>> {
    const started = Date.now();
    let commands = 0;
    // The tally is per property.
    for (const key of Object.keys(outcomes)) delete outcomes[key];
    await fc.assert(
      fc.asyncProperty(fc.commands(acts, { maxCommands: modelMaxCommands(), size: 'max' }), async (sequence) => {
        const world = await freshWorld();
        await prepare?.(world);
        try {
          await fc.asyncModelRun(() => ({ model: world, real }), sequence);
        } finally {
          // The engine outlives the run: its drivers leave their shifts, or later runs' offers could go to them.
          for (const driver of world.drivers) await real.send(driver.id, 'driver', 'POST', '/api/drivers/shift', { on: false });
        }
        commands += [...sequence].length;
        // At the end of the run: every ride of it, and each requester's history through the API.
        await real.agree(world.rides, world.drivers, 'the whole run');
        for (const requester of world.requesters) {
          const answer = await real.send(ADMIN, 'admin', 'GET', `/api/ride-history/user?userId=${requester}`);
          const history = (JSON.parse(answer.body) as { history: Array<{ RIDEID: string }> }).history.map((row) => row.RIDEID).sort();
          expect(history, `history of ${requester}`).toEqual(
            world.rides
              .filter((ride) => ride.requester === requester)
              .map((ride) => ride.id)
              .sort(),
          );
        }
      }),
      { numRuns: runs, ...replayParameters() },
    );
    const refused = Object.entries(outcomes)
      .filter(([key]) => !/ 2\d\d$/.test(key))
      .reduce((sum, [, n]) => sum + n, 0);
    const total = Object.values(outcomes).reduce((sum, n) => sum + n, 0);
    console.info(
      `model-based rides (${what}) on ${kind}: ${runs} runs, ${total} commands (${refused} refused as the model said) in ${((Date.now() - started) / 1000).toFixed(1)} s; ${JSON.stringify(outcomes)}`,
    );
    expect(commands).toBeGreaterThan(0);
    return { ...outcomes };
  }

  it('given requesters, drivers and staff acting in any order, when each command runs on the engine and on the statechart model, then answers, store and read models agree with the model', async () => {
    // Repeats weigh the draw: rides should mostly move forward, with breakdowns, staff moves and refusals mixed in.
    const tally = await runModel(
      [
        book,
        book,
        book,
        accept,
        accept,
        accept,
        accept,
        step,
        step,
        step,
        step,
        step,
        step,
        cancel,
        maintenance,
        maintenance,
        takeOver,
        takeOver,
        takeOver,
        resolve,
        resolve,
        toggleAccess,
        unblock,
        wrongRole,
      ],
      'every act',
    );
    // The sequences get somewhere: rides were booked and accepted, then moved on (a step, a breakdown or a take-over), not only refused.
    for (const kindOfAct of ['book 200', 'accept 200']) expect(tally[kindOfAct] ?? 0, kindOfAct).toBeGreaterThan(0);
    expect((tally['step 200'] ?? 0) + (tally['maintenance 200'] ?? 0) + (tally['take over 200'] ?? 0)).toBeGreaterThan(0);
  }, 0);

  it('given rides that break down mid-way, when other drivers take them over and carry on, then answers, store and read models agree with the model', async () => {
    // A take-over needs a booking, an accept, a breakdown mid-ride and another free driver of the type: a mix that leads there.
    // Twice the runs: a take-over comes up in about one run in four.
    const tally = await runModel(
      [book, book, accept, accept, accept, step, step, maintenance, maintenance, takeOver, takeOver, takeOver, resolve],
      'breakdowns',
      modelRuns() * 2,
    );
    expect(tally['take over 200'] ?? 0, 'take over 200').toBeGreaterThan(0);
  }, 0);

  it('given offer dispatch, shifts, declines, lapsed offers and rides booked for later, when they mix with the spec flows, then every offer goes to a driver the model allows and answers, store and read models agree', async () => {
    const tally = await runModel(
      [
        setMode,
        setMode,
        shift,
        shift,
        shift,
        shift,
        book,
        book,
        book,
        accept,
        accept,
        accept,
        step,
        step,
        step,
        decline,
        decline,
        decline,
        lapse,
        lapse,
        lapse,
        release,
        release,
        release,
        cancel,
        maintenance,
        takeOver,
        resolve,
        unblock,
      ],
      'offer dispatch',
      modelRuns() * 2,
      // Runs start under offer dispatch with one driver of each type on shift, so offers come up often; the acts change both.
      async (world) => {
        const answers = [
          await real.send(ADMIN, 'admin', 'PUT', '/api/dispatch/settings', {
            ...DEFAULT_DISPATCH_SETTINGS,
            mode: 'offer',
            offerSeconds: 300,
          }),
          ...(await Promise.all(
            world.drivers
              .filter((_, i) => i % 2 === 0)
              .map((driver) => real.send(driver.id, 'driver', 'POST', '/api/drivers/shift', { on: true, location: 'main gate' })),
          )),
        ];
        if (answers.some((answer) => answer.statusCode !== 200))
          throw new Error(`preparing the run: ${answers.map((a) => a.statusCode).join(', ')}`);
        world.mode = 'offer';
        world.drivers.filter((_, i) => i % 2 === 0).forEach((driver) => (driver.onShift = true));
      },
    );
    for (const kindOfAct of ['book 200', 'decline 200', 'offer lapses 200', 'release 200'])
      expect(tally[kindOfAct] ?? 0, kindOfAct).toBeGreaterThan(0);
  }, 0);
});
