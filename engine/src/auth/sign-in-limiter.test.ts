import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createAuthLimiters, type SharedLimitStore, type SignInLimits } from './sign-in-limiter';
import { errorHandlerPlugin } from '../plugins/error-handler.plugin';

const LIMITS: SignInLimits = { perToken: 3, perAddress: 100, windowSeconds: 60 };

/** An engine's sign-in and sign-up guards alone, on routes that answer 204 once let through. */
async function limitedApp(shared?: SharedLimitStore): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await app.register(errorHandlerPlugin);
  const limit = await createAuthLimiters(app, LIMITS, shared);
  app.post('/signin', { preHandler: limit.signIn }, async (_request, reply) => reply.code(204).send());
  app.post('/signup', { preHandler: limit.signUp }, async (_request, reply) => reply.code(204).send());
  await app.ready();
  return app;
}

const attempt = (app: FastifyInstance, tokenNo: string, url = '/signin') => app.inject({ method: 'POST', url, payload: { token_no: tokenNo } }).then((answer) => answer.statusCode);

describe('sign-in limits', () => {
  const apps: FastifyInstance[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  it('given one process, when a token is tried past its limit, then it is 429, and sign-ups from the address are counted apart', async () => {
    const app = await limitedApp();
    apps.push(app);
    for (let i = 0; i < LIMITS.perToken; i++) expect(await attempt(app, 'AB12')).toBe(204);
    expect(await attempt(app, 'AB12')).toBe(429);
    expect(await attempt(app, 'CD34')).toBe(204);
    expect(await attempt(app, 'EF56', '/signup')).toBe(204);
  });

  it('given the shared store is unreachable, when attempts arrive, then they are let through rather than answered 500', async () => {
    const app = await limitedApp({ redisUrl: 'redis://127.0.0.1:1', prefix: `test-limit-${randomBytes(4).toString('hex')}` });
    apps.push(app);
    for (let i = 0; i < LIMITS.perToken + 2; i++) expect(await attempt(app, 'AB12')).toBe(204);
  });

  const redisUrl = process.env.TEST_REDIS_URL;
  // Registered only where a Redis is there to share (CI's PostgreSQL and Redis pass).
  if (redisUrl) {
    it('given two processes on one Redis, when a token is tried on both in turn, then they count together and the next attempt is 429 on either', async () => {
      const shared = { redisUrl, prefix: `test-limit-${randomBytes(4).toString('hex')}` };
      const [one, two] = [await limitedApp(shared), await limitedApp(shared)];
      apps.push(one, two);
      for (let i = 0; i < LIMITS.perToken; i++) expect(await attempt(i % 2 === 0 ? one : two, 'AB12')).toBe(204);
      expect(await attempt(one, 'AB12')).toBe(429);
      expect(await attempt(two, 'AB12')).toBe(429);
      // Another deployment (prefix) on the same Redis keeps its own counters.
      const other = await limitedApp({ redisUrl, prefix: `${shared.prefix}-other` });
      apps.push(other);
      expect(await attempt(other, 'AB12')).toBe(204);
    });
  }
});
