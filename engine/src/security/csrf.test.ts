import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { HTTPMethods } from 'fastify';
import { SERVER_MESSAGES, type Role } from '@plantride/schemas';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds } from '../test-support/test-database';
import { seedUsers } from '../test-support/seed';

const HOST = 'rides.plant.example';
const OWN = `https://${HOST}`;
// Same site, other origins: a sibling subdomain and another port of the engine's own host.
const FOREIGN = ['https://evil.example', 'https://intranet.plant.example', `https://${HOST}:8443`, 'null'];
const ride = { userId: 'RQ01', fromLocation: 'main gate', toLocation: 'canteen', vehicleType: 'Forklift', rideType: 'Regular' };

type Headers = Record<string, string>;

describe.each(testStoreKinds())('cross-site request forgery on %s', (kind) => {
  let t: TestApp;
  const cookieOf: Record<string, string> = {};
  const bearerOf: Record<string, Headers> = {};

  const call = (method: HTTPMethods, url: string, headers: Headers, payload?: object | string) =>
    t.app.inject({ method, url, headers: { host: HOST, ...headers }, payload });
  const head = () => t.app.eventStore.headPosition();
  const bookAs = (headers: Headers) => call('POST', '/api/bookings/book-ride', headers, ride);
  // A driver carries one ride at a time: each test's ride has its own driver.
  const acceptedRide = async (driverId: string) => {
    const rideId = (await bookAs(bearerOf.RQ01!)).json().rideId as string;
    expect((await call('POST', '/api/tracking/accept-ride', bearerOf[driverId]!, { rideId, driverId })).statusCode).toBe(200);
    return rideId;
  };
  /** A signed-in account with a real session (one its logout ends). */
  const session = async (tokenNo: string) => {
    expect((await call('POST', '/api/auth/signup', {}, { token_no: tokenNo, password: `pw-${tokenNo}` })).statusCode).toBe(201);
    const token = (await call('POST', '/api/auth/signin', {}, { token_no: tokenNo, password: `pw-${tokenNo}` })).json().user
      .jwt_token as string;
    return { cookie: `token=${encodeURIComponent(token)}`, authorization: `Bearer ${token}` };
  };
  const meByCookie = (cookie: string) => call('GET', '/api/users/me', { cookie });

  const expectRefused = async (request: () => Promise<{ statusCode: number; json(): unknown }>) => {
    const before = await head();
    const answer = await request();
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toEqual({ message: SERVER_MESSAGES.crossSiteRequestRefused });
    expect(await head()).toBe(before);
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    const drivers = ['F001', 'F002', 'F003'];
    await seedUsers(t.app, [
      { tokenNo: 'RQ01', role: 'requester' },
      ...drivers.map((tokenNo) => ({ tokenNo, role: 'driver' as const, vehicleType: 'Forklift' as const })),
    ]);
    for (const [tokenNo, role] of [['RQ01', 'requester'], ...drivers.map((tokenNo) => [tokenNo, 'driver'])] as Array<[string, Role]>) {
      const token = await t.tokenFor(tokenNo, role);
      cookieOf[tokenNo] = `token=${encodeURIComponent(token)}`;
      bearerOf[tokenNo] = { authorization: `Bearer ${token}` };
    }
  });
  afterAll(async () => t.close());

  it('given a session cookie, when another origin’s page logs the user out (JSON or a text/plain form body), then it is refused, nothing is appended and the session still works', async () => {
    const { cookie } = await session('LG01');
    for (const origin of FOREIGN) {
      await expectRefused(() => call('POST', '/api/auth/logout', { cookie, origin }));
      await expectRefused(() => call('POST', '/api/auth/logout', { cookie, origin, 'content-type': 'text/plain' }, 'x'));
      await expectRefused(() => call('POST', '/api/auth/logout', { cookie, origin, 'content-type': 'application/json' }));
    }
    expect((await meByCookie(cookie)).statusCode).toBe(200);
  });

  it('given a session cookie, when the engine’s own page logs out, then the session ends', async () => {
    const { cookie } = await session('LG02');
    expect((await call('POST', '/api/auth/logout', { cookie, origin: OWN, 'content-type': 'text/plain' }, '')).statusCode).toBe(200);
    expect((await meByCookie(cookie)).statusCode).toBe(401);
  });

  it('given a session cookie, when another origin books a ride or records a driver’s step, then each is refused and nothing is appended', async () => {
    const rideId = await acceptedRide('F001');
    for (const origin of FOREIGN) {
      await expectRefused(() => bookAs({ cookie: cookieOf.RQ01!, origin }));
      await expectRefused(() =>
        call('PUT', '/api/bookings/update-timestamps', { cookie: cookieOf.F001!, origin }, { rideId, event: 'start' }),
      );
      await expectRefused(() => call('DELETE', `/api/bookings/cancel/${rideId}`, { cookie: cookieOf.RQ01!, origin }));
    }
    // The ride was not started by any of them: the driver's own start is still the next step.
    expect(
      (await call('PUT', '/api/bookings/update-timestamps', { cookie: cookieOf.F001!, origin: OWN }, { rideId, event: 'start' }))
        .statusCode,
    ).toBe(200);
  });

  it('given a session cookie, when the engine’s own page books a ride and records a step, then both are done', async () => {
    const before = await head();
    const booked = await bookAs({ cookie: cookieOf.RQ01!, origin: OWN });
    expect(booked.statusCode).toBe(200);
    expect(await head()).toBeGreaterThan(before);
    const rideId = await acceptedRide('F002');
    const step = await call('PUT', '/api/bookings/update-timestamps', { cookie: cookieOf.F002!, origin: OWN }, { rideId, event: 'start' });
    expect(step.statusCode).toBe(200);
    // X-Forwarded-Host counts only from a proxy TRUST_PROXY names (issue #31): this engine trusts none.
    await expectRefused(() =>
      call(
        'POST',
        '/api/bookings/book-ride',
        { cookie: cookieOf.RQ01!, origin: 'https://rides.example.com', host: '10.0.0.7:3000', 'x-forwarded-host': 'rides.example.com' },
        ride,
      ),
    );
  });

  it('given the Vite dev server on loopback proxying to a loopback engine, when its page sends a command with the cookie, then it is done', async () => {
    const answer = await call(
      'POST',
      '/api/bookings/book-ride',
      { cookie: cookieOf.RQ01!, origin: 'http://localhost:5173', host: '127.0.0.1:3000' },
      ride,
    );
    expect(answer.statusCode).toBe(200);
  });

  it('given a bearer token, when another origin calls with it (logout included), then the call is done: CORS is the browser’s business', async () => {
    expect((await bookAs({ ...bearerOf.RQ01, cookie: cookieOf.RQ01!, origin: 'https://evil.example' })).statusCode).toBe(200);
    const rideId = await acceptedRide('F003');
    expect(
      (
        await call(
          'PUT',
          '/api/bookings/update-timestamps',
          { ...bearerOf.F003, origin: 'https://evil.example' },
          { rideId, event: 'start' },
        )
      ).statusCode,
    ).toBe(200);
    const { cookie, authorization } = await session('LG03');
    expect((await call('POST', '/api/auth/logout', { authorization, cookie, origin: 'https://evil.example' })).statusCode).toBe(200);
    expect((await meByCookie(cookie)).statusCode).toBe(401);
  });

  it('given a session cookie and no Origin, then Sec-Fetch-Site same-origin or none lets the command through and anything else, or nothing, is refused', async () => {
    await expectRefused(() => bookAs({ cookie: cookieOf.RQ01! }));
    await expectRefused(() => bookAs({ cookie: cookieOf.RQ01!, 'sec-fetch-site': 'same-site' }));
    await expectRefused(() => bookAs({ cookie: cookieOf.RQ01!, 'sec-fetch-site': 'cross-site' }));
    expect((await bookAs({ cookie: cookieOf.RQ01!, 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    expect((await bookAs({ cookie: cookieOf.RQ01!, 'sec-fetch-site': 'none' })).statusCode).toBe(200);
    // A script or integration without a browser sends the bearer header and no Origin.
    expect((await bookAs(bearerOf.RQ01!)).statusCode).toBe(200);
  });

  it('given a session cookie, when another origin reads, then the read is answered (the browser keeps the answer from the page)', async () => {
    expect((await call('GET', '/api/users/me', { cookie: cookieOf.RQ01!, origin: 'https://evil.example' })).statusCode).toBe(200);
  });

  it('given a stale session cookie, when another origin signs in over it, then it is refused; without a cookie sign-in and sign-up are untouched', async () => {
    await session('LG04');
    const credentials = { token_no: 'LG04', password: 'pw-LG04' };
    await expectRefused(() =>
      call('POST', '/api/auth/signin', { cookie: cookieOf.RQ01!, origin: 'https://intranet.plant.example' }, credentials),
    );
    expect((await call('POST', '/api/auth/signin', { cookie: cookieOf.RQ01!, origin: OWN }, credentials)).statusCode).toBe(200);
    expect((await call('POST', '/api/auth/signin', { origin: 'https://intranet.plant.example' }, credentials)).statusCode).toBe(200);
    expect(
      (await call('POST', '/api/auth/signup', { origin: 'https://intranet.plant.example' }, { token_no: 'LG05', password: 'pw-LG05' }))
        .statusCode,
    ).toBe(201);
  });
});

describe('cross-site request forgery with CORS_ORIGINS', () => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
    vi.unstubAllEnvs();
  });

  it('given CORS_ORIGINS, when a listed origin sends a command with the cookie, then it is done; an unlisted one is refused', async () => {
    vi.stubEnv('CORS_ORIGINS', 'https://ops.plant.example');
    t = await createTestApp(testStoreKinds()[0]!);
    await seedUsers(t.app, [
      { tokenNo: 'RQ01', role: 'requester' },
      { tokenNo: 'F001', role: 'driver', vehicleType: 'Forklift' },
    ]);
    const cookie = `token=${encodeURIComponent(await t.tokenFor('RQ01', 'requester'))}`;
    const book = (origin: string) =>
      t.app.inject({ method: 'POST', url: '/api/bookings/book-ride', headers: { host: HOST, cookie, origin }, payload: ride });
    expect((await book('https://ops.plant.example')).statusCode).toBe(200);
    const before = await t.app.eventStore.headPosition();
    expect((await book('https://ops.plant.example.evil.example')).statusCode).toBe(403);
    expect(await t.app.eventStore.headPosition()).toBe(before);
  });
});
