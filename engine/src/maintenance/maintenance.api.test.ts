import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MESSAGES,
  SERVER_MESSAGES,
  driverStreamId,
  maintenanceRequestRowSchema,
  type DriverEvent,
  type Role,
  type VehicleType,
} from '@plantride/schemas';
import { evolveDriver, initialDriverState } from '../drivers/driver.decider';
import { toDomainEvent } from '../event-store/upcast';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds } from '../test-support/test-database';
import { seedUsers } from '../test-support/seed';

type Body = Record<string, unknown>;

describe.each(testStoreKinds())('maintenance API on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const as = (tokenNo: string) => ({ authorization: `Bearer ${tokens[tokenNo]}` });
  const people: Array<[string, Role, VehicleType?]> = [
    ['RQ01', 'requester'],
    ['F001', 'driver', 'Forklift'],
    ['F002', 'driver', 'Forklift'],
    ['F003', 'driver', 'Forklift'],
    ['F004', 'driver', 'Forklift'],
    ['F005', 'driver', 'Forklift'],
    ['F006', 'driver', 'Forklift'],
    ['C001', 'driver', 'Crane'],
    ['AD01', 'admin'],
    ['MH01', 'maintenanceHead'],
  ];
  const head = () => t.app.eventStore.headPosition();
  const call = (
    who: string | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: Body,
    headers: Record<string, string> = {},
  ) => t.app.inject({ method, url, payload, headers: { ...(who ? as(who) : {}), ...headers } });
  const fileRequest = (driver: string, body: Body, headers?: Record<string, string>) =>
    call(
      driver,
      'POST',
      '/api/requests/maintenanceReq',
      {
        driver_id: driver,
        driver_name: `${driver} Name`,
        vehicle_type: 'Forklift',
        issue: 'Engine Issue',
        comment_text: '',
        status: 'pending',
        breakdown_type: 'full',
        ride_id: null,
        ...body,
      },
      headers,
    );
  const list = async (position: number) => {
    const answer = await call('MH01', 'GET', `/api/requests/maintenanceReq?position=${position}`);
    expect(answer.statusCode).toBe(200);
    return answer.json() as Array<Record<string, unknown>>;
  };
  const rowOf = async (id: string, position: number) => (await list(position)).find((row) => row.ID === id);
  const setStatus = (id: string, body: Body, who = 'MH01') => call(who, 'PUT', `/api/requests/${id}/status`, body);
  const blockedFor = async (driver: string) => {
    const events = (await t.app.eventStore.readStream(driverStreamId(driver))).map((e) => toDomainEvent(e) as DriverEvent);
    return events.reduce(evolveDriver, initialDriverState()).blockedFor;
  };
  // What the Driver Info list says of him: 1 while a maintenance request blocks him.
  const listedBlocked = async (driver: string, position: number) =>
    (
      (await call('MH01', 'GET', `/api/drivers/getDrivers?position=${position}`)).json().drivers as Array<{
        OPERATOR_ID: string;
        BLOCKED_FOR_MAINTENANCE: number;
      }>
    ).find((row) => row.OPERATOR_ID === driver)?.BLOCKED_FOR_MAINTENANCE;
  const bookAndAccept = async (driver: string, vehicleType: VehicleType = 'Forklift') => {
    const { rideId } = (
      await call('RQ01', 'POST', '/api/bookings/book-ride', {
        userId: 'RQ01',
        fromLocation: 'main gate',
        toLocation: 'canteen',
        vehicleType,
        rideType: 'Regular',
      })
    ).json();
    expect((await call(driver, 'POST', '/api/tracking/accept-ride', { driverId: driver, rideId })).statusCode).toBe(200);
    return rideId as string;
  };
  // Waits until the read models know where the ride stands, so the driver's next accept sees him free.
  const finishRide = async (driver: string, rideId: string, events = ['start', 'materialPicked', 'materialDropped', 'end']) => {
    for (const event of events)
      expect((await call(driver, 'PUT', '/api/bookings/update-timestamps', { rideId, event })).statusCode).toBe(200);
    const last = (await t.app.eventStore.readStream(`ride-${rideId}`)).at(-1)?.globalPosition ?? 0;
    expect(await t.app.projections.waitForPosition(last, 10_000)).toBe(true);
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedUsers(
      t.app,
      people.map(([tokenNo, role, vehicleType]) => ({
        tokenNo,
        role,
        vehicleType,
        name: `${tokenNo} Name`,
        mobile: '9876543210',
        ...(role === 'driver' ? { vehicle: `MH12 ${tokenNo}` } : {}),
      })),
    );
    for (const [tokenNo, role] of people) tokens[tokenNo] = await t.tokenFor(tokenNo, role);
  });
  afterAll(async () => t.close());

  it('given an idle driver, when he asks for maintenance with Others and his own text, then he is blocked at once and the head lists it in the spec form', async () => {
    const answer = await fileRequest('F001', {
      issue: 'Others',
      custom_issue: 'Horn stuck',
      comment_text: 'beeps all day',
      breakdown_type: 'partial',
    });
    expect(answer.statusCode).toBe(200);
    const { id, requestId, message, position } = answer.json();
    expect(message).toBe(MESSAGES.maintenanceSubmittedBlocked);
    expect(requestId).toBe(id);
    expect(await blockedFor('F001')).toBe(id);
    expect(await listedBlocked('F001', position)).toBe(1);
    const row = await rowOf(id, position);
    expect(maintenanceRequestRowSchema.strict().parse(row)).toEqual({
      ID: id,
      DRIVER_ID: 'F001',
      DRIVER_NAME: 'F001 Name',
      MOBILE_NUMBER: '9876543210',
      ROLE: 'Driver',
      STATUS: 'pending',
      COMMENT_TEXT: 'beeps all day',
      VEHICLE_TYPE: 'Forklift',
      ISSUE: 'Horn stuck',
      REQUEST_DATE: expect.any(String),
      LAST_MAINTENANCE_DATE: null,
      BREAKDOWN_TYPE: 'partial',
      RIDE_ID: null,
      DRIVER_COMMENT: 'beeps all day',
      HEAD_NOTES: null,
      REJECTION_REASON: null,
      VEHICLE_NUMBER: 'MH12 F001',
      OUT_OF_SERVICE: false,
      INSPECTION_DUE: false,
      INSPECTION_DUE_ON_CLOSE: false,
      PHOTO_IDS: [],
    });

    // Blocked drivers cannot take rides.
    const { rideId } = (
      await call('RQ01', 'POST', '/api/bookings/book-ride', {
        userId: 'RQ01',
        fromLocation: 'main gate',
        toLocation: 'canteen',
        vehicleType: 'Forklift',
        rideType: 'Regular',
      })
    ).json();
    expect((await call('F001', 'POST', '/api/tracking/accept-ride', { driverId: 'F001', rideId })).statusCode).toBe(403);
    expect((await call('RQ01', 'DELETE', `/api/bookings/cancel/${rideId}`)).statusCode).toBe(200);

    // A second request while blocked is refused and appends nothing.
    const before = await head();
    const again = await fileRequest('F001', {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SERVER_MESSAGES.driverAlreadyBlocked);
    expect(await head()).toBe(before);

    expect((await setStatus(id, { status: 'accepted', maintenance_date: null })).statusCode).toBe(200);
    expect(await blockedFor('F001')).toBe(id);
    const done = new Date('2026-11-25T10:30:00.000Z').toISOString();
    const completed = await setStatus(id, { status: 'completed', maintenance_date: done });
    expect(completed.json()).toMatchObject({ message: MESSAGES.requestCompletedDriverUnblocked });
    expect(await blockedFor('F001')).toBeNull();
    expect(await rowOf(id, completed.json().position)).toMatchObject({ STATUS: 'completed', LAST_MAINTENANCE_DATE: done });
    expect(await listedBlocked('F001', completed.json().position)).toBe(0);
  });

  it('given a pending request, when the head writes the rejection comment and then sends the status alone (the spec client), then it is rejected with the REJECTED prefix and the driver freed', async () => {
    const { id } = (await fileRequest('F002', { issue: 'Tire Replacement' })).json();
    expect(await blockedFor('F002')).toBe(id);
    expect(
      (await call('MH01', 'PUT', `/api/requests/maintenanceReq/${id}/comment`, { comment_text: 'REJECTED: tyres are fine' })).statusCode,
    ).toBe(200);
    const rejected = await setStatus(id, { status: 'rejected', maintenance_date: null });
    expect(rejected.statusCode).toBe(200);
    expect(await blockedFor('F002')).toBeNull();
    expect(await rowOf(id, rejected.json().position)).toMatchObject({
      STATUS: 'rejected',
      COMMENT_TEXT: 'REJECTED: tyres are fine',
      LAST_MAINTENANCE_DATE: null,
    });
  });

  it("given a driver's report, when the head adds notes and then rejects it, then the driver's words, the head's notes and the reason are each kept in their own field", async () => {
    const { id } = (
      await fileRequest('F003', { issue: 'Others', custom_issue: 'Mast chain snapped', comment_text: 'left side, load dropped' })
    ).json();
    const noted = await call('MH01', 'PUT', `/api/requests/maintenanceReq/${id}/comment`, { comment_text: 'Same fault as last week' });
    expect(noted.statusCode).toBe(200);
    expect(await rowOf(id, noted.json().position)).toMatchObject({
      ISSUE: 'Mast chain snapped',
      DRIVER_COMMENT: 'left side, load dropped',
      HEAD_NOTES: 'Same fault as last week',
      COMMENT_TEXT: 'Same fault as last week',
      REJECTION_REASON: null,
    });
    const rejected = await setStatus(id, { status: 'rejected', maintenance_date: null, reason: 'Duplicate of an open request' });
    expect(rejected.statusCode).toBe(200);
    expect(await rowOf(id, rejected.json().position)).toMatchObject({
      STATUS: 'rejected',
      ISSUE: 'Mast chain snapped',
      DRIVER_COMMENT: 'left side, load dropped',
      HEAD_NOTES: 'Same fault as last week',
      REJECTION_REASON: 'Duplicate of an open request',
      COMMENT_TEXT: 'REJECTED: Duplicate of an open request',
      VEHICLE_NUMBER: 'MH12 F003',
    });
  });

  it('given a pending request, when an admin rejects it with a reason in one call, then the comment carries the prefix', async () => {
    const { id } = (await fileRequest('F002', { issue: 'Electrical Fault', comment_text: 'lights flicker' })).json();
    const rejected = await setStatus(id, { status: 'rejected', maintenance_date: null, reason: 'bulb only' }, 'AD01');
    expect(rejected.statusCode).toBe(200);
    expect(await rowOf(id, rejected.json().position)).toMatchObject({ STATUS: 'rejected', COMMENT_TEXT: 'REJECTED: bulb only' });
    expect(await blockedFor('F002')).toBeNull();
  });

  it('given requests in each status, when a move the statuses do not allow is asked for, then it is 409 and nothing is appended', async () => {
    const { id } = (await fileRequest('F004', {})).json();
    const before = await head();
    expect((await setStatus(id, { status: 'completed', maintenance_date: new Date().toISOString() })).statusCode).toBe(409);
    await setStatus(id, { status: 'accepted', maintenance_date: null });
    const accepted = await head();
    expect((await setStatus(id, { status: 'accepted', maintenance_date: null })).statusCode).toBe(409);
    expect((await setStatus(id, { status: 'rejected', maintenance_date: null, reason: 'late' })).statusCode).toBe(409);
    expect(await head()).toBe(accepted);
    expect(accepted).toBeGreaterThan(before);
    expect((await setStatus('NOPE', { status: 'accepted', maintenance_date: null })).statusCode).toBe(404);
    await setStatus(id, { status: 'completed', maintenance_date: new Date().toISOString() });
  });

  it('given a blocked driver, when staff unblock him directly, then he is free and the request that blocked him is closed in the same append', async () => {
    const { id } = (await fileRequest('F004', {})).json();
    const answer = await call('AD01', 'PUT', '/api/requests/unblock-driver', { driverId: 'F004', reason: 'maintenance_completed' });
    expect(answer.statusCode).toBe(200);
    expect(await blockedFor('F004')).toBeNull();
    expect(await rowOf(id, answer.json().position)).toMatchObject({ STATUS: 'completed' });
    expect(
      (await call('AD01', 'PUT', '/api/requests/unblock-driver', { driverId: 'ZZ99', reason: 'maintenance_completed' })).statusCode,
    ).toBe(404);
    // Closed already: rejecting it later is refused and blocks nobody.
    expect(
      (await call('MH01', 'PUT', `/api/requests/${id}/status`, { status: 'rejected', maintenance_date: null, reason: 'fixed on site' }))
        .statusCode,
    ).toBe(409);
    expect(await blockedFor('F004')).toBeNull();
    // Unblocking a driver who is not blocked changes nothing.
    const before = await head();
    expect(
      (await call('AD01', 'PUT', '/api/requests/unblock-driver', { driverId: 'F004', reason: 'maintenance_rejected' })).statusCode,
    ).toBe(200);
    expect(await head()).toBe(before);
  });

  it('given a blocked driver, when staff unblock him as rejected, then his request is rejected with the staff reason', async () => {
    const { id } = (await fileRequest('F006', {})).json();
    const answer = await call('MH01', 'PUT', '/api/requests/unblock-driver', { driverId: 'F006', reason: 'maintenance_rejected' });
    expect(answer.statusCode).toBe(200);
    expect(await blockedFor('F006')).toBeNull();
    expect(await rowOf(id, answer.json().position)).toMatchObject({ STATUS: 'rejected' });
  });

  it('when a request is sent twice with one Idempotency-Key, then both answers are the same and the driver is blocked once', async () => {
    const headers = { 'idempotency-key': 'maint-tap-1' };
    const first = await fileRequest('F005', {}, headers);
    const second = await fileRequest('F005', {}, headers);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    const types = (await t.app.eventStore.readStream(driverStreamId('F005'))).map((e) => e.type);
    expect(types.filter((type) => type === 'DriverBlockedForMaintenance')).toHaveLength(1);
    await call('MH01', 'PUT', '/api/requests/unblock-driver', { driverId: 'F005', reason: 'maintenance_rejected' });
  });

  describe('SPEC §5 rules', () => {
    it.each([
      [{ vehicle_type: '' }, MESSAGES.selectVehicleType],
      [{ vehicle_type: undefined }, MESSAGES.selectVehicleType],
      [{ vehicle_type: 'Crane' }, MESSAGES.selectVehicleType],
      [{ issue: '' }, MESSAGES.selectReasonAndBreakdown],
      [{ breakdown_type: '' }, MESSAGES.selectReasonAndBreakdown],
      [{ breakdown_type: null, issue: '' }, MESSAGES.selectReasonAndBreakdown],
      [{ issue: 'Others' }, MESSAGES.selectReasonAndBreakdown],
      [{ issue: 'Others', custom_issue: '   ' }, MESSAGES.selectReasonAndBreakdown],
    ])(
      'given an idle driver, when his request breaks a rule (%j), then it is 400 with the spec message and nothing is appended',
      async (body, message) => {
        const before = await head();
        const answer = await fileRequest('F003', body);
        expect(answer.statusCode).toBe(400);
        expect(answer.json().message).toBe(message);
        expect(await head()).toBe(before);
      },
    );

    it('given a driver mid-ride, when he asks without a comment, then it is 400 with the spec message and nothing is appended; the reason is not needed', async () => {
      const rideId = await bookAndAccept('F003');
      const before = await head();
      for (const body of [
        { ride_id: rideId },
        { ride_id: null },
        { ride_id: rideId, comment_text: '  ', issue: 'Engine Issue', breakdown_type: 'full' },
      ]) {
        const answer = await fileRequest('F003', { ...body, issue: '', breakdown_type: null });
        expect(answer.json().message).toBe(MESSAGES.enterMaintenanceComment);
        expect(answer.statusCode).toBe(400);
      }
      expect((await fileRequest('F003', { ride_id: rideId, vehicle_type: 'Crane', comment_text: 'smoke' })).json().message).toBe(
        MESSAGES.selectVehicleType,
      );
      expect(await head()).toBe(before);
      await finishRide('F003', rideId);
    });

    it('given a pending request, when the head empties its comment, rejects without a reason or completes without a date, then each is 400 and nothing is appended', async () => {
      const { id } = (await fileRequest('F003', {})).json();
      const before = await head();
      const comment = await call('MH01', 'PUT', `/api/requests/maintenanceReq/${id}/comment`, { comment_text: '   ' });
      expect([comment.statusCode, comment.json().message]).toEqual([400, MESSAGES.commentCannotBeEmpty]);
      const missing = await call('MH01', 'PUT', `/api/requests/maintenanceReq/${id}/comment`, {});
      expect([missing.statusCode, missing.json().message]).toEqual([400, MESSAGES.commentCannotBeEmpty]);
      for (const reason of [undefined, '', '  ']) {
        const rejected = await setStatus(id, { status: 'rejected', maintenance_date: null, reason });
        expect([rejected.statusCode, rejected.json().message]).toEqual([400, MESSAGES.rejectionReasonRequired]);
      }
      await setStatus(id, { status: 'accepted', maintenance_date: null });
      const accepted = await head();
      const completed = await setStatus(id, { status: 'completed', maintenance_date: null });
      expect([completed.statusCode, completed.json().message]).toEqual([400, SERVER_MESSAGES.maintenanceDateRequired]);
      expect(await head()).toBe(accepted);
      expect(accepted).toBeGreaterThan(before);
      await setStatus(id, { status: 'completed', maintenance_date: new Date().toISOString() });
    });
  });

  describe('redistribution', () => {
    it("given a ride redistributed by its driver's request, when two drivers race to take it over, then exactly one wins and the other gets 409", async () => {
      const rideId = await bookAndAccept('F001');
      const { id, position } = (
        await fileRequest('F001', { ride_id: rideId, comment_text: 'engine died', issue: '', breakdown_type: null })
      ).json();
      // The head's list says which ride the request came from: mid-ride there is no issue to show.
      expect(await rowOf(id, position)).toMatchObject({ RIDE_ID: rideId, ISSUE: '', COMMENT_TEXT: 'engine died' });
      const take = (driver: string) =>
        call(driver, 'POST', '/api/maintenance/accept-redistributed-ride', { rideId, newDriverId: driver, currentState: 'accepted' });
      const answers = await Promise.all([take('F002'), take('F003')]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const winner = answers[0]?.statusCode === 200 ? 'F002' : 'F003';
      expect(answers.find((a) => a.statusCode === 200)?.json()).toMatchObject({
        success: true,
        message: MESSAGES.redistributedRideAccepted,
      });
      expect((await t.app.eventStore.readStream(`ride-${rideId}`)).map((e) => e.type)).toEqual([
        'RideRequested',
        'RideAccepted',
        'RideRedistributed',
        'RideTakenOver',
      ]);
      await finishRide(winner, rideId);
      await setStatus(id, { status: 'rejected', maintenance_date: null, reason: 'restarted fine' });
    });

    it('given a redistributed ride, when the spec client also calls redistribute-ride, then it is answered success and nothing more is appended', async () => {
      const rideId = await bookAndAccept('F001');
      const { id } = (await fileRequest('F001', { ride_id: rideId, comment_text: 'brakes', issue: '', breakdown_type: null })).json();
      const before = await head();
      const again = await call('F001', 'POST', '/api/maintenance/redistribute-ride', {
        rideId,
        originalDriverId: 'F001',
        vehicleType: 'Forklift',
        maintenanceComment: 'brakes',
        rideData: { RIDE_ID: rideId },
      });
      expect(again.json()).toMatchObject({ success: true, message: MESSAGES.rideMadeAvailable });
      expect(await head()).toBe(before);
      expect(
        (
          await call('F002', 'POST', '/api/maintenance/accept-redistributed-ride', {
            rideId,
            newDriverId: 'F002',
            currentState: 'material_picked',
          })
        ).statusCode,
      ).toBe(409);
      expect(
        (await call('C001', 'POST', '/api/maintenance/accept-redistributed-ride', { rideId, newDriverId: 'C001' })).json().message,
      ).toBe(SERVER_MESSAGES.wrongVehicleType);
      // The driver who broke down is blocked like on every ride action.
      expect((await call('F001', 'POST', '/api/maintenance/accept-redistributed-ride', { rideId, newDriverId: 'F001' })).statusCode).toBe(
        403,
      );
      expect((await call('F002', 'POST', '/api/maintenance/accept-redistributed-ride', { rideId, newDriverId: 'F002' })).statusCode).toBe(
        200,
      );
      await finishRide('F002', rideId);
      await setStatus(id, { status: 'rejected', maintenance_date: null, reason: 'adjusted' });
    });

    it('given a ride in progress, when staff (not its unblocked driver) redistribute it, then it waits for another driver at its state', async () => {
      const rideId = await bookAndAccept('F004');
      await finishRide('F004', rideId, ['start']);
      // Without a maintenance block, a driver cannot hand his ride to others himself.
      const before = await head();
      expect(
        (
          await call('F004', 'POST', '/api/maintenance/redistribute-ride', {
            rideId,
            originalDriverId: 'F004',
            vehicleType: 'Forklift',
            maintenanceComment: 'tired',
          })
        ).statusCode,
      ).toBe(403);
      expect(await head()).toBe(before);
      const answer = await call('AD01', 'POST', '/api/maintenance/redistribute-ride', {
        rideId,
        originalDriverId: 'F004',
        vehicleType: 'Forklift',
        maintenanceComment: 'reassigned by admin',
      });
      expect(answer.statusCode).toBe(200);
      const status = await call('RQ01', 'GET', `/api/tracking/ride-status/${rideId}?position=${answer.json().position}`);
      expect(status.json().STATUS).toBe('waiting_for_reassignment');
      // One status code for the vehicle-type rule wherever a ride meets another type.
      expect(
        (
          await call('AD01', 'POST', '/api/maintenance/redistribute-ride', {
            rideId,
            originalDriverId: 'F004',
            vehicleType: 'Crane',
            maintenanceComment: '',
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (await call('F002', 'POST', '/api/maintenance/accept-redistributed-ride', { rideId, newDriverId: 'F002', currentState: 'started' }))
          .statusCode,
      ).toBe(200);
      await finishRide('F002', rideId, ['materialPicked', 'materialDropped', 'end']);
    });
  });

  describe('role rules', () => {
    const routes: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string, Body | undefined]> = [
      [
        'POST',
        '/api/requests/maintenanceReq',
        { driver_id: 'F001', vehicle_type: 'Forklift', issue: 'Engine Issue', breakdown_type: 'full' },
      ],
      ['GET', '/api/requests/maintenanceReq', undefined],
      ['PUT', '/api/requests/maintenanceReq/M1/comment', { comment_text: 'x' }],
      ['PUT', '/api/requests/M1/status', { status: 'accepted', maintenance_date: null }],
      ['PUT', '/api/requests/unblock-driver', { driverId: 'F001', reason: 'maintenance_completed' }],
      ['GET', '/api/maintenance/verify-access', undefined],
      [
        'POST',
        '/api/maintenance/redistribute-ride',
        { rideId: 'X1', originalDriverId: 'F001', vehicleType: 'Forklift', maintenanceComment: '' },
      ],
      ['POST', '/api/maintenance/accept-redistributed-ride', { rideId: 'X1', newDriverId: 'F001' }],
    ];
    it.each(routes)('when %s %s comes without a token, then it is 401', async (method, url, payload) => {
      expect((await call(null, method, url, payload)).statusCode).toBe(401);
    });

    it.each([
      [
        'RQ01',
        'POST',
        '/api/requests/maintenanceReq',
        { driver_id: 'RQ01', vehicle_type: 'Forklift', issue: 'Engine Issue', breakdown_type: 'full' },
      ],
      [
        'AD01',
        'POST',
        '/api/requests/maintenanceReq',
        { driver_id: 'F001', vehicle_type: 'Forklift', issue: 'Engine Issue', breakdown_type: 'full' },
      ],
      [
        'F002',
        'POST',
        '/api/requests/maintenanceReq',
        { driver_id: 'F001', vehicle_type: 'Forklift', issue: 'Engine Issue', breakdown_type: 'full' },
      ],
      ['F001', 'GET', '/api/requests/maintenanceReq', undefined],
      ['RQ01', 'GET', '/api/requests/maintenanceReq', undefined],
      ['F001', 'PUT', '/api/requests/maintenanceReq/M1/comment', { comment_text: 'x' }],
      ['RQ01', 'PUT', '/api/requests/M1/status', { status: 'accepted', maintenance_date: null }],
      ['F001', 'PUT', '/api/requests/M1/status', { status: 'accepted', maintenance_date: null }],
      ['F001', 'PUT', '/api/requests/unblock-driver', { driverId: 'F001', reason: 'maintenance_completed' }],
      [
        'RQ01',
        'POST',
        '/api/maintenance/redistribute-ride',
        { rideId: 'X1', originalDriverId: 'F001', vehicleType: 'Forklift', maintenanceComment: '' },
      ],
      [
        'F002',
        'POST',
        '/api/maintenance/redistribute-ride',
        { rideId: 'X1', originalDriverId: 'F001', vehicleType: 'Forklift', maintenanceComment: '' },
      ],
      ['RQ01', 'POST', '/api/maintenance/accept-redistributed-ride', { rideId: 'X1', newDriverId: 'RQ01' }],
      ['MH01', 'POST', '/api/maintenance/accept-redistributed-ride', { rideId: 'X1', newDriverId: 'F001' }],
      ['F002', 'POST', '/api/maintenance/accept-redistributed-ride', { rideId: 'X1', newDriverId: 'F001' }],
    ] as const)('when %s calls %s %s, then it is 403 and nothing is appended', async (who, method, url, payload) => {
      const before = await head();
      expect((await call(who, method, url, payload)).statusCode).toBe(403);
      expect(await head()).toBe(before);
    });

    it.each(['AD01', 'MH01'])('when %s verifies access to the maintenance head dashboard, then it succeeds', async (who) => {
      const answer = await call(who, 'GET', '/api/maintenance/verify-access');
      expect([answer.statusCode, answer.json()]).toEqual([200, { success: true }]);
    });

    it.each(['RQ01', 'F001'])(
      'when %s verifies access to the maintenance head dashboard, then it is 403 with the spec text',
      async (who) => {
        const answer = await call(who, 'GET', '/api/maintenance/verify-access');
        expect([answer.statusCode, answer.json()]).toEqual([403, { success: false, message: MESSAGES.notAuthorizedMaintenanceHead }]);
      },
    );
  });
});
