import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SIGN_IN_LIMITS, backoffMs, createAuthLimiters, type SignInLimits } from './sign-in-limiter';
import { errorHandlerPlugin } from '../plugins/error-handler.plugin';
import { openLimitStore } from '../security/limit-store';

const BACKOFF = { afterFailures: 2, firstMs: 100, maxMs: 1_000 };
const LIMITS: SignInLimits = { perToken: 3, perAddress: 5, windowSeconds: 60, backoff: BACKOFF };
const PASSWORD = 'right';

/**
 * An engine's sign-in and sign-up guards alone: the sign-in route takes PASSWORD as right for every
 * token number (204) and any other as wrong (401); the back-off's waits are recorded, not slept. With
 * `shared`, the attempts count in that Redis under that prefix, as the engine's limit store does.
 */
async function limitedApp(shared?: { redisUrl: string; prefix: string }): Promise<{ app: FastifyInstance; waits: number[] }> {
  const waits: number[] = [];
  const app = Fastify({ logger: false });
  await app.register(errorHandlerPlugin);
  const store = shared ? await openLimitStore(app, shared) : undefined;
  const limit = createAuthLimiters(LIMITS, { store, wait: async (ms) => void waits.push(ms) });
  app.post('/signin', { preHandler: limit.signIn }, async (request, reply) => {
    if ((request.body as { password: string }).password !== PASSWORD) return reply.code(401).send({ message: 'wrong' });
    await limit.signedIn(request);
    return reply.code(204).send();
  });
  app.post('/signup', { preHandler: limit.signUp }, async (_request, reply) => reply.code(204).send());
  await app.ready();
  return { app, waits };
}

const attempt = (app: FastifyInstance, tokenNo: string, { from = '10.0.0.1', password = 'wrong', url = '/signin' } = {}) =>
  app.inject({ method: 'POST', url, remoteAddress: from, payload: { token_no: tokenNo, password } });
const status = async (answer: ReturnType<typeof attempt>) => (await answer).statusCode;

describe('sign-in limits', () => {
  const apps: FastifyInstance[] = [];
  const track = async (made: Promise<{ app: FastifyInstance; waits: number[] }>) => {
    const result = await made;
    apps.push(result.app);
    return result;
  };
  afterEach(async () => {
    vi.useRealTimers();
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  it('given an address past its failures on an account, when it tries again, even rightly, then it is 429 with Retry-After, while the owner from another address signs in', async () => {
    const { app } = await track(limitedApp());
    for (let i = 0; i < LIMITS.perToken; i++) expect(await status(attempt(app, 'AB12', { from: '10.0.0.66' }))).toBe(401);
    const refused = await attempt(app, 'AB12', { from: '10.0.0.66', password: PASSWORD });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBe(LIMITS.windowSeconds);
    expect(await status(attempt(app, 'AB12', { from: '10.0.0.7', password: PASSWORD }))).toBe(204);
    expect(await status(attempt(app, 'CD34', { from: '10.0.0.66' }))).toBe(401);
  });

  it('given failures from one address, when it signs in rightly, then its count on that account starts again', async () => {
    const { app } = await track(limitedApp());
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < LIMITS.perToken - 1; i++) expect(await status(attempt(app, 'AB12'))).toBe(401);
      expect(await status(attempt(app, 'AB12', { password: PASSWORD }))).toBe(204);
    }
    // Without the reset these five failures would be past the limit of three.
    expect(await status(attempt(app, 'AB12'))).toBe(401);
  });

  it('given one address trying many accounts, when its failures pass the address limit, then every account is 429 from it, and sign-ups count apart', async () => {
    const { app } = await track(limitedApp());
    for (let i = 0; i < LIMITS.perAddress; i++) expect(await status(attempt(app, `T${100 + i}`))).toBe(401);
    expect(await status(attempt(app, 'T999'))).toBe(429);
    expect(await status(attempt(app, 'T999', { password: PASSWORD }))).toBe(429);
    expect(await status(attempt(app, 'T999', { from: '10.0.0.2', password: PASSWORD }))).toBe(204);
    expect(await status(attempt(app, 'T999', { url: '/signup' }))).toBe(204);
  });

  it('given right sign-ins from one address, then they do not use up its address limit', async () => {
    const { app } = await track(limitedApp());
    for (let i = 0; i < LIMITS.perAddress * 2; i++) expect(await status(attempt(app, `T${100 + i}`, { password: PASSWORD }))).toBe(204);
    expect(await status(attempt(app, 'T999'))).toBe(401);
  });

  it('given failures on an account from many addresses, then its sign-ins wait longer each time, doubling up to the cap, and the owner still gets in', async () => {
    const { app, waits } = await track(limitedApp());
    for (let i = 0; i < 8; i++) expect(await status(attempt(app, 'AB12', { from: `10.1.0.${i}` }))).toBe(401);
    expect(waits).toEqual([100, 200, 400, 800, 1_000, 1_000]);
    expect(await status(attempt(app, 'AB12', { from: '10.2.0.1', password: PASSWORD }))).toBe(204);
    expect(waits.at(-1)).toBe(BACKOFF.maxMs);
    // Another account is not slowed by them.
    expect(await status(attempt(app, 'CD34', { from: '10.1.0.1' }))).toBe(401);
    expect(waits).toHaveLength(7);
  });

  it('when twenty wrong passwords for one account arrive at once from one address, then no more than its limit are judged', async () => {
    const { app } = await track(limitedApp());
    const codes = await Promise.all(Array.from({ length: 20 }, () => status(attempt(app, 'AB12'))));
    expect(codes.filter((code) => code === 401)).toHaveLength(LIMITS.perToken);
    expect(codes.filter((code) => code === 429)).toHaveLength(20 - LIMITS.perToken);
  });

  it('given the window passes, then an address refused on an account is judged again', async () => {
    // The in-process counts read Date.now() (inside rate-limiter-flexible): the clock stands still but for the steps below.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-03-01T09:30:00Z') });
    const { app } = await track(limitedApp());
    for (let i = 0; i < LIMITS.perToken; i++) await attempt(app, 'AB12');
    expect(await status(attempt(app, 'AB12', { password: PASSWORD }))).toBe(429);
    vi.advanceTimersByTime(LIMITS.windowSeconds * 1000 - 1);
    expect(await status(attempt(app, 'AB12', { password: PASSWORD }))).toBe(429);
    vi.advanceTimersByTime(1);
    expect(await status(attempt(app, 'AB12', { password: PASSWORD }))).toBe(204);
  });

  it('then the back-off starts after the free failures, doubles, and stops at the cap (by default none for 5, then 250 ms up to 4 s)', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 60].map((failures) => backoffMs(failures, BACKOFF))).toEqual([0, 0, 100, 200, 400, 800, 1_000, 1_000]);
    expect([4, 5, 6, 9, 10, 1_000].map((failures) => backoffMs(failures, DEFAULT_SIGN_IN_LIMITS.backoff))).toEqual([
      0, 250, 500, 4_000, 4_000, 4_000,
    ]);
  });

  it('given the shared store is unreachable, when attempts arrive, then they are let through rather than answered 500', async () => {
    const { app } = await track(limitedApp({ redisUrl: 'redis://127.0.0.1:1', prefix: `test-limit-${randomBytes(4).toString('hex')}` }));
    for (let i = 0; i < LIMITS.perToken + 2; i++) expect(await status(attempt(app, 'AB12'))).toBe(401);
    expect(await status(attempt(app, 'AB12', { password: PASSWORD }))).toBe(204);
  });

  const redisUrl = process.env.TEST_REDIS_URL;
  // Registered only where a Redis is there to share (CI's PostgreSQL and Redis pass).
  if (redisUrl) {
    it('given two processes on one Redis, when one address fails on both in turn, then they count together, the owner elsewhere still gets in, and the back-off is shared', async () => {
      const shared = { redisUrl, prefix: `test-limit-${randomBytes(4).toString('hex')}` };
      const [one, two] = [await track(limitedApp(shared)), await track(limitedApp(shared))];
      for (let i = 0; i < LIMITS.perToken; i++) expect(await status(attempt(i % 2 === 0 ? one.app : two.app, 'AB12'))).toBe(401);
      expect(await status(attempt(one.app, 'AB12', { password: PASSWORD }))).toBe(429);
      expect(await status(attempt(two.app, 'AB12', { password: PASSWORD }))).toBe(429);
      expect([...one.waits, ...two.waits]).toEqual([100]);
      expect(await status(attempt(two.app, 'AB12', { from: '10.0.0.9', password: PASSWORD }))).toBe(204);
      expect(two.waits).toEqual([800]);
      // Another deployment (prefix) on the same Redis keeps its own counters.
      const other = await track(limitedApp({ redisUrl, prefix: `${shared.prefix}-other` }));
      expect(await status(attempt(other.app, 'AB12', { password: PASSWORD }))).toBe(204);
    });

    it('given one Redis, when an address signs in rightly after failures, then its count on the account starts again and the address limit gets the attempt back', async () => {
      const shared = { redisUrl, prefix: `test-limit-${randomBytes(4).toString('hex')}` };
      const [one, two] = [await track(limitedApp(shared)), await track(limitedApp(shared))];
      for (let round = 0; round < 2; round++) {
        // The second round is judged only because the first round's right sign-in cleared the count.
        for (let i = 0; i < LIMITS.perToken - 1; i++) expect(await status(attempt(one.app, 'AB12'))).toBe(401);
        expect(await status(attempt(two.app, 'AB12', { password: PASSWORD }))).toBe(204);
      }
      // Four failures from this address, one under its limit of five: the right sign-ins took nothing from it.
      expect(await status(attempt(one.app, 'EF56'))).toBe(401);
      expect(await status(attempt(one.app, 'GH78'))).toBe(429);
    });
  }
});
