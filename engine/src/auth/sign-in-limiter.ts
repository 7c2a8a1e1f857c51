import type { FastifyReply, FastifyRequest } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { SERVER_MESSAGES } from '@plantride/schemas';
import { DomainError } from '../commands/errors';
import { IN_PROCESS, counted, fixedWindow, type Counted, type LimitStore } from '../security/limit-store';

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

export interface LimiterOptions {
  /** Where the attempts count (the engine's limit store); this process alone unless given. */
  store?: LimitStore;
  /** The back-off's wait; tests record it instead of sleeping. */
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
 * down, capped at a few seconds. Sign-up counts every attempt per address. Each count is a fixed
 * window from its key's first attempt (rate-limiter-flexible), kept in the engine's limit store: in
 * Redis when there is one, so that every engine process counts together. While that Redis is away,
 * attempts are let through rather than refused (security/limit-store.ts says why).
 */
export function createAuthLimiters(limits: SignInLimits, options: LimiterOptions = {}): AuthLimiters {
  const store = options.store ?? IN_PROCESS;
  const wait = options.wait ?? ((ms: number) => sleep(ms));
  const window = (name: string, points: number) => fixedWindow(store, `auth-limit:${name}`, points, limits.windowSeconds);
  const pairs = window('sign-in-pair', limits.perToken);
  const addresses = window('sign-in-address', limits.perAddress);
  // Counted with penalty(), which never refuses: the account's count only sets its back-off.
  const accounts = window('sign-in-account', 1);
  const signUps = window('sign-up-address', limits.perAddress);
  const pending = new WeakMap<FastifyRequest, { pair: string; address: string; account: string }>();

  const refuseBeyond = (reply: FastifyReply, checks: Array<Counted | null>) => {
    const over = checks.filter((check) => check?.over);
    if (over.length === 0) return;
    const resetInMs = Math.max(...over.map((check) => check!.msBeforeNext));
    reply.header('retry-after', Math.max(1, Math.ceil(resetInMs / 1000)));
    throw new DomainError(429, SERVER_MESSAGES.tooManySignInAttempts);
  };

  return {
    async signIn(request, reply) {
      const tokenNo = (request.body as { token_no: string }).token_no;
      const keys = { pair: `${tokenNo}:${request.ip}`, address: request.ip, account: tokenNo };
      // A refused attempt counts too: every count goes up, within its limit or past it.
      const [pair, address, account] = await Promise.all([
        counted(pairs.consume(keys.pair)),
        counted(addresses.consume(keys.address)),
        counted(accounts.penalty(keys.account)),
      ]);
      pending.set(request, keys);
      refuseBeyond(reply, [address, pair]);
      const delay = account ? backoffMs(account.consumed - 1, limits.backoff) : 0;
      if (delay > 0) await wait(delay);
    },
    async signedIn(request) {
      const keys = pending.get(request);
      if (!keys) return;
      pending.delete(request);
      // With the store away nothing was counted: nothing to take back, and nothing to fail the sign-in for.
      await Promise.allSettled([pairs.delete(keys.pair), addresses.reward(keys.address), accounts.reward(keys.account)]);
    },
    async signUp(request, reply) {
      refuseBeyond(reply, [await counted(signUps.consume(request.ip))]);
    },
  };
}
