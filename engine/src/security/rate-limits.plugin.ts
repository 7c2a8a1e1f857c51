import { once } from 'node:events';
import fp from 'fastify-plugin';
import fastifyRateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { SERVER_MESSAGES } from '@plantride/schemas';
import { DomainError } from '../commands/errors';
import type { Rate } from './token-bucket';

export interface RateLimits {
  /**
   * State-changing calls (POST, PUT, PATCH, DELETE) per signed-in user (COMMAND_RATE_BURST,
   * COMMAND_RATE_PER_SEC): `burst` calls per window of `burst / perSecond` seconds.
   */
  commands: Rate;
  /** Messages one socket may send (trackRide), a token bucket; past it the socket is told why and disconnected. */
  socketMessages: Rate;
  /** The socket buckets' clock; tests stop it. Command windows read `Date.now()` (inside @fastify/rate-limit). */
  socketClock?: () => number;
}

export interface RateLimitsOptions extends Omit<Partial<RateLimits>, 'commands'>, Pick<RateLimits, 'commands'> {
  /** Redis where every engine process counts commands together (REDIS_URL); unset, each process counts its own. */
  redisUrl?: string;
  /** The deployment's Redis key prefix (REDIS_PREFIX). */
  prefix?: string;
}

/** Unless given: the commands' rate from the configuration, this for sockets. */
export const DEFAULT_SOCKET_MESSAGE_RATE: Rate = { burst: 50, perSecond: 20 };

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: RateLimits;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The library's in-process store, each count handed out as a copy. Its LocalStore (11.2.0) hands out
 * its live entry, which the library reads only after an await: calls counted in the same turn all
 * read the last count (30 at once against 20 a window: none accepted). Redis answers are copies.
 */
class InProcessCounts implements FastifyRateLimitStore {
  private readonly counts = new LocalStore(false, false);
  incr(...[key, callback, timeWindow, max]: Parameters<FastifyRateLimitStore['incr']>) {
    this.counts.incr(key, (error, result) => callback(error, result && { current: result.current, ttl: result.ttl }), timeWindow, max);
  }
  child() {
    return new InProcessCounts();
  }
}

/**
 * A per-user limit on commands through @fastify/rate-limit: every state-changing call of a signed-in
 * user counts against his token number, `burst` per window of `burst / perSecond` seconds from his
 * first call in it. The counts live in Redis when one is given, so one user has one allowance
 * whatever the number of engine processes; else in this process. Refused calls answer 429 with
 * `Retry-After` (whole seconds to the window's end) before their body is read, so they change
 * nothing. Calls without a user (sign-in, sign-up: limited in auth/sign-in-limiter.ts; refused
 * ones: 401) and reads are not counted. While that Redis is away, commands are let through rather
 * than refused (like sign-ins; the engine logs it). Must be registered after auth (its route hooks
 * set `request.user`) and before the routes (the library hooks each route as it is added).
 */
export const rateLimitsPlugin = fp<RateLimitsOptions>(
  async (app, options) => {
    const { commands } = options;
    app.decorate('rateLimits', {
      commands,
      socketMessages: options.socketMessages ?? DEFAULT_SOCKET_MESSAGE_RATE,
      socketClock: options.socketClock,
    });
    const noHeader = { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false };
    await app.register(fastifyRateLimit, {
      max: commands.burst,
      timeWindow: Math.max(1, Math.round((commands.burst / commands.perSecond) * 1000)),
      // Route onRequest hooks (requireRole) have run by preParsing; the body has not been read yet.
      hook: 'preParsing',
      keyGenerator: (request) => request.user?.tokenNo ?? '',
      allowList: (request) => !counted(request),
      errorResponseBuilder: () => new DomainError(429, SERVER_MESSAGES.tooManyRequests),
      addHeaders: { ...noHeader, 'retry-after': true },
      addHeadersOnExceeding: noHeader,
      ...(options.redisUrl
        ? {
            redis: await limitStore(app, options.redisUrl),
            nameSpace: `${options.prefix ?? 'plantride'}:command-limit:`,
            skipOnError: true,
          }
        : { store: InProcessCounts }),
    });
  },
  { name: 'rate-limits', dependencies: ['auth'] },
);

const counted = (request: FastifyRequest) => request.user !== null && STATE_CHANGING.has(request.method);

async function limitStore(app: FastifyInstance, redisUrl: string): Promise<Redis> {
  // No offline queue and a short command timeout: while Redis is away or stalls, a count fails
  // quickly (and is skipped) instead of holding the command.
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2_000, commandTimeout: 1_000, enableOfflineQueue: false });
  let available = true;
  redis.on('ready', () => {
    if (!available) app.log.info('command limit store (Redis) is back');
    available = true;
  });
  redis.on('error', (error) => {
    if (available) app.log.warn({ err: error }, 'command limit store (Redis) unavailable; commands are not counted meanwhile');
    available = false;
  });
  app.addHook('onClose', async () => {
    redis.disconnect();
  });
  // Counting starts with the connection; an unreachable Redis (error) or a slow one (3 s) does not hold the start.
  await once(redis, 'ready', { signal: AbortSignal.timeout(3_000) }).catch(() => undefined);
  return redis;
}
