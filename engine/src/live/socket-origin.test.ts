import { afterEach, describe, expect, it } from 'vitest';
import { io as connectClient } from 'socket.io-client';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds } from '../test-support/test-database';
import { seedUsers } from '../test-support/seed';
import type { TrustProxy } from '../security/trust-proxy';

// Issue #31 item 1: a page on another port or a sibling subdomain sent the staff cookie with its own origin
// and a forged X-Forwarded-Host, got a session and read every requester's name and mobile.
const SIBLING = 'intranet-wiki.plant.example:8080';
const transports = [['polling'], ['websocket']] as const;

describe.each(testStoreKinds())('who may use the session cookie behind a forged or a trusted X-Forwarded-Host, on %s', (kind) => {
  let t: TestApp | undefined;
  afterEach(async () => t?.close());

  async function engine(trustProxy: TrustProxy) {
    t = await createTestApp(kind, { trustProxy });
    await seedUsers(t.app, [{ tokenNo: 'MH01', role: 'maintenanceHead' }]);
    const cookie = `token=${encodeURIComponent(await t.tokenFor('MH01', 'maintenanceHead'))}`;
    return { url: await t.listen(), cookie };
  }

  /** Connects as a browser page of `origin` would, with the cookie and the headers given; answers how it ended. */
  function attempt(url: string, transport: readonly string[], headers: Record<string, string>): Promise<string> {
    const socket = connectClient(url, {
      path: '/socket.io',
      transports: [...transport],
      extraHeaders: headers,
      auth: { lastPosition: 0 },
      forceNew: true,
      reconnection: false,
    });
    return new Promise<string>((resolve) => {
      socket.once('connect', () => resolve('connected'));
      socket.once('connect_error', (error) => resolve(error.message));
    }).finally(() => socket.disconnect());
  }

  it.each(transports)(
    'given no trusted proxy, when a same-site page sends the staff cookie with a forged X-Forwarded-Host over %s, then it is refused',
    async (transport) => {
      const { url, cookie } = await engine(false);
      const forged = { cookie, origin: `http://${SIBLING}`, 'x-forwarded-host': SIBLING };
      expect(await attempt(url, [transport], forged)).toBe('Authentication required');
      // The engine's own page still connects with the cookie alone.
      expect(await attempt(url, [transport], { cookie, origin: url })).toBe('connected');
    },
  );

  it('given no trusted proxy, when another origin polls, then the answer carries no CORS grant for it', async () => {
    const { url, cookie } = await engine(false);
    const answer = await fetch(`${url}/socket.io/?EIO=4&transport=polling`, { headers: { cookie, origin: `http://${SIBLING}` } });
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('given a trusted proxy on loopback, when it forwards the host the browser addressed, then that page connects and books with the cookie', async () => {
    const { url, cookie } = await engine(['loopback']);
    const proxied = { cookie, origin: `http://${SIBLING}`, 'x-forwarded-host': SIBLING };
    expect(await attempt(url, ['websocket'], proxied)).toBe('connected');
    // The same rule for a cookie command over HTTP (the csrf hook reads Fastify's request.host).
    await seedUsers(t!.app, [
      { tokenNo: 'RQ01', role: 'requester' },
      { tokenNo: 'F001', role: 'driver', vehicleType: 'Forklift' },
    ]);
    const requester = `token=${encodeURIComponent(await t!.tokenFor('RQ01', 'requester'))}`;
    const book = { userId: 'RQ01', fromLocation: 'main gate', toLocation: 'canteen', vehicleType: 'Forklift', rideType: 'Regular' };
    const booked = await t!.app.inject({
      method: 'POST',
      url: '/api/bookings/book-ride',
      headers: { ...proxied, cookie: requester, host: '10.0.0.7:3000' },
      payload: book,
    });
    expect(booked.statusCode).toBe(200);
  });
});
