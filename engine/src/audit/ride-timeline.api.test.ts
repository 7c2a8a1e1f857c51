import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATE_LOCALE,
  PLANT_TIME_ZONE,
  SERVER_MESSAGES,
  plantDayOf,
  rideTimelineAnswerSchema,
  type Checklist,
  type InspectionResult,
  type RideTimelineAnswer,
} from '@plantride/schemas';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds } from '../test-support/test-database';
import { rideDriver, type RideDriver } from './audit-test-rides';

const FULL_RIDE = ['start', 'materialPicked', 'materialDropped', 'end'];

/** `time` written as plant wall-clock time without a zone, to the millisecond. */
function plantLocal(time: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat(DATE_LOCALE, {
      timeZone: PLANT_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(time))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}.${time.slice(20, 23)}`;
}

describe.each(testStoreKinds())('ride timeline API on %s', (kind) => {
  let t: TestApp;
  let rides: RideDriver;
  const timeline = (who: string | null, rideId: string, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/rides/${rideId}/timeline${query}`, headers: who ? rides.as(who) : {} });
  const answerOf = async (who: string, rideId: string, query = ''): Promise<RideTimelineAnswer> => {
    const answer = await timeline(who, rideId, query);
    expect(answer.statusCode, answer.body).toBe(200);
    return rideTimelineAnswerSchema.strict().parse(answer.json());
  };
  const timeOf = (answer: RideTimelineAnswer, type: string) => answer.events.find((e) => e.type === type)?.time as string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    rides = await rideDriver(t);
  });
  afterAll(async () => t.close());

  it('given a ride carried out to the end, when an admin asks for its timeline, then every event comes in order with its actor and the state it left', async () => {
    const rideId = await rides.book();
    await rides.accept('D001', rideId);
    await rides.steps('D001', rideId, FULL_RIDE);

    const answer = await answerOf('AD01', rideId);
    const recorded = await t.app.eventStore.readStream(`ride-${rideId}`);
    expect(answer.rideId).toBe(rideId);
    expect(answer.at).toBeNull();
    expect(answer.events.map((e) => [e.type, e.state.status, e.state.value])).toEqual([
      ['RideRequested', 'requested', 'requested'],
      ['RideAccepted', 'accepted', { inProgress: 'accepted' }],
      ['RideStarted', 'started', { inProgress: 'started' }],
      ['MaterialPicked', 'material picked', { inProgress: 'materialPicked' }],
      ['MaterialDropped', 'delivered', { inProgress: 'delivered' }],
      ['RideEnded', 'completed', 'completed'],
    ]);
    expect(answer.events.map((e) => [e.position, e.streamPosition, e.time])).toEqual(
      recorded.map((e) => [e.globalPosition, e.streamPosition, e.recordedAt.toISOString()]),
    );
    expect(answer.events[0]).toMatchObject({
      actor: { tokenNo: 'AB12', role: 'requester' },
      data: { rideId, requesterId: 'AB12', fromLocation: 'main gate', toLocation: 'canteen' },
    });
    for (const event of answer.events.slice(1)) expect(event.actor).toEqual({ tokenNo: 'D001', role: 'driver' });
    expect(answer.ride).toMatchObject({
      status: 'completed',
      requester: { tokenNo: 'AB12', name: 'Asha Rao' },
      driver: { tokenNo: 'D001', name: 'D001 Name' },
      originalDriverId: null,
      timestamps: { requestedAt: expect.any(String), acceptedAt: expect.any(String), endedAt: expect.any(String), cancelledAt: null },
    });
    // The maintenance head is staff too.
    expect((await answerOf('MH01', rideId)).events).toHaveLength(6);
  });

  it('given a ride redistributed mid-ride, when its timeline is asked for, then the first driver acts before the hand-over and the new one after', async () => {
    const rideId = await rides.book();
    await rides.accept('D002', rideId);
    await rides.steps('D002', rideId, ['start']);
    await rides.redistribute('AD01', 'D002', rideId);
    await rides.takeOver('D003', rideId, 'started');
    await rides.steps('D003', rideId, ['materialPicked', 'materialDropped', 'end']);

    const answer = await answerOf('MH01', rideId);
    expect(answer.events.map((e) => [e.type, e.actor, e.state.status])).toEqual([
      ['RideRequested', { tokenNo: 'AB12', role: 'requester' }, 'requested'],
      ['RideAccepted', { tokenNo: 'D002', role: 'driver' }, 'accepted'],
      ['RideStarted', { tokenNo: 'D002', role: 'driver' }, 'started'],
      ['RideRedistributed', { tokenNo: 'AD01', role: 'admin' }, 'waiting_for_reassignment'],
      ['RideTakenOver', { tokenNo: 'D003', role: 'driver' }, 'started'],
      ['MaterialPicked', { tokenNo: 'D003', role: 'driver' }, 'material picked'],
      ['MaterialDropped', { tokenNo: 'D003', role: 'driver' }, 'delivered'],
      ['RideEnded', { tokenNo: 'D003', role: 'driver' }, 'completed'],
    ]);
    expect(answer.events[3]).toMatchObject({
      data: { originalDriverId: 'D002', resumeState: 'started', maintenanceComment: 'hydraulics leaking' },
      state: { value: 'waitingForReassignment' },
    });
    expect(answer.events[4]).toMatchObject({
      data: { driverId: 'D003', driverName: 'D003 Name' },
      state: { value: { inProgress: 'started' } },
    });
    expect(answer.ride).toMatchObject({ status: 'completed', driver: { tokenNo: 'D003' }, originalDriverId: 'D002' });

    const beforeHandOver = await answerOf('AD01', rideId, `?at=${timeOf(answer, 'RideStarted')}`);
    expect(beforeHandOver.ride).toMatchObject({
      status: 'started',
      driver: { tokenNo: 'D002', name: 'D002 Name' },
      originalDriverId: null,
    });
    const waiting = await answerOf('AD01', rideId, `?at=${timeOf(answer, 'RideRedistributed')}`);
    expect(waiting.ride).toMatchObject({
      status: 'waiting_for_reassignment',
      value: 'waitingForReassignment',
      driver: null,
      originalDriverId: 'D002',
      resumeState: 'started',
    });
    const takenOver = await answerOf('AD01', rideId, `?at=${timeOf(answer, 'RideTakenOver')}`);
    expect(takenOver.ride).toMatchObject({ status: 'started', driver: { tokenNo: 'D003' }, originalDriverId: 'D002', resumeState: null });
  });

  it('given a ride in its course, when asked how it stood at several moments, then each answer holds the events up to that moment and the ride they make', async () => {
    const rideId = await rides.book();
    await rides.accept('D001', rideId);
    await rides.steps('D001', rideId, FULL_RIDE);
    const whole = await answerOf('AD01', rideId);

    const picked = timeOf(whole, 'MaterialPicked');
    const midRide = await answerOf('AD01', rideId, `?at=${encodeURIComponent(picked)}`);
    expect(midRide.at).toBe(picked);
    expect(midRide.events.map((e) => e.type)).toEqual(['RideRequested', 'RideAccepted', 'RideStarted', 'MaterialPicked']);
    expect(midRide.ride).toMatchObject({
      status: 'material picked',
      value: { inProgress: 'materialPicked' },
      driver: { tokenNo: 'D001' },
      timestamps: { pickedAt: expect.any(String), droppedAt: null, endedAt: null },
    });

    // Without a zone the time is the plant's: the same instant written as Asia/Kolkata wall-clock time.
    const local = await answerOf('AD01', rideId, `?at=${plantLocal(picked)}`);
    expect(local.at).toBe(picked);
    expect(local.events).toEqual(midRide.events);

    const beforeAccept = new Date(Date.parse(timeOf(whole, 'RideAccepted')) - 1).toISOString();
    const requested = await answerOf('AD01', rideId, `?at=${beforeAccept}`);
    expect(requested.events.map((e) => e.type)).toEqual(['RideRequested']);
    expect(requested.ride).toMatchObject({ status: 'requested', driver: null, timestamps: { acceptedAt: null } });

    const later = await answerOf('AD01', rideId, `?at=${new Date(Date.now() + 60_000).toISOString()}`);
    expect(later).toEqual({ ...whole, at: later.at });

    // Before the ride was requested it did not exist: an empty answer, not an error.
    const before = await answerOf('AD01', rideId, `?at=${new Date(Date.parse(timeOf(whole, 'RideRequested')) - 1).toISOString()}`);
    expect(before).toMatchObject({ rideId, events: [], ride: null });
  });

  it('given a cancelled ride, when its timeline is asked for, then it ends cancelled by its requester', async () => {
    const rideId = await rides.book();
    await rides.cancel(rideId);
    const answer = await answerOf('AD01', rideId);
    expect(answer.events.map((e) => [e.type, e.actor, e.state.status])).toEqual([
      ['RideRequested', { tokenNo: 'AB12', role: 'requester' }, 'requested'],
      ['RideCancelled', { tokenNo: 'AB12', role: 'requester' }, 'cancelled'],
    ]);
    expect(answer.ride).toMatchObject({ status: 'cancelled', timestamps: { cancelledAt: expect.any(String) } });
  });

  it("given drivers who took a ride, then the audit shows each one's latest inspection on the plant day he took it, at or before taking it, or null", async () => {
    const inspect = async (driver: string, fail: string[] = []) => {
      const checklist = (
        await t.app.inject({ method: 'GET', url: '/api/checklists/Forklift', headers: rides.as(driver) })
      ).json<Checklist>();
      const items = checklist.items.map((item) =>
        fail.includes(item.id) ? { id: item.id, ok: false, note: 'dim' } : { id: item.id, ok: true },
      );
      const answer = await t.app.inject({ method: 'POST', url: '/api/inspections', payload: { items }, headers: rides.as(driver) });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<InspectionResult>();
    };
    await inspect('D001');
    const latest = await inspect('D001', ['lights']);
    const rideId = await rides.book();
    await rides.accept('D001', rideId);
    await rides.steps('D001', rideId, ['start']);
    await rides.redistribute('AD01', 'D001', rideId);
    // D003 took it over with no inspection today; the one he makes after the ride is too late for it.
    await rides.takeOver('D003', rideId, 'started');
    await rides.steps('D003', rideId, ['materialPicked', 'materialDropped', 'end']);
    await inspect('D003');

    const answer = await answerOf('AD01', rideId);
    expect(answer.inspections).toEqual([
      {
        operatorId: 'D001',
        inspection: {
          inspectionId: latest.inspectionId,
          day: plantDayOf(new Date()),
          passed: true,
          inspectedAt: expect.any(String),
          defects: ['Lights and beacon work'],
          photoIds: [],
        },
      },
      { operatorId: 'D003', inspection: null },
    ]);
    expect(Date.parse(answer.inspections[0]!.inspection!.inspectedAt)).toBeLessThanOrEqual(Date.parse(timeOf(answer, 'RideAccepted')));
    const beforeHandOver = await answerOf('AD01', rideId, `?at=${timeOf(answer, 'RideStarted')}`);
    expect(beforeHandOver.inspections.map((entry) => entry.operatorId)).toEqual(['D001']);

    const cancelled = await rides.book();
    await rides.cancel(cancelled);
    expect((await answerOf('AD01', cancelled)).inspections).toEqual([]);
  });

  it.each(['yesterday', '2026-02-30T10:00:00Z', '2026-03-01', '1714000000000'])(
    'when the time asked for is not an ISO date and time (%s), then it is 400 with our message',
    async (at) => {
      const rideId = await rides.book();
      const answer = await timeline('AD01', rideId, `?at=${encodeURIComponent(at)}`);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ message: SERVER_MESSAGES.invalidAuditTime });
    },
  );

  it('when the ride does not exist, then it is 404 Ride not found', async () => {
    const answer = await timeline('AD01', 'NO-SUCH-RIDE');
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ message: SERVER_MESSAGES.rideNotFound });
  });

  it("when someone other than staff asks, then it is 403 (even the ride's own parties), and 401 without a session", async () => {
    const rideId = await rides.book();
    await rides.accept('D002', rideId);
    for (const who of ['AB12', 'D002']) {
      const answer = await timeline(who, rideId, '?at=nonsense');
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toEqual({ message: SERVER_MESSAGES.forbidden });
    }
    expect((await timeline(null, rideId)).statusCode).toBe(401);
    await rides.steps('D002', rideId, FULL_RIDE);
  });
});
