import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import {
  SERVER_MESSAGES,
  driverStreamId,
  foldRide,
  maintenanceStreamId,
  rideStatusOf,
  rideStreamId,
  type DriverEvent,
  type MaintenanceEvent,
  type RideEvent,
  type Role,
} from '@plantride/schemas';
import { findRide, ongoingRideOfDriver, type ReadModels } from '@plantride/projections';
import { toDomainEvent } from '../event-store/upcast';
import type { RecordedEvent } from '../event-store/event-store';
import { evolveDriver, initialDriverState } from '../drivers/driver.decider';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds } from '../test-support/test-database';
import { seedUsers } from '../test-support/seed';
import { seededRandom } from '../test-support/seeded-random';

// Raise for a long local run: RACES_SCALE=5 gives 500 rides, 200 cancel races, 100 maintenance races.
const SCALE = Number(process.env.RACES_SCALE ?? 1);
const SEED = Number(process.env.RACES_SEED ?? 20261126);
const RIDES = 100 * SCALE;
const DRIVERS = Array.from({ length: 20 }, (_, i) => `D${String(i + 1).padStart(3, '0')}`);
const REQUESTERS = ['RQ01', 'RQ02', 'RQ03', 'RQ04', 'RQ05'];
const STEPS = ['start', 'materialPicked', 'materialDropped', 'end'] as const;
const STEP_EVENT = {
  start: 'RideStarted',
  materialPicked: 'MaterialPicked',
  materialDropped: 'MaterialDropped',
  end: 'RideEnded',
} as const;
// Not a time limit: vitest's default (30 s) is too short for hundreds of commands on PGlite on a loaded machine.
const ALLOWANCE_MS = 600_000 * SCALE;
// About the time an accept takes on each store, so the head starts cover both orders.
const JITTER_MS = { pglite: 60, postgres: 40 } as const;
const LOSER_MESSAGES: string[] = [SERVER_MESSAGES.rideNotAvailable, SERVER_MESSAGES.driverHasOngoingRide];

type Answer = { statusCode: number; json(): { message?: string; rideId?: string; position?: number; id?: string } };

describe.each(testStoreKinds())('races on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const random = seededRandom(SEED);
  const as = (tokenNo: string, key?: string) => ({
    authorization: `Bearer ${tokens[tokenNo]}`,
    ...(key ? { 'idempotency-key': key } : {}),
  });
  const call = (
    who: string,
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
    key?: string,
  ): Promise<Answer> => t.app.inject({ method, url, payload, headers: as(who, key) });
  const book = (requester: string, key?: string) =>
    call(
      requester,
      'POST',
      '/api/bookings/book-ride',
      { userId: requester, fromLocation: 'main gate', toLocation: 'canteen', vehicleType: 'Forklift', rideType: 'Regular' },
      key,
    );
  const accept = (driver: string, rideId: string, key?: string) =>
    call(driver, 'POST', '/api/tracking/accept-ride', { driverId: driver, rideId }, key);
  const step = (driver: string, rideId: string, event: (typeof STEPS)[number], key?: string) =>
    call(driver, 'PUT', '/api/bookings/update-timestamps', { rideId, event }, key);
  const cancel = (requester: string, rideId: string, key?: string) =>
    call(requester, 'DELETE', `/api/bookings/cancel/${rideId}`, undefined, key);
  const maintenance = (driver: string, rideId: string | null, key?: string) =>
    call(
      driver,
      'POST',
      '/api/requests/maintenanceReq',
      {
        driver_id: driver,
        driver_name: `${driver} Name`,
        vehicle_type: 'Forklift',
        issue: 'Engine Issue',
        comment_text: 'hydraulics failing',
        status: 'pending',
        breakdown_type: 'full',
        ride_id: rideId,
      },
      key,
    );

  const streamOf = (streamId: string) => t.app.eventStore.readStream(streamId);
  const rideOf = async (rideId: string) => foldRide((await streamOf(rideStreamId(rideId))).map((e) => toDomainEvent(e) as RideEvent));
  const driverOf = async (driver: string) =>
    (await streamOf(driverStreamId(driver))).map((e) => toDomainEvent(e) as DriverEvent).reduce(evolveDriver, initialDriverState());
  const readModels = () => t.app.database.db as Kysely<ReadModels>;
  const settle = async () => expect(await t.app.projections.waitForPosition(await t.app.eventStore.headPosition(), 60_000)).toBe(true);
  const bookMany = async (count: number) => {
    const answers = await Promise.all(Array.from({ length: count }, (_, i) => book(REQUESTERS[i % REQUESTERS.length] as string)));
    answers.forEach((a) => expect(a.statusCode).toBe(200));
    return answers.map((a) => a.json().rideId as string);
  };
  /** The store's fold of each ride and its read-model row say the same status and driver. */
  const expectAgreement = async (rideIds: string[]) => {
    await settle();
    for (const rideId of rideIds) {
      const ride = await rideOf(rideId);
      const row = await findRide(readModels(), rideId);
      expect({ rideId, status: row?.status, driver: row?.driver_id ?? null }).toEqual({
        rideId,
        status: rideStatusOf(ride),
        driver: ride.context.driverId,
      });
    }
  };
  // Spreads the start of one side of a race over a few milliseconds, so that either side may win.
  const jitter = () => Math.floor(random.next() * JITTER_MS[kind]);
  const later = <T>(ms: number, send: () => Promise<T>) =>
    new Promise<T>((resolve, reject) => setTimeout(() => void send().then(resolve, reject), ms));
  const typesOf = (events: RecordedEvent[]) => events.map((e) => e.type);
  const count = (events: RecordedEvent[], type: string) => events.filter((e) => e.type === type).length;
  const tally = (into: Record<string, number>, key: string) => (into[key] = (into[key] ?? 0) + 1);

  beforeAll(async () => {
    t = await createTestApp(kind);
    const people: Array<[string, Role]> = [
      ...REQUESTERS.map((r): [string, Role] => [r, 'requester']),
      ...DRIVERS.map((d): [string, Role] => [d, 'driver']),
      ['DX01', 'driver'],
      ['MH01', 'maintenanceHead'],
    ];
    await seedUsers(
      t.app,
      people.map(([tokenNo, role]) => ({
        tokenNo,
        role,
        vehicleType: role === 'driver' ? 'Forklift' : undefined,
        name: `${tokenNo} Name`,
        mobile: '9876543210',
      })),
    );
    for (const [tokenNo, role] of people) tokens[tokenNo] = await t.tokenFor(tokenNo, role);
    // Starting PGlite and migrating it takes long on a loaded machine.
  }, ALLOWANCE_MS);
  afterAll(async () => t?.close());

  it(
    `given ${RIDES} requested rides, when 20 drivers race over them, each firing three accepts at once, then each ride is accepted once and no driver ever holds two`,
    async () => {
      const rideIds = await bookMany(RIDES);
      const open = new Set(rideIds);
      const winsPerBurst: number[] = [];
      const losers: Record<string, number> = {};
      const acceptedBy = new Map<string, string>();
      let acceptsSent = 0;
      const drive = async (driver: string) => {
        while (open.size > 0) {
          const candidates = [...open];
          const burst = [...new Set([random.pick(candidates), random.pick(candidates), random.pick(candidates)])] as string[];
          acceptsSent += burst.length;
          const answers = await Promise.all(burst.map((rideId) => accept(driver, rideId)));
          const won = burst.filter((_, i) => answers[i]?.statusCode === 200);
          winsPerBurst.push(won.length);
          answers.forEach((answer, i) => {
            if (answer.statusCode === 200) return;
            expect(answer.statusCode).toBe(409);
            const message = answer.json().message ?? '';
            tally(losers, message);
            if (message === SERVER_MESSAGES.rideNotAvailable) open.delete(burst[i] as string);
          });
          for (const rideId of won) {
            open.delete(rideId);
            acceptedBy.set(rideId, driver);
            for (const event of STEPS) expect((await step(driver, rideId, event)).statusCode).toBe(200);
          }
        }
      };
      await Promise.all(DRIVERS.map(drive));

      expect(Math.max(...winsPerBurst)).toBe(1);
      expect(Object.keys(losers).every((m) => LOSER_MESSAGES.includes(m))).toBe(true);
      expect(acceptedBy.size).toBe(RIDES);
      // Per driver, the store's own order: each ride he took ended before he took the next one.
      const spans = new Map<string, Array<[number, number]>>();
      for (const rideId of rideIds) {
        const events = await streamOf(rideStreamId(rideId));
        expect(typesOf(events)).toEqual(['RideRequested', 'RideAccepted', 'RideStarted', 'MaterialPicked', 'MaterialDropped', 'RideEnded']);
        const accepted = events[1] as RecordedEvent;
        expect((accepted.data as { driverId: string }).driverId).toBe(acceptedBy.get(rideId));
        const driver = acceptedBy.get(rideId) as string;
        spans.set(driver, [...(spans.get(driver) ?? []), [accepted.globalPosition, (events[5] as RecordedEvent).globalPosition]]);
      }
      for (const [driver, taken] of spans) {
        taken.sort((a, b) => a[0] - b[0]);
        taken
          .slice(1)
          .forEach(([start], i) =>
            expect(start, `${driver} took a ride before ending the previous one`).toBeGreaterThan((taken[i] as [number, number])[1]),
          );
        const own = await streamOf(driverStreamId(driver));
        expect(count(own, 'DriverAssignedToRide')).toBe(taken.length);
        expect(count(own, 'DriverReleasedFromRide')).toBe(taken.length);
        expect((await driverOf(driver)).ongoingRideId).toBeNull();
      }
      await expectAgreement(rideIds);
      for (const driver of DRIVERS) expect(await ongoingRideOfDriver(readModels(), driver)).toBeUndefined();
      console.info(
        `[races ${kind}] ${RIDES} rides, ${winsPerBurst.length} bursts, ${acceptsSent} accepts sent, ${acceptedBy.size} won, losers ${JSON.stringify(losers)}`,
      );
    },
    ALLOWANCE_MS,
  );

  it(
    'given requested rides, when their requester cancels each while a driver accepts it, then exactly one wins and the loser is told the ride is no longer available',
    async () => {
      const outcomes: Record<string, number> = {};
      // How long an accept takes here and now: the cancel's head start is spread over twice that.
      const [probe] = await bookMany(1);
      const started = Date.now();
      expect((await accept('D001', probe as string)).statusCode).toBe(200);
      // PGlite runs one statement at a time, so twenty accepts at once each take about ten times longer there.
      const spread = 2 * (Date.now() - started) * (kind === 'pglite' ? DRIVERS.length / 2 : 1);
      for (const event of STEPS) expect((await step('D001', probe as string, event)).statusCode).toBe(200);
      for (let round = 0; round < 2 * SCALE; round++) {
        const rideIds = await bookMany(DRIVERS.length);
        const races = await Promise.all(
          rideIds.map(async (rideId, i) => {
            const driver = DRIVERS[i] as string;
            const requester = REQUESTERS[i % REQUESTERS.length] as string;
            // A cancel is cheaper than an accept, so it starts a random moment later or it would always win.
            const [cancelled, accepted] = await Promise.all([
              later(Math.floor(random.next() * spread), () => cancel(requester, rideId)),
              accept(driver, rideId),
            ]);
            return { rideId, driver, cancelled, accepted };
          }),
        );
        for (const { rideId, driver, cancelled, accepted } of races) {
          expect([cancelled.statusCode, accepted.statusCode].sort()).toEqual([200, 409]);
          const loser = cancelled.statusCode === 409 ? cancelled : accepted;
          expect(loser.json().message).toBe(SERVER_MESSAGES.rideNotAvailable);
          const events = await streamOf(rideStreamId(rideId));
          const acceptWon = accepted.statusCode === 200;
          tally(outcomes, acceptWon ? 'accept' : 'cancel');
          expect(typesOf(events)).toEqual(['RideRequested', acceptWon ? 'RideAccepted' : 'RideCancelled']);
          expect((await driverOf(driver)).ongoingRideId).toBe(acceptWon ? rideId : null);
          if (acceptWon) for (const event of STEPS) expect((await step(driver, rideId, event)).statusCode).toBe(200);
        }
        await expectAgreement(rideIds);
      }
      console.info(`[races ${kind}] cancel vs accept: ${JSON.stringify(outcomes)} (cancel started 0-${spread} ms after the accept)`);
    },
    ALLOWANCE_MS,
  );

  it(
    'when a booking, an accept, a step, a cancel and a maintenance request are each sent several times at once and once more after, with one Idempotency-Key, then each has one effect and every answer is the first',
    async () => {
      const same = async (send: () => Promise<Answer>) => {
        const before = await t.app.eventStore.headPosition();
        const answers = [...(await Promise.all([send(), send(), send(), send()])), await send()];
        answers.forEach((a) => expect(a.statusCode).toBe(200));
        answers.forEach((a) => expect(a.json()).toEqual(answers[0]?.json()));
        return { answer: answers[0] as Answer, before };
      };
      const appendedSince = async (before: number) =>
        (await t.app.eventStore.readAll({ transactionId: '0', position: 0 }, 1_000_000)).filter((e) => e.globalPosition > before);

      const booked = await same(() => book('RQ01', 'race-book'));
      const rideId = booked.answer.json().rideId as string;
      expect(typesOf(await appendedSince(booked.before))).toEqual(['RideRequested']);

      const accepted = await same(() => accept('DX01', rideId, 'race-accept'));
      expect(typesOf(await appendedSince(accepted.before)).sort()).toEqual(['DriverAssignedToRide', 'RideAccepted']);

      const started = await same(() => step('DX01', rideId, 'start', 'race-start'));
      expect(typesOf(await appendedSince(started.before))).toEqual(['RideStarted']);

      const second = (await book('RQ02')).json().rideId as string;
      const cancelled = await same(() => cancel('RQ02', second, 'race-cancel'));
      expect(typesOf(await appendedSince(cancelled.before))).toEqual(['RideCancelled']);

      const requested = await same(() => maintenance('DX01', rideId, 'race-maintenance'));
      expect(typesOf(await appendedSince(requested.before)).sort()).toEqual([
        'DriverBlockedForMaintenance',
        'DriverReleasedFromRide',
        'MaintenanceRequested',
        'RideRedistributed',
      ]);
      expect(rideStatusOf(await rideOf(rideId))).toBe('waiting_for_reassignment');
      await expectAgreement([rideId, second]);
    },
    ALLOWANCE_MS,
  );

  it(
    'given drivers at each step of a ride, when each asks for maintenance while sending his next step, then each ride ends in one state the statechart allows, named alike by the store, the request and the read model',
    async () => {
      const outcomes: Record<string, number> = {};
      const races = DRIVERS.map((driver, i) => ({ driver, done: i % STEPS.length }));
      const rideIds = await bookMany(races.length);
      await Promise.all(
        races.map(async ({ driver, done }, i) => {
          expect((await accept(driver, rideIds[i] as string)).statusCode).toBe(200);
          for (const event of STEPS.slice(0, done)) expect((await step(driver, rideIds[i] as string, event)).statusCode).toBe(200);
        }),
      );
      // A request blocks the driver before a step has read his stream, so it starts a random moment later or it would nearly always win.
      const answers = await Promise.all(
        races.map(({ driver, done }, i) =>
          Promise.all([
            later(jitter(), () => maintenance(driver, rideIds[i] as string)),
            step(driver, rideIds[i] as string, STEPS[done] as (typeof STEPS)[number]),
          ]),
        ),
      );

      for (const [i, { driver, done }] of races.entries()) {
        const rideId = rideIds[i] as string;
        const [filed, stepped] = answers[i] as [Answer, Answer];
        expect(filed.statusCode).toBe(200);
        expect([200, 403, 409]).toContain(stepped.statusCode);
        const requestId = filed.json().id as string;
        const [request] = (await streamOf(maintenanceStreamId(requestId))).map((e) => toDomainEvent(e) as MaintenanceEvent);
        expect(request?.type).toBe('MaintenanceRequested');
        const namedRide = request?.type === 'MaintenanceRequested' ? request.data.rideId : undefined;
        const events = await streamOf(rideStreamId(rideId));
        const stepType = STEP_EVENT[STEPS[done] as (typeof STEPS)[number]];
        const stepIndex = typesOf(events).indexOf(stepType);
        // The step is in the store exactly when it was answered 200.
        expect(stepIndex >= 0).toBe(stepped.statusCode === 200);
        const ride = await rideOf(rideId);
        if (namedRide === rideId) {
          // Maintenance took the ride: it waits for another driver from where it stood, after any step that got in first.
          const redistributed = typesOf(events).indexOf('RideRedistributed');
          expect(rideStatusOf(ride)).toBe('waiting_for_reassignment');
          expect(stepIndex < redistributed).toBe(true);
          expect(ride.context.resumeState).toBe(
            stepped.statusCode === 200
              ? ['started', 'material picked', 'delivered', 'delivered'][done]
              : ['accepted', 'started', 'material picked', 'delivered'][done],
          );
          tally(outcomes, stepped.statusCode === 200 ? 'step then redistributed' : 'redistributed, step refused');
        } else {
          // Only an end that got in first leaves the request without the ride.
          expect(namedRide).toBeNull();
          expect(STEPS[done]).toBe('end');
          expect(stepped.statusCode).toBe(200);
          expect(rideStatusOf(ride)).toBe('completed');
          tally(outcomes, 'ended, request without ride');
        }
        const own = await driverOf(driver);
        expect(own.blockedFor).toBe(requestId);
        expect(own.ongoingRideId).toBeNull();
      }
      await expectAgreement(rideIds);
      console.info(`[races ${kind}] maintenance vs step: ${JSON.stringify(outcomes)}`);
    },
    ALLOWANCE_MS,
  );
});
