import webpush from 'web-push';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_DISPATCH_SETTINGS, PUSH_MESSAGES, type Role, type VehicleType } from '@plantride/schemas';
import { loadConfig } from '../config';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds, waitFor } from '../test-support/test-database';
import { seedUsers } from '../test-support/seed';
import { TestPushService, type TestDevice } from '../test-support/push-service';
import { PUSH_TEXT } from './push-notifications';

// Issue #34 item 1: Web Push, end to end through a push service of the test's own, which decrypts each
// payload with the device's keys and checks the VAPID signature with code of its own (push-service.ts).
describe.each(testStoreKinds())('web push on %s', (kind) => {
  const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:transport@plant.example' };
  const people: Array<[string, Role, VehicleType?]> = [
    ['AD01', 'admin'],
    ['MH01', 'maintenanceHead'],
    ['RQ01', 'requester'],
    ['FL01', 'driver', 'Forklift'],
    ['FL02', 'driver', 'Forklift'],
    ['CR01', 'driver', 'Crane'],
  ];
  const tokens: Record<string, string> = {};
  // The engine's warnings and errors (a push not delivered, a failed preparation), for a failure's message.
  const logs: string[] = [];
  let t: TestApp;
  let service: TestPushService;

  const call = (tokenNo: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${tokens[tokenNo]}` } });
  const ok = async (tokenNo: string, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
    const answer = await call(tokenNo, method, url, payload);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ rideId?: string; position: number }>();
  };
  const subscribe = async (tokenNo: string): Promise<TestDevice> => {
    const device = service.device(tokenNo);
    await ok(tokenNo, 'POST', '/api/push/subscriptions', { endpoint: device.endpoint, expirationTime: null, keys: device.keys });
    return device;
  };
  const onShift = (tokenNo: string) => ok(tokenNo, 'POST', '/api/drivers/shift', { on: true, location: 'canteen' });
  const book = async (vehicleType: VehicleType = 'Forklift') =>
    (await ok('RQ01', 'POST', '/api/bookings/book-ride', { userId: 'RQ01', fromLocation: 'RMS', toLocation: 'fgs', vehicleType })).rideId!;
  /** Waits for `done`; a timeout says what the push service saw and what the engine logged. */
  const pushed = (done: () => boolean, what: string) =>
    waitFor(done, 10_000, what).catch((error: Error) => {
      const free = t.app.driverRoster.presence(new Date()).map((driver) => `${driver.operatorId} ${driver.state}`);
      throw new Error(
        `${error.message}; posts to ${JSON.stringify(service.hits)}; roster ${free.join(', ')}; engine log: ${logs.join(' ')}`,
      );
    });
  const payloads = (device: string) => service.to(device).map((push) => push.payload as Record<string, unknown>);
  const dispatch = (mode: 'offer' | 'broadcast') =>
    ok('AD01', 'PUT', '/api/dispatch/settings', { ...DEFAULT_DISPATCH_SETTINGS, mode, offerSeconds: 90 });

  beforeAll(async () => {
    service = new TestPushService(vapid.publicKey);
    await service.listen();
  });
  afterAll(async () => service.close());

  beforeEach(async () => {
    const config = {
      ...loadConfig(),
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: vapid.subject,
      PUSH_ALLOWED_HOSTS: ['127.0.0.1'],
      PUSH_ALLOW_PRIVATE: true,
    };
    logs.splice(0);
    t = await createTestApp(kind, { config, logger: { level: 'warn', stream: { write: (line: string) => void logs.push(line) } } });
    await seedUsers(
      t.app,
      people.map(([tokenNo, role, vehicleType]) => ({ tokenNo, role, vehicleType })),
    );
    for (const [tokenNo, role] of people) tokens[tokenNo] = await t.tokenFor(tokenNo, role);
    service.received.splice(0);
    service.hits.splice(0);
    service.answers.clear();
  });
  afterEach(async () => t.close());

  it('given offer dispatch and a driver on shift with notifications on, when a ride is offered to him, then his device gets the offer, encrypted for it, signed by the server, and kept no longer than the offer', async () => {
    await dispatch('offer');
    await onShift('FL01');
    const device = await subscribe('FL01');
    expect((await call('FL01', 'GET', '/api/push/key')).json()).toEqual({ publicKey: vapid.publicKey });

    const rideId = await book();
    await pushed(() => service.to('FL01').length > 0, 'the push of the offer');

    const [push] = service.to('FL01');
    expect(push!.payload).toMatchObject({ kind: 'offer', title: PUSH_TEXT.offerTitle, tag: `ride-${rideId}`, url: '/driver' });
    const payload = push!.payload as { body: string; expiresAt: string };
    expect(payload.body).toMatch(/^RMS → fgs · answer within \d+ s$/);
    const left = (Date.parse(payload.expiresAt) - push!.at) / 1000;
    expect(left).toBeGreaterThan(0);
    expect(Number(push!.headers.ttl)).toBeGreaterThan(0);
    expect(Number(push!.headers.ttl)).toBeLessThanOrEqual(90);
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(push!.headers.urgency).toBe('high');
    expect(push!.vapid).toMatchObject({ aud: new URL(device.endpoint).origin, sub: vapid.subject });
    await t.app.pushNotifier.settled();
    expect(service.to('FL01')).toHaveLength(1);
  });

  it('given broadcast dispatch, when a Forklift ride is booked, then a Forklift driver free on shift is woken, and neither one off shift nor a Crane driver nor staff', async () => {
    await dispatch('broadcast');
    await onShift('FL01');
    await onShift('CR01');
    for (const tokenNo of ['FL01', 'FL02', 'CR01', 'MH01']) await subscribe(tokenNo);

    const rideId = await book();
    await pushed(() => service.to('FL01').length > 0, 'the push of the new ride');
    await t.app.pushNotifier.settled();

    expect(payloads('FL01')).toEqual([
      expect.objectContaining({ kind: 'ride', tag: `ride-${rideId}`, body: 'RMS → fgs', expiresAt: null }),
    ]);
    expect(service.hits.filter((device) => device !== 'FL01')).toEqual([]);
  });

  it('given the maintenance head and an admin with notifications on, when a driver reports a breakdown, then both are told, and the driver is not', async () => {
    await subscribe('MH01');
    await subscribe('AD01');
    await subscribe('FL01');
    await ok('FL01', 'POST', '/api/requests/maintenanceReq', {
      driver_id: 'FL01',
      driver_name: 'User FL01',
      vehicle_type: 'Forklift',
      issue: 'Engine Issue',
      comment_text: '',
      status: 'pending',
      breakdown_type: 'full',
      ride_id: null,
    });
    await pushed(() => service.to('MH01').length > 0 && service.to('AD01').length > 0, 'the breakdown pushes');
    await t.app.pushNotifier.settled();

    for (const staff of ['MH01', 'AD01'])
      expect(payloads(staff)).toEqual([expect.objectContaining({ kind: 'breakdown', title: PUSH_TEXT.breakdownTitle, url: '/requests' })]);
    expect(String(payloads('MH01')[0]!.body)).toContain('FL01');
    expect(service.to('FL01')).toEqual([]);
  });

  it('given a device the push service says is gone (410), when it is pushed to once, then it is forgotten and never tried again', async () => {
    await dispatch('broadcast');
    await onShift('FL01');
    await onShift('FL02');
    await subscribe('FL01');
    await subscribe('FL02');
    service.answers.set('FL01', 410);

    await book();
    await pushed(() => service.to('FL02').length === 1, 'the first push');
    await t.app.pushNotifier.settled();
    await book();
    await pushed(() => service.to('FL02').length === 2, 'the second push');
    await t.app.pushNotifier.settled();

    expect(service.hits.filter((device) => device === 'FL01')).toHaveLength(1);
  });

  it('given two drivers with notifications on, when one logs out, then his device hears nothing more, and another account cannot turn off a device not its own', async () => {
    await dispatch('broadcast');
    await onShift('FL01');
    await onShift('FL02');
    const fl01 = await subscribe('FL01');
    await subscribe('FL02');
    // FL02 names FL01's endpoint: the answer is the same, and FL01's device stays subscribed.
    expect((await call('FL02', 'DELETE', '/api/push/subscriptions', { endpoint: fl01.endpoint })).json()).toEqual({
      message: PUSH_MESSAGES.unsubscribed,
    });
    await book();
    await pushed(() => service.to('FL01').length === 1 && service.to('FL02').length === 1, 'both pushes');

    await ok('FL01', 'POST', '/api/auth/logout');
    await book();
    await pushed(() => service.to('FL02').length === 2, 'the push after the logout');
    await t.app.pushNotifier.settled();

    expect(service.to('FL01')).toHaveLength(1);
  });

  it('refuses a requester, malformed keys and an endpoint of a host not allowed, recording nothing; a device turned off hears nothing more', async () => {
    const device = service.device('FL01');
    const body = { endpoint: device.endpoint, keys: device.keys };
    expect((await call('RQ01', 'POST', '/api/push/subscriptions', body)).statusCode).toBe(403);
    const badKeys = await call('FL01', 'POST', '/api/push/subscriptions', { ...body, keys: { p256dh: 'abc', auth: device.keys.auth } });
    expect(badKeys.statusCode).toBe(400);
    expect(badKeys.json<{ message: string }>().message).toBe(PUSH_MESSAGES.keys);
    const elsewhere = await call('FL01', 'POST', '/api/push/subscriptions', { ...body, endpoint: 'https://push.evil.example/x' });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json<{ message: string }>().message).toContain('PUSH_ALLOWED_HOSTS');

    await dispatch('broadcast');
    await onShift('FL01');
    await onShift('FL02');
    const fl02 = await subscribe('FL02');
    await book();
    await pushed(() => service.to('FL02').length === 1, 'the push to the one device subscribed');
    await t.app.pushNotifier.settled();
    expect(service.hits).toEqual(['FL02']);

    await ok('FL02', 'DELETE', '/api/push/subscriptions', { endpoint: fl02.endpoint });
    await subscribe('FL01');
    await book();
    await pushed(() => service.to('FL01').length === 1, 'the push to the device subscribed now');
    await t.app.pushNotifier.settled();
    expect(service.to('FL02')).toHaveLength(1);
  });
});

describe.each(testStoreKinds())('web push not set up on %s', (kind) => {
  it('answers no key, and refuses a subscription with the reason', async () => {
    const config = { ...loadConfig(), VAPID_PUBLIC_KEY: undefined, VAPID_PRIVATE_KEY: undefined, VAPID_SUBJECT: undefined };
    const t = await createTestApp(kind, { config });
    try {
      const token = await t.tokenFor('FL01', 'driver');
      const headers = { authorization: `Bearer ${token}` };
      expect((await t.app.inject({ method: 'GET', url: '/api/push/key', headers })).json()).toEqual({ publicKey: null });
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/push/subscriptions',
        headers,
        payload: { endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: { p256dh: 'A'.repeat(87), auth: 'A'.repeat(22) } },
      });
      expect(refused.statusCode).toBe(404);
      expect(refused.json<{ message: string }>().message).toBe(PUSH_MESSAGES.notConfigured);
    } finally {
      await t.close();
    }
  });
});
