import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_DISPATCH_SETTINGS,
  MESSAGES,
  SERVER_MESSAGES,
  rideStreamId,
  type Role,
  type SocketEventName,
  type VehicleType,
} from '@plantride/schemas';
import { connectLive, type LiveClient } from '../test-support/live-client';
import { seedUsers } from '../test-support/seed';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { waitFor } from '../test-support/test-database';
import { dropRedisPrefix, testStoreTimerKinds, testTimerOptions, testTimerPrefix } from '../test-support/test-timers';
import type { TimersPluginOptions } from './timers.plugin';

type Payload = Record<string, unknown>;

// Long enough never to fire during a test; each test shortens the one it is about.
const NEVER = 600_000;

describe.each(testStoreTimerKinds())('timers end to end on %s with %s timers', (store, timers) => {
  let t: TestApp | undefined;
  let prefix = testTimerPrefix();
  const clients: LiveClient[] = [];
  const tokens: Record<string, string> = {};
  const live: Record<string, LiveClient> = {};

  afterEach(async () => {
    clients.splice(0).forEach((client) => client.socket.disconnect());
    await t?.close();
    t = undefined;
    await dropRedisPrefix(prefix);
    prefix = testTimerPrefix();
  });

  const people: Array<[string, Role, VehicleType?]> = [
    ['RQ01', 'requester'],
    ['F001', 'driver', 'Forklift'],
    ['F002', 'driver', 'Forklift'],
    ['F003', 'driver', 'Forklift'],
    ['C001', 'driver', 'Crane'],
    ['AD01', 'admin'],
  ];

  async function start(delays: Partial<TimersPluginOptions>): Promise<TestApp> {
    const app = await createTestApp(store, {
      timers: { ...testTimerOptions(timers, prefix), reassignTimeoutMs: NEVER, rideWaitAlertMs: NEVER, pollIntervalMs: 50, ...delays },
    });
    t = app;
    await seedUsers(
      app.app,
      people.map(([tokenNo, role, vehicleType]) => ({ tokenNo, role, vehicleType, name: `${tokenNo} Name`, mobile: '9876543210' })),
    );
    const url = await app.listen();
    for (const [tokenNo, role] of people) {
      tokens[tokenNo] = await app.tokenFor(tokenNo, role);
      live[tokenNo] = await connectLive(url, { token: tokens[tokenNo] });
      clients.push(live[tokenNo]);
    }
    return app;
  }

  const call = async (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Payload) => {
    const answer = await (t as TestApp).app.inject({ method, url, payload, headers: { authorization: `Bearer ${tokens[who]}` } });
    return { status: answer.statusCode, body: answer.json() as Payload };
  };
  const ok = async (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Payload) => {
    const answer = await call(who, method, url, payload);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };
  const book = async (vehicleType: VehicleType, more: Payload = {}) =>
    (
      await ok('RQ01', 'POST', '/api/bookings/book-ride', {
        userId: 'RQ01',
        fromLocation: 'fgs',
        toLocation: 'RMS',
        vehicleType,
        rideType: 'Regular',
        ...more,
      })
    ).rideId as string;
  const accept = (driver: string, rideId: string) => ok(driver, 'POST', '/api/tracking/accept-ride', { driverId: driver, rideId });
  const step = (driver: string, rideId: string, event: string) => ok(driver, 'PUT', '/api/bookings/update-timestamps', { rideId, event });
  const breakDown = (driver: string, rideId: string) =>
    ok(driver, 'POST', '/api/requests/maintenanceReq', {
      driver_id: driver,
      driver_name: `${driver} Name`,
      vehicle_type: 'Forklift',
      issue: '',
      comment_text: 'hydraulics leaking',
      status: 'pending',
      breakdown_type: null,
      ride_id: rideId,
    });

  const heard = (who: string, name: SocketEventName, rideId: string) =>
    (live[who] as LiveClient).received.filter((r) => r.name === name && r.payload.rideId === rideId).map((r) => r.payload);
  const hears = (who: string, name: SocketEventName, rideId: string, count = 1) =>
    waitFor(() => heard(who, name, rideId).length >= count, 10_000, `${who} to hear ${name} ×${count} for ${rideId}`);
  const rideEvents = async (rideId: string, type?: string) =>
    (await (t as TestApp).app.eventStore.readStream(rideStreamId(rideId))).filter((e) => !type || e.type === type);

  it('given a ride nobody accepts, when the wait alert time passes, then staff hear rideWaitingTooLong and its drivers are offered it again, once', async () => {
    await start({ rideWaitAlertMs: 1500 });
    // Accepted before its deadline: no alert ever, whether its timer was cancelled or refused.
    const taken = await book('Forklift');
    await accept('F001', taken);
    const waiting = await book('Forklift', { toLocation: 'canteen' });

    await hears('AD01', 'rideWaitingTooLong', waiting);
    expect(heard('AD01', 'rideWaitingTooLong', waiting)[0]).toMatchObject({
      fromLocation: 'fgs',
      toLocation: 'canteen',
      vehicleType: 'Forklift',
      isSpecialTask: false,
      requesterData: { userId: 'RQ01', name: 'RQ01 Name', mobile: '9876543210' },
      message: SERVER_MESSAGES.rideWaitingTooLong,
    });
    await hears('F002', 'newRideRequest', waiting, 2);
    const [first, again] = heard('F002', 'newRideRequest', waiting);
    expect({ ...again, position: undefined }).toEqual({ ...first, position: undefined });
    expect(heard('C001', 'newRideRequest', waiting)).toEqual([]);
    expect(heard('RQ01', 'rideWaitingTooLong', waiting)).toEqual([]);

    const [alert] = await rideEvents(waiting, 'RideWaitAlerted');
    expect(alert?.metadata.actor).toEqual({ system: 'timer' });
    expect(await rideEvents(taken, 'RideWaitAlerted')).toEqual([]);
    // Still requested, so a driver can take it; the alert does not come again.
    await accept('F002', waiting);
    await t!.app.timers.caughtUp();
    expect(await rideEvents(waiting, 'RideWaitAlerted')).toHaveLength(1);
  });

  it('given a redistributed ride nobody takes over, when each period passes, then the requester hears noAlternativeDriver each time until a driver takes it over', async () => {
    await start({ reassignTimeoutMs: 300 });
    const rideId = await book('Forklift');
    await accept('F001', rideId);
    await step('F001', rideId, 'start');
    await breakDown('F001', rideId);
    await hears('RQ01', 'rideRedistributed', rideId);
    // F002 was free, so nobody was told at once; the timer tells the requester, and again a period later.
    await hears('RQ01', 'noAlternativeDriver', rideId, 2);
    expect(heard('RQ01', 'noAlternativeDriver', rideId)[0]).toMatchObject({ message: MESSAGES.noAlternativeDrivers });
    expect(heard('F002', 'noAlternativeDriver', rideId)).toEqual([]);
    const notices = (await rideEvents(rideId, 'ReassignmentOverdue')).map((e) => (e.data as { notice: number }).notice);
    expect(notices.slice(0, 2)).toEqual([1, 2]);

    await ok('F002', 'POST', '/api/maintenance/accept-redistributed-ride', { rideId, newDriverId: 'F002', currentState: 'started' });
    await hears('RQ01', 'driverReassigned', rideId);
    const after = (await rideEvents(rideId, 'ReassignmentOverdue')).length;
    // A second ride's two notices take longer than two periods: the first ride's would have come meanwhile.
    const other = await book('Forklift');
    await accept('F003', other);
    await breakDown('F003', other);
    await hears('RQ01', 'noAlternativeDriver', other, 2);
    expect(await rideEvents(rideId, 'ReassignmentOverdue')).toHaveLength(after);
  });

  it('given a ride waiting for reassignment, when its requester cancels it, then it is cancelled, drivers drop it, and the notices stop', async () => {
    await start({ reassignTimeoutMs: 400 });
    const rideId = await book('Forklift');
    await accept('F001', rideId);
    await breakDown('F001', rideId);
    await hears('F002', 'redistributedRide', rideId);
    await hears('RQ01', 'noAlternativeDriver', rideId);

    const cancelled = await ok('RQ01', 'DELETE', `/api/bookings/cancel/${rideId}`);
    expect(cancelled.message).toBe(SERVER_MESSAGES.rideCancelled);
    await hears('F002', 'removeRide', rideId);
    const status = await ok('RQ01', 'GET', `/api/tracking/ride-status/${rideId}?position=${cancelled.position as number}`);
    expect(status.STATUS).toBe('cancelled');
    const notices = (await rideEvents(rideId, 'ReassignmentOverdue')).length;
    // Two periods of another ride pass; the cancelled ride hears nothing more.
    const other = await book('Forklift');
    await accept('F002', other);
    await breakDown('F002', other);
    await hears('RQ01', 'noAlternativeDriver', other, 2);
    expect(await rideEvents(rideId, 'ReassignmentOverdue')).toHaveLength(notices);
    expect((await rideEvents(rideId)).at(-1)?.type).toBe('RideCancelled');
    // Only while requested or waiting: a ride with a driver on it still cannot be cancelled.
    const driving = await book('Forklift');
    await accept('F003', driving);
    expect(await call('RQ01', 'DELETE', `/api/bookings/cancel/${driving}`)).toEqual({
      status: 409,
      body: { message: SERVER_MESSAGES.rideNotAvailable },
    });
  });

  it('given a requested ride, when metrics are scraped, then its armed wait alert and acceptance target count as pending until the ride is accepted', async () => {
    const app = await start({});
    const pendingTimers = async () => {
      const text = (await app.app.inject({ method: 'GET', url: '/metrics' })).body;
      return Number(/^plantride_timers_pending (\d+)$/m.exec(text)?.[1]);
    };
    const rideId = await book('Forklift');
    await app.app.timers.caughtUp();
    // The wait alert and the two service targets (issue #20).
    expect(await pendingTimers()).toBe(3);
    await accept('F001', rideId);
    await app.app.timers.caughtUp();
    // The delivery target stands until the material is dropped.
    expect(await pendingTimers()).toBe(1);
  });

  it('given a started Special Task, when its booked duration passes, then its requester and driver hear specialTaskOverdue once', async () => {
    await start({ specialTaskMinuteMs: 200 });
    const rideId = await book('Forklift', { rideType: 'Special Task', duration: { hours: 0, minutes: 2 } });
    await accept('F001', rideId);
    await step('F001', rideId, 'start');
    await hears('RQ01', 'specialTaskOverdue', rideId);
    await hears('F001', 'specialTaskOverdue', rideId);
    const [overdue] = heard('F001', 'specialTaskOverdue', rideId);
    expect(overdue).toMatchObject({ driverId: 'F001', durationMinutes: 2, message: SERVER_MESSAGES.specialTaskOverdue });
    expect(heard('F002', 'specialTaskOverdue', rideId)).toEqual([]);
    // Counted from the start, two booked minutes of 200 ms each.
    const [overran] = await rideEvents(rideId, 'SpecialTaskOverran');
    const { startedAt, dueAt, overranAt } = overran?.data as { startedAt: string; dueAt: string; overranAt: string };
    expect(Date.parse(dueAt) - Date.parse(startedAt)).toBe(400);
    expect(Date.parse(overranAt)).toBeGreaterThanOrEqual(Date.parse(dueAt));
    for (const event of ['materialPicked', 'materialDropped', 'end']) await step('F001', rideId, event);
    await hears('RQ01', 'rideEnded', rideId);
    await t!.app.timers.caughtUp();
    expect(await rideEvents(rideId, 'SpecialTaskOverran')).toHaveLength(1);
  });

  // Issue #20: rides booked for later and service targets, fired by the same timers.
  const setDispatch = (settings: Partial<typeof DEFAULT_DISPATCH_SETTINGS>) =>
    ok('AD01', 'PUT', '/api/dispatch/settings', { ...DEFAULT_DISPATCH_SETTINGS, ...settings });

  it('given a ride booked for later, when its release time comes, then drivers hear it only then and its requester hears rideReleased; one cancelled first never reaches them', async () => {
    await start({});
    await setDispatch({ releaseLeadMinutes: 1 });
    // Released a minute before: about a second from now.
    const later = await ok('RQ01', 'POST', '/api/bookings/book-ride', {
      userId: 'RQ01',
      fromLocation: 'fgs',
      toLocation: 'RMS',
      vehicleType: 'Forklift',
      scheduledFor: new Date(Date.now() + 61_000).toISOString(),
    });
    expect(later.releaseAt).toEqual(expect.any(String));
    const rideId = later.rideId as string;
    const cancelled = await ok('RQ01', 'POST', '/api/bookings/book-ride', {
      userId: 'RQ01',
      fromLocation: 'fgs',
      toLocation: 'RMS',
      vehicleType: 'Forklift',
      scheduledFor: new Date(Date.now() + 62_000).toISOString(),
    });
    await ok('RQ01', 'DELETE', `/api/bookings/cancel/${cancelled.rideId as string}`);

    await hears('RQ01', 'rideReleased', rideId);
    await hears('F001', 'newRideRequest', rideId);
    const [released] = await rideEvents(rideId, 'RideReleased');
    // The first time a driver hears of it is the release, not the booking.
    expect(heard('F001', 'newRideRequest', rideId).map((p) => p.position)).toEqual([released!.globalPosition]);
    await accept('F001', rideId);
    expect((await rideEvents(cancelled.rideId as string)).map((e) => e.type)).toEqual(['RideRequested', 'RideCancelled']);
    expect(heard('F002', 'newRideRequest', cancelled.rideId as string)).toEqual([]);
  });

  it('given service targets of a second, when a ride is not accepted in time, then staff hear rideSlaBreached once, and the miss is on the ride', async () => {
    await start({});
    await setDispatch({
      serviceTargets: { normal: { acceptSeconds: 1, deliverSeconds: 3600 }, urgent: { acceptSeconds: 1, deliverSeconds: 3600 } },
    });
    const rideId = await book('Forklift');
    await hears('AD01', 'rideSlaBreached', rideId);
    expect(heard('AD01', 'rideSlaBreached', rideId)[0]).toMatchObject({
      target: 'accept',
      priority: 'normal',
      fromLocation: 'fgs',
      toLocation: 'RMS',
      vehicleType: 'Forklift',
      message: `Ride ${rideId} (fgs → RMS) was not accepted within its target.`,
    });
    expect(heard('RQ01', 'rideSlaBreached', rideId)).toEqual([]);
    await accept('F001', rideId);
    await t!.app.timers.caughtUp();
    expect((await rideEvents(rideId, 'RideSlaBreached')).map((e) => e.data)).toMatchObject([{ target: 'accept', priority: 'normal' }]);
  });

  // Issue #32 item 2: the deliver target's timer fires while the drop waits on a phone in a dead zone.
  it('given a deliver miss recorded while the drop was queued, when the drop tapped in time arrives, then the miss is withdrawn in its append, staff hear it, the board drops the alert and the ride meets its targets', async () => {
    await start({});
    await setDispatch({
      serviceTargets: { normal: { acceptSeconds: 5, deliverSeconds: 5 }, urgent: { acceptSeconds: 5, deliverSeconds: 5 } },
    });
    const rideId = await book('Forklift');
    await accept('F001', rideId);
    // Every step tapped at the acceptance: in time, and never before the previous step.
    const [accepted] = await rideEvents(rideId, 'RideAccepted');
    const tappedAt = (accepted!.data as { acceptedAt: string }).acceptedAt;
    const tap = (event: string) => ok('F001', 'PUT', '/api/bookings/update-timestamps', { rideId, event, doneAt: tappedAt });
    await tap('start');
    await tap('materialPicked');
    await waitFor(
      () => heard('AD01', 'rideSlaBreached', rideId).some((p) => p.target === 'deliver'),
      15_000,
      'staff to hear the deliver miss',
    );
    const alertIds = async () => ((await ok('AD01', 'GET', '/api/board')).alerts as Payload[]).map((a) => a.alertId);
    await waitFor(async () => (await alertIds()).includes(`${rideId}.deliver`), 10_000, 'the board to show the deliver miss');

    const dropped = await tap('materialDropped');
    const events = await rideEvents(rideId);
    const drop = events.findIndex((e) => e.type === 'MaterialDropped');
    expect(events[drop + 1]).toMatchObject({
      type: 'RideSlaMissWithdrawn',
      globalPosition: dropped.position,
      data: {
        rideId,
        target: 'deliver',
        droppedAt: tappedAt,
        acceptMissed: events.some((e) => e.type === 'RideSlaBreached' && (e.data as { target: string }).target === 'accept'),
      },
    });
    await hears('AD01', 'rideSlaMissWithdrawn', rideId);
    expect(heard('F001', 'rideSlaMissWithdrawn', rideId)).toEqual([]);
    await waitFor(async () => !(await alertIds()).includes(`${rideId}.deliver`), 10_000, 'the board to drop the deliver miss');
    // A second drop is refused, and takes back nothing again.
    expect(
      (await call('F001', 'PUT', '/api/bookings/update-timestamps', { rideId, event: 'materialDropped', doneAt: tappedAt })).status,
    ).toBe(409);
    expect(await rideEvents(rideId, 'RideSlaMissWithdrawn')).toHaveLength(1);
    // Ended, the ride met its targets unless its acceptance was late too (what the withdrawal recorded).
    await ok('F001', 'POST', '/api/tracking/complete-ride', { rideId });
    const acceptMissed = (await rideEvents(rideId, 'RideSlaBreached')).some((e) => (e.data as { target: string }).target === 'accept');
    await waitFor(
      async () => {
        const { history } = (await ok('RQ01', 'GET', '/api/ride-history/user?userId=RQ01')) as { history: Payload[] };
        const row = history.find((r) => r.RIDE_ID === rideId);
        return row?.STATUS === 'completed' && row.SLA_MET === !acceptMissed;
      },
      10_000,
      "the requester's history to show the ride completed, its targets met",
    );
  });
});
