import { DEFAULT_SITE, routeMinutes, LOCATIONS, type VehicleType } from '@plantride/schemas';
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

const ROUTES = LOCATIONS.flatMap((from) => LOCATIONS.filter((to) => to !== from && routeMinutes(DEFAULT_SITE, from, to) !== undefined).map((to) => [from, to] as const));
const VEHICLES: VehicleType[] = ['Forklift', 'Crane', 'AMR', 'Cherry Picker'];
const STEPS = ['start', 'materialPicked', 'materialDropped', 'end'] as const;
const STEP_AFTER: Record<string, number> = { accepted: 0, started: 1, material_picked: 2, material_dropped: 3 };

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
    if (random.next() < 0.3 && run.running()) void log.send('cancel', 'DELETE', `/api/bookings/cancel/${String(payload.rideId)}`, me.token).then((a) => a.status === 200 && settle(payload));
  });
  while (run.running()) {
    await sleep(random.around(behaviour.thinkMs));
    const [from, to] = random.pick(ROUTES)!;
    const special = random.next() < 0.2;
    const booked = await log.send('book', 'POST', '/api/bookings/book-ride', me.token, {
      userId: me.tokenNo, fromLocation: from, toLocation: to, vehicleType: random.pick(VEHICLES), rideType: special ? 'Special Task' : 'Regular', ...(special ? { duration: { hours: 0, minutes: 30 } } : {}),
    });
    if (booked.status !== 200) {
      await sleep(1000);
      continue;
    }
    const rideId = String(booked.body.rideId);
    const done = new Promise<void>((resolve) => ended.set(rideId, resolve));
    if (random.next() < behaviour.cancelShare) {
      await sleep(random.around(behaviour.thinkMs * 2));
      const cancelled = await log.send('cancel', 'DELETE', `/api/bookings/cancel/${rideId}`, me.token);
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
    if (p.originalDriverId !== me.tokenNo) offers.set(String(p.rideId), { rideId: String(p.rideId), takeOver: true, rideState: String(p.rideState) });
    offered.fire();
  });
  live.on('removeRide', (p) => offers.delete(String(p.rideId)));
  live.on('driverUnblocked', () => ((blocked = false), unblocked.fire()));

  const drive = async (rideId: string, from: number) => {
    for (let step = from; step < STEPS.length && run.running(); step += 1) {
      await sleep(random.around(behaviour.thinkMs));
      if (step > 0 && random.next() < behaviour.breakdownShare / 3) {
        const filed = await log.send('breakdown', 'POST', '/api/requests/maintenanceReq', me.token, {
          driver_id: me.tokenNo, driver_name: '', vehicle_type: me.vehicleType, issue: '', comment_text: 'hydraulics failed mid-ride', status: 'pending', breakdown_type: null, ride_id: rideId,
        });
        if (filed.status === 200) blocked = true;
        return;
      }
      const event = STEPS[step]!;
      const answer = event === 'end' && random.next() < 0.5
        ? await log.send('complete', 'POST', '/api/tracking/complete-ride', me.token, { rideId })
        : await log.send(event, 'PUT', '/api/bookings/update-timestamps', me.token, { rideId, event });
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
    const answer = offer.takeOver
      ? await log.send('takeOver', 'POST', '/api/maintenance/accept-redistributed-ride', me.token, { rideId: offer.rideId, newDriverId: me.tokenNo, currentState: offer.rideState })
      : await log.send('accept', 'POST', '/api/tracking/accept-ride', me.token, { driverId: me.tokenNo, rideId: offer.rideId });
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
    const accepted = await log.send('maintenanceStatus', 'PUT', `/api/requests/${requestId}/status`, me.token, { status: 'accepted', maintenance_date: null });
    if (accepted.status !== 200) return;
    await sleep(random.around(behaviour.thinkMs * 3));
    await log.send('maintenanceStatus', 'PUT', `/api/requests/${requestId}/status`, me.token, { status: 'completed', maintenance_date: new Date().toISOString() });
  };
  const handling: Promise<void>[] = [];
  while (run.running()) {
    const next = queue.shift();
    if (next) handling.push(handle(next));
    else await arrived.wait(500);
  }
  await Promise.all(handling);
}
