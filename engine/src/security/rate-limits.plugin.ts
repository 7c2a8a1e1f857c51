import fp from 'fastify-plugin';
import { SERVER_MESSAGES } from '@plantride/schemas';
import { DomainError } from '../commands/errors';
import { tokenBuckets, type Rate } from './token-buckets';

export interface RateLimits {
  /** State-changing calls (POST, PUT, PATCH, DELETE) per signed-in user (COMMAND_RATE_BURST, COMMAND_RATE_PER_SEC). */
  commands: Rate;
  /** Messages one socket may send (trackRide); past it the socket is told why and disconnected. */
  socketMessages: Rate;
  /** The buckets' clock; tests stop it, so counts do not depend on how fast the machine is. */
  now?: () => number;
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
 * A per-user limit on commands: every state-changing call of a signed-in user takes a token from
 * his bucket (kept in this process; each engine process counts its own). Refused calls answer 429
 * with `Retry-After` (whole seconds) before their body is read, so they change nothing. Calls
 * without a user (sign-in, sign-up: limited in auth/sign-in-limiter.ts; refused ones: 401) are not
 * counted here. Must be registered after auth (its route hooks set `request.user`) and before the routes.
 */
export const rateLimitsPlugin = fp<Pick<RateLimits, 'commands'> & Partial<RateLimits>>(
  async (app, options) => {
    const limits: RateLimits = {
      commands: options.commands,
      socketMessages: options.socketMessages ?? DEFAULT_SOCKET_MESSAGE_RATE,
      now: options.now,
    };
    app.decorate('rateLimits', limits);
    const commands = tokenBuckets(limits.commands, limits.now);
    // Route onRequest hooks (requireRole) have run by preParsing; the body has not been read yet.
    app.addHook('preParsing', async (request, reply, payload) => {
      if (!request.user || !STATE_CHANGING.has(request.method)) return payload;
      const taken = commands.take(request.user.tokenNo);
      if (taken.allowed) return payload;
      reply.header('retry-after', Math.max(1, Math.ceil(taken.retryAfterMs / 1000)));
      throw new DomainError(429, SERVER_MESSAGES.tooManyRequests);
    });
  },
  { name: 'rate-limits', dependencies: ['auth'] },
);
