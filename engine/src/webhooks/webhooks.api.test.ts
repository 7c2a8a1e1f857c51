import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds, waitFor } from '../test-support/test-database';
import { seedPeople } from '../test-support/people';
import { loadConfig } from '../config';

/*
 * Issue #33 item 3 through HTTP, on each store, against a real receiver on loopback: deliveries are
 * signed (checked here by this file's own HMAC code, not the engine's), arrive in the store's order,
 * survive a receiver that fails for a while (none lost, none accepted twice), can be replayed from a
 * position, carry two signatures while a rotated secret overlaps, and a receiver that always fails
 * parks its subscription, which a replay makes live again.
 */
type Body = Record<string, unknown>;
interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  answered: number;
}

/** An independent check of `PlantRide-Signature: t=…,v1=…[,v1=…]`: some v1 is HMAC-SHA256 of `t.body` under `secret`. */
function signedWith(header: string, body: string, secret: string): boolean {
  const parts = header.split(',').map((part) => part.split('=') as [string, string]);
  const t = parts.find(([name]) => name === 't')?.[1];
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  return parts.some(([name, value]) => name === 'v1' && value.length === 64 && timingSafeEqual(Buffer.from(value, 'hex'), expected));
}

describe.each(testStoreKinds())('signed webhooks, on %s', (kind) => {
  let t: TestApp;
  let receiver: Server;
  let base = '';
  const received: Received[] = [];
  /** Requests the receiver answers 500 before it answers 200 again. */
  let failNext = 0;
  let key = '';
  let tokens: Record<string, string> = {};

  const v1 = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: Body) =>
    t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${key}` } });
  const book = async (externalRef: string) => {
    const answer = await v1('POST', '/api/v1/orders', {
      externalRef,
      requester: 'RQ01',
      fromLocation: 'main gate',
      toLocation: 'canteen',
      vehicleType: 'Forklift',
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<{ rideId: string; position: number }>();
  };
  const accepted = (path: string) => received.filter((request) => request.path === path && request.answered === 200);
  const events = (path: string) =>
    accepted(path).map((request) => JSON.parse(request.body) as { id: string; type: string; position: number; data: Body });

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const path = request.url ?? '';
        const fails = path === '/always-500' || (path === '/flaky' && failNext > 0);
        if (path === '/flaky' && failNext > 0) failNext--;
        const answered = fails ? 500 : 200;
        received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), answered });
        // A slow receiver: its backlog is still being delivered when the test unsubscribes.
        if (path === '/slow') setTimeout(() => response.writeHead(answered).end(), 150);
        else response.writeHead(answered).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    t = await createTestApp(kind, {
      config: {
        ...loadConfig(),
        WEBHOOK_ALLOWED_HOSTS: ['127.0.0.1'],
        WEBHOOK_ALLOW_PRIVATE: true,
        WEBHOOK_RETRY_BASE_MS: 20,
        WEBHOOK_RETRY_HOURS: 0.0005,
        SERVICE_RATE_BURST: 100_000,
      },
    });
    tokens = await seedPeople(t, [
      ['RQ01', 'requester'],
      ['F001', 'driver'],
      ['AD01', 'admin'],
    ]);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/service-accounts',
      payload: { name: 'MES', scopes: ['orders:write', 'webhooks:manage'] },
      headers: { authorization: `Bearer ${tokens.AD01}` },
    });
    key = created.json<{ apiKey: string }>().apiKey;
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => receiver.close(resolve));
  });

  it('given a subscription to rides, then each ride event arrives once, signed, in the store’s order, with its id, type, position and time', async () => {
    const subscribed = await v1('POST', '/api/v1/webhooks', { url: `${base}/rides`, events: ['rides'] });
    expect(subscribed.statusCode, subscribed.body).toBe(200);
    const { secret, subscriptionId } = subscribed.json<{ secret: string; subscriptionId: string }>();
    expect(secret).toMatch(/^whsec_/);
    const rides = [await book('W-1'), await book('W-2'), await book('W-3')];
    await waitFor(() => events('/rides').filter((event) => event.type === 'RideRequested').length === 3, 10_000, 'three deliveries');
    const delivered = events('/rides');
    expect(delivered.filter((event) => event.type === 'RideRequested').map((event) => event.data.rideId)).toEqual(
      rides.map((ride) => ride.rideId),
    );
    const positions = delivered.map((event) => event.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(new Set(delivered.map((event) => event.id)).size).toBe(delivered.length);
    for (const request of accepted('/rides')) {
      expect(signedWith(String(request.headers['plantride-signature']), request.body, secret)).toBe(true);
      expect(signedWith(String(request.headers['plantride-signature']), request.body, 'whsec_wrong')).toBe(false);
    }
    // No account, key or order event reaches a ride subscription.
    expect(delivered.every((event) => !['OrderPlaced', 'ServiceKeyIssued', 'WebhookSubscribed'].includes(event.type))).toBe(true);
    // The engine logs an attempt once its receiver has answered: wait for the log to catch up with the receiver.
    let deliveries: Body[] = [];
    await waitFor(async () => {
      deliveries = (await v1('GET', `/api/v1/webhooks/${subscriptionId}/deliveries`)).json<{ deliveries: Body[] }>().deliveries;
      return deliveries.length >= delivered.length;
    });
    expect(deliveries.every((delivery) => delivery.ok === true && delivery.status === 200)).toBe(true);
    expect((await v1('DELETE', `/api/v1/webhooks/${subscriptionId}`)).statusCode).toBe(200);
  });

  it('given a receiver that fails for a while, then every event arrives after it recovers, in order, none accepted twice, and the log shows the failed attempts', async () => {
    const { subscriptionId } = (await v1('POST', '/api/v1/webhooks', { url: `${base}/flaky`, events: ['RideRequested'] })).json<{
      subscriptionId: string;
    }>();
    failNext = 4;
    const rides = [await book('F-1'), await book('F-2'), await book('F-3'), await book('F-4')];
    await waitFor(() => events('/flaky').length === 4, 15_000, 'four deliveries after the outage');
    expect(events('/flaky').map((event) => event.data.rideId)).toEqual(rides.map((ride) => ride.rideId));
    expect(received.filter((request) => request.path === '/flaky' && request.answered === 500)).toHaveLength(4);
    let log: Body[] = [];
    await waitFor(async () => {
      log = (await v1('GET', `/api/v1/webhooks/${subscriptionId}/deliveries`)).json<{ deliveries: Body[] }>().deliveries;
      return log.length >= 8;
    });
    expect(log.filter((delivery) => delivery.ok === false).map((delivery) => delivery.error)).toEqual(Array(4).fill('HTTP 500'));

    // A replay from the second ride's position sends it and what came after again.
    const from = events('/flaky')[1]!.position;
    expect((await v1('POST', `/api/v1/webhooks/${subscriptionId}/replay`, { fromPosition: from })).statusCode).toBe(200);
    await waitFor(() => events('/flaky').length === 7, 10_000, 'the replay');
    expect(
      events('/flaky')
        .slice(4)
        .map((event) => event.data.rideId),
    ).toEqual(rides.slice(1).map((ride) => ride.rideId));
    expect((await v1('DELETE', `/api/v1/webhooks/${subscriptionId}`)).statusCode).toBe(200);
  });

  it('given a secret rotated with an overlap, then deliveries carry a signature under each', async () => {
    const { subscriptionId, secret: first } = (
      await v1('POST', '/api/v1/webhooks', { url: `${base}/rotated`, events: ['RideRequested'] })
    ).json<{
      subscriptionId: string;
      secret: string;
    }>();
    const rotated = await v1('POST', `/api/v1/webhooks/${subscriptionId}/rotate-secret`, { overlapMinutes: 30 });
    const second = rotated.json<{ secret: string }>().secret;
    await book('R-1');
    await waitFor(() => accepted('/rotated').length === 1, 10_000, 'a delivery');
    const [request] = accepted('/rotated');
    const header = String(request!.headers['plantride-signature']);
    expect(header.split(',').filter((part) => part.startsWith('v1='))).toHaveLength(2);
    expect([signedWith(header, request!.body, first), signedWith(header, request!.body, second)]).toEqual([true, true]);
    expect((await v1('DELETE', `/api/v1/webhooks/${subscriptionId}`)).statusCode).toBe(200);
  });

  it('given a receiver that always fails, then its subscription is parked after the retry period, and a replay makes it live again', async () => {
    const { subscriptionId } = (await v1('POST', '/api/v1/webhooks', { url: `${base}/always-500`, events: ['RideRequested'] })).json<{
      subscriptionId: string;
    }>();
    await book('P-1');
    const stateOf = async () =>
      (await v1('GET', '/api/v1/webhooks'))
        .json<{ subscriptions: Body[] }>()
        .subscriptions.find((s) => s.subscriptionId === subscriptionId)!;
    await waitFor(async () => (await stateOf()).state === 'parked', 15_000, 'the subscription parked');
    expect((await stateOf()).lastError).toBe('HTTP 500');
    const attempts = received.filter((request) => request.path === '/always-500').length;
    expect((await v1('POST', `/api/v1/webhooks/${subscriptionId}/replay`, { fromPosition: 1 })).statusCode).toBe(200);
    await waitFor(
      () => received.filter((request) => request.path === '/always-500').length > attempts,
      10_000,
      'an attempt after the replay',
    );
    expect((await v1('DELETE', `/api/v1/webhooks/${subscriptionId}`)).statusCode).toBe(200);
  });

  it('given a backlog being delivered to a slow receiver, when the account unsubscribes, then at most the event in flight still goes', async () => {
    const { subscriptionId } = (await v1('POST', '/api/v1/webhooks', { url: `${base}/slow`, events: ['RideRequested'] })).json<{
      subscriptionId: string;
    }>();
    for (let i = 1; i <= 6; i++) await book(`S-${i}`);
    await waitFor(() => received.some((request) => request.path === '/slow'), 10_000, 'the first slow delivery');
    expect((await v1('DELETE', `/api/v1/webhooks/${subscriptionId}`)).statusCode).toBe(200);
    const atUnsubscribe = received.filter((request) => request.path === '/slow').length;
    // Another subscription hearing a later ride shows the worker has moved on since.
    const after = (await v1('POST', '/api/v1/webhooks', { url: `${base}/after`, events: ['RideRequested'] })).json<{
      subscriptionId: string;
    }>();
    const { rideId } = await book('S-7');
    await waitFor(() => events('/after').some((event) => event.data.rideId === rideId), 10_000, 'the later ride delivered elsewhere');
    expect(received.filter((request) => request.path === '/slow').length).toBeLessThanOrEqual(atUnsubscribe + 1);
    expect(received.filter((request) => request.path === '/slow').length).toBeLessThan(6);
    expect((await v1('DELETE', `/api/v1/webhooks/${after.subscriptionId}`)).statusCode).toBe(200);
  });

  it('given a URL outside the allowed hosts, an unknown event type or another account’s subscription, then it is refused and nothing is written', async () => {
    const before = await t.app.eventStore.headPosition();
    const outside = await v1('POST', '/api/v1/webhooks', { url: 'https://erp.example.com/hook', events: ['rides'] });
    expect(outside.statusCode).toBe(400);
    expect(outside.json<{ message: string }>().message).toContain('erp.example.com');
    expect((await v1('POST', '/api/v1/webhooks', { url: `${base}/x`, events: ['UserSignedUp'] })).statusCode).toBe(400);
    expect((await v1('POST', '/api/v1/webhooks', { url: 'ftp://127.0.0.1/x', events: ['rides'] })).statusCode).toBe(400);
    expect((await v1('DELETE', '/api/v1/webhooks/whnosuch1')).statusCode).toBe(404);
    expect(await t.app.eventStore.headPosition()).toBe(before);
  });
});
