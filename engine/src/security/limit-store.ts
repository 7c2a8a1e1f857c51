import { once } from 'node:events';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

/** A rate: `burst` at once, then `perSecond` on average. */
export interface Rate {
  burst: number;
  perSecond: number;
}

/** Where the engine's limits count: one Redis that every engine process shares, or this process alone. */
export interface LimitStore {
  redis: Redis | null;
  /** The deployment's key prefix (REDIS_PREFIX): deployments on one Redis count apart. */
  prefix: string;
}

export const IN_PROCESS: LimitStore = { redis: null, prefix: 'plantride' };

/**
 * The one Redis connection of every limit in this process (commands, sign-ins, socket messages), or
 * none without `redisUrl`. While that Redis is away a count fails at once and the limits let the
 * request through rather than refuse it (signing in or following a ride on the plant floor matters
 * more than a limit for the minutes of an outage); the engine logs the loss and the return.
 */
export async function openLimitStore(
  app: FastifyInstance,
  { redisUrl, prefix }: { redisUrl?: string; prefix: string },
): Promise<LimitStore> {
  if (!redisUrl) return { redis: null, prefix };
  // No offline queue and a short command timeout: while Redis is away or stalls, a count fails
  // quickly instead of holding the request.
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2_000, commandTimeout: 1_000, enableOfflineQueue: false });
  let available = true;
  redis.on('ready', () => {
    if (!available) app.log.info('limit store (Redis) is back');
    available = true;
  });
  redis.on('error', (error) => {
    if (available)
      app.log.warn({ err: error }, 'limit store (Redis) unavailable; commands, sign-ins and socket messages are not counted meanwhile');
    available = false;
  });
  app.addHook('onClose', async () => {
    redis.disconnect();
  });
  // Counting starts with the connection; an unreachable Redis (error) or a slow one (3 s) does not hold the start.
  await once(redis, 'ready', { signal: AbortSignal.timeout(3_000) }).catch(() => undefined);
  return { redis, prefix };
}

/**
 * `points` per fixed window of `seconds` from a key's first point, under `name`, through
 * rate-limiter-flexible: in Redis (one atomic script per count) when the store has one, else in this
 * process. Whole seconds: the library keeps Redis windows in them (a fraction is rounded down, and a
 * window under one second would never end). With `blockInMemory`, a key past its points is refused
 * by this process alone for the rest of its window, without asking Redis again: a flood costs one
 * round trip, not one per message. Only for counts nothing takes back (a reward elsewhere would not
 * lift that block).
 */
export function fixedWindow(
  store: LimitStore,
  name: string,
  points: number,
  seconds: number,
  { blockInMemory = false } = {},
): RateLimiterAbstract {
  const options = { keyPrefix: `${store.prefix}:${name}`, points, duration: Math.max(1, Math.round(seconds)) };
  if (!store.redis) return new RateLimiterMemory(options);
  return new RateLimiterRedis({ ...options, storeClient: store.redis, ...(blockInMemory ? { inMemoryBlockOnConsumed: points + 1 } : {}) });
}

/** A rate as a fixed window: `burst` per `burst / perSecond` seconds. */
export const rateWindow = (store: LimitStore, name: string, { burst, perSecond }: Rate, options?: { blockInMemory?: boolean }) =>
  fixedWindow(store, name, burst, burst / perSecond, options);

export interface Counted {
  /** Past the limiter's points: the library refused it. */
  over: boolean;
  /** The key's count in its window, with this one (0 when refused by a block in memory). */
  consumed: number;
  /** Until the key's window ends. */
  msBeforeNext: number;
}

/**
 * A count's answer, within the limit or past it (the library rejects with a RateLimiterRes then);
 * null when the store could not count, so the caller lets the request through.
 */
export function counted(counting: Promise<RateLimiterRes>): Promise<Counted | null> {
  const answer = (res: RateLimiterRes, over: boolean) => ({ over, consumed: res.consumedPoints, msBeforeNext: res.msBeforeNext });
  return counting.then(
    (res) => answer(res, false),
    (reason: unknown) => (reason instanceof RateLimiterRes ? answer(reason, true) : null),
  );
}
