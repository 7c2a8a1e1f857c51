import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_DISPATCH_SETTINGS, foldRide, rideStreamId, type RideEvent, type RideSnapshot, type Role } from '@plantride/schemas';
import type { CommandContext, CommandHandler, CommandResult, Streams } from '../commands/command-handler';
import type * as CommandHandlerModule from '../commands/command-handler';
import { DomainError } from '../commands/errors';
import { freeDriversOf } from '../dispatch/dispatch-input';
import { START, type EventStore, type RecordedEvent } from '../event-store/event-store';
import { toDomainEvent } from '../event-store/upcast';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { openTestStore, waitFor } from '../test-support/test-database';
import { seedUsers } from '../test-support/seed';
import { fireTimer } from '../timers/fire-timer';
import { rideTimers } from '../timers/ride-timers';

/*
 * Issue #29 item 5: a recorded day of commands, replayed against an empty store, gets the same
 * decisions. A plant day runs through the real HTTP app on the embedded store (PGlite) while every
 * call of `handle` (routes and timers alike) is recorded: handler, command (with the soft facts from
 * engine memory it carries: drivers free, drivers of a type, alternatives, the site) and context
 * (clock, actor, command id). The journal is then replayed in order on a fresh store. Same answers
 * per command, refusals included, and the same streams event for event prove each decision read
 * nothing but its streams, its command and its clock: no engine memory, read model or wall clock
 * behind `decide`'s back.
 */

interface Refusal {
  readonly name: string;
  readonly status: number | null;
  readonly message: string;
}
type Outcome = { readonly result: CommandResult } | { readonly refused: Refusal };
interface Recorded {
  readonly handler: CommandHandler<{ type: string }, Streams>;
  readonly command: { type: string };
  readonly context: CommandContext;
  readonly outcome: Outcome;
}

const recorder = vi.hoisted(() => ({
  journal: [] as Recorded[],
  realHandle: undefined as typeof CommandHandlerModule.handle | undefined,
}));

const refusalOf = (error: unknown): Refusal =>
  error instanceof DomainError
    ? { name: error.name, status: error.status, message: error.message }
    : { name: error instanceof Error ? error.name : 'unknown', status: null, message: String(error) };

// Every route and the timers import `handle` from this module: the journal sees every command the day sends.
vi.mock('../commands/command-handler', async (importOriginal) => {
  const real = await importOriginal<typeof CommandHandlerModule>();
  recorder.realHandle = real.handle;
  const recording: typeof real.handle = async (store, handler, command, context) => {
    // Taken before handling: what was asked, not what the run may have left on the objects.
    const asked = { handler, command: structuredClone(command), context: { ...context } } as Omit<Recorded, 'outcome'>;
    try {
      const result = await real.handle(store, handler, command, context);
      recorder.journal.push({ ...asked, outcome: { result } });
      return result;
    } catch (error) {
      recorder.journal.push({ ...asked, outcome: { refused: refusalOf(error) } });
      throw error;
    }
  };
  return { ...real, handle: recording };
});

const HOUR = 3_600_000;
const DAY_SECONDS = 24 * 3600;
const TIMER_SETTINGS = { reassignTimeoutMs: HOUR, rideWaitAlertMs: HOUR, specialTaskMinuteMs: 60_000 };
// Targets and offers long enough that no timer fires on its own: the day fires the ones it means to.
const LONG_TARGETS = {
  normal: { acceptSeconds: DAY_SECONDS, deliverSeconds: DAY_SECONDS },
  urgent: { acceptSeconds: DAY_SECONDS, deliverSeconds: DAY_SECONDS },
};
const OFFER_DISPATCH = { ...DEFAULT_DISPATCH_SETTINGS, mode: 'offer' as const, offerSeconds: 300, serviceTargets: LONG_TARGETS };
const BROADCAST = { ...OFFER_DISPATCH, mode: 'broadcast' as const };

const PEOPLE: Array<[string, Role, ('Forklift' | 'Crane')?]> = [
  ['AD01', 'admin'],
  ['MH01', 'maintenanceHead'],
  ['RQ01', 'requester'],
  ['RQ02', 'requester'],
  ['FL01', 'driver', 'Forklift'],
  ['FL02', 'driver', 'Forklift'],
  ['FL03', 'driver', 'Forklift'],
  ['CR01', 'driver', 'Crane'],
];

/** What a stored event is, minus what the database stamps itself (its transaction id and clock). */
const factOf = (event: RecordedEvent) => ({
  eventId: event.eventId,
  streamId: event.streamId,
  streamPosition: event.streamPosition,
  globalPosition: event.globalPosition,
  type: event.type,
  schemaVersion: event.schemaVersion,
  data: event.data,
  metadata: event.metadata,
});
const everyEvent = (store: EventStore) => store.readAll(START, 100_000);
const isSeed = (event: RecordedEvent) => (event.metadata.actor as { system?: string } | undefined)?.system === 'test-seed';

describe('a recorded plant day replayed on an empty store', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  /** The original store's events, read before the app (and its schema) closes. */
  let original: RecordedEvent[] = [];
  let day: Recorded[] = [];
  const replayed: Outcome[] = [];
  let replayStore: { store: EventStore; close(): Promise<void> } | undefined;

  const call = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = {}) =>
    t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${tokens[who]}`, ...headers } });
  async function ok(who: string, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = {}) {
    const answer = await call(who, method, url, payload, headers);
    expect(answer.statusCode, `${who} ${method} ${url}: ${answer.body}`).toBeLessThan(300);
    return answer.json<Record<string, unknown>>();
  }
  async function refused(status: number, who: string, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
    const answer = await call(who, method, url, payload);
    expect(answer.statusCode, `${who} ${method} ${url}: ${answer.body}`).toBe(status);
  }
  const book = async (who: string, body: object, headers = {}) =>
    String(
      (await ok(who, 'POST', '/api/bookings/book-ride', { userId: who, fromLocation: 'RMS', toLocation: 'fgs', ...body }, headers)).rideId,
    );
  const steps = async (driver: string, rideId: string, events: string[]) => {
    for (const event of events) await ok(driver, 'PUT', '/api/bookings/update-timestamps', { rideId, event });
  };
  const rideOf = async (rideId: string): Promise<RideSnapshot> =>
    foldRide((await t.app.eventStore.readStream(rideStreamId(rideId))).map((event) => toDomainEvent(event) as RideEvent));
  const offeredTo = async (rideId: string) => (await rideOf(rideId)).context.offer?.driverId ?? null;
  /** Fires the timer the engine armed for the ride, as the timers plugin would. */
  async function fire(rideId: string, type: 'ExpireOffer' | 'ReleaseScheduledRide') {
    const timer = rideTimers(await rideOf(rideId), TIMER_SETTINGS).find((armed) => armed.command.type === type);
    if (!timer) throw new Error(`ride ${rideId} has no ${type} timer armed`);
    expect(await fireTimer(t.app.eventStore, timer, new Date(), () => freeDriversOf(t.app))).toBe('appended');
    return timer;
  }
  /** Offer dispatch reads who is free from engine memory: the day goes on once memory has these drivers free. */
  const freeAre = (...drivers: string[]) =>
    waitFor(
      () => {
        const free = t.app.driverRoster.dispatchView(new Date()).candidates.map((c) => c.operatorId);
        return drivers.every((driver) => free.includes(driver));
      },
      10_000,
      `${drivers.join(', ')} free in engine memory`,
    );

  async function playTheDay() {
    // A new requester signs up on the day.
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { token_no: 'RQ03', password: 'forklift-day-2026', name: 'New Requester', mobile: '9876543210' },
    });
    expect(signUp.statusCode, signUp.body).toBe(201);
    tokens.RQ03 = await t.tokenFor('RQ03', 'requester');

    await ok('AD01', 'PUT', '/api/dispatch/settings', OFFER_DISPATCH);
    await ok('FL01', 'POST', '/api/drivers/shift', { on: true, location: 'RMS' });
    await ok('FL02', 'POST', '/api/drivers/shift', { on: true, location: 'car parking' });
    await ok('CR01', 'POST', '/api/drivers/shift', { on: true, location: 'RMS' });
    await freeAre('FL01', 'FL02', 'CR01');

    // A regular ride: offered, declined, offered on, lapsed, then taken and carried out.
    const regular = await book('RQ01', {});
    const first = (await offeredTo(regular))!;
    expect(first).not.toBeNull();
    await refused(409, first === 'FL01' ? 'FL02' : 'FL01', 'POST', '/api/tracking/decline-offer', { rideId: regular });
    await ok(first, 'POST', '/api/tracking/decline-offer', { rideId: regular });
    const second = await offeredTo(regular);
    expect(second).not.toBeNull();
    const lapse = await fire(regular, 'ExpireOffer');
    const taker = (await offeredTo(regular)) ?? 'FL01';
    await ok(taker, 'POST', '/api/tracking/accept-ride', { rideId: regular, driverId: taker });
    await steps(taker, regular, ['start', 'materialPicked', 'materialDropped']);
    await ok(taker, 'POST', '/api/tracking/complete-ride', { rideId: regular });
    // The lapse's timer fired again (a retried job): a repeat, nothing appended.
    expect(await fireTimer(t.app.eventStore, lapse, new Date(), () => freeDriversOf(t.app))).toBe('repeat');

    // A Special Task for the crane.
    const special = await book('RQ02', { vehicleType: 'Crane', rideType: 'Special Task', duration: { hours: 0, minutes: 30 } });
    expect(await offeredTo(special)).toBe('CR01');
    await ok('CR01', 'POST', '/api/tracking/accept-ride', { rideId: special, driverId: 'CR01' });
    await steps('CR01', special, ['start', 'materialPicked', 'materialDropped', 'end']);

    // An urgent ride; its driver breaks down with the material picked, another takes it over.
    await freeAre('FL01', 'FL02');
    const urgent = await book('RQ01', { priority: 'urgent', toLocation: 'scrap yard' });
    const urgentDriver = (await offeredTo(urgent))!;
    expect(urgentDriver).not.toBeNull();
    await ok(urgentDriver, 'POST', '/api/tracking/accept-ride', { rideId: urgent, driverId: urgentDriver });
    await steps(urgentDriver, urgent, ['start', 'materialPicked']);
    const breakdown = await ok(urgentDriver, 'POST', '/api/requests/maintenanceReq', {
      driver_id: urgentDriver,
      driver_name: urgentDriver,
      vehicle_type: 'Forklift',
      issue: 'Engine Issue',
      comment_text: 'mast chain snapped',
      status: 'pending',
      breakdown_type: 'full',
      ride_id: urgent,
    });
    const takeOver = { rideId: urgent, currentState: 'material picked' };
    await refused(403, urgentDriver, 'POST', '/api/maintenance/accept-redistributed-ride', { ...takeOver, newDriverId: urgentDriver });
    await ok('FL03', 'POST', '/api/maintenance/accept-redistributed-ride', { ...takeOver, newDriverId: 'FL03' });
    await steps('FL03', urgent, ['materialDropped', 'end']);
    const requestId = String(breakdown.requestId);
    await ok('MH01', 'PUT', `/api/requests/${requestId}/status`, { status: 'accepted' });
    await ok('MH01', 'PUT', `/api/requests/${requestId}/status`, { status: 'completed', maintenance_date: new Date().toISOString() });

    // A ride booked for later, released by its timer, then cancelled by its requester.
    const later = await book('RQ02', { scheduledFor: new Date(Date.now() + 3 * HOUR).toISOString() });
    expect((await rideOf(later)).context.releaseAt).not.toBeNull();
    await refused(409, 'FL02', 'POST', '/api/tracking/accept-ride', { rideId: later, driverId: 'FL02' });
    await fire(later, 'ReleaseScheduledRide');
    await refused(403, 'RQ01', 'DELETE', `/api/bookings/cancel/${later}`);
    await ok('RQ02', 'DELETE', `/api/bookings/cancel/${later}`);

    // Back to broadcast: the new requester's ride, booked twice under one Idempotency-Key, taken by the first driver to accept.
    await ok('AD01', 'PUT', '/api/dispatch/settings', BROADCAST);
    const key = { 'idempotency-key': 'rq03-first-ride' };
    const own = await book('RQ03', { toLocation: 'canteen' }, key);
    expect(await book('RQ03', { toLocation: 'canteen' }, key)).toBe(own);
    await ok('FL02', 'POST', '/api/tracking/accept-ride', { rideId: own, driverId: 'FL02' });
    await refused(409, 'FL01', 'POST', '/api/tracking/accept-ride', { rideId: own, driverId: 'FL01' });
    await steps('FL02', own, ['start', 'materialPicked', 'materialDropped', 'end']);

    for (const driver of ['FL01', 'FL02', 'CR01']) await ok(driver, 'POST', '/api/drivers/shift', { on: false });
  }

  beforeAll(async () => {
    t = await createTestApp('pglite', { timers: { redisUrl: undefined, retryDelayMs: 50, ...TIMER_SETTINGS } });
    await seedUsers(
      t.app,
      PEOPLE.map(([tokenNo, role, vehicleType]) => ({ tokenNo, role, vehicleType })),
    );
    for (const [tokenNo, role] of PEOPLE) tokens[tokenNo] = await t.tokenFor(tokenNo, role);
    recorder.journal.length = 0;
    await playTheDay();
    day = [...recorder.journal];
    original = await everyEvent(t.app.eventStore);
    // One PGlite per file: the app's schema goes before the replay opens its own.
    await t.close();

    const { database, store } = await openTestStore('pglite');
    replayStore = { store, close: () => database.dispose() };
    // The accounts and driver records the harness seeded (no command wrote them): copied as they were stored.
    const seeds = original.filter(isSeed);
    for (const transaction of new Set(seeds.map((event) => event.transactionId))) {
      const events = seeds.filter((event) => event.transactionId === transaction);
      await store.appendToStreams(
        [...new Set(events.map((event) => event.streamId))].map((streamId) => ({
          streamId,
          expectedVersion: 'any' as const,
          events: events.filter((event) => event.streamId === streamId),
        })),
        events[0]!.metadata,
      );
    }
    const realHandle = recorder.realHandle!;
    for (const { handler, command, context } of day) {
      try {
        replayed.push({ result: await realHandle(store, handler, structuredClone(command), context) });
      } catch (error) {
        replayed.push({ refused: refusalOf(error) });
      }
    }
  }, 0);
  afterAll(async () => {
    await replayStore?.close();
  });

  it('given the day ran through the HTTP app, when its journal is read, then it holds every kind of command the day sent, refusals included', () => {
    const count = (type: string) => day.filter((entry) => entry.command.type === type).length;
    const tally = Object.fromEntries([...new Set(day.map((entry) => entry.command.type))].map((type) => [type, count(type)]));
    console.info(`replay-day: ${day.length} commands`, tally);
    expect(day.length).toBeGreaterThanOrEqual(25);
    for (const type of [
      'SignUp',
      'ChangeDispatchSettings',
      'SetShift',
      'BookRide',
      'DeclineOffer',
      'ExpireOffer',
      'AcceptRide',
      'StartRide',
      'EndRide',
      'RequestMaintenance',
      'TakeOverRide',
      'SetMaintenanceStatus',
      'ReleaseScheduledRide',
      'CancelRide',
    ])
      expect(count(type), type).toBeGreaterThan(0);
    expect(day.filter((entry) => 'refused' in entry.outcome).length).toBeGreaterThanOrEqual(5);
    expect(day.filter((entry) => 'result' in entry.outcome && entry.outcome.result.duplicate).length).toBe(2);
    expect(original.filter((event) => !isSeed(event)).length).toBeGreaterThan(day.length);
  });

  it('given the same handler, command and context, when each command of the day is replayed on an empty store, then it decides the same events, or is refused with the same status and message', () => {
    expect(replayed).toHaveLength(day.length);
    day.forEach((entry, index) => {
      const what = `command ${index + 1} ${entry.command.type} by ${JSON.stringify(entry.context.actor)}`;
      expect(replayed[index], what).toEqual(entry.outcome);
    });
  });

  it('given the whole day replayed, when both stores are read, then every stream holds the same events: ids, types, data, metadata and positions', async () => {
    const store = replayStore!.store;
    const again = await everyEvent(store);
    expect(again.map(factOf)).toEqual(original.map(factOf));
    const streams = [...new Set(original.map((event) => event.streamId))];
    const read = await store.readStreams(streams);
    for (const streamId of streams)
      expect((read.get(streamId) ?? []).map(factOf), streamId).toEqual(original.filter((event) => event.streamId === streamId).map(factOf));
  });
});
