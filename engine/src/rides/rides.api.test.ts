import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, SERVER_MESSAGES, noDriversAssigned, noDriversAssignedSpecialTask, type Role } from '@plantride/schemas';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds } from '../test-support/test-database';
import { seedUsers } from '../test-support/seed';

describe.each(testStoreKinds())('ride API on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const as = (tokenNo: string) => ({ authorization: `Bearer ${tokens[tokenNo]}` });
  const people: Array<[string, Role, ('Forklift' | 'Crane')?]> = [
    ['AB12', 'requester'],
    ['CD34', 'requester'],
    ['D001', 'driver', 'Forklift'],
    ['D002', 'driver', 'Forklift'],
    ['C001', 'driver', 'Crane'],
    ['AD01', 'admin'],
    ['MH01', 'maintenanceHead'],
  ];
  const book = (tokenNo: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/bookings/book-ride',
      headers: { ...as(tokenNo), ...headers },
      payload: {
        userId: tokenNo,
        fromLocation: 'main gate',
        toLocation: 'canteen',
        vehicleType: 'Forklift',
        rideType: 'Regular',
        reqName: 'Asha Rao',
        reqMobileNo: '9000000001',
        ...body,
      },
    });
  const step = (tokenNo: string, rideId: string, event: string) =>
    t.app.inject({ method: 'PUT', url: '/api/bookings/update-timestamps', headers: as(tokenNo), payload: { rideId, event } });
  const accept = (tokenNo: string, rideId: string) =>
    t.app.inject({ method: 'POST', url: '/api/tracking/accept-ride', headers: as(tokenNo), payload: { driverId: tokenNo, rideId } });
  const head = () => t.app.eventStore.headPosition();

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedUsers(
      t.app,
      people.map(([tokenNo, role, vehicleType]) => ({ tokenNo, role, vehicleType, name: `${tokenNo} Name`, mobile: '9876543210' })),
    );
    for (const [tokenNo, role] of people) tokens[tokenNo] = await t.tokenFor(tokenNo, role);
  });
  afterAll(async () => t.close());

  it('given a requester, when a Fixed ride goes from booking to completion, then every read shows each step', async () => {
    const booked = await book('AB12', {});
    expect(booked.statusCode).toBe(200);
    const { rideId, reqName, position } = booked.json();
    expect(reqName).toBe('Asha Rao');
    const status = async (at: number) =>
      (await t.app.inject({ method: 'GET', url: `/api/tracking/ride-status/${rideId}?position=${at}`, headers: as('AB12') })).json().STATUS;
    expect(await status(position)).toBe('requested');

    const available = await t.app.inject({
      method: 'GET',
      url: `/api/drivers/available-rides?vehicleType=Forklift&position=${position}`,
      headers: as('D001'),
    });
    expect(available.json().rides.rows.map((r: { RIDE_ID: string }) => r.RIDE_ID)).toContain(rideId);
    expect(available.json().rides.rows.find((r: { RIDE_ID: string }) => r.RIDE_ID === rideId)).toMatchObject({
      ESTIMATED_TIME: 11,
      IS_SPECIAL_TASK: false,
      REQUESTER_DETAILS: null,
    });

    const accepted = await accept('D001', rideId);
    expect(accepted.json()).toMatchObject({ success: true, message: MESSAGES.rideAccepted });
    expect(await status(accepted.json().position)).toBe('accepted');
    const assigned = (await t.app.inject({ method: 'GET', url: `/api/tracking/ride-status/${rideId}`, headers: as('AB12') })).json();
    expect(assigned).toMatchObject({
      DRIVER_ID: 'D001',
      DRIVER_NAME: expect.any(String),
      DRIVER_MOBILE: expect.any(String),
      VEHICLE_NUMBER: expect.any(String),
    });
    for (const [event, expected] of [
      ['start', 'started'],
      ['materialPicked', 'material picked'],
      ['materialDropped', 'delivered'],
    ] as const) {
      const answer = await step('D001', rideId, event);
      expect(answer.statusCode).toBe(200);
      expect(await status(answer.json().position)).toBe(expected);
    }
    const ended = await t.app.inject({ method: 'POST', url: '/api/tracking/complete-ride', headers: as('D001'), payload: { rideId } });
    expect(ended.json().message).toBe(MESSAGES.rideEnded);
    const at = ended.json().position;

    const timestamps = (
      await t.app.inject({ method: 'GET', url: `/api/bookings/get-timestamps/${rideId}?position=${at}`, headers: as('AB12') })
    ).json().timestamps;
    for (const key of ['creation_time', 'accept_time', 'start_time', 'material_pick_time', 'material_drop_time', 'end_time'])
      expect(timestamps[key]).toEqual(expect.any(String));
    const userHistory = (
      await t.app.inject({ method: 'GET', url: `/api/ride-history/user?userId=AB12&position=${at}`, headers: as('AB12') })
    ).json().history;
    expect(userHistory.find((r: { RIDEID: string }) => r.RIDEID === rideId)).toMatchObject({
      STATUS: 'completed',
      DRIVER_ID: 'D001',
      COMPLETED_AT: expect.any(String),
    });
    const driverHistory = (
      await t.app.inject({ method: 'GET', url: `/api/ride-history?driverId=D001&position=${at}`, headers: as('D001') })
    ).json().history;
    expect(driverHistory.map((r: { RIDE_ID: string }) => r.RIDE_ID)).toContain(rideId);
  });

  it('given a requester, when a Special Task ride is booked and carried out, then it completes with its duration', async () => {
    const booked = await book('AB12', {
      rideType: 'Special Task',
      duration: { hours: 1, minutes: 30 },
      fromLocation: 'fgs',
      toLocation: 'RMS',
    });
    expect(booked.statusCode).toBe(200);
    const { rideId } = booked.json();
    expect((await accept('D002', rideId)).statusCode).toBe(200);
    for (const event of ['start', 'materialPicked', 'materialDropped', 'end'])
      expect((await step('D002', rideId, event)).statusCode).toBe(200);
    const history = (
      await t.app.inject({ method: 'GET', url: `/api/ride-history/user?userId=AB12&position=${await head()}`, headers: as('AB12') })
    ).json().history;
    expect(history.find((r: { RIDEID: string }) => r.RIDEID === rideId)).toMatchObject({
      STATUS: 'completed',
      RIDE_TYPE: 'Special Task',
      DURATION: '1h 30m',
    });
  });

  it.each([
    [{ fromLocation: '' }, MESSAGES.selectBothLocations],
    [{ toLocation: undefined }, MESSAGES.selectBothLocations],
    [{ fromLocation: '', rideType: 'Special Task', duration: { hours: 0, minutes: 5 } }, MESSAGES.selectBothLocationsSpecialTask],
    [{ toLocation: 'main gate' }, MESSAGES.sameLocations],
    [{ rideType: 'Special Task', duration: { hours: 0, minutes: 0 } }, MESSAGES.durationTooShort],
    [{ rideType: 'Special Task' }, MESSAGES.durationTooShort],
    [{ vehicleType: 'AMR' }, noDriversAssigned('AMR')],
    [{ vehicleType: 'AMR', rideType: 'Special Task', duration: { hours: 0, minutes: 10 } }, noDriversAssignedSpecialTask('AMR')],
    [{ toLocation: 'moon base' }, SERVER_MESSAGES.unknownLocation],
  ])('when a booking breaks a rule (%j), then it is refused with the spec message and nothing is appended', async (body, message) => {
    const before = await head();
    const answer = await book('AB12', body);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe(message);
    expect(await head()).toBe(before);
  });

  it('given a user who never signed up, when a ride is booked for him, then the answer is User not found', async () => {
    const before = await head();
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/bookings/book-ride',
      headers: as('AD01'),
      payload: { userId: 'ZZ99', fromLocation: 'main gate', toLocation: 'canteen' },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe(MESSAGES.userNotFound);
    expect(await head()).toBe(before);
  });

  it('given a requested ride, when two drivers race to accept it, then exactly one wins and the other gets 409', async () => {
    const { rideId } = (await book('AB12', {})).json();
    const answers = await Promise.all([accept('D001', rideId), accept('D002', rideId)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const types = (await t.app.eventStore.readStream(`ride-${rideId}`)).map((e) => e.type);
    expect(types).toEqual(['RideRequested', 'RideAccepted']);
    const winner = answers.findIndex((a) => a.statusCode === 200) === 0 ? 'D001' : 'D002';
    for (const event of ['start', 'materialPicked', 'materialDropped', 'end']) await step(winner, rideId, event);
  });

  it('given an accepted ride, when steps come out of order, then each is refused with 409 and nothing is appended', async () => {
    const { rideId } = (await book('AB12', {})).json();
    expect((await accept('D001', rideId)).statusCode).toBe(200);
    const before = await head();
    for (const event of ['materialPicked', 'materialDropped', 'end']) expect((await step('D001', rideId, event)).statusCode).toBe(409);
    expect((await step('D002', rideId, 'start')).statusCode).toBe(403);
    expect(await head()).toBe(before);
    for (const event of ['start', 'materialPicked', 'materialDropped', 'end']) await step('D001', rideId, event);
  });

  it('given a requested ride, when its requester cancels it, then it is cancelled and can no longer be accepted', async () => {
    const { rideId } = (await book('AB12', {})).json();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/bookings/cancel/${rideId}`, headers: as('CD34') })).statusCode).toBe(403);
    const cancelled = await t.app.inject({ method: 'DELETE', url: `/api/bookings/cancel/${rideId}`, headers: as('AB12') });
    expect(cancelled.statusCode).toBe(200);
    expect((await accept('D001', rideId)).statusCode).toBe(409);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/bookings/cancel/${rideId}`, headers: as('AB12') })).statusCode).toBe(409);
  });

  it('when a booking is sent twice with one Idempotency-Key, then both answers name the same ride and one ride exists', async () => {
    const first = await book('CD34', {}, { 'idempotency-key': 'tap-once-42' });
    const second = await book('CD34', {}, { 'idempotency-key': 'tap-once-42' });
    expect(second.json()).toEqual(first.json());
    const history = (
      await t.app.inject({
        method: 'GET',
        url: `/api/ride-history/user?userId=CD34&position=${first.json().position}`,
        headers: as('CD34'),
      })
    ).json().history;
    expect(history).toHaveLength(1);
    await t.app.inject({ method: 'DELETE', url: `/api/bookings/cancel/${first.json().rideId}`, headers: as('CD34') });
  });

  it('given a ride, when the spec clients post history records, then matching ones are accepted and contradicting ones refused without appending', async () => {
    const { rideId } = (await book('AB12', {})).json();
    const before = await head();
    const record = {
      rideId,
      userId: 'AB12',
      fromLocation: 'main gate',
      toLocation: 'canteen',
      status: 'requested',
      estimatedTime: 11,
      timestamp: new Date().toISOString(),
      rideType: 'Regular',
    };
    expect((await t.app.inject({ method: 'POST', url: '/api/ride-history', headers: as('AB12'), payload: record })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/ride-history', headers: as('AB12'), payload: { ...record, toLocation: 'RMS' } }))
        .statusCode,
    ).toBe(409);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/ride-history/update-status/user/${rideId}`,
          headers: as('AB12'),
          payload: { status: 'completed' },
        })
      ).statusCode,
    ).toBe(409);
    expect(await head()).toBe(before);
    await t.app.inject({ method: 'DELETE', url: `/api/bookings/cancel/${rideId}`, headers: as('AB12') });
  });

  describe('role rules', () => {
    const routes: Array<[string, string, Record<string, unknown> | undefined]> = [
      ['POST', '/api/bookings/book-ride', { userId: 'AB12', fromLocation: 'main gate', toLocation: 'canteen' }],
      ['GET', '/api/bookings/get-timestamps/X1', undefined],
      ['PUT', '/api/bookings/update-timestamps', { rideId: 'X1', event: 'start' }],
      ['DELETE', '/api/bookings/cancel/X1', undefined],
      ['GET', '/api/tracking/ride-status/X1', undefined],
      ['POST', '/api/tracking/accept-ride', { driverId: 'D001', rideId: 'X1' }],
      ['POST', '/api/tracking/complete-ride', { rideId: 'X1' }],
      ['GET', '/api/ride-history?driverId=D001', undefined],
      ['GET', '/api/ride-history/user?userId=AB12', undefined],
      ['GET', '/api/drivers/available-rides?vehicleType=Forklift', undefined],
      ['GET', '/api/drivers/getSpecificRequester/AB12', undefined],
      ['GET', '/api/drivers/check-assigned/Forklift', undefined],
    ];
    it.each(routes)('when %s %s comes without a token, then it is 401', async (method, url, payload) => {
      const answer = await t.app.inject({ method: method as 'GET', url, payload });
      expect(answer.statusCode).toBe(401);
    });

    it.each([
      ['D001', 'POST', '/api/bookings/book-ride', { userId: 'D001', fromLocation: 'main gate', toLocation: 'canteen' }],
      ['AB12', 'POST', '/api/bookings/book-ride', { userId: 'CD34', fromLocation: 'main gate', toLocation: 'canteen' }],
      ['AB12', 'POST', '/api/tracking/accept-ride', { driverId: 'AB12', rideId: 'X1' }],
      ['D001', 'POST', '/api/tracking/accept-ride', { driverId: 'D002', rideId: 'X1' }],
      ['AB12', 'PUT', '/api/bookings/update-timestamps', { rideId: 'X1', event: 'start' }],
      ['AB12', 'POST', '/api/tracking/complete-ride', { rideId: 'X1' }],
      ['D001', 'DELETE', '/api/bookings/cancel/X1', undefined],
      ['AB12', 'GET', '/api/ride-history?driverId=D001', undefined],
      ['D001', 'GET', '/api/ride-history?driverId=D002', undefined],
      ['AB12', 'GET', '/api/ride-history/user?userId=CD34', undefined],
      ['AB12', 'GET', '/api/drivers/available-rides?vehicleType=Forklift', undefined],
      ['C001', 'GET', '/api/drivers/available-rides?vehicleType=Forklift', undefined],
      ['AB12', 'GET', '/api/drivers/getSpecificRequester/CD34', undefined],
    ])('when %s calls %s %s, then it is 403 and nothing is appended', async (who, method, url, payload) => {
      const before = await head();
      const answer = await t.app.inject({ method: method as 'GET', url, payload, headers: as(who) });
      expect(answer.statusCode).toBe(403);
      expect(await head()).toBe(before);
    });

    it('given a ride of one requester, when another requester or a stranger driver reads it, then it is 403; staff may', async () => {
      const { rideId, position } = (await book('AB12', {})).json();
      const read = (who: string) =>
        t.app.inject({ method: 'GET', url: `/api/tracking/ride-status/${rideId}?position=${position}`, headers: as(who) });
      expect((await read('CD34')).statusCode).toBe(403);
      expect((await read('C001')).statusCode).toBe(403);
      expect((await read('MH01')).statusCode).toBe(200);
      expect((await read('AD01')).statusCode).toBe(200);
      await t.app.inject({ method: 'DELETE', url: `/api/bookings/cancel/${rideId}`, headers: as('AD01') });
    });
  });

  it('given drivers of each type, when check-assigned is asked, then it counts the drivers of that type', async () => {
    const count = async (type: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/drivers/check-assigned/${type}`, headers: as('AB12') })).json().count;
    expect(await count('Forklift')).toBe(2);
    expect(await count('Crane')).toBe(1);
    expect(await count('AMR')).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/drivers/check-assigned/Bicycle', headers: as('AB12') })).statusCode).toBe(400);
  });

  it("given the only Crane driver, when the admin saves him Not Active and Active again, then a Crane booking is refused and then taken, as the drivers' count says each time", async () => {
    const save = async (status: 'Active' | 'Not Active') => {
      const payload = {
        operatorId: 'C001',
        vehicle: 'MH12 CR 0001',
        name: 'Chetan Rao',
        mobile: '9876543210',
        forklift: '3',
        vehicleAssigned: 'Crane',
        status,
      };
      const answer = await t.app.inject({ method: 'PUT', url: '/api/drivers/update', headers: as('AD01'), payload });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(await t.app.projections.waitForPosition(answer.json().position, 10_000)).toBe(true);
    };
    const count = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/drivers/check-assigned/Crane', headers: as('AB12') })).json().count;
    await save('Not Active');
    const refused = await book('AB12', { vehicleType: 'Crane' });
    expect([refused.statusCode, refused.json().message, await count()]).toEqual([400, noDriversAssigned('Crane'), 0]);
    await save('Active');
    const booked = await book('AB12', { vehicleType: 'Crane' });
    expect([booked.statusCode, await count()]).toEqual([200, 1]);
    // Cancelled, so no later test finds it waiting.
    const { rideId } = booked.json();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/bookings/cancel/${rideId}`, headers: as('AB12') })).statusCode).toBe(200);
  });
  it('given Forklift drivers, one on shift and free, when a requester asks before booking, then he hears how many are on shift and free; an unknown type is 400', async () => {
    const onShift = async (type: string) => t.app.inject({ method: 'GET', url: `/api/drivers/on-shift/${type}`, headers: as('AB12') });
    const started = await t.app.inject({ method: 'POST', url: '/api/drivers/shift', headers: as('D002'), payload: { on: true } });
    expect(started.statusCode, started.body).toBe(200);
    // The roster hears the shift after the append it answered (in this process, before the answer).
    expect((await onShift('Forklift')).json()).toEqual({ onShift: 1, free: 1 });
    expect((await onShift('Crane')).json()).toEqual({ onShift: 0, free: 0 });
    expect((await onShift('Bicycle')).statusCode).toBe(400);
    const ended = await t.app.inject({ method: 'POST', url: '/api/drivers/shift', headers: as('D002'), payload: { on: false } });
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await onShift('Forklift')).json()).toEqual({ onShift: 0, free: 0 });
  });
  it("given a driver who ends a ride, when he reads his day's tally, then it counts one more ride; another driver may not read it, staff may", async () => {
    const today = async (tokenNo: string) =>
      t.app.inject({ method: 'GET', url: '/api/ride-history/today?driverId=D001', headers: as(tokenNo) });
    const before = (await today('D001')).json();
    const { rideId } = (await book('AB12', {})).json();
    expect((await accept('D001', rideId)).statusCode).toBe(200);
    let position = 0;
    for (const event of ['start', 'materialPicked', 'materialDropped', 'end']) ({ position } = (await step('D001', rideId, event)).json());
    expect(await t.app.projections.waitForPosition(position, 10_000)).toBe(true);
    const after = (await today('D001')).json();
    expect(after).toEqual({ day: before.day, rides: before.rides + 1, drivingMinutes: expect.any(Number) });
    expect(after.drivingMinutes).toBeGreaterThanOrEqual(before.drivingMinutes);
    expect((await today('D002')).statusCode).toBe(403);
    expect((await today('MH01')).json()).toEqual(after);
  });
});
