import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SERVER_MESSAGES } from '@plantride/schemas';
import { createTokenService } from '../auth/jwt';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds } from '../test-support/test-database';
import { seedUsers } from '../test-support/seed';
import { connectLive, type LiveClient } from '../test-support/live-client';
import type { TrackRideAnswer } from '../live/live-socket';
import type { RateLimitsOptions } from './rate-limits.plugin';

const PER_TOKEN = 3;
// 6 per window of 600 s: no window ends while a test runs, however slow the machine.
const SOCKETS = { burst: 6, perSecond: 0.01 };

describe.each(testStoreKinds())('sign-in and socket limits across engine processes on %s', (kind) => {
  const engines: TestApp[] = [];
  const urls = new Map<TestApp, Promise<string>>();
  const clients: LiveClient[] = [];
  // One signing key, as engine processes of one deployment share JWT_SECRET.
  const tokens = createTokenService(randomBytes(32).toString('hex'), 3600);
  const engine = async (limits: Partial<RateLimitsOptions>) => {
    const t = await createTestApp(kind, { tokens, rateLimits: { socketMessages: SOCKETS, ...limits } });
    engines.push(t);
    await seedUsers(t.app, [
      { tokenNo: 'RQ01', role: 'requester' },
      { tokenNo: 'RQ02', role: 'requester' },
    ]);
    return t;
  };
  const signIn = async (t: TestApp, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/signin', remoteAddress, payload: { token_no: 'AB12', password: 'guess' } });
  const connect = async (t: TestApp, tokenNo: string) => {
    if (!urls.has(t)) urls.set(t, t.listen());
    const client = await connectLive(await urls.get(t)!, { token: await t.tokenFor(tokenNo, 'requester') });
    clients.push(client);
    return client;
  };
  // No such ride: the answer (refused) shows the message was handled.
  const trackRide = (client: LiveClient) =>
    new Promise<TrackRideAnswer>((resolve) => client.socket.emit('trackRide', { rideId: 'no-such-ride' }, resolve));
  const handled = { ok: false, message: SERVER_MESSAGES.forbidden };
  const refused = async (client: LiveClient) => {
    const gone = new Promise<string>((resolve) => client.socket.once('disconnect', resolve));
    let answered = false;
    client.socket.emit('trackRide', { rideId: 'no-such-ride' }, () => (answered = true));
    expect(await gone).toBe('io server disconnect');
    expect(client.received.filter((r) => r.name === 'tooManyMessages').map((r) => r.payload)).toEqual([
      { message: SERVER_MESSAGES.tooManySocketMessages },
    ]);
    expect(answered).toBe(false);
  };

  beforeEach(() => {
    vi.stubEnv('SIGNIN_MAX_PER_TOKEN', String(PER_TOKEN));
  });
  afterEach(async () => {
    clients.splice(0).forEach((client) => client.socket.disconnect());
    await Promise.all(engines.splice(0).map((t) => t.close()));
    urls.clear();
    vi.unstubAllEnvs();
  });

  it('given the shared store is unreachable, when an address fails past its limit and a user sends past his burst, then they are let through rather than refused or answered 500', async () => {
    const t = await engine({ redisUrl: 'redis://127.0.0.1:1', prefix: `test-limits-${randomBytes(4).toString('hex')}` });
    for (let i = 0; i < PER_TOKEN + 2; i++) expect((await signIn(t, '10.0.0.66')).statusCode).toBe(401);
    const client = await connect(t, 'RQ01');
    for (let i = 0; i < SOCKETS.burst + 2; i++) expect(await trackRide(client)).toEqual(handled);
    expect(client.socket.connected).toBe(true);
  });

  const redisUrl = process.env.TEST_REDIS_URL;
  // Registered only where a Redis is there to share (CI's PostgreSQL and Redis pass).
  if (redisUrl) {
    it('given two engines on one Redis, when one address fails on both in turn, then they count together: the next attempt is 429 on either, while another address is judged', async () => {
      const shared = { redisUrl, prefix: `test-limits-${randomBytes(4).toString('hex')}` };
      const [one, two] = [await engine(shared), await engine(shared)];
      for (let i = 0; i < PER_TOKEN; i++) expect((await signIn(i % 2 === 0 ? one : two, '10.0.0.66')).statusCode).toBe(401);
      for (const t of [one, two]) {
        const answer = await signIn(t, '10.0.0.66');
        expect(answer.statusCode).toBe(429);
        expect(answer.json()).toEqual({ message: SERVER_MESSAGES.tooManySignInAttempts });
        expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      }
      expect((await signIn(two, '10.0.0.7')).statusCode).toBe(401);
    });

    it('given two engines on one Redis, when a user sends half his burst over a socket on each, then the next message on either is refused and that socket closed, while another user is answered', async () => {
      const shared = { redisUrl, prefix: `test-limits-${randomBytes(4).toString('hex')}` };
      const [one, two] = [await engine(shared), await engine(shared)];
      const [onOne, onTwo] = [await connect(one, 'RQ01'), await connect(two, 'RQ01')];
      for (const client of [onOne, onTwo]) {
        for (let i = 0; i < SOCKETS.burst / 2; i++) expect(await trackRide(client)).toEqual(handled);
      }
      await refused(onTwo);
      await refused(onOne);
      const other = await connect(one, 'RQ02');
      expect(await trackRide(other)).toEqual(handled);
    });
  }
});
