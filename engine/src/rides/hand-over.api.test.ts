import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role, VehicleType } from '@plantride/schemas';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds } from '../test-support/test-database';
import { seedUsers } from '../test-support/seed';

type Body = Record<string, unknown>;

describe.each(testStoreKinds())('a ride handed over after a breakdown, as drivers read it, on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const people: Array<[string, Role, string, VehicleType?]> = [
    ['RQ01', 'requester', '9000000001'],
    ['F001', 'driver', '9000000011', 'Forklift'],
    ['F002', 'driver', '9000000012', 'Forklift'],
    ['F003', 'driver', '9000000013', 'Forklift'],
  ];
  const call = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Body) =>
    t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${tokens[who]}` } });
  const ok = async (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Body) => {
    const answer = await call(who, method, url, payload);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json();
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedUsers(
      t.app,
      people.map(([tokenNo, role, mobile, vehicleType]) => ({ tokenNo, role, vehicleType, name: `${tokenNo} Name`, mobile })),
    );
    for (const [tokenNo, role] of people) tokens[tokenNo] = await t.tokenFor(tokenNo, role);
  });
  afterAll(async () => t.close());

  it("given a driver who broke down after picking the material, when another driver lists, takes over and reads his ride, then he gets the note, the state and the first driver's name and mobile", async () => {
    const { rideId } = await ok('RQ01', 'POST', '/api/bookings/book-ride', {
      userId: 'RQ01',
      fromLocation: 'south gate',
      toLocation: 'Boiler Bay - 2',
      vehicleType: 'Forklift',
      rideType: 'Regular',
    });
    await ok('F001', 'POST', '/api/tracking/accept-ride', { driverId: 'F001', rideId });
    for (const event of ['start', 'materialPicked']) await ok('F001', 'PUT', '/api/bookings/update-timestamps', { rideId, event });
    const filed = await ok('F001', 'POST', '/api/requests/maintenanceReq', {
      driver_id: 'F001',
      driver_name: 'F001 Name',
      vehicle_type: 'Forklift',
      issue: '',
      comment_text: 'hydraulic leak',
      status: 'pending',
      breakdown_type: null,
      ride_id: rideId,
    });

    const offered = await ok('F002', 'GET', `/api/drivers/available-rides?vehicleType=Forklift&position=${filed.position}`);
    const row = offered.rides.rows.find((r: Body) => r.RIDE_ID === rideId);
    expect(row).toMatchObject({
      IS_REDISTRIBUTED: true,
      RIDE_STATE: 'material_picked',
      MAINTENANCE_COMMENT: 'hydraulic leak',
      ORIGINAL_DRIVER_NAME: 'F001 Name',
      ORIGINAL_DRIVER_MOBILE: '9000000011',
    });

    const taken = await ok('F002', 'POST', '/api/maintenance/accept-redistributed-ride', {
      rideId,
      newDriverId: 'F002',
      currentState: 'material_picked',
    });
    const ongoing = await ok('F002', 'GET', `/api/ride-history/ongoing?driverId=F002&position=${taken.position}`);
    expect(ongoing.history).toEqual([
      expect.objectContaining({
        RIDE_ID: rideId,
        STATUS: 'material picked',
        IS_REDISTRIBUTED: true,
        RIDE_STATE: 'material_picked',
        MAINTENANCE_COMMENT: 'hydraulic leak',
        ORIGINAL_DRIVER_NAME: 'F001 Name',
        ORIGINAL_DRIVER_MOBILE: '9000000011',
      }),
    ]);
    // Nobody else's ongoing read tells it: the first driver's own is empty, another driver may not ask.
    expect((await ok('F001', 'GET', `/api/ride-history/ongoing?driverId=F001&position=${taken.position}`)).history).toEqual([]);
    expect((await call('F003', 'GET', '/api/ride-history/ongoing?driverId=F002')).statusCode).toBe(403);
  });

  it('given a ride never handed over, when its driver reads it, then it carries no hand-over fields and the offered rows no mobile', async () => {
    const { rideId, position } = await ok('RQ01', 'POST', '/api/bookings/book-ride', {
      userId: 'RQ01',
      fromLocation: 'main gate',
      toLocation: 'canteen',
      vehicleType: 'Forklift',
      rideType: 'Regular',
    });
    const offered = await ok('F003', 'GET', `/api/drivers/available-rides?vehicleType=Forklift&position=${position}`);
    expect(offered.rides.rows.find((r: Body) => r.RIDE_ID === rideId)).toMatchObject({
      IS_REDISTRIBUTED: false,
      ORIGINAL_DRIVER_MOBILE: null,
    });
    const accepted = await ok('F003', 'POST', '/api/tracking/accept-ride', { driverId: 'F003', rideId });
    const [row] = (await ok('F003', 'GET', `/api/ride-history/ongoing?driverId=F003&position=${accepted.position}`)).history;
    expect(row.RIDE_ID).toBe(rideId);
    expect(row).not.toHaveProperty('ORIGINAL_DRIVER_MOBILE');
    expect(row).not.toHaveProperty('IS_REDISTRIBUTED');
  });
});
