import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HTTPMethods } from 'fastify';
import { MESSAGES, type Role } from '@plantride/schemas';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds } from '../test-support/test-database';
import { seedUsers } from '../test-support/seed';

/**
 * Names and mobiles by need (issue 17): a driver reads the requester of a ride he holds or held,
 * staff the requesters and drivers their screens list, a requester himself and the driver of his
 * own ride. Every other account answers exactly as an unknown token does.
 */
describe.each(testStoreKinds())('personal data on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const people: Array<[string, Role, string, ('Forklift' | 'Crane')?]> = [
    ['RQ01', 'requester', '9000000001'],
    ['RQ02', 'requester', '9000000002'],
    ['F001', 'driver', '9100000001', 'Forklift'],
    ['F002', 'driver', '9100000002', 'Forklift'],
    ['F003', 'driver', '9100000003', 'Forklift'],
    ['MH01', 'maintenanceHead', '9200000001'],
    ['AD01', 'admin', '9200000002'],
  ];
  const call = (who: string, method: HTTPMethods, url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${tokens[who]}` } });
  /** Both spec reads of an account, at least as new as `position`. */
  const readAccount = async (who: string, tokenNo: string, position: number) => {
    const specific = await call(who, 'GET', `/api/drivers/getSpecificRequester/${tokenNo}?position=${position}`);
    const plain = await call(who, 'GET', `/api/drivers/getRequester/${tokenNo}?position=${position}`);
    return { specific: { status: specific.statusCode, body: specific.body }, plain: { status: plain.statusCode, body: plain.body } };
  };
  const UNKNOWN = 'ZZ99';
  let rideId = '';
  let offeredRideId = '';
  let position = 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedUsers(
      t.app,
      people.map(([tokenNo, role, mobile, vehicleType]) => ({ tokenNo, role, vehicleType, name: `${tokenNo} Name`, mobile })),
    );
    for (const [tokenNo, role] of people) tokens[tokenNo] = await t.tokenFor(tokenNo, role);
    // RQ01's ride: F001 accepts it, staff hand it on, F002 takes it over. RQ02's ride is only offered.
    const book = (tokenNo: string) =>
      call(tokenNo, 'POST', '/api/bookings/book-ride', {
        userId: tokenNo,
        fromLocation: 'main gate',
        toLocation: 'canteen',
        vehicleType: 'Forklift',
        rideType: 'Regular',
      });
    rideId = (await book('RQ01')).json().rideId;
    expect((await call('F001', 'POST', '/api/tracking/accept-ride', { driverId: 'F001', rideId })).statusCode).toBe(200);
    const handedOn = await call('AD01', 'POST', '/api/maintenance/redistribute-ride', {
      rideId,
      originalDriverId: 'F001',
      vehicleType: 'Forklift',
      maintenanceComment: 'brakes',
    });
    expect(handedOn.statusCode, handedOn.body).toBe(200);
    const takenOver = await call('F002', 'POST', '/api/maintenance/accept-redistributed-ride', { rideId, newDriverId: 'F002' });
    expect(takenOver.statusCode, takenOver.body).toBe(200);
    const offered = await book('RQ02');
    expect(offered.statusCode).toBe(200);
    offeredRideId = offered.json().rideId;
    position = offered.json().position;
  });
  afterAll(async () => t.close());

  it('given RQ01’s ride that F001 held and F002 holds, when either driver reads RQ01, then he gets RQ01’s name and mobile', async () => {
    for (const driver of ['F001', 'F002']) {
      const answer = await readAccount(driver, 'RQ01', position);
      expect(answer.specific.status, driver).toBe(200);
      expect(JSON.parse(answer.specific.body), driver).toEqual({ requester: { FULL_NAME: 'RQ01 Name', MOBILE: '9000000001' } });
      expect(JSON.parse(answer.plain.body), driver).toEqual({ requester: [{ FULL_NAME: 'RQ01 Name', MOBILE: '9000000001' }] });
    }
  });

  it('given a driver with no ride of an account, when he asks for it (a requester, even one whose ride is offered to him, or staff), then the answer is the unknown token’s, byte for byte', async () => {
    const unknown = await readAccount('F003', UNKNOWN, position);
    expect(unknown.specific).toEqual({ status: 404, body: JSON.stringify({ message: MESSAGES.userNotFound }) });
    expect(unknown.plain).toEqual({ status: 200, body: JSON.stringify({ requester: [] }) });
    // F003 drives a Forklift as F001 and F002 do; RQ02's Forklift ride is offered to him but not his.
    expect(offeredRideId).not.toBe('');
    for (const [driver, tokenNo] of [
      ['F003', 'RQ01'],
      ['F003', 'RQ02'],
      ['F003', 'AD01'],
      ['F003', 'MH01'],
      ['F003', 'F001'],
      ['F001', 'RQ02'],
      ['F002', 'AD01'],
      ['F001', 'MH01'],
    ] as const) {
      expect(await readAccount(driver, tokenNo, position), `${driver} asking for ${tokenNo}`).toEqual(unknown);
    }
  });

  it('given staff, when they read requesters and drivers, then they get them; another staff account answers as an unknown token', async () => {
    for (const staff of ['MH01', 'AD01']) {
      for (const [tokenNo, mobile] of [
        ['RQ01', '9000000001'],
        ['RQ02', '9000000002'],
        ['F003', '9100000003'],
        [staff, staff === 'MH01' ? '9200000001' : '9200000002'],
      ]) {
        const answer = await readAccount(staff, tokenNo!, position);
        expect([answer.specific.status, JSON.parse(answer.specific.body)], `${staff} reading ${tokenNo}`).toEqual([
          200,
          { requester: { FULL_NAME: `${tokenNo} Name`, MOBILE: mobile } },
        ]);
      }
      const other = staff === 'MH01' ? 'AD01' : 'MH01';
      expect(await readAccount(staff, other, position), `${staff} asking for ${other}`).toEqual(
        await readAccount(staff, UNKNOWN, position),
      );
      expect((await readAccount(staff, UNKNOWN, position)).specific.status).toBe(404);
    }
  });

  it('given a requester, when he reads himself, then he gets his details; any other token, known or not, is the same 403', async () => {
    expect(JSON.parse((await readAccount('RQ01', 'RQ01', position)).specific.body)).toEqual({
      requester: { FULL_NAME: 'RQ01 Name', MOBILE: '9000000001' },
    });
    const unknown = await readAccount('RQ01', UNKNOWN, position);
    expect(unknown.specific.status).toBe(403);
    for (const tokenNo of ['RQ02', 'F002', 'AD01']) expect(await readAccount('RQ01', tokenNo, position), tokenNo).toEqual(unknown);
  });

  it('given a ride, when its requester follows it, then he sees the driver who holds it now (none while it waits), and another requester sees none of it', async () => {
    const booked = await call('RQ02', 'POST', '/api/bookings/book-ride', {
      userId: 'RQ02',
      fromLocation: 'canteen',
      toLocation: 'main gate',
      vehicleType: 'Forklift',
      rideType: 'Regular',
    });
    const ride = booked.json().rideId as string;
    const status = async (who: string, at: number) => (await call(who, 'GET', `/api/tracking/ride-status/${ride}?position=${at}`)).json();
    const driverOf = (answer: Record<string, unknown>) => [answer.DRIVER_ID, answer.DRIVER_NAME, answer.DRIVER_MOBILE];
    expect(driverOf(await status('RQ02', booked.json().position))).toEqual([null, null, null]);

    const accepted = await call('F003', 'POST', '/api/tracking/accept-ride', { driverId: 'F003', rideId: ride });
    expect(driverOf(await status('RQ02', accepted.json().position))).toEqual(['F003', 'F003 Name', '9100000003']);
    const handedOn = await call('MH01', 'POST', '/api/maintenance/redistribute-ride', {
      rideId: ride,
      originalDriverId: 'F003',
      vehicleType: 'Forklift',
      maintenanceComment: 'brakes',
    });
    expect(handedOn.statusCode, handedOn.body).toBe(200);
    // The driver who handed the ride on is no longer the requester's to call.
    expect(driverOf(await status('RQ02', handedOn.json().position))).toEqual([null, null, null]);
    const takenOver = await call('F001', 'POST', '/api/maintenance/accept-redistributed-ride', { rideId: ride, newDriverId: 'F001' });
    expect(takenOver.statusCode, takenOver.body).toBe(200);
    expect(driverOf(await status('RQ02', takenOver.json().position))).toEqual(['F001', 'F001 Name', '9100000001']);

    // Another requester: the ride's status and times are refused, its driver never named.
    for (const url of [`/api/tracking/ride-status/${ride}`, `/api/bookings/get-timestamps/${ride}`]) {
      const stranger = await call('RQ01', 'GET', url);
      expect(stranger.statusCode, url).toBe(403);
      expect(stranger.body, url).not.toMatch(/F001|9100000001/);
    }
  });
});
