import {
  DEFAULT_CHECKLISTS,
  DEFAULT_DISPATCH_SETTINGS,
  IN_PROGRESS_STATUSES,
  isAssignable,
  resumeStateOf,
  rideStatusOf,
  type TimestampEvent,
  type VehicleType,
} from '@plantride/schemas';
import type { App } from '../../app';
import { freeDriversOf } from '../../dispatch/dispatch-input';
import { fireTimer } from '../../timers/fire-timer';
import { rideTimers } from '../../timers/ride-timers';
import type { TimerCommand } from '../../timers/timer-commands';
import type { Answer } from './bounded-inject';
import type { Party, Seen, Send } from './views-agreement';

// The steps of a views-agree history (view-history.ts): each chosen among the run's people and rides as
// the last check saw them, and sent through the API (or, for a lapse or a release, the timer's command).

export const ADMIN = 'VWAD';
export const HEAD = 'VWMH';
const HOUR = 3_600_000;
// Only which timers stand matters here (a lapse, a release); the delays of the others are the app's.
const TIMER_SETTINGS = { reassignTimeoutMs: HOUR, rideWaitAlertMs: HOUR, specialTaskMinuteMs: 60_000 };
const NEXT_STEP: Record<string, TimestampEvent> = {
  accepted: 'start',
  started: 'materialPicked',
  'material picked': 'materialDropped',
  delivered: 'end',
};

// A breakdown at every step a driver carries the ride through, as the statechart lists them.
const BREAKDOWN_STAGES = IN_PROGRESS_STATUSES;

// Repeats weigh the draw: rides mostly move on, with breakdowns, staff moves and the drivers' standing mixed in.
export const KINDS = [
  ...['book', 'book', 'book', 'book', 'accept', 'accept', 'accept', 'accept', 'takeOver', 'takeOver', 'takeOver'],
  ...['step', 'step', 'step', 'step', 'breakdown', 'breakdown', 'breakdown', 'handOver', 'unblock', 'unblock'],
  ...['decline', 'decline', 'lapse', 'lapse', 'release', 'shift', 'shift', 'mode', 'inspectionSetting', 'inspect'],
  ...['status', 'access', 'cancel', 'assign', 'assign', 'break', 'break'],
] as const;
export type Kind = (typeof KINDS)[number];

/** One step: what kind, and numbers that pick whom and what among the run's people and rides as they stand. */
export interface Step {
  kind: Kind;
  x: number;
  y: number;
  /** 0 is the unusual choice (a refusal, a ride for later, Not Active …), anything else the usual one. */
  flag: number;
}

/** One history's people and rides, and what the last check saw of them. */
export interface Run {
  requesters: string[];
  drivers: Party[];
  rides: Party[];
  seen: Seen;
}

export const pick = <T>(items: readonly T[], index: number): T | undefined =>
  items.length === 0 ? undefined : items[index % items.length];
const skipped = (label: string) => ({ label, answer: null });

const bookedVehicleType = (step: Step): VehicleType => (step.y % 3 < 2 ? 'Forklift' : 'Crane');

/** Dispatch settings in `mode`, offers standing long enough that none lapses by itself during a run. */
export const dispatchSettings = (offer: boolean) => ({
  ...DEFAULT_DISPATCH_SETTINGS,
  mode: offer ? 'offer' : 'broadcast',
  offerSeconds: 300,
});

/** A ride timer the engine has armed (its lapse or release), fired now as the timers would fire it. */
async function fire(app: App, rideId: string, run: Run, type: TimerCommand['type']): Promise<Answer> {
  const timer = rideTimers(run.seen.rides.get(rideId)!, TIMER_SETTINGS).find((armed) => armed.command.type === type);
  if (!timer) return { statusCode: 409, headers: {}, body: 'no such timer armed' };
  const outcome = await fireTimer(app.eventStore, timer, new Date(), () => freeDriversOf(app));
  return { statusCode: outcome === 'appended' ? 200 : 409, headers: {}, body: outcome };
}

/** A step that finds nothing to act on moves a ride on, or accepts one, or else books one: histories get somewhere. */
export async function playStep(app: App, send: Send, run: Run, step: Step): Promise<{ label: string; answer: Answer | null }> {
  for (const kind of [step.kind, 'step', 'accept', 'book'] as const) {
    const played = await play(app, send, run, { ...step, kind, flag: kind === step.kind ? step.flag : 2 });
    if (played.answer) return kind === step.kind ? played : { ...played, label: `(${step.kind}: nothing to do) ${played.label}` };
  }
  throw new Error('a booking is always sent');
}

async function play(app: App, send: Send, run: Run, step: Step): Promise<{ label: string; answer: Answer | null }> {
  const { x, y, flag } = step;
  const usual = flag > 0;
  const { seen } = run;
  const driver = pick(run.drivers, x)!;
  const state = (id: string) => seen.rides.get(id)!;
  const status = (id: string) => rideStatusOf(state(id));
  const held = (id: string) => seen.drivers.get(id)?.ongoingRideId ?? null;
  const rideIds = run.rides.map((ride) => ride.id);
  const offered = rideIds.filter((id) => state(id).value === 'requested' && state(id).context.offer);
  switch (step.kind) {
    case 'book': {
      const requester = pick(run.requesters, x)!;
      const vehicleType = bookedVehicleType(step);
      const later = flag === 0;
      const urgent = flag === 1;
      const label = `${requester} books a ${urgent ? 'urgent ' : ''}${vehicleType}${later ? ' for later' : ''}`;
      const payload = {
        userId: requester,
        fromLocation: 'main gate',
        toLocation: 'canteen',
        vehicleType,
        rideType: 'Regular',
        ...(urgent ? { priority: 'urgent' } : {}),
        ...(later ? { scheduledFor: new Date(Date.now() + 3 * HOUR).toISOString() } : {}),
      };
      const answer = await send(requester, 'requester', 'POST', '/api/bookings/book-ride', payload);
      if (answer.statusCode === 200) run.rides.push({ id: String((JSON.parse(answer.body) as { rideId: string }).rideId), vehicleType });
      return { label, answer };
    }
    case 'accept':
    case 'takeOver': {
      const take = step.kind === 'accept' ? 'accept' : 'take over';
      const fitting = seen.granted.filter((g) => g.take === take);
      if (usual && fitting.length === 0) return skipped(`${take}: nobody may`);
      const chosen = usual ? pick(fitting, x) : undefined;
      const who = chosen?.driverId ?? driver.id;
      const rideId = chosen?.rideId ?? pick(rideIds, y);
      if (!rideId) return skipped(`${take}: no ride yet`);
      const label = `${who} ${take === 'accept' ? 'accepts' : 'takes over'} ${rideId} (${status(rideId)})`;
      return step.kind === 'accept'
        ? { label, answer: await send(who, 'driver', 'POST', '/api/tracking/accept-ride', { rideId, driverId: who }) }
        : { label, answer: await send(who, 'driver', 'POST', '/api/maintenance/accept-redistributed-ride', { rideId, newDriverId: who }) };
    }
    case 'step': {
      const busy = run.drivers.filter((d) => held(d.id));
      if (usual && busy.length === 0) return skipped('step: nobody mid-ride');
      const who = pick(usual ? busy : run.drivers, x)!;
      const rideId = held(who.id) ?? pick(rideIds, y);
      if (!rideId) return skipped(`step: no ride yet`);
      const event = NEXT_STEP[status(rideId) ?? ''] ?? 'start';
      const label = `${who.id} sends ${event} on ${rideId} (${status(rideId)})`;
      return { label, answer: await send(who.id, 'driver', 'PUT', '/api/bookings/update-timestamps', { rideId, event }) };
    }
    case 'breakdown': {
      // Mostly a driver mid-ride, at the step `flag` names (his ride is handed to the others); now and then one who holds none.
      const stage = BREAKDOWN_STAGES[flag % BREAKDOWN_STAGES.length];
      const busy = run.drivers.filter((d) => held(d.id) && status(held(d.id)!) === stage);
      if (usual && busy.length === 0) return skipped(`breakdown: nobody mid-ride at ${stage}`);
      const who = pick(usual ? busy : run.drivers, x)!;
      const rideId = held(who.id);
      const label = `${who.id} files a full breakdown${rideId ? ` with ${rideId} (${status(rideId)})` : ''}`;
      const payload = {
        driver_id: who.id,
        driver_name: 'Model Driver',
        vehicle_type: who.vehicleType,
        issue: 'Engine Issue',
        comment_text: 'mast chain snapped',
        status: 'pending',
        breakdown_type: 'full',
        ride_id: rideId,
      };
      return { label, answer: await send(who.id, 'driver', 'POST', '/api/requests/maintenanceReq', payload) };
    }
    case 'handOver': {
      const rideId = pick(
        rideIds.filter((id) => resumeStateOf(state(id)) !== null),
        x,
      );
      if (!rideId) return skipped('hand-over: no ride in progress');
      const c = state(rideId).context;
      const payload = { rideId, originalDriverId: c.driverId, vehicleType: c.vehicleType, maintenanceComment: 'handed over by staff' };
      const label = `${HEAD} hands ${rideId} (${status(rideId)}) of ${c.driverId} over to the others`;
      return { label, answer: await send(HEAD, 'maintenanceHead', 'POST', '/api/maintenance/redistribute-ride', payload) };
    }
    case 'unblock': {
      const blocked = run.drivers.filter((d) => seen.drivers.get(d.id)?.blockedFor);
      if (usual && blocked.length === 0) return skipped('unblock: nobody blocked');
      const who = pick(usual ? blocked : run.drivers, x)!;
      const reason = y % 2 === 0 ? 'maintenance_completed' : 'maintenance_rejected';
      const answer = await send(HEAD, 'maintenanceHead', 'PUT', '/api/requests/unblock-driver', { driverId: who.id, reason });
      return { label: `${HEAD} unblocks ${who.id} (${reason})`, answer };
    }
    case 'decline': {
      if (usual && offered.length === 0) return skipped('decline: no offer standing');
      const rideId = pick(usual ? offered : rideIds, x);
      if (!rideId) return skipped('decline: no ride yet');
      const who = (usual && state(rideId).context.offer?.driverId) || driver.id;
      const label = `${who} declines ${rideId} (${status(rideId)}, offered to ${state(rideId).context.offer?.driverId ?? 'nobody'})`;
      return { label, answer: await send(who, 'driver', 'POST', '/api/tracking/decline-offer', { rideId }) };
    }
    case 'lapse': {
      const rideId = pick(offered, x);
      if (!rideId) return skipped('lapse: no offer standing');
      return {
        label: `the offer of ${rideId} to ${state(rideId).context.offer?.driverId} lapses`,
        answer: await fire(app, rideId, run, 'ExpireOffer'),
      };
    }
    case 'release': {
      const rideId = pick(
        rideIds.filter((id) => status(id) === 'scheduled'),
        x,
      );
      if (!rideId) return skipped('release: no ride booked for later');
      return { label: `the release time of ${rideId} comes`, answer: await fire(app, rideId, run, 'ReleaseScheduledRide') };
    }
    case 'shift': {
      const on = flag > 1;
      const answer = await send(driver.id, 'driver', 'POST', '/api/drivers/shift', { on, location: 'main gate' });
      return { label: `${driver.id} ${on ? 'starts' : 'ends'} his shift`, answer };
    }
    case 'break': {
      // Issue #32 item 4: mostly a driver on shift and free takes a break or ends his; now and then one who may not.
      const on = flag > 1;
      const answer = await send(driver.id, 'driver', 'POST', '/api/drivers/break', { on });
      return { label: `${driver.id} ${on ? 'starts' : 'ends'} a break`, answer };
    }
    case 'mode': {
      const offer = flag > 1;
      return {
        label: `${ADMIN} sets ${offer ? 'offer' : 'broadcast'} dispatch`,
        answer: await send(ADMIN, 'admin', 'PUT', '/api/dispatch/settings', dispatchSettings(offer)),
      };
    }
    case 'inspectionSetting': {
      const required = flag === 0;
      const answer = await send(ADMIN, 'admin', 'PUT', '/api/inspections/settings', { inspectionRequired: required });
      return { label: `${ADMIN} ${required ? 'requires' : 'stops requiring'} the daily inspection`, answer };
    }
    case 'inspect': {
      // Mostly a pass; now and then a critical item fails, which blocks him and files a full breakdown.
      const items = DEFAULT_CHECKLISTS[driver.vehicleType].map((item, i) =>
        flag === 0 && i === 0 ? { id: item.id, ok: false, note: 'worn' } : { id: item.id, ok: true },
      );
      const answer = await send(driver.id, 'driver', 'POST', '/api/inspections', { items });
      return { label: `${driver.id} ${flag === 0 ? 'fails' : 'passes'} his vehicle inspection`, answer };
    }
    case 'status': {
      const record = seen.drivers.get(driver.id)?.record;
      if (!record) return skipped(`status: ${driver.id} has no record`);
      const active = flag > 1;
      const payload = { ...record, status: active ? 'Active' : 'Not Active' };
      return {
        label: `${ADMIN} sets ${driver.id} ${payload.status}`,
        answer: await send(ADMIN, 'admin', 'PUT', '/api/drivers/update', payload),
      };
    }
    case 'access': {
      const active = flag > 1;
      const answer = await send(ADMIN, 'admin', 'PUT', '/api/drivers/toggle-access', { driverId: driver.id, active: active ? 1 : 0 });
      return { label: `${ADMIN} turns ${driver.id}'s access ${active ? 'on' : 'off'}`, answer };
    }
    case 'assign': {
      // Issue #32 item 4: staff give a ride waiting for a driver, or one not yet picked up, to a driver of
      // their choice (the decider says whether he may have it); now and then with no reason, refused.
      const assignable = rideIds.filter((id) => isAssignable(status(id)));
      if (usual && assignable.length === 0) return skipped('assign: no ride staff may assign');
      const rideId = pick(usual ? assignable : rideIds, x);
      if (!rideId) return skipped('assign: no ride yet');
      const who = pick(run.drivers, y)!;
      const [staff, role] = y % 2 === 0 ? ([ADMIN, 'admin'] as const) : ([HEAD, 'maintenanceHead'] as const);
      const payload = { driverId: who.id, reason: usual ? 'staff choice' : ' ' };
      const label = `${staff} assigns ${rideId} (${status(rideId)}) to ${who.id}${usual ? '' : ' with no reason'}`;
      return { label, answer: await send(staff, role, 'POST', `/api/rides/${rideId}/assign`, payload) };
    }
    case 'cancel': {
      const ride = pick(run.rides, x);
      if (!ride) return skipped('cancel: no ride yet');
      const requester = state(ride.id).context.requesterId ?? run.requesters[0]!;
      const label = `${requester} cancels ${ride.id} (${status(ride.id)})`;
      return { label, answer: await send(requester, 'requester', 'DELETE', `/api/bookings/cancel/${ride.id}`) };
    }
  }
}
