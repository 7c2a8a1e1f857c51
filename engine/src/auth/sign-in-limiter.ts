import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { SERVER_MESSAGES } from '@plantride/schemas';
import { DomainError } from '../commands/errors';
import { memoryCounters, redisCounters, type AttemptCounters, type Count } from './attempt-counters';

export interface SignInLimits {
  /** Failed sign-ins per token number from one client address in a window: that address then waits the window out for that account. */
  perToken: number;
  /** Failed sign-ins per client address in a window, whatever the accounts (sign-ups count apart, every attempt). */
  perAddress: number;
  windowSeconds: number;
  /** An account's failures from every address together slow its sign-ins: none for the first `afterFailures`, then `firstMs` doubling per failure up to `maxMs`. Never a refusal. */
  backoff: { afterFailures: number; firstMs: number; maxMs: number };
}

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = {
  perToken: 10,
  perAddress: 30,
  windowSeconds: 300,
  backoff: { afterFailures: 5, firstMs: 250, maxMs: 4_000 },
};

/** Where several engine processes keep one set of counters (REDIS_URL and REDIS_PREFIX). */
export interface SharedLimitStore {
  redisUrl: string;
  prefix: string;
}

export interface LimiterOptions {
  shared?: SharedLimitStore;
  /** The in-process counters' clock and the back-off's wait; tests inject both. */
  now?: () => number;
  wait?: (ms: number) => Promise<void>;
}

type Check = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export interface AuthLimiters {
  signIn: Check;
  /** The password was right: this address's failures on the account are forgotten, and the attempt is taken back from the other counts. */
  signedIn(request: FastifyRequest): Promise<void>;
  signUp: Check;
}

/** The wait before judging an account's next password, given the failures it already has in the window. */
export function backoffMs(failures: number, backoff: SignInLimits['backoff']): number {
  if (failures < backoff.afterFailures) return 0;
  return Math.min(backoff.maxMs, backoff.firstMs * 2 ** Math.min(failures - backoff.afterFailures, 30));
}

/**
 * Sign-in counts failures per (token number, address) and per address, and refuses (429) only
 * there: guesses from elsewhere never lock an owner out of his own account. An attempt counts as a
 * failure from the moment it arrives (so a burst cannot slip through before the first answers) until
 * the password turns out right. The account's failures from every address together only slow it
 * down, capped at a few seconds. Sign-up counts every attempt per address. The counters live in this
 * process, or in Redis when one is given, so that several engine processes count together; while that
 * Redis is away, attempts are let through rather than refused (signing in on the plant floor matters
 * more than the limit for the minutes of an outage; the engine logs the Redis errors).
 */
export async function createAuthLimiters(app: FastifyInstance, limits: SignInLimits, options: LimiterOptions = {}): Promise<AuthLimiters> {
  const counters = options.shared ? await sharedCounters(app, options.shared) : memoryCounters(options.now);
  const wait = options.wait ?? ((ms: number) => sleep(ms));
  const windowMs = limits.windowSeconds * 1000;
  const pending = new WeakMap<FastifyRequest, { pair: string; address: string; account: string }>();

  const refuseBeyond = (reply: FastifyReply, checks: Array<[Count, number]>) => {
    const over = checks.filter(([counted, max]) => counted.count > max);
    if (over.length === 0) return;
    const resetInMs = Math.max(...over.map(([counted]) => counted.resetInMs));
    reply.header('retry-after', Math.max(1, Math.ceil(resetInMs / 1000)));
    throw new DomainError(429, SERVER_MESSAGES.tooManySignInAttempts);
  };

  return {
    async signIn(request, reply) {
      const tokenNo = (request.body as { token_no: string }).token_no;
      // Each counter names its key: the limiters share one store, and two of them count addresses.
      const keys = {
        pair: `sign-in:pair:${tokenNo}:${request.ip}`,
        address: `sign-in:address:${request.ip}`,
        account: `sign-in:account:${tokenNo}`,
      };
      const counted = await counters.add([keys.pair, keys.address, keys.account], windowMs);
      if (!counted) return;
      const [pair, address, account] = counted as [Count, Count, Count];
      pending.set(request, keys);
      refuseBeyond(reply, [
        [address, limits.perAddress],
        [pair, limits.perToken],
      ]);
      const delay = backoffMs(account.count - 1, limits.backoff);
      if (delay > 0) await wait(delay);
    },
    async signedIn(request) {
      const keys = pending.get(request);
      if (!keys) return;
      pending.delete(request);
      await counters.settle([keys.pair], [keys.address, keys.account]);
    },
    async signUp(request, reply) {
      const counted = await counters.add([`sign-up:address:${request.ip}`], windowMs);
      if (counted) refuseBeyond(reply, [[counted[0] as Count, limits.perAddress]]);
    },
  };
}

async function sharedCounters(app: FastifyInstance, shared: SharedLimitStore): Promise<AttemptCounters> {
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
  return redisCounters(redis, `${shared.prefix}:auth-limit:`);
}
