import fp from 'fastify-plugin';
import fastifyRateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import type { FastifyRequest } from 'fastify';
import { SERVER_MESSAGES } from '@plantride/schemas';
import { DomainError } from '../commands/errors';
import { openLimitStore, type LimitStore, type Rate } from './limit-store';

export interface RateLimits {
  /**
   * State-changing calls (POST, PUT, PATCH, DELETE) per signed-in user (COMMAND_RATE_BURST,
   * COMMAND_RATE_PER_SEC): `burst` calls per window of `burst / perSecond` seconds.
   */
  commands: Rate;
  /**
   * Socket messages (trackRide) per signed-in user, over all his sockets: `burst` per window of
   * `burst / perSecond` seconds (whole seconds); past it the socket is told why and disconnected.
   */
  socketMessages: Rate;
  /** Where the sign-in and socket limits count (the commands' counts share its Redis connection). */
  store: LimitStore;
}

export interface RateLimitsOptions extends Pick<Partial<RateLimits>, 'socketMessages'>, Pick<RateLimits, 'commands'> {
  /** Redis where every engine process counts together (REDIS_URL); unset, each process counts its own. */
  redisUrl?: string;
  /** The deployment's Redis key prefix (REDIS_PREFIX). */
  prefix?: string;
}

/** Unless given: the commands' rate from the configuration, this for sockets (60 per 3 s: whole seconds). */
export const DEFAULT_SOCKET_MESSAGE_RATE: Rate = { burst: 60, perSecond: 20 };

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
 * than refused (like sign-ins; limit-store.ts). Must be registered after auth (its route hooks
 * set `request.user`) and before the routes (the library hooks each route as it is added).
 */
export const rateLimitsPlugin = fp<RateLimitsOptions>(
  async (app, options) => {
    const { commands } = options;
    const store = await openLimitStore(app, { redisUrl: options.redisUrl, prefix: options.prefix ?? 'plantride' });
    app.decorate('rateLimits', { commands, socketMessages: options.socketMessages ?? DEFAULT_SOCKET_MESSAGE_RATE, store });
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
      ...(store.redis
        ? {
            redis: store.redis,
            nameSpace: `${store.prefix}:command-limit:`,
            skipOnError: true,
          }
        : { store: InProcessCounts }),
    });
  },
  { name: 'rate-limits', dependencies: ['auth'] },
);

const counted = (request: FastifyRequest) => request.user !== null && STATE_CHANGING.has(request.method);
