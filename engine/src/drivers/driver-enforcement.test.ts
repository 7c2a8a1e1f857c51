import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, SERVER_MESSAGES, rideStreamId, type DriverEvent, type Role } from '@plantride/schemas';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds } from '../test-support/test-database';
import { seedUsers } from '../test-support/seed';
import { appendDriverEvent } from '../test-support/driver-events';

type Step = 'start' | 'materialPicked' | 'materialDropped' | 'end';
const STEPS: Step[] = ['start', 'materialPicked', 'materialDropped', 'end'];

describe.each(testStoreKinds())('blocked drivers on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const as = (tokenNo: string) => ({ authorization: `Bearer ${tokens[tokenNo]}` });
  const people: Array<[string, Role, 'Forklift'?]> = [
    ['AD01', 'admin'],
    ['RQ01', 'requester'],
    ['FL01', 'driver', 'Forklift'],
    ['FL02', 'driver', 'Forklift'],
    ['FL03', 'driver', 'Forklift'],
    ['FL04', 'driver', 'Forklift'],
    ['FL09', 'driver', 'Forklift'],
  ];
  const head = () => t.app.eventStore.headPosition();
  // A driver's next accept checks his ongoing ride in the read model: let it see the last one end.
  const settled = async () => expect(await t.app.projections.waitForPosition(await head(), 10_000)).toBe(true);
  const book = async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/bookings/book-ride',
      headers: as('RQ01'),
      payload: { userId: 'RQ01', fromLocation: 'main gate', toLocation: 'canteen', vehicleType: 'Forklift', rideType: 'Regular' },
    });
    expect(answer.statusCode).toBe(200);
    return answer.json().rideId as string;
  };
  const accept = (driverId: string, rideId: string) =>
    t.app.inject({ method: 'POST', url: '/api/tracking/accept-ride', headers: as(driverId), payload: { driverId, rideId } });
  // The end step goes through complete-ride, the spec's other way to end, so both paths are covered.
  const step = (driverId: string, rideId: string, event: Step) =>
    event === 'end'
      ? t.app.inject({ method: 'POST', url: '/api/tracking/complete-ride', headers: as(driverId), payload: { rideId } })
      : t.app.inject({ method: 'PUT', url: '/api/bookings/update-timestamps', headers: as(driverId), payload: { rideId, event } });
  const record = (operatorId: string, status: 'Active' | 'Not Active') => ({
    operatorId,
    vehicle: 'MH12 AB 0001',
    name: 'Suresh Patil',
    mobile: '9820011005',
    forklift: '11',
    vehicleAssigned: 'Forklift',
    status,
  });
  const asAdmin = async (method: 'PUT', url: string, payload: object) => {
    const answer = await t.app.inject({ method, url, headers: as('AD01'), payload });
    expect(answer.statusCode).toBe(200);
  };
  const maintenance = (event: DriverEvent) => appendDriverEvent(t.app.eventStore, event);

  // Each way a driver is kept from working, and how it is lifted, with what the steps then answer; one driver each, so one failing leaves the others be.
  const blocks = [
    {
      kind: 'marked Not Active',
      driver: 'FL02',
      message: SERVER_MESSAGES.driverNotActive,
      block: (id: string) => asAdmin('PUT', '/api/drivers/update', record(id, 'Not Active')),
      lift: (id: string) => asAdmin('PUT', '/api/drivers/update', record(id, 'Active')),
    },
    {
      kind: 'without access',
      driver: 'FL03',
      message: SERVER_MESSAGES.driverNotActive,
      block: (id: string) => asAdmin('PUT', '/api/drivers/toggle-access', { driverId: id, active: 0 }),
      lift: (id: string) => asAdmin('PUT', '/api/drivers/toggle-access', { driverId: id, active: 1 }),
    },
    {
      kind: 'blocked for maintenance',
      driver: 'FL04',
      message: SERVER_MESSAGES.driverBlockedForMaintenance,
      block: async (id: string) =>
        void (await maintenance({ type: 'DriverBlockedForMaintenance', data: { operatorId: id, maintenanceRequestId: randomUUID() } })),
      lift: async (id: string) =>
        void (await maintenance({
          type: 'DriverUnblocked',
          data: { operatorId: id, reason: 'maintenance_completed', inspectionDue: false },
        })),
    },
  ];

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedUsers(
      t.app,
      people.map(([tokenNo, role, vehicleType]) => ({
        tokenNo,
        role,
        vehicleType,
        name: 'Seeded Driver',
        mobile: '9000000009',
        driverRecord: tokenNo !== 'FL09',
      })),
    );
    for (const [tokenNo, role] of people) tokens[tokenNo] = await t.tokenFor(tokenNo, role);
    // A record of his own, whose name, mobile and vehicle number the last test looks for.
    await asAdmin('PUT', '/api/drivers/update', record('FL01', 'Active'));
  });
  afterAll(async () => t.close());

  it.each(blocks)(
    'given a driver $kind, when he accepts a requested ride, then it is 403 with the blocked text and nothing is appended; once lifted he accepts',
    async ({ driver, block, lift }) => {
      const rideId = await book();
      await block(driver);
      const before = await head();
      const refused = await accept(driver, rideId);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: MESSAGES.blockedCannotAccept });
      expect(await head()).toBe(before);
      await lift(driver);
      expect((await accept(driver, rideId)).statusCode).toBe(200);
      for (const event of STEPS) expect((await step(driver, rideId, event)).statusCode).toBe(200);
      await settled();
    },
  );

  it.each(blocks)(
    'given a driver with a ride, when he is $kind before each step, then the step is 403 saying why and nothing is appended; once lifted the step goes through',
    async ({ driver, block, lift, message }) => {
      const rideId = await book();
      expect((await accept(driver, rideId)).statusCode).toBe(200);
      for (const event of STEPS) {
        await block(driver);
        const before = await head();
        const refused = await step(driver, rideId, event);
        expect(refused.statusCode, event).toBe(403);
        expect(refused.json()).toEqual({ message });
        expect(await head()).toBe(before);
        await lift(driver);
        expect((await step(driver, rideId, event)).statusCode, event).toBe(200);
      }
      await settled();
      expect((await t.app.inject({ method: 'GET', url: `/api/tracking/ride-status/${rideId}`, headers: as('RQ01') })).json().STATUS).toBe(
        'completed',
      );
    },
  );

  it('given a driver account without a driver record, when he accepts a ride, then it is 403 and nothing is appended', async () => {
    const rideId = await book();
    const before = await head();
    const refused = await accept('FL09', rideId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: SERVER_MESSAGES.driverNotFound });
    expect(await head()).toBe(before);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/drivers/available-rides?vehicleType=Forklift', headers: as('FL09') })).statusCode,
    ).toBe(403);
    await t.app.inject({ method: 'DELETE', url: `/api/bookings/cancel/${rideId}`, headers: as('RQ01') });
  });

  it('given a driver record, when he accepts a ride, then the requester is given the name, mobile and vehicle number of his record', async () => {
    const rideId = await book();
    expect((await accept('FL01', rideId)).statusCode).toBe(200);
    const [, accepted] = await t.app.eventStore.readStream(rideStreamId(rideId));
    expect(accepted?.data).toMatchObject({
      driverId: 'FL01',
      driverName: 'Suresh Patil',
      driverMobile: '9820011005',
      vehicleNumber: 'MH12 AB 0001',
    });
    for (const event of STEPS) expect((await step('FL01', rideId, event)).statusCode).toBe(200);
  });
});
