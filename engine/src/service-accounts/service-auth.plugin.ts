import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { SERVER_MESSAGES, SERVICE_MESSAGES, type Actor, type ServiceScope } from '@plantride/schemas';
import { roleHooks } from '../auth/auth.plugin';
import { readState } from '../commands/command-handler';
import { DomainError, forbidden, unauthorized } from '../commands/errors';
import { counted, rateWindow, type Rate } from '../security/limit-store';
import { looksLikeApiKey, parseKey, sameHash } from './api-keys';
import { openKeyUses, type KeyUses } from './key-uses';
import { keyOpens, serviceAccountsStream } from './service-account.decider';

/** The service account a request's key opened. */
export interface ServiceCaller {
  accountId: string;
  name: string;
  scopes: readonly ServiceScope[];
  keyId: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * onRequest hook of the `/api/v1` routes: a service account's key (`Authorization: Bearer prk_…`)
     * that opens its account now and has one of `scopes`; counted against the account's allowance.
     * A person's session opens none of them, and a key opens nothing else.
     */
    requireScope(...scopes: ServiceScope[]): onRequestAsyncHookHandler;
    keyUses: KeyUses;
  }
  interface FastifyRequest {
    service: ServiceCaller | null;
  }
}

/** The account that called, as it is written into its commands' events. */
export function serviceActor(request: FastifyRequest): Actor & { service: string } {
  if (!request.service) throw unauthorized(SERVICE_MESSAGES.keyRequired);
  return { service: request.service.accountId, name: request.service.name };
}

export function currentService(request: FastifyRequest): ServiceCaller {
  if (!request.service) throw unauthorized(SERVICE_MESSAGES.keyRequired);
  return request.service;
}

function presentedKey(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const token = header.slice('Bearer '.length).trim();
  return looksLikeApiKey(token) ? token : null;
}

export const serviceAuthPlugin = fp<{ rate: Rate }>(
  async (app, { rate }) => {
    app.decorateRequest('service', null);
    app.decorate('keyUses', await openKeyUses(app.database.db));
    // Every call counts (reads too: a polling machine is the usual flood), per account, across engine processes with Redis.
    const limiter = rateWindow(app.rateLimits.store, 'service-limit', rate);
    app.decorate('requireScope', (...scopes: ServiceScope[]) => {
      const hook = async (request: FastifyRequest, reply: FastifyReply) => {
        const token = presentedKey(request);
        if (!token) throw unauthorized(SERVICE_MESSAGES.keyRequired);
        const presented = parseKey(token);
        const now = new Date();
        const account = presented && keyOpens(await readState(app.eventStore, serviceAccountsStream()), presented, now, sameHash);
        if (!presented || !account) throw unauthorized(SERVICE_MESSAGES.keyRefused);
        if (scopes.length > 0 && !scopes.some((scope) => account.scopes.includes(scope)))
          throw forbidden(SERVICE_MESSAGES.scopeMissing(scopes.join('" or "')));
        const count = await counted(limiter.consume(account.accountId));
        if (count?.over) {
          void reply.header('retry-after', Math.max(1, Math.ceil(count.msBeforeNext / 1000)));
          throw new DomainError(429, SERVER_MESSAGES.tooManyRequests);
        }
        request.service = { accountId: account.accountId, name: account.name, scopes: account.scopes, keyId: presented.keyId };
        // A lost write of "last used" must not refuse the call it describes.
        await app.keyUses.used(account.accountId, presented.keyId, now).catch((error: unknown) => {
          request.log.warn({ err: error }, 'could not record a service key use');
        });
      };
      roleHooks.add(hook);
      return hook;
    });
  },
  { name: 'service-auth', dependencies: ['database', 'auth', 'rate-limits'] },
);
