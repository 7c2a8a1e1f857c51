import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '@plantride/schemas';
import { createTokenService } from '../auth/jwt';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds } from '../test-support/test-database';
import { seedUsers } from '../test-support/seed';
import type { RateLimitsOptions } from './rate-limits.plugin';

// 5 per window of 100 s: no window ends while a test runs, however slow the machine.
const COMMANDS = { burst: 5, perSecond: 0.05 };

describe.each(testStoreKinds())('command limits across engine processes on %s', (kind) => {
  const engines: TestApp[] = [];
  // One signing key, as engine processes of one deployment share JWT_SECRET.
  const tokens = createTokenService(randomBytes(32).toString('hex'), 3600);
  const engine = async (limits: Partial<RateLimitsOptions>) => {
    const t = await createTestApp(kind, { tokens, rateLimits: { commands: COMMANDS, ...limits } });
    engines.push(t);
    await seedUsers(t.app, [
      { tokenNo: 'RQ01', role: 'requester' },
      { tokenNo: 'RQ02', role: 'requester' },
      { tokenNo: 'DR01', role: 'driver', vehicleType: 'Forklift' },
    ]);
    return t;
  };
  const book = async (t: TestApp, tokenNo: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/bookings/book-ride',
      headers: { authorization: `Bearer ${await t.tokenFor(tokenNo, 'requester')}` },
      payload: {
        userId: tokenNo,
        fromLocation: 'main gate',
        toLocation: 'canteen',
        vehicleType: 'Forklift',
        rideType: 'Regular',
        reqName: 'Asha Rao',
        reqMobileNo: '9000000001',
      },
    });
  const codes = async (calls: Array<() => ReturnType<typeof book>>) => {
    const answered: number[] = [];
    for (const call of calls) answered.push((await call()).statusCode);
    return answered;
  };
  afterEach(async () => {
    await Promise.all(engines.splice(0).map((t) => t.close()));
  });

  it('given the shared store is unreachable, when a user sends more commands than his burst, then they are let through rather than refused or answered 500', async () => {
    const t = await engine({ redisUrl: 'redis://127.0.0.1:1', prefix: `test-commands-${randomBytes(4).toString('hex')}` });
    expect(await codes(Array.from({ length: COMMANDS.burst + 2 }, () => () => book(t, 'RQ01')))).toEqual(
      Array(COMMANDS.burst + 2).fill(200),
    );
  });

  const redisUrl = process.env.TEST_REDIS_URL;
  // Registered only where a Redis is there to share (CI's PostgreSQL and Redis pass).
  if (redisUrl) {
    it('given two engines on one Redis, when a user sends 3 commands to one and 3 to the other, then they share one allowance of 5: the 6th is 429, on either; 8 at once over both pass 5; another deployment (prefix) counts apart', async () => {
      // The keys expire with their window; a prefix of this run's own keeps runs apart.
      const shared = { redisUrl, prefix: `test-commands-${randomBytes(4).toString('hex')}` };
      const [one, two] = [await engine(shared), await engine(shared)];
      const three = (t: TestApp) => Array.from({ length: 3 }, () => () => book(t, 'RQ01'));
      expect(await codes([...three(one), ...three(two)])).toEqual([200, 200, 200, 200, 200, 429]);

      const refused = await book(one, 'RQ01');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: SERVER_MESSAGES.tooManyRequests });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 100, `Retry-After ${retryAfter}`).toBe(true);

      // Counted in one place, atomically: eight at once from another user over both engines, exactly five pass.
      const atOnce = await Promise.all(Array.from({ length: 8 }, (_, i) => book(i % 2 === 0 ? one : two, 'RQ02')));
      expect(atOnce.filter((answer) => answer.statusCode === 200)).toHaveLength(COMMANDS.burst);
      const elsewhere = await engine({ redisUrl, prefix: `${shared.prefix}-other` });
      expect((await book(elsewhere, 'RQ01')).statusCode).toBe(200);
    });
  }
});
