import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds } from '../test-support/test-database';
import { seedUsers } from '../test-support/seed';

/** Cases the route fuzzer found, kept as plain examples. */
describe.each(testStoreKinds())('fuzzer findings on %s', (kind) => {
  let t: TestApp;
  const auth: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedUsers(t.app, [
      { tokenNo: 'NU01', role: 'requester' },
      { tokenNo: 'ND01', role: 'driver', vehicleType: 'Forklift' },
      { tokenNo: 'NH01', role: 'maintenanceHead' },
      { tokenNo: 'NA01', role: 'admin' },
    ]);
    auth.NU01 = `Bearer ${await t.tokenFor('NU01', 'requester')}`;
    auth.ND01 = `Bearer ${await t.tokenFor('ND01', 'driver')}`;
    auth.NH01 = `Bearer ${await t.tokenFor('NH01', 'maintenanceHead')}`;
    auth.NA01 = `Bearer ${await t.tokenFor('NA01', 'admin')}`;
  }, 0);
  afterAll(async () => t?.close());

  it('when a path parameter holds a NUL character (%00), then the answer is a 4xx, not a 500', async () => {
    for (const url of ['/api/drivers/getSpecificRequester/%00', '/api/tracking/ride-status/A%00B', '/api/drivers/getSpecificDriver/%00']) {
      const answer = await t.app.inject({ method: 'GET', url, headers: { authorization: auth.NH01! } });
      expect(answer.statusCode, `${url}: ${answer.body}`).toBeLessThan(500);
    }
  });

  it('when a text field holds a NUL character, then the command is refused with a 4xx and nothing is appended', async () => {
    const before = await t.app.eventStore.headPosition();
    const maintenance = await t.app.inject({
      method: 'POST',
      url: '/api/requests/maintenanceReq',
      headers: { authorization: auth.ND01! },
      payload: {
        driver_id: 'ND01',
        driver_name: 'x',
        vehicle_type: 'Forklift',
        issue: 'Engine\u0000Issue',
        comment_text: 'a\u0000b',
        breakdown_type: 'partial',
        ride_id: null,
      },
    });
    const booking = await t.app.inject({
      method: 'POST',
      url: '/api/bookings/book-ride',
      headers: { authorization: auth.NU01! },
      payload: { userId: 'NU01', fromLocation: 'main gate', toLocation: 'canteen', vehicleType: 'Forklift', reqName: 'A\u0000B' },
    });
    expect([maintenance.statusCode, booking.statusCode], `${maintenance.body} ${booking.body}`).toEqual([400, 400]);
    expect(await t.app.eventStore.headPosition()).toBe(before);
  });

  // Issue 16: each answered 500, the maintenance one after the driver was blocked with no request recorded.
  it('when a text field holds a lone surrogate, then the command is refused with 400 naming the field and nothing is appended', async () => {
    const lone = '\udc00';
    const calls = [
      {
        url: '/api/requests/maintenanceReq',
        who: auth.ND01,
        payload: {
          driver_id: 'ND01',
          driver_name: 'x',
          vehicle_type: 'Forklift',
          issue: 'Engine Issue',
          comment_text: lone,
          breakdown_type: 'partial',
          ride_id: null,
        },
        message: 'Comment contains characters that are not allowed.',
      },
      {
        url: '/api/auth/signup',
        who: undefined,
        payload: { token_no: 'NS01', password: 'pass1', name: lone },
        message: 'Name contains characters that are not allowed.',
      },
      {
        url: '/api/bookings/book-ride',
        who: auth.NU01,
        payload: { userId: 'NU01', fromLocation: 'main gate', toLocation: 'canteen', vehicleType: 'Forklift', reqName: lone },
        message: 'Requester name contains characters that are not allowed.',
      },
      {
        url: '/api/bookings/book-ride',
        who: auth.NU01,
        payload: { userId: 'NU01', fromLocation: 'main gate', toLocation: 'canteen', vehicleType: 'Forklift', reqMobileNo: lone },
        message: 'Requester mobile number contains characters that are not allowed.',
      },
      {
        url: '/api/drivers/add',
        who: auth.NA01,
        payload: { operatorId: 'NX01', vehicle: lone, name: 'Ravi', mobile: '9876543210', forklift: '7' },
        message: 'Vehicle number contains characters that are not allowed.',
      },
      {
        url: '/api/drivers/add',
        who: auth.NA01,
        payload: { operatorId: 'NX01', vehicle: 'MH12', name: 'Ravi', mobile: '9876543210', forklift: '7', comments: lone },
        message: 'Comments contains characters that are not allowed.',
      },
    ];
    const before = await t.app.eventStore.headPosition();
    for (const { url, who, payload, message } of calls) {
      const answer = await t.app.inject({ method: 'POST', url, payload, headers: who ? { authorization: who } : {} });
      expect(answer.statusCode, `${url}: ${answer.body}`).toBe(400);
      expect(answer.json()).toEqual({ message });
    }
    expect(await t.app.eventStore.headPosition()).toBe(before);
  });
});
