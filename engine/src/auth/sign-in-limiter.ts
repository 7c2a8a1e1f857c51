import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { once } from 'node:events';
import { Redis } from 'ioredis';
import { SERVER_MESSAGES } from '@plantride/schemas';
import { DomainError } from '../commands/errors';

export interface SignInLimits {
  /** Attempts per token number in a window: slows guessing one account's password. */
  perToken: number;
  /** Attempts per client address in a window: slows trying many accounts from one place. */
  perAddress: number;
  windowSeconds: number;
}

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = { perToken: 10, perAddress: 30, windowSeconds: 300 };

/** Where several engine processes keep one set of counters (REDIS_URL and REDIS_PREFIX). */
export interface SharedLimitStore {
  redisUrl: string;
  prefix: string;
}

type Check = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * Attempt counters for sign-in (per token number and per address) and sign-up (per address).
 * Every attempt counts, successful or not, so parallel bursts cannot slip through. The counters live
 * in this process, or in Redis when one is given, so that several engine processes count together.
 * While that Redis is away, attempts are let through rather than refused: signing in on the plant floor
 * matters more than the limit for the minutes of an outage (the engine logs the Redis errors).
 */
export async function createAuthLimiters(app: FastifyInstance, limits: SignInLimits, shared?: SharedLimitStore): Promise<{ signIn: Check; signUp: Check }> {
  if (shared) {
    // No offline queue: while Redis is away a count fails at once (and is skipped) instead of holding the sign-in.
    const redis = new Redis(shared.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2_000, enableOfflineQueue: false });
    let available = true;
    redis.on('ready', () => {
      if (!available) app.log.info('sign-in limit store (Redis) is back');
      available = true;
    });
    redis.on('error', (error) => {
      if (available) app.log.warn({ err: error }, 'sign-in limit store (Redis) unavailable; attempts are not counted meanwhile');
      available = false;
    });
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
    // Counting starts with the connection; an unreachable Redis (error) or a slow one (3 s) does not hold the start.
    await once(redis, 'ready', { signal: AbortSignal.timeout(3_000) }).catch(() => undefined);
    await app.register(rateLimit, { global: false, redis, nameSpace: `${shared.prefix}:auth-limit:`, skipOnError: true });
  } else {
    await app.register(rateLimit, { global: false });
  }
  const timeWindow = limits.windowSeconds * 1000;
  // Each counter names its key: the limiters share one store, and two of them count addresses.
  const byAddress = app.createRateLimit({ max: limits.perAddress, timeWindow, keyGenerator: (request) => `sign-in:address:${request.ip}` });
  const byToken = app.createRateLimit({ max: limits.perToken, timeWindow, keyGenerator: (request) => `sign-in:token:${(request.body as { token_no: string }).token_no}` });
  const signUpsByAddress = app.createRateLimit({ max: limits.perAddress, timeWindow, keyGenerator: (request) => `sign-up:address:${request.ip}` });

  const enforce = (limiters: Array<typeof byAddress>): Check => async (request, reply) => {
    for (const limiter of limiters) {
      const limit = await limiter(request);
      if (!limit.isAllowed && limit.isExceeded) {
        reply.header('retry-after', limit.ttlInSeconds);
        throw new DomainError(429, SERVER_MESSAGES.tooManySignInAttempts);
      }
    }
  };
  return { signIn: enforce([byAddress, byToken]), signUp: enforce([signUpsByAddress]) };
}
