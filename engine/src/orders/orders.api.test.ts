import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_MESSAGES, SERVICE_SCOPES, type Actor } from '@plantride/schemas';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds } from '../test-support/test-database';
import { seedPeople } from '../test-support/people';
import { START } from '../event-store/event-store';
import { loadConfig } from '../config';

/*
 * Issue #33 items 1 and 2 through HTTP, on each store: service accounts and their keys (shown once,
 * rotated with an overlap, revoked at once, last use recorded), the `/api/v1` scope check, orders
 * (idempotent by `externalRef`, also under concurrent repeats), cancelling one, and machine triggers.
 */
type Body = Record<string, unknown>;

/** Every /api/v1 route: method, pattern, a URL of it, and the scope a key needs (one of them, for the order's read). */
const V1_ROUTES: ReadonlyArray<readonly ['GET' | 'POST' | 'DELETE', string, string, string]> = [
  ['POST', '/api/v1/orders', '/api/v1/orders', 'orders:write'],
  ['GET', '/api/v1/orders/:externalRef', '/api/v1/orders/ref-1', 'orders:write" or "rides:read'],
  ['DELETE', '/api/v1/orders/:externalRef', '/api/v1/orders/ref-1', 'orders:write'],
  ['POST', '/api/v1/triggers/:triggerId', '/api/v1/triggers/button-1', 'orders:write'],
  ['GET', '/api/v1/rides/:rideId', '/api/v1/rides/R1', 'rides:read'],
  ['GET', '/api/v1/site', '/api/v1/site', 'site:read'],
  ['POST', '/api/v1/webhooks', '/api/v1/webhooks', 'webhooks:manage'],
  ['GET', '/api/v1/webhooks', '/api/v1/webhooks', 'webhooks:manage'],
  ['GET', '/api/v1/webhooks/:subscriptionId/deliveries', '/api/v1/webhooks/wh0000/deliveries', 'webhooks:manage'],
  ['POST', '/api/v1/webhooks/:subscriptionId/rotate-secret', '/api/v1/webhooks/wh0000/rotate-secret', 'webhooks:manage'],
  ['POST', '/api/v1/webhooks/:subscriptionId/replay', '/api/v1/webhooks/wh0000/replay', 'webhooks:manage'],
  ['DELETE', '/api/v1/webhooks/:subscriptionId', '/api/v1/webhooks/wh0000', 'webhooks:manage'],
];

describe.each(testStoreKinds())('service accounts and orders, on %s', (kind) => {
  let t: TestApp;
  let tokens: Record<string, string> = {};
  const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Body) =>
    t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${tokens.AD01}` } });
  const machine = (key: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: Body) =>
    t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${key}` } });
  const create = async (name: string, scopes: string[]) => {
    const created = await admin('POST', '/api/service-accounts', { name, scopes });
    expect(created.statusCode, created.body).toBe(200);
    return created.json<{ accountId: string; apiKey: string; keyId: string }>();
  };
  const order = (externalRef: string, extra: Body = {}): Body => ({
    externalRef,
    requester: 'RQ01',
    fromLocation: 'main gate',
    toLocation: 'canteen',
    vehicleType: 'Forklift',
    rideType: 'Regular',
    ...extra,
  });
  const allEvents = () => t.app.eventStore.readAll(START, 100_000);

  beforeAll(async () => {
    t = await createTestApp(kind);
    tokens = await seedPeople(t, [
      ['RQ01', 'requester'],
      ['F001', 'driver'],
      ['AD01', 'admin'],
      ['MH01', 'maintenanceHead'],
    ]);
  });
  afterAll(async () => t.close());

  it('given an admin creates a service account, then its key is shown once, only its hash is stored, and only an admin may manage accounts', async () => {
    const { accountId, apiKey, keyId } = await create('MES line 4', ['orders:write', 'rides:read']);
    expect(apiKey).toMatch(new RegExp(`^prk_${accountId}_${keyId}_[A-Za-z0-9_-]{43}$`));
    const secret = apiKey.split('_').slice(3).join('_');
    const stored = JSON.stringify(await allEvents());
    expect(stored).not.toContain(secret);

    const list = await admin('GET', '/api/service-accounts');
    expect(list.body).not.toContain(secret);
    const row = list.json<{ accounts: Body[] }>().accounts.find((account) => account.accountId === accountId);
    expect(row).toMatchObject({ name: 'MES line 4', scopes: ['orders:write', 'rides:read'], revokedAt: null, lastUsedAt: null });

    for (const who of ['RQ01', 'F001', 'MH01']) {
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/service-accounts',
        payload: { name: 'x', scopes: ['orders:write'] },
        headers: { authorization: `Bearer ${tokens[who]}` },
      });
      expect(refused.statusCode).toBe(403);
    }
    const duplicate = await admin('POST', '/api/service-accounts', { name: 'mes LINE 4', scopes: ['site:read'] });
    expect(duplicate.statusCode).toBe(409);
    const badScope = await admin('POST', '/api/service-accounts', { name: 'WMS', scopes: ['everything'] });
    expect(badScope.statusCode).toBe(400);
  });

  it('given the route table, then every /api/v1 route is in the scope matrix below, and only those', () => {
    const listed = t.app.registeredRoutes.filter(({ url, method }) => url.startsWith('/api/v1/') && method !== 'HEAD');
    expect(listed.map(({ method, url }) => `${String(method)} ${url}`).sort()).toEqual(
      V1_ROUTES.map(([method, pattern]) => `${method} ${pattern}`).sort(),
    );
  });

  it('given the /api/v1 routes, then each refuses no key, a forged key, a person’s session and a key without its scope, and a key opens no web-app route', async () => {
    const { apiKey } = await create('Site reader', ['site:read']);
    const forged = apiKey.slice(0, -4) + (apiKey.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    // For each route, a key with every scope but the one (or two) it needs.
    const lacking: Record<string, string> = {};
    for (const [, , , scope] of V1_ROUTES)
      lacking[scope] ??= (
        await create(
          `Lacks ${scope}`,
          SERVICE_SCOPES.filter((one) => !scope.split('" or "').includes(one)),
        )
      ).apiKey;
    for (const [method, , url, scope] of V1_ROUTES) {
      expect((await t.app.inject({ method, url, payload: method === 'POST' ? order('x') : undefined })).json()).toEqual({
        message: SERVICE_MESSAGES.keyRequired,
      });
      expect((await machine(forged, method, url, method === 'POST' ? order('x') : undefined)).statusCode).toBe(401);
      expect((await machine(tokens.AD01!, method, url, method === 'POST' ? order('x') : undefined)).statusCode).toBe(401);
      const refused = await machine(lacking[scope]!, method, url, method === 'POST' ? order('x') : undefined);
      expect([refused.statusCode, refused.json()], `${method} ${url}`).toEqual([403, { message: SERVICE_MESSAGES.scopeMissing(scope) }]);
    }
    const site = await machine(apiKey, 'GET', '/api/v1/site');
    expect(site.statusCode).toBe(200);
    expect(site.json<{ locations: Body[] }>().locations.length).toBeGreaterThan(0);
    // A key is no session: the web app's routes refuse it.
    expect((await machine(apiKey, 'GET', '/api/site')).statusCode).toBe(401);
  });

  it('given an order, then it books the ride as the account; a repeat answers the first ride; another body under its ref is 409; it can be read and cancelled', async () => {
    const { accountId, apiKey } = await create('WMS', ['orders:write']);
    const before = (await allEvents()).length;
    const placed = await machine(apiKey, 'POST', '/api/v1/orders', order('PUT-0001', { priority: 'urgent', callbackTag: 'dock-7' }));
    expect(placed.statusCode, placed.body).toBe(201);
    const ride = placed.json<Body>();
    expect(ride).toMatchObject({
      externalRef: 'PUT-0001',
      status: 'requested',
      priority: 'urgent',
      requesterId: 'RQ01',
      callbackTag: 'dock-7',
    });

    const written = (await allEvents()).slice(before);
    const requested = written.filter((event) => event.type === 'RideRequested');
    expect(requested).toHaveLength(1);
    expect(requested[0]!.metadata.actor).toEqual({ service: accountId, name: 'WMS' } satisfies Actor);
    expect(written.map((event) => event.type)).toContain('OrderPlaced');

    const again = await machine(apiKey, 'POST', '/api/v1/orders', order('PUT-0001', { priority: 'urgent', callbackTag: 'dock-7' }));
    expect([again.statusCode, again.json<Body>().rideId]).toEqual([200, ride.rideId]);
    const changed = await machine(apiKey, 'POST', '/api/v1/orders', order('PUT-0001', { priority: 'normal' }));
    expect([changed.statusCode, changed.json()]).toEqual([409, { message: SERVICE_MESSAGES.orderRefTaken }]);
    expect((await allEvents()).length).toBe(before + written.length);

    const read = await machine(apiKey, 'GET', '/api/v1/orders/PUT-0001');
    expect(read.json<Body>()).toMatchObject({ rideId: ride.rideId, status: 'requested' });
    const cancelled = await machine(apiKey, 'DELETE', '/api/v1/orders/PUT-0001');
    expect([cancelled.statusCode, cancelled.json<Body>().status]).toEqual([200, 'cancelled']);
    const cancelledEvent = (await allEvents()).find(
      (event) => event.type === 'RideCancelled' && (event.data as Body).rideId === ride.rideId,
    );
    expect((cancelledEvent?.data as Body).cancelledBy).toBe(accountId);
    expect((await machine(apiKey, 'DELETE', '/api/v1/orders/PUT-0001')).statusCode).toBe(409);
    expect((await machine(apiKey, 'GET', '/api/v1/orders/NOPE')).statusCode).toBe(404);

    // Another account's ref is its own: the same ref books another ride there.
    const other = await create('MES line 5', ['orders:write']);
    const theirs = await machine(other.apiKey, 'POST', '/api/v1/orders', order('PUT-0001'));
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json<Body>().rideId).not.toBe(ride.rideId);
  });

  it('given twelve concurrent repeats of one order, then one ride is booked and every answer names it', async () => {
    const { apiKey } = await create('PLC cell 2', ['orders:write']);
    const answers = await Promise.all(Array.from({ length: 12 }, () => machine(apiKey, 'POST', '/api/v1/orders', order('CONC-1'))));
    expect(answers.map((answer) => answer.statusCode).sort((a, b) => a - b)).toEqual([...Array<number>(11).fill(200), 201]);
    expect(new Set(answers.map((answer) => answer.json<Body>().rideId)).size).toBe(1);
    const rideId = answers[0]!.json<Body>().rideId;
    const booked = (await allEvents()).filter((event) => event.type === 'RideRequested' && (event.data as Body).rideId === rideId);
    expect(booked).toHaveLength(1);
    expect(
      (await allEvents()).filter((event) => event.type === 'OrderPlaced' && (event.data as Body).externalRef === 'CONC-1'),
    ).toHaveLength(1);
  });

  it('given an order for a cost centre, a bad body or an unknown requester, then the cost centre names the ride, and the bad ones are 400 with nothing written', async () => {
    const { accountId, apiKey } = await create('ERP', ['orders:write']);
    const centre = await machine(apiKey, 'POST', '/api/v1/orders', { ...order('CC-1'), requester: undefined, costCentre: 'CC 4711' });
    expect(centre.statusCode, centre.body).toBe(201);
    expect(centre.json<Body>()).toMatchObject({ requesterId: accountId, costCentre: 'CC 4711' });
    const before = (await allEvents()).length;
    const none = await machine(apiKey, 'POST', '/api/v1/orders', { ...order('CC-2'), requester: undefined });
    expect([none.statusCode, none.json()]).toEqual([400, { message: SERVICE_MESSAGES.requesterOrCostCentre }]);
    expect((await machine(apiKey, 'POST', '/api/v1/orders', order('CC-3', { requester: 'ZZ99' }))).statusCode).toBe(400);
    expect((await machine(apiKey, 'POST', '/api/v1/orders', order('bad ref with spaces'))).statusCode).toBe(400);
    expect((await machine(apiKey, 'POST', '/api/v1/orders', order('CC-4', { toLocation: 'main gate' }))).statusCode).toBe(400);
    expect((await machine(apiKey, 'POST', '/api/v1/orders', order('CC-5', { fromLocation: 'the moon' }))).statusCode).toBe(400);
    expect((await allEvents()).length).toBe(before);
  });

  it('given a key rotated with an overlap, then both keys work until it ends; rotated without one the old key is refused; revoked, every key is refused at once', async () => {
    const { accountId, apiKey: first } = await create('AGV bridge', ['rides:read', 'site:read']);
    const rotated = await admin('POST', `/api/service-accounts/${accountId}/rotate`, { overlapMinutes: 30 });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const second = rotated.json<{ apiKey: string; previousValidUntil: string }>();
    expect(Date.parse(second.previousValidUntil) - Date.now()).toBeGreaterThan(29 * 60_000);
    expect((await machine(first, 'GET', '/api/v1/site')).statusCode).toBe(200);
    expect((await machine(second.apiKey, 'GET', '/api/v1/site')).statusCode).toBe(200);

    const third = (await admin('POST', `/api/service-accounts/${accountId}/rotate`, { overlapMinutes: 0 })).json<{ apiKey: string }>();
    expect((await machine(first, 'GET', '/api/v1/site')).statusCode).toBe(401);
    expect((await machine(second.apiKey, 'GET', '/api/v1/site')).statusCode).toBe(401);
    expect((await machine(third.apiKey, 'GET', '/api/v1/site')).statusCode).toBe(200);
    const listed = (await admin('GET', '/api/service-accounts'))
      .json<{ accounts: Body[] }>()
      .accounts.find((a) => a.accountId === accountId)!;
    expect(listed.keys).toHaveLength(1);
    expect(listed.lastUsedAt).not.toBeNull();

    expect((await admin('DELETE', `/api/service-accounts/${accountId}`)).statusCode).toBe(200);
    expect((await machine(third.apiKey, 'GET', '/api/v1/site')).statusCode).toBe(401);
    expect((await admin('POST', `/api/service-accounts/${accountId}/rotate`, {})).statusCode).toBe(409);
  });

  it('given a machine trigger, then a press books its ride, presses inside the window answer that ride, and a press after the ride is cancelled books another', async () => {
    const { accountId, apiKey } = await create('Press line button', ['orders:write']);
    const set = await admin('PUT', `/api/service-accounts/${accountId}/triggers/bin-full-3`, {
      fromLocation: 'main gate',
      toLocation: 'canteen',
      vehicleType: 'Forklift',
      priority: 'urgent',
      windowSeconds: 600,
    });
    expect(set.statusCode, set.body).toBe(200);
    const first = await machine(apiKey, 'POST', '/api/v1/triggers/bin-full-3');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<Body>()).toMatchObject({ triggerId: 'bin-full-3', newRide: true, priority: 'urgent', status: 'requested' });
    const presses = await Promise.all(Array.from({ length: 5 }, () => machine(apiKey, 'POST', '/api/v1/triggers/bin-full-3')));
    expect(presses.map((press) => [press.statusCode, press.json<Body>().rideId])).toEqual(
      Array.from({ length: 5 }, () => [200, first.json<Body>().rideId]),
    );
    const rideId = first.json<{ rideId: string }>().rideId;
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/bookings/cancel/${rideId}`, headers: { authorization: `Bearer ${tokens.AD01}` } }))
        .statusCode,
    ).toBe(200);
    const after = await machine(apiKey, 'POST', '/api/v1/triggers/bin-full-3');
    expect([after.statusCode, after.json<Body>().newRide]).toEqual([201, true]);
    expect(after.json<Body>().rideId).not.toBe(rideId);

    expect((await machine(apiKey, 'POST', '/api/v1/triggers/unknown')).statusCode).toBe(404);
    const badPlace = await admin('PUT', `/api/service-accounts/${accountId}/triggers/t2`, {
      fromLocation: 'the moon',
      toLocation: 'canteen',
      vehicleType: 'Forklift',
    });
    expect(badPlace.statusCode).toBe(400);
    expect((await admin('DELETE', `/api/service-accounts/${accountId}/triggers/bin-full-3`)).statusCode).toBe(200);
    expect((await machine(apiKey, 'POST', '/api/v1/triggers/bin-full-3')).statusCode).toBe(404);
  });
});

describe('a service account’s allowance', () => {
  it('given an account past its calls in a window, then it is answered 429 with Retry-After, and another account is not', async () => {
    const t = await createTestApp(testStoreKinds()[0]!, { config: { ...loadConfig(), SERVICE_RATE_BURST: 3, SERVICE_RATE_PER_SEC: 0.05 } });
    try {
      const tokens = await seedPeople(t, [['AD01', 'admin']]);
      const key = async (name: string) =>
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/service-accounts',
            payload: { name, scopes: ['site:read'] },
            headers: { authorization: `Bearer ${tokens.AD01}` },
          })
        ).json<{ apiKey: string }>().apiKey;
      const [busy, quiet] = [await key('Busy'), await key('Quiet')];
      const call = (apiKey: string) => t.app.inject({ method: 'GET', url: '/api/v1/site', headers: { authorization: `Bearer ${apiKey}` } });
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await call(busy));
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 429]);
      expect(Number(answers[3]!.headers['retry-after'])).toBeGreaterThan(0);
      expect((await call(quiet)).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
