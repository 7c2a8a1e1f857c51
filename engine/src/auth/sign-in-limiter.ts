import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

type Check = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * Attempt counters for sign-in (per token number and per address) and sign-up (per address).
 * Every attempt counts, successful or not, so parallel bursts cannot slip through. The counters
 * live in this process; several engine processes need a shared (Redis) store for them.
 */
export async function createAuthLimiters(app: FastifyInstance, limits: SignInLimits): Promise<{ signIn: Check; signUp: Check }> {
  await app.register(rateLimit, { global: false });
  const timeWindow = limits.windowSeconds * 1000;
  const byAddress = app.createRateLimit({ max: limits.perAddress, timeWindow });
  const byToken = app.createRateLimit({ max: limits.perToken, timeWindow, keyGenerator: (request) => (request.body as { token_no: string }).token_no });
  const signUpsByAddress = app.createRateLimit({ max: limits.perAddress, timeWindow });

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
