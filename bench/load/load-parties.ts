import { DEFAULT_SITE, routeMinutes, LOCATIONS, type VehicleType } from '@plantride/schemas';
import type { Method } from '../support/api-client';
import type { CommandLog } from './command-log';
import type { DriverPerson, Person } from './load-people';
import type { PartySocket } from './live-socket';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Random } from '../../engine/src/test-support/seeded-random';

export interface Behaviour {
  /** Mean pause before each action (a person's reaction), ms. */
  thinkMs: number;
  /** Share of bookings the requester tries to cancel soon after. */
  cancelShare: number;
  /** Share of rides whose driver breaks down mid-ride (maintenance request with the ride). */
  breakdownShare: number;
  /** A requester stops waiting for a ride after this long and books another. */
  rideTimeoutMs: number;
}

export interface Run {
  log: CommandLog;
  random: Random;
  behaviour: Behaviour;
  running(): boolean;
  /** Resolves when the duration is over. */
  stopped: Promise<void>;
}

const ROUTES = LOCATIONS.flatMap((from) =>
  LOCATIONS.filter((to) => to !== from && routeMinutes(DEFAULT_SITE, from, to) !== undefined).map((to) => [from, to] as const),
);
const VEHICLES: VehicleType[] = ['Forklift', 'Crane', 'AMR', 'Cherry Picker'];
/** A ride's steps after the accept, in order. */
export const STEPS = ['start', 'materialPicked', 'materialDropped', 'end'] as const;
/** The next step of a ride taken over in this state. */
export const STEP_AFTER: Record<string, number> = { accepted: 0, started: 1, material_picked: 2, material_dropped: 3 };

/** One command as the API takes it, named as the latency tables name it. */
export interface CommandCall {
  command: string;
  method: Method;
  path: string;
  body?: unknown;
}

/** The workload's commands (bench:load and bench:shift send the same ones). */
export const calls = {
  /** A random route and vehicle type; a fifth are 30-minute Special Tasks. */
  book(random: Random, userId: string): CommandCall {
    const [from, to] = random.pick(ROUTES)!;
    const special = random.next() < 0.2;
    return {
      command: 'book',
      method: 'POST',
      path: '/api/bookings/book-ride',
      body: {
        userId,
        fromLocation: from,
        toLocation: to,
        vehicleType: random.pick(VEHICLES),
        rideType: special ? 'Special Task' : 'Regular',
        ...(special ? { duration: { hours: 0, minutes: 30 } } : {}),
      },
    };
  },
  cancel: (rideId: string): CommandCall => ({ command: 'cancel', method: 'DELETE', path: `/api/bookings/cancel/${rideId}` }),
  accept: (driverId: string, rideId: string): CommandCall => ({
    command: 'accept',
    method: 'POST',
    path: '/api/tracking/accept-ride',
    body: { driverId, rideId },
  }),
  takeOver: (newDriverId: string, rideId: string, currentState: string | undefined): CommandCall => ({
    command: 'takeOver',
    method: 'POST',
    path: '/api/maintenance/accept-redistributed-ride',
    body: { rideId, newDriverId, currentState },
  }),
  /** STEPS[step]; half of the ends through complete-ride. */
  step(random: Random, rideId: string, step: number): CommandCall {
    const event = STEPS[step]!;
    return event === 'end' && random.next() < 0.5
      ? { command: 'complete', method: 'POST', path: '/api/tracking/complete-ride', body: { rideId } }
      : { command: event, method: 'PUT', path: '/api/bookings/update-timestamps', body: { rideId, event } };
  },
  /** A maintenance request with the ride: the driver is blocked and the ride redistributed. */
  breakdown: (me: DriverPerson, rideId: string): CommandCall => ({
    command: 'breakdown',
    method: 'POST',
    path: '/api/requests/maintenanceReq',
    body: {
      driver_id: me.tokenNo,
      driver_name: '',
      vehicle_type: me.vehicleType,
      issue: '',
      comment_text: 'hydraulics failed mid-ride',
      status: 'pending',
      breakdown_type: null,
      ride_id: rideId,
    },
  }),
  maintenanceStatus: (requestId: string, status: 'accepted' | 'completed'): CommandCall => ({
    command: 'maintenanceStatus',
    method: 'PUT',
    path: `/api/requests/${requestId}/status`,
    body: { status, maintenance_date: status === 'completed' ? new Date().toISOString() : null },
  }),
};

const send = (log: CommandLog, c: CommandCall, token: string) => log.send(c.command, c.method, c.path, token, c.body);

/** Resolves on the next call of the returned `fire` or after `ms`, whichever is first. */
function wakeable() {
  let wake: (() => void) | undefined;
  return {
    wait: (ms: number) => new Promise<void>((done) => setTimeout((wake = done), ms)),
    fire: () => wake?.(),
  };
}

/** Books, sometimes cancels, waits for the ride to end on his socket, books again. */
export async function requester(run: Run, me: Person, live: PartySocket): Promise<void> {
  const { log, random, behaviour } = run;
  const ended = new Map<string, () => void>();
  const settle = (payload: Record<string, unknown>) => ended.get(String(payload.rideId))?.();
  live.on('rideEnded', settle);
  live.on('rideRedistributed', (payload) => {
    // Some requesters give up on a broken-down ride rather than wait for another driver.
    if (random.next() < 0.3 && run.running())
      void send(log, calls.cancel(String(payload.rideId)), me.token).then((a) => a.status === 200 && settle(payload));
  });
  while (run.running()) {
    await sleep(random.around(behaviour.thinkMs));
    const booked = await send(log, calls.book(random, me.tokenNo), me.token);
    if (booked.status !== 200) {
      await sleep(1000);
      continue;
    }
    const rideId = String(booked.body.rideId);
    const done = new Promise<void>((resolve) => ended.set(rideId, resolve));
    if (random.next() < behaviour.cancelShare) {
      await sleep(random.around(behaviour.thinkMs * 2));
      const cancelled = await send(log, calls.cancel(rideId), me.token);
      if (cancelled.status === 200) ended.get(rideId)?.();
    }
    await Promise.race([done, sleep(behaviour.rideTimeoutMs), run.stopped]);
    ended.delete(rideId);
  }
}

interface Offer {
  rideId: string;
  takeOver: boolean;
  rideState?: string;
}

/** Races the other drivers of his type for offers on his socket, then drives the ride step by step; now and then breaks down. */
export async function driver(run: Run, me: DriverPerson, live: PartySocket): Promise<void> {
  const { log, random, behaviour } = run;
  const offers = new Map<string, Offer>();
  const offered = wakeable();
  const unblocked = wakeable();
  let blocked = false;
  live.on('newRideRequest', (p) => (offers.set(String(p.rideId), { rideId: String(p.rideId), takeOver: false }), offered.fire()));
  live.on('redistributedRide', (p) => {
    if (p.originalDriverId !== me.tokenNo)
      offers.set(String(p.rideId), { rideId: String(p.rideId), takeOver: true, rideState: String(p.rideState) });
    offered.fire();
  });
  live.on('removeRide', (p) => offers.delete(String(p.rideId)));
  live.on('driverUnblocked', () => ((blocked = false), unblocked.fire()));

  const drive = async (rideId: string, from: number) => {
    for (let step = from; step < STEPS.length && run.running(); step += 1) {
      await sleep(random.around(behaviour.thinkMs));
      if (step > 0 && random.next() < behaviour.breakdownShare / 3) {
        const filed = await send(log, calls.breakdown(me, rideId), me.token);
        if (filed.status === 200) blocked = true;
        return;
      }
      const answer = await send(log, calls.step(random, rideId, step), me.token);
      if (answer.status !== 200) return;
    }
  };

  while (run.running()) {
    if (blocked) {
      await unblocked.wait(500);
      continue;
    }
    const offer = random.pick([...offers.values()]);
    if (!offer) {
      await offered.wait(500);
      continue;
    }
    await sleep(random.around(behaviour.thinkMs));
    // Someone else took it while he was reaching for it.
    if (!offers.has(offer.rideId) || !run.running()) continue;
    offers.delete(offer.rideId);
    const answer = await send(
      log,
      offer.takeOver ? calls.takeOver(me.tokenNo, offer.rideId, offer.rideState) : calls.accept(me.tokenNo, offer.rideId),
      me.token,
    );
    if (answer.status === 200) await drive(offer.rideId, offer.takeOver ? (STEP_AFTER[offer.rideState ?? 'accepted'] ?? 0) : 0);
  }
}

/** Accepts each maintenance request, then completes it, which unblocks the driver. */
export async function maintenanceHead(run: Run, me: Person, live: PartySocket): Promise<void> {
  const { log, random, behaviour } = run;
  const queue: string[] = [];
  const arrived = wakeable();
  live.on('newMaintenanceRequest', (p) => (queue.push(String(p.requestId)), arrived.fire()));
  const handle = async (requestId: string) => {
    await sleep(random.around(behaviour.thinkMs * 3));
    const accepted = await send(log, calls.maintenanceStatus(requestId, 'accepted'), me.token);
    if (accepted.status !== 200) return;
    await sleep(random.around(behaviour.thinkMs * 3));
    await send(log, calls.maintenanceStatus(requestId, 'completed'), me.token);
  };
  const handling: Promise<void>[] = [];
  while (run.running()) {
    const next = queue.shift();
    if (next) handling.push(handle(next));
    else await arrived.wait(500);
  }
  await Promise.all(handling);
}
