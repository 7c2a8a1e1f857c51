import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, SERVER_MESSAGES, driverStreamId, userStreamId, type Role } from '@plantride/schemas';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds } from '../test-support/test-database';
import { seedUsers } from '../test-support/seed';
import { appendDriverEvent } from '../test-support/driver-events';

describe.each(testStoreKinds())('drivers API on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const as = (tokenNo: string) => ({ authorization: `Bearer ${tokens[tokenNo]}` });
  const people: Array<[string, Role, 'Forklift'?]> = [
    ['AD01', 'admin'],
    ['MH01', 'maintenanceHead'],
    ['RQ01', 'requester'],
    ['RQ02', 'requester'],
    ['FL01', 'driver', 'Forklift'],
    ['FL02', 'driver', 'Forklift'],
  ];
  const head = () => t.app.eventStore.headPosition();
  const record = (operatorId: string, overrides: Record<string, unknown> = {}) => ({
    operatorId,
    vehicle: 'MH12 AB 1234',
    name: 'Ravi Kumar',
    mobile: '9876543210',
    forklift: '7',
    vehicleAssigned: 'Crane',
    ...overrides,
  });
  const add = (body: unknown, who = 'AD01') =>
    t.app.inject({ method: 'POST', url: '/api/drivers/add', headers: as(who), payload: body as object });
  const update = (body: unknown, who = 'AD01') =>
    t.app.inject({ method: 'PUT', url: '/api/drivers/update', headers: as(who), payload: body as object });
  const get = (url: string, who: string, position?: number) =>
    t.app.inject({ method: 'GET', url: position ? `${url}${url.includes('?') ? '&' : '?'}position=${position}` : url, headers: as(who) });
  const streamTypes = async (stream: string) => (await t.app.eventStore.readStream(stream)).map((e) => e.type);

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedUsers(
      t.app,
      people.map(([tokenNo, role, vehicleType]) => ({ tokenNo, role, vehicleType, name: 'Seeded Person', mobile: '9876500000' })),
    );
    for (const [tokenNo, role] of people) tokens[tokenNo] = await t.tokenFor(tokenNo, role);
  });
  afterAll(async () => t.close());

  describe('add', () => {
    it('given an admin, when he adds a driver with only the form fields, then the spec defaults apply, the serial is the next one and the list shows him', async () => {
      const serials = (await get('/api/drivers/getDrivers', 'AD01')).json().drivers.map((d: { DRIVERID: number }) => d.DRIVERID);
      const answer = await add(record('cr01'));
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({
        message: expect.any(String),
        operatorId: 'CR01',
        // Shown once: ten characters without look-alikes, working for seven days.
        activationCode: expect.stringMatching(/^[A-HJ-NP-Z2-9]{10}$/),
        activationCodeExpiresAt: expect.any(String),
        position: expect.any(Number),
      });
      const { activationCodeExpiresAt } = answer.json();
      expect(Date.parse(activationCodeExpiresAt) - Date.now()).toBeGreaterThan(7 * 24 * 3_600_000 - 60_000);
      const { drivers } = (await get('/api/drivers/getDrivers', 'AD01', answer.json().position)).json();
      const row = drivers.find((d: { OPERATOR_ID: string }) => d.OPERATOR_ID === 'CR01');
      expect(row).toEqual({
        DRIVERID: Math.max(...serials) + 1,
        OPERATOR_ID: 'CR01',
        VEHICLE: 'MH12 AB 1234',
        NAME: 'Ravi Kumar',
        MOBILE: '9876543210',
        ROLE: 'Driver',
        FORKLIFT: '7',
        STATUS: 'Active',
        COMMENTS: '',
        CREATED_AT: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        VEHICLE_TYPE: 'Crane',
        operator_id: 'CR01',
        mobile: '9876543210',
        BLOCKED_FOR_MAINTENANCE: 0,
        INSPECTION_TODAY: 'missing',
        LAST_INSPECTED_AT: null,
      });
    });

    it('given a driver record, when the same operator id is added again, then it is 409 naming the operator id and nothing is appended', async () => {
      await add(record('CR02'));
      const before = await head();
      const again = await add(record('cr02', { name: 'Someone Else' }));
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: SERVER_MESSAGES.driverAlreadyExists, operatorId: 'CR02' });
      expect(await head()).toBe(before);
    });

    it.each([
      ['a name with digits', { name: 'Ravi 2' }, MESSAGES.nameOnlyAlphabets],
      ['a name with punctuation', { name: 'Ravi-Kumar' }, MESSAGES.nameOnlyAlphabets],
      ['a 9-digit mobile', { mobile: '987654321' }, MESSAGES.invalidMobile],
      ['an 11-digit mobile', { mobile: '98765432101' }, MESSAGES.invalidMobile],
      ['a mobile with letters', { mobile: '98765abcde' }, MESSAGES.invalidMobile],
      ['no mobile', { mobile: undefined }, MESSAGES.invalidMobile],
      ['a 3-digit sticker number', { forklift: '123' }, MESSAGES.invalidVehicleNumber],
      ['an empty sticker number', { forklift: '' }, MESSAGES.invalidVehicleNumber],
      ['a sticker number with a letter', { forklift: 'A1' }, MESSAGES.invalidVehicleNumber],
      ['no sticker number', { forklift: undefined }, MESSAGES.invalidVehicleNumber],
    ])('when a driver is added with %s, then it is 400 with the spec message and nothing is appended', async (_, overrides, message) => {
      const before = await head();
      for (const send of [add, update]) {
        const answer = await send(record('FL01', overrides));
        expect(answer.statusCode).toBe(400);
        expect(answer.json()).toEqual({ message });
      }
      expect(await head()).toBe(before);
    });

    it('given a requester who signed up, when the admin records him as a driver, then his account waits for approval, and once approved is a driver of that vehicle type', async () => {
      const added = await add(record('RQ01', { vehicleAssigned: 'AMR' }));
      expect(added.statusCode).toBe(200);
      expect(await streamTypes(userStreamId('RQ01'))).toEqual(['UserSignedUp', 'DriverRegistrationRequested']);
      const saved = await update(record('RQ01', { vehicleAssigned: 'AMR', comments: 'night shift' }));
      expect(saved.statusCode).toBe(200);
      expect(await streamTypes(userStreamId('RQ01'))).toEqual(['UserSignedUp', 'DriverRegistrationRequested']);
      const me = async () =>
        (
          await t.app.inject({
            method: 'GET',
            url: '/api/users/me',
            headers: { authorization: `Bearer ${await t.tokenFor('RQ01', 'requester')}` },
          })
        ).json();
      expect(await me()).toMatchObject({ role: 'requester', assignedVehicleType: null });
      const approved = await t.app.inject({ method: 'POST', url: '/api/drivers/registrations/RQ01/approve', headers: as('AD01') });
      expect(approved.statusCode).toBe(200);
      expect(await me()).toMatchObject({ role: 'driver', assignedVehicleType: 'AMR' });
    });

    it('given a maintenance head, when a driver record is added on his token number, then he keeps his role', async () => {
      expect((await add(record('MH01'))).statusCode).toBe(200);
      expect(await streamTypes(userStreamId('MH01'))).toEqual(['UserSignedUp', 'UserRoleChanged']);
      expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: as('MH01') })).json().role).toBe('maintenanceHead');
    });

    it('given a driver record added by the admin, when the operator signs up with its token number and the activation code the add showed, then he signs in as a driver of its vehicle type', async () => {
      const { activationCode } = (await add(record('CP01', { vehicleAssigned: 'Cherry Picker', name: 'Imran Shaikh' }))).json();
      const signedUp = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { token_no: 'cp01', password: 'pass', activation_code: activationCode.toLowerCase() },
      });
      expect(signedUp.statusCode).toBe(201);
      const signedIn = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { token_no: 'CP01', password: 'pass' } });
      expect(signedIn.json().user).toMatchObject({ name: 'Imran Shaikh', role: 'driver', assignedVehicleType: 'Cherry Picker' });
    });
  });

  describe('update and toggle-access', () => {
    it('given an Active driver, when the admin saves him Not Active, then the record and the status change are stored and status answers 0; Active again answers 1', async () => {
      await add(record('CR03'));
      const saved = await update(
        record('CR03', { status: 'Not Active', comments: 'licence expired', serial: 99, createdAt: '2020-01-01T00:00:00.000Z' }),
      );
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toEqual({ message: MESSAGES.driverUpdated, position: expect.any(Number) });
      expect(await streamTypes(driverStreamId('CR03'))).toEqual([
        'DriverAdded',
        'DriverActivationCodeIssued',
        'DriverUpdated',
        'DriverStatusChanged',
      ]);
      expect((await get('/api/drivers/status/CR03', 'AD01', saved.json().position)).json()).toEqual({ isActive: 0 });
      const row = (await get('/api/drivers/getDrivers', 'MH01'))
        .json()
        .drivers.find((d: { OPERATOR_ID: string }) => d.OPERATOR_ID === 'CR03');
      // Serial and creation time are the engine's: what update sends for them is ignored.
      expect(row).toMatchObject({ STATUS: 'Not Active', COMMENTS: 'licence expired', DRIVERID: expect.any(Number) });
      expect(row.DRIVERID).not.toBe(99);
      expect(row.CREATED_AT).not.toBe('2020-01-01T00:00:00.000Z');

      const active = await update(record('CR03', { status: 'Active' }));
      expect((await get('/api/drivers/status/CR03', 'AD01', active.json().position)).json()).toEqual({ isActive: 1 });
    });

    it('given no record for an operator id, when the admin updates or toggles it, then it is 404 and nothing is appended', async () => {
      const before = await head();
      expect((await update(record('ZZ99'))).json()).toEqual({ message: SERVER_MESSAGES.driverNotFound });
      const toggled = await t.app.inject({
        method: 'PUT',
        url: '/api/drivers/toggle-access',
        headers: as('AD01'),
        payload: { driverId: 'ZZ99', active: 0 },
      });
      expect(toggled.statusCode).toBe(404);
      expect(await head()).toBe(before);
    });

    it('given a driver, when the admin withdraws his access and grants it again, then status and blocked follow', async () => {
      await add(record('CR04'));
      const toggle = (active: unknown) =>
        t.app.inject({ method: 'PUT', url: '/api/drivers/toggle-access', headers: as('AD01'), payload: { driverId: 'cr04', active } });
      const withdrawn = await toggle(0);
      expect(withdrawn.statusCode).toBe(200);
      expect((await get('/api/drivers/status/CR04', 'AD01', withdrawn.json().position)).json()).toEqual({ isActive: 0 });
      expect((await get('/api/drivers/blocked', 'MH01')).json()).toContainEqual({ id: 'CR04' });
      const before = await head();
      expect((await toggle(false)).statusCode).toBe(200);
      expect(await head()).toBe(before);
      const granted = await toggle(1);
      expect((await get('/api/drivers/status/CR04', 'AD01', granted.json().position)).json()).toEqual({ isActive: 1 });
      expect((await get('/api/drivers/blocked', 'AD01')).json()).not.toContainEqual({ id: 'CR04' });
      expect(
        (await t.app.inject({ method: 'PUT', url: '/api/drivers/toggle-access', headers: as('AD01'), payload: { active: 1 } })).json(),
      ).toEqual({ message: MESSAGES.invalidParameters });
    });
  });

  describe('driver reads', () => {
    it('given a driver, when he reads his own record, then getSpecificDriver and status answer in the spec form; blocked for maintenance reads 1 and lists him as blocked', async () => {
      const mine = (await get('/api/drivers/getSpecificDriver/FL01', 'FL01')).json();
      expect(mine).toEqual({
        driver: [
          {
            NAME: 'Seeded Person',
            VEHICLE_TYPE: 'Forklift',
            BLOCKED_FOR_MAINTENANCE: 0,
            OPERATOR_ID: 'FL01',
            MOBILE: '9876500000',
            INSPECTION_TODAY: 'missing',
          },
        ],
      });
      expect((await get('/api/drivers/status/fl01', 'FL01')).json()).toEqual({ isActive: 1 });

      const position = await appendDriverEvent(t.app.eventStore, {
        type: 'DriverBlockedForMaintenance',
        data: { operatorId: 'FL02', maintenanceRequestId: 'M1' },
      });
      expect((await get('/api/drivers/getSpecificDriver/FL02', 'FL02', position)).json().driver[0].BLOCKED_FOR_MAINTENANCE).toBe(1);
      // Maintenance is not the admin's block: the status call still reads Active.
      expect((await get('/api/drivers/status/FL02', 'FL02')).json()).toEqual({ isActive: 1 });
      const blocked = (await get('/api/drivers/blocked', 'AD01')).json();
      expect(blocked).toContainEqual({ id: 'FL02' });
      expect(blocked).not.toContainEqual({ id: 'FL01' });
      await appendDriverEvent(t.app.eventStore, {
        type: 'DriverUnblocked',
        data: { operatorId: 'FL02', reason: 'maintenance_rejected', inspectionDue: false },
      });
    });

    it('given no record for a token number, then getSpecificDriver answers an empty list and status 404', async () => {
      expect((await get('/api/drivers/getSpecificDriver/ZZ99', 'AD01')).json()).toEqual({ driver: [] });
      expect((await get('/api/drivers/status/ZZ99', 'AD01')).statusCode).toBe(404);
    });

    it('given drivers recorded without accounts and Not Active ones, when check-assigned is asked, then it counts the Active driver records of the type', async () => {
      const added = await add(record('AM01', { vehicleAssigned: 'AMR' }));
      const count = async (type: string) => (await get(`/api/drivers/check-assigned/${type}`, 'RQ02', added.json().position)).json().count;
      const before = await count('AMR');
      expect(before).toBeGreaterThanOrEqual(1);
      const saved = await update(record('AM01', { vehicleAssigned: 'AMR', status: 'Not Active' }));
      expect((await get('/api/drivers/check-assigned/AMR', 'RQ02', saved.json().position)).json().count).toBe(before - 1);
      await update(record('AM01', { vehicleAssigned: 'AMR' }));
    });
  });

  describe('role rules', () => {
    const routes: Array<[string, string, Record<string, unknown> | undefined]> = [
      ['POST', '/api/drivers/add', record('CR09')],
      ['PUT', '/api/drivers/update', record('FL01')],
      ['PUT', '/api/drivers/toggle-access', { driverId: 'FL01', active: 0 }],
      ['GET', '/api/drivers/status/FL01', undefined],
      ['GET', '/api/drivers/getDrivers', undefined],
      ['GET', '/api/drivers/getSpecificDriver/FL01', undefined],
      ['GET', '/api/drivers/blocked', undefined],
    ];
    it.each(routes)('when %s %s comes without a token, then it is 401', async (method, url, payload) => {
      const answer = await t.app.inject({ method: method as 'GET', url, payload });
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ message: SERVER_MESSAGES.authenticationRequired });
    });

    it.each([
      ...['MH01', 'RQ01', 'FL01'].flatMap((who) =>
        routes.slice(0, 3).map(([method, url, payload]) => [who, method, url, payload] as const),
      ),
      ...['RQ02', 'FL01'].flatMap((who) =>
        [
          ['GET', '/api/drivers/getDrivers'],
          ['GET', '/api/drivers/blocked'],
        ].map(([method, url]) => [who, method, url, undefined] as const),
      ),
      ['FL01', 'GET', '/api/drivers/status/FL02', undefined],
      ['FL01', 'GET', '/api/drivers/getSpecificDriver/FL02', undefined],
      ['RQ02', 'GET', '/api/drivers/status/FL01', undefined],
      ['RQ02', 'GET', '/api/drivers/getSpecificDriver/FL01', undefined],
    ] as const)('when %s calls %s %s, then it is 403 and nothing is appended', async (who, method, url, payload) => {
      const before = await head();
      const answer = await t.app.inject({ method: method as 'GET', url, payload, headers: as(who) });
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toEqual({ message: SERVER_MESSAGES.forbidden });
      expect(await head()).toBe(before);
    });

    it('given staff, when they read any driver, then status and getSpecificDriver answer', async () => {
      for (const who of ['AD01', 'MH01']) {
        expect((await get('/api/drivers/status/FL01', who)).statusCode).toBe(200);
        expect((await get('/api/drivers/getSpecificDriver/FL01', who)).json().driver).toHaveLength(1);
      }
    });
  });
});
