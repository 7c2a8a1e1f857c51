import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZES, TEXT_LIMITS, pageLimitMessage, pageOffsetMessage, type Role } from '@plantride/schemas';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds } from '../test-support/test-database';
import { seedUsers } from '../test-support/seed';

const RIDES = 7;

describe.each(testStoreKinds())('bounded lists on %s', (kind) => {
  let t: TestApp;
  let position = 0;
  const tokens: Record<string, string> = {};
  const people: Array<[string, Role]> = [
    ['RQ01', 'requester'],
    ['DR01', 'driver'],
    ['DR02', 'driver'],
    ['DR03', 'driver'],
    ['DR04', 'driver'],
    ['AD01', 'admin'],
  ];
  const as = (tokenNo: string) => ({ authorization: `Bearer ${tokens[tokenNo]}` });
  const get = (tokenNo: string, url: string) =>
    t.app.inject({ method: 'GET', url: `${url}${url.includes('?') ? '&' : '?'}position=${position}`, headers: as(tokenNo) });
  const ids = (rows: Array<{ RIDE_ID: string }>) => rows.map((row) => row.RIDE_ID);

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedUsers(
      t.app,
      people.map(([tokenNo, role]) => ({ tokenNo, role, vehicleType: role === 'driver' ? 'Forklift' : undefined })),
    );
    for (const [tokenNo, role] of people) tokens[tokenNo] = await t.tokenFor(tokenNo, role);
    for (let i = 0; i < RIDES; i++) {
      const booked = await t.app.inject({
        method: 'POST',
        url: '/api/bookings/book-ride',
        headers: as('RQ01'),
        payload: {
          userId: 'RQ01',
          fromLocation: 'main gate',
          toLocation: 'canteen',
          vehicleType: 'Forklift',
          rideType: 'Regular',
          reqName: 'Asha Rao',
          reqMobileNo: '9000000001',
        },
      });
      expect(booked.statusCode, booked.body).toBe(200);
      position = booked.json().position;
    }
    // Three drivers file maintenance (and are blocked by it).
    for (const driver of ['DR02', 'DR03', 'DR04']) {
      const filed = await t.app.inject({
        method: 'POST',
        url: '/api/requests/maintenanceReq',
        headers: as(driver),
        payload: {
          driver_id: driver,
          driver_name: 'Ravi',
          vehicle_type: 'Forklift',
          issue: 'Engine Issue',
          comment_text: 'smoke',
          status: 'pending',
          breakdown_type: 'full',
          ride_id: null,
        },
      });
      expect(filed.statusCode, filed.body).toBe(200);
      position = filed.json().position;
    }
  });
  afterAll(async () => t?.close());

  it('given 7 rides waiting, when a driver reads them page by page, then each page holds its slice in the full order and tells the total', async () => {
    const whole = (await get('DR01', '/api/drivers/available-rides?vehicleType=Forklift')).json();
    expect(whole).toMatchObject({ total: RIDES, limit: PAGE_SIZES.availableRides.default, offset: 0 });
    expect(whole.rides.rows).toHaveLength(RIDES);
    const pages = [];
    for (const offset of [0, 3, 6]) {
      const answer = await get('DR01', `/api/drivers/available-rides?vehicleType=Forklift&limit=3&offset=${offset}`);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toMatchObject({ total: RIDES, limit: 3, offset });
      pages.push(...ids(answer.json().rides.rows));
    }
    expect(pages).toEqual(ids(whole.rides.rows));
    const past = (await get('DR01', '/api/drivers/available-rides?vehicleType=Forklift&limit=3&offset=30')).json();
    expect(past).toEqual({ rides: { rows: [] }, total: RIDES, limit: 3, offset: 30 });
    expect(
      (await get('DR01', `/api/drivers/available-rides?vehicleType=Forklift&limit=${PAGE_SIZES.availableRides.max}`)).json().rides.rows,
    ).toHaveLength(RIDES);
  });

  it.each([
    ['a limit over the largest', `limit=${PAGE_SIZES.availableRides.max + 1}`, pageLimitMessage(PAGE_SIZES.availableRides.max)],
    ['a limit of 0', 'limit=0', pageLimitMessage(PAGE_SIZES.availableRides.max)],
    ['a fractional limit', 'limit=2.5', pageLimitMessage(PAGE_SIZES.availableRides.max)],
    ['a limit that is no number', 'limit=all', pageLimitMessage(PAGE_SIZES.availableRides.max)],
    ['a negative offset', 'offset=-1', pageOffsetMessage],
    ['an offset past the largest', 'offset=1e12', pageOffsetMessage],
  ])('given %s, when available rides are asked for, then the answer is 400 naming the bound', async (_what, query, message) => {
    const answer = await get('DR01', `/api/drivers/available-rides?vehicleType=Forklift&${query}`);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json()).toEqual({ message });
  });

  it('given a requester with 7 rides, when his history is read in pages, then the pages add up to the whole, newest first, with the total', async () => {
    const whole = (await get('RQ01', '/api/ride-history/user?userId=RQ01')).json();
    expect(whole).toMatchObject({ total: RIDES, limit: PAGE_SIZES.list.default, offset: 0 });
    const first = (await get('RQ01', '/api/ride-history/user?userId=RQ01&limit=4')).json();
    const second = (await get('RQ01', '/api/ride-history/user?userId=RQ01&limit=4&offset=4')).json();
    expect([first.history.length, second.history.length, first.total, second.total]).toEqual([4, 3, RIDES, RIDES]);
    expect([...first.history, ...second.history].map((row: { RIDE_ID: string }) => row.RIDE_ID)).toEqual(ids(whole.history));
    const over = await get('RQ01', `/api/ride-history/user?userId=RQ01&limit=${PAGE_SIZES.list.max + 1}`);
    expect([over.statusCode, over.json()]).toEqual([400, { message: pageLimitMessage(PAGE_SIZES.list.max) }]);
    // A driver's completed rides: none yet, and the page says so.
    expect((await get('DR01', '/api/ride-history?driverId=DR01&limit=5')).json()).toEqual({ history: [], total: 0, limit: 5, offset: 0 });
  });

  it('given four drivers, three blocked for maintenance, when staff read the lists in pages, then each page is bounded and tells the total (a bare list in X-Total-Count)', async () => {
    const drivers = (await get('AD01', '/api/drivers/getDrivers?limit=2')).json();
    expect(drivers.drivers).toHaveLength(2);
    expect(drivers).toMatchObject({ total: 4, limit: 2, offset: 0 });

    const blocked = await get('AD01', '/api/drivers/blocked?limit=2&offset=1');
    expect(blocked.json()).toEqual([{ id: 'DR03' }, { id: 'DR04' }]);
    expect(blocked.headers['x-total-count']).toBe('3');

    const requests = await get('AD01', '/api/requests/maintenanceReq?limit=2');
    expect(requests.json()).toHaveLength(2);
    expect(requests.headers['x-total-count']).toBe('3');
    const rest = await get('AD01', '/api/requests/maintenanceReq?limit=2&offset=2');
    expect(rest.json()).toHaveLength(1);
    expect(new Set([...requests.json(), ...rest.json()].map((row: { DRIVER_ID: string }) => row.DRIVER_ID))).toEqual(
      new Set(['DR02', 'DR03', 'DR04']),
    );
    const over = await get('AD01', `/api/requests/maintenanceReq?limit=${PAGE_SIZES.list.max + 1}`);
    expect([over.statusCode, over.json()]).toEqual([400, { message: pageLimitMessage(PAGE_SIZES.list.max) }]);
  });

  it('given a 60 KB requester name, when a ride is booked with it, then the answer is 400 naming the limit and nothing is stored', async () => {
    const before = await t.app.eventStore.headPosition();
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/bookings/book-ride',
      headers: as('RQ01'),
      payload: {
        userId: 'RQ01',
        fromLocation: 'main gate',
        toLocation: 'canteen',
        vehicleType: 'Forklift',
        rideType: 'Regular',
        reqName: 'A'.repeat(60 * 1024),
        reqMobileNo: '9000000001',
      },
    });
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json()).toEqual({ message: `Requester name must be at most ${TEXT_LIMITS.name} characters.` });
    expect(await t.app.eventStore.headPosition()).toBe(before);
  });
});
