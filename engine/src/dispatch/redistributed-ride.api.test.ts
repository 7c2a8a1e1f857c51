import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_DISPATCH_SETTINGS, type DispatchMode, type Role } from '@plantride/schemas';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds } from '../test-support/test-database';
import { seedUsers } from '../test-support/seed';

// Issue #29: under offer dispatch a ride redistributed after a breakdown was listed for no driver, while
// the engine let any driver of its type take it over. The engine now records who may take it over on the
// RideRedistributed event, and every list projects that.
describe.each(testStoreKinds())('a redistributed ride on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const people: Array<[string, Role, 'Forklift'?]> = [
    ['AD01', 'admin'],
    ['RQ01', 'requester'],
    ['FL01', 'driver', 'Forklift'],
    ['FL02', 'driver', 'Forklift'],
    ['FL03', 'driver', 'Forklift'],
  ];
  const call = (tokenNo: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${tokens[tokenNo]}` } });
  const ok = async (answer: ReturnType<typeof call>) => {
    const settled = await answer;
    expect(settled.statusCode, settled.body).toBe(200);
    return settled.json<{ position: number; rideId?: string }>();
  };
  const listedFor = async (tokenNo: string, position: number) =>
    (await call(tokenNo, 'GET', `/api/drivers/available-rides?vehicleType=Forklift&position=${position}`))
      .json<{ rides: { rows: Array<{ RIDE_ID: string; STATUS: string }> } }>()
      .rides.rows.map((row) => row.RIDE_ID);

  beforeEach(async () => {
    t = await createTestApp(kind);
    await seedUsers(
      t.app,
      people.map(([tokenNo, role, vehicleType]) => ({ tokenNo, role, vehicleType })),
    );
    for (const [tokenNo, role] of people) tokens[tokenNo] = await t.tokenFor(tokenNo, role);
  });
  afterEach(async () => t.close());

  const cases: Array<[DispatchMode, 'another driver on shift' | 'no other driver on shift']> = [
    ['offer', 'another driver on shift'],
    ['offer', 'no other driver on shift'],
    ['broadcast', 'another driver on shift'],
    ['broadcast', 'no other driver on shift'],
  ];

  it.each(cases)(
    'given %s dispatch and %s, when the driver who picked the material files a full breakdown with the ride, then every other driver of its type lists it and one takes it over where it stood',
    async (mode, candidates) => {
      await ok(call('AD01', 'PUT', '/api/dispatch/settings', { ...DEFAULT_DISPATCH_SETTINGS, mode, offerSeconds: 300 }));
      await ok(call('FL01', 'POST', '/api/drivers/shift', { on: true, location: 'RMS' }));
      if (candidates === 'another driver on shift')
        await ok(call('FL02', 'POST', '/api/drivers/shift', { on: true, location: 'car parking' }));

      const booked = await ok(
        call('RQ01', 'POST', '/api/bookings/book-ride', {
          userId: 'RQ01',
          fromLocation: 'RMS',
          toLocation: 'fgs',
          vehicleType: 'Forklift',
        }),
      );
      const rideId = booked.rideId!;
      // Under offer dispatch the nearest driver alone has it; under broadcast everyone does.
      expect(await listedFor('FL03', booked.position)).toEqual(mode === 'offer' ? [] : [rideId]);
      await ok(call('FL01', 'POST', '/api/tracking/accept-ride', { rideId, driverId: 'FL01' }));
      for (const event of ['start', 'materialPicked']) await ok(call('FL01', 'PUT', '/api/bookings/update-timestamps', { rideId, event }));

      const breakdown = await ok(
        call('FL01', 'POST', '/api/requests/maintenanceReq', {
          driver_id: 'FL01',
          driver_name: 'FL01',
          vehicle_type: 'Forklift',
          issue: 'Engine Issue',
          comment_text: 'mast chain snapped',
          status: 'pending',
          breakdown_type: 'full',
          ride_id: rideId,
        }),
      );

      expect(await listedFor('FL02', breakdown.position)).toEqual([rideId]);
      expect(await listedFor('FL03', breakdown.position)).toEqual([rideId]);
      // The broken-down driver is blocked for maintenance: not his to take back.
      expect(
        (
          await call('FL01', 'POST', '/api/maintenance/accept-redistributed-ride', {
            rideId,
            newDriverId: 'FL01',
            currentState: 'material picked',
          })
        ).statusCode,
      ).toBe(403);

      const taker = candidates === 'another driver on shift' ? 'FL02' : 'FL03';
      const takenOver = await ok(
        call(taker, 'POST', '/api/maintenance/accept-redistributed-ride', { rideId, newDriverId: taker, currentState: 'material picked' }),
      );
      const other = taker === 'FL02' ? 'FL03' : 'FL02';
      expect(await listedFor(other, takenOver.position)).toEqual([]);
      await ok(call(taker, 'PUT', '/api/bookings/update-timestamps', { rideId, event: 'materialDropped' }));
    },
  );
});
