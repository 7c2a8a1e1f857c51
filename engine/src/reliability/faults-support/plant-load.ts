import { randomUUID } from 'node:crypto';
import { VEHICLE_TYPES, foldRide, type RideEvent, type VehicleType } from '@plantride/schemas';
import { jpegWithLocation } from '../../test-support/jpeg-fixture';
import type { Random } from '../../test-support/seeded-random';
import { waitFor } from '../../test-support/test-database';

/** A command the engine answered 2xx: what it said, and every correlation id its attempts carried. */
export interface Answered {
  action: string;
  key: string;
  correlationIds: string[];
  position: number;
  body: Record<string, unknown>;
}

export interface CommandOptions {
  /** Attempts answered 503 are retried (the engine asks for it); false returns null on the first 503. */
  retry503?: boolean;
  /** An answer that is an expected refusal (a race lost to another party): counted, answered null, not a failure. */
  refused?: (status: number, text: string) => boolean;
  /** Issue #34: a photo upload: these bytes as an image/jpeg body in place of a JSON one. */
  jpeg?: Buffer;
}

/**
 * HTTP commands as a careful client sends them: each with an Idempotency-Key, sent again with the
 * same key when the connection breaks or the engine answers 503, until it answers otherwise. The
 * engine's URL is asked at each attempt (it may be a new process by then).
 */
export class Commander {
  readonly answered: Answered[] = [];
  /** `action status` → count; `action network` counts attempts that got no answer. */
  readonly outcomes: Record<string, number> = {};
  /** Answers no command of the load should get (5xx other than 503, unexpected 4xx), with their text. */
  readonly failures: string[] = [];
  /** Every 503 answer's message. */
  readonly unavailableMessages = new Set<string>();
  tokens: Record<string, string> = {};

  constructor(
    private readonly urlOf: () => string,
    private readonly giveUpAfterMs = 90_000,
  ) {}

  private giveUp(why: string): null {
    this.failures.push(why);
    return null;
  }

  private count(key: string) {
    this.outcomes[key] = (this.outcomes[key] ?? 0) + 1;
  }

  async call(
    action: string,
    who: string | undefined,
    method: string,
    path: string,
    body?: unknown,
    options: CommandOptions = {},
  ): Promise<Record<string, unknown> | null> {
    const key = randomUUID();
    const correlationIds: string[] = [];
    const deadline = Date.now() + this.giveUpAfterMs;
    for (let attempt = 1; ; attempt += 1) {
      const correlationId = `${key}.${attempt}`;
      correlationIds.push(correlationId);
      let status: number;
      let text: string;
      try {
        const answer = await fetch(`${this.urlOf()}${path}`, {
          method,
          headers: {
            'idempotency-key': key,
            'x-correlation-id': correlationId,
            ...(who ? { authorization: `Bearer ${this.tokens[who]}` } : {}),
            ...(options.jpeg ? { 'content-type': 'image/jpeg' } : body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: options.jpeg ?? (body === undefined ? undefined : JSON.stringify(body)),
          signal: AbortSignal.timeout(30_000),
        });
        status = answer.status;
        text = await answer.text();
      } catch (error) {
        if ((error as Error).name === 'TimeoutError') this.failures.push(`${action}: no answer within 30 s`);
        this.count(`${action} network`);
        if (Date.now() > deadline) return this.giveUp(`${action}: gave up after ${attempt} attempts`);
        await new Promise((resolve) => setTimeout(resolve, 100));
        continue;
      }
      this.count(`${action} ${status}`);
      if (status === 503) {
        this.unavailableMessages.add((JSON.parse(text) as { message?: string }).message ?? text);
        if (options.retry503 === false) return null;
        if (Date.now() > deadline) return this.giveUp(`${action}: still 503 after ${attempt} attempts`);
        await new Promise((resolve) => setTimeout(resolve, 100));
        continue;
      }
      if (status < 200 || status >= 300) {
        if (options.refused?.(status, text)) return null;
        this.failures.push(`${action} ${method} ${path}: ${status} ${text}`);
        return null;
      }
      const parsed = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
      if (typeof parsed.position === 'number') this.answered.push({ action, key, correlationIds, position: parsed.position, body: parsed });
      return parsed;
    }
  }
}

export interface Lane {
  vehicleType: VehicleType;
  requester: string;
  driver: string;
}

/** The body of a Regular booking by a lane's requester from the main gate. */
export function bookingBy(lane: Lane, toLocation = 'canteen') {
  return {
    userId: lane.requester,
    fromLocation: 'main gate',
    toLocation,
    vehicleType: lane.vehicleType,
    rideType: 'Regular',
    reqName: 'Asha Rao',
    reqMobileNo: '9000000001',
  };
}

export interface Plant {
  admin: string;
  lanes: Lane[];
}

/**
 * The people: an admin (from ADMIN_TOKEN_NO), and per lane a requester and a driver of the lane's
 * own vehicle type, so lanes never compete for a ride. Created over HTTP and signed in.
 */
export async function setUpPlant(commander: Commander, adminTokenNo: string, adminPassword: string, laneCount: number): Promise<Plant> {
  const signIn = async (tokenNo: string, password: string) => {
    const answer = (await commander.call('sign in', undefined, 'POST', '/api/auth/signin', { token_no: tokenNo, password })) as {
      user?: { jwt_token?: string };
    } | null;
    if (!answer?.user?.jwt_token) throw new Error(`${tokenNo} could not sign in: ${commander.failures.join('\n')}`);
    commander.tokens[tokenNo] = answer.user.jwt_token;
  };
  await signIn(adminTokenNo, adminPassword);
  const lanes: Lane[] = Array.from({ length: laneCount }, (_, i) => ({
    vehicleType: VEHICLE_TYPES[i % VEHICLE_TYPES.length]!,
    requester: `RQ${String(i + 1).padStart(2, '0')}`,
    driver: `DR${String(i + 1).padStart(2, '0')}`,
  }));
  for (const [i, lane] of lanes.entries()) {
    const added = await commander.call('add driver', adminTokenNo, 'POST', '/api/drivers/add', {
      operatorId: lane.driver,
      vehicle: `MH12 AB ${1000 + i}`,
      name: 'Ravi Kumar',
      mobile: '9876543210',
      forklift: String(i + 1),
      vehicleAssigned: lane.vehicleType,
    });
    if (!added) throw new Error(`driver ${lane.driver} not added: ${commander.failures.join('\n')}`);
    for (const tokenNo of [lane.requester, lane.driver]) {
      // A recorded driver signs up with the activation code the admin was given (when the engine issues one).
      const activation =
        tokenNo === lane.driver && typeof added.activationCode === 'string' ? { activation_code: added.activationCode } : {};
      if (
        !(await commander.call('sign up', undefined, 'POST', '/api/auth/signup', {
          token_no: tokenNo,
          password: 'secret-1',
          name: 'Test User',
          mobile: '9000000001',
          ...activation,
        }))
      ) {
        throw new Error(`${tokenNo} not signed up: ${commander.failures.join('\n')}`);
      }
      await signIn(tokenNo, 'secret-1');
    }
  }
  return { admin: adminTokenNo, lanes };
}

export interface RideLog {
  /** Rides the load left requested on purpose (their wait alert must fire once). */
  leftRequested: string[];
  /** Rides broken down mid-ride and never taken over (their reassignment notices keep coming). */
  brokenDown: string[];
  completed: string[];
  /** Issue #20: rides whose offer was left to lapse (each offer's expiry must fire once), and rides booked for later (released once). */
  lapsed?: string[];
  scheduled?: string[];
  /** Issue #34: the photo each breakdown was filed with, once the engine answered it stored. */
  photos?: Array<{ rideId: string; photoId: string }>;
}

export interface LaneOptions {
  /** Share of bookings left requested, up to `maxLeftRequested` per lane. */
  leaveRequested?: number;
  maxLeftRequested?: number;
  /** Share of started rides broken down, up to `maxBreakdowns` per lane. */
  breakdown?: number;
  maxBreakdowns?: number;
  /**
   * Issue #20, with the engine under offer dispatch and each lane's driver on shift: shares of rides
   * whose offer he declines, or leaves to lapse (its timer fires), and of rides booked for later
   * (`releaseLeadMinutes` 1 and a time 61 s on: released by a timer about a second later).
   */
  decline?: number;
  lapse?: number;
  later?: number;
  /** Issue #34 item 2, with the pick at main gate needing a scan: main gate's short code, typed with every pick. */
  pickScan?: string;
  /** Issue #34 item 3: each breakdown goes with a photo of the fault (with a location to strip), uploaded first. */
  breakdownPhoto?: boolean;
}

/**
 * Issue #34 item 2: every pick (all at main gate) needs a scan of main gate's code from now on.
 * Answers the short code the lanes type with each pick (`LaneOptions.pickScan`).
 */
export async function requirePickScan(commander: Commander, plant: Plant): Promise<string> {
  await commander.call('scan rule', plant.admin, 'PUT', '/api/site/scan-rules', {
    placeId: 'main-gate',
    step: 'materialPicked',
    required: true,
  });
  const codes = (await commander.call('place codes', plant.admin, 'GET', '/api/site/place-codes')) as {
    places?: Array<{ placeId: string; shortCode: string | null }>;
  } | null;
  const code = codes?.places?.find((place) => place.placeId === 'main-gate')?.shortCode;
  if (!code) throw new Error(`main gate has no short code: ${commander.failures.join(' | ')}`);
  return code;
}

/** Waits until the ride's timeline holds an event of `type` (a timer's work, across engine restarts). */
type TimelineEvents = Array<{ type: string; data: Record<string, unknown> }>;

/** Waits until the ride's timeline (its events, across engine restarts) says `what`; a timer's work. */
async function untilTimeline(
  commander: Commander,
  plant: Plant,
  rideId: string,
  what: string,
  holds: (events: TimelineEvents) => boolean,
): Promise<boolean> {
  let seen: string[] = [];
  const check = async () => {
    const timeline = (await commander.call('timeline', plant.admin, 'GET', `/api/rides/${rideId}/timeline`)) as {
      events?: TimelineEvents;
    } | null;
    const events = timeline?.events ?? [];
    seen = events.map((event) => `${event.type}${'driverId' in event.data ? ` ${String(event.data.driverId)}` : ''}`);
    return holds(events);
  };
  return waitFor(check, 60_000, `${what}: ride ${rideId}`).then(
    () => true,
    () => (commander.failures.push(`ride ${rideId}: not ${what} within 60 s; its events: ${seen.join(', ')}`), false),
  );
}

const released = (events: TimelineEvents) => events.some((event) => event.type === 'RideReleased');
/** Open to every driver of its type, as the ride's statechart folds its events: broadcast from the start, or an offer that fell back. */
const openToAll = (events: TimelineEvents) => foldRide(events as unknown as RideEvent[]).context.openToAll;

/** Under offer dispatch: the lane's driver declines the ride, or lets its offer lapse, or neither; then it is open to him as to all. */
async function answerOffer(
  commander: Commander,
  plant: Plant,
  lane: Lane,
  rideId: string,
  rng: Random,
  log: RideLog,
  options: LaneOptions,
): Promise<boolean> {
  const roll = rng.next();
  if (roll < (options.decline ?? 0)) {
    // A ride booked while he held another offer went to all at once: nothing to decline (409).
    await commander.call(
      'decline',
      lane.driver,
      'POST',
      '/api/tracking/decline-offer',
      { rideId },
      { refused: (status) => status === 409 },
    );
    return true;
  }
  if (roll < (options.decline ?? 0) + (options.lapse ?? 0)) {
    (log.lapsed ??= []).push(rideId);
    // Its offer lapses (a timer) and, nobody else of the type being free, it falls back to all; a ride
    // nobody was free for at its booking or release was open to all from the start.
    return untilTimeline(commander, plant, rideId, 'open to all', openToAll);
  }
  return true;
}

/**
 * One lane's rides, one after the other until `stopped()`: book, then (mostly) accept, start, pick,
 * drop and end; some rides are left requested and some break down after start (the admin rejects
 * the maintenance request, which frees the driver; the ride waits for a take-over nobody makes).
 */
export async function runLane(
  commander: Commander,
  plant: Plant,
  lane: Lane,
  rng: Random,
  stopped: () => boolean,
  log: RideLog,
  options: LaneOptions = {},
): Promise<void> {
  let left = 0;
  let breakdowns = 0;
  const { requester, driver } = lane;
  while (!stopped()) {
    const later = rng.next() < (options.later ?? 0);
    const booking = {
      ...bookingBy(lane, rng.pick(['canteen', 'car parking', 'RMS', 'scrap yard'])!),
      ...(later ? { scheduledFor: new Date(Date.now() + 61_000).toISOString() } : {}),
    };
    const booked = await commander.call('book', requester, 'POST', '/api/bookings/book-ride', booking);
    if (!booked) return;
    const rideId = String(booked.rideId);
    if (later) {
      (log.scheduled ??= []).push(rideId);
      if (!(await untilTimeline(commander, plant, rideId, 'released', released))) return;
    }
    if (left < (options.maxLeftRequested ?? 2) && rng.next() < (options.leaveRequested ?? 0.15)) {
      left += 1;
      log.leftRequested.push(rideId);
      continue;
    }
    if (!(await answerOffer(commander, plant, lane, rideId, rng, log, options))) return;
    if (!(await commander.call('accept', driver, 'POST', '/api/tracking/accept-ride', { driverId: driver, rideId }))) return;
    if (!(await commander.call('step start', driver, 'PUT', '/api/bookings/update-timestamps', { rideId, event: 'start' }))) return;
    if (breakdowns < (options.maxBreakdowns ?? 1) && rng.next() < (options.breakdown ?? 0.1)) {
      breakdowns += 1;
      const photoId = options.breakdownPhoto ? randomUUID() : null;
      if (
        photoId &&
        !(await commander.call('photo', driver, 'PUT', `/api/photos/${photoId}`, undefined, { jpeg: jpegWithLocation(photoId) }))
      )
        return;
      const request = await commander.call('breakdown', driver, 'POST', '/api/requests/maintenanceReq', {
        driver_id: driver,
        driver_name: 'Ravi Kumar',
        vehicle_type: lane.vehicleType,
        issue: '',
        comment_text: 'stopped mid-ride',
        status: 'pending',
        breakdown_type: null,
        ride_id: rideId,
        ...(photoId ? { photo_ids: [photoId] } : {}),
      });
      if (!request) return;
      log.brokenDown.push(rideId);
      if (photoId) (log.photos ??= []).push({ rideId, photoId });
      const rejected = await commander.call('reject maintenance', plant.admin, 'PUT', `/api/requests/${String(request.id)}/status`, {
        status: 'rejected',
        maintenance_date: null,
        reason: 'not needed',
      });
      if (!rejected) return;
      continue;
    }
    for (const event of ['materialPicked', 'materialDropped', 'end']) {
      const scan = event === 'materialPicked' && options.pickScan ? { scan: { code: options.pickScan, via: 'typed' } } : {};
      if (!(await commander.call(`step ${event}`, driver, 'PUT', '/api/bookings/update-timestamps', { rideId, event, ...scan }))) return;
    }
    log.completed.push(rideId);
  }
}

/** Cancels (as the admin) the rides the load left open, so no timer keeps appending before final states are compared. */
export async function cancelOpenRides(commander: Commander, plant: Plant, log: RideLog): Promise<void> {
  for (const rideId of [...log.leftRequested, ...log.brokenDown])
    await commander.call('cancel', plant.admin, 'DELETE', `/api/bookings/cancel/${rideId}`);
}
