import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Role } from '@plantride/schemas';
import { forbidden, unauthorized } from '../commands/errors';
import type { AuthUser, TokenService } from './jwt';
import { SESSION_COOKIE } from './session-cookie';
import { createSessionCache } from './session-cache';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
    /** onRequest hook (before the body is read or validated, so a stranger gets 401 whatever he sends): a valid bearer token (or `token` cookie) of one of `roles`; none given means any signed-in user. */
    requireRole(...roles: Role[]): onRequestAsyncHookHandler;
    /** The user a session token stands for now, or null (bad, expired or ended session); for sockets too. */
    authenticate(token: string): Promise<AuthUser | null>;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim() || null;
  const prefix = `${SESSION_COOKIE}=`;
  const cookie = request.headers.cookie
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(prefix));
  return cookie ? decodeURIComponent(cookie.slice(prefix.length)) || null : null;
}

/** The hooks `requireRole` made: a route with one answers 401 and 403 too (its schema says so, see error-answers). */
export const roleHooks = new WeakSet<onRequestAsyncHookHandler>();

/** The signed-in user of a request that passed `requireRole`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export const authPlugin = fp<{ tokens: TokenService }>(
  async (app, { tokens }) => {
    app.decorate('tokens', tokens);
    app.decorateRequest('user', null);
    const sessions = await createSessionCache(app.database, app.eventStore);
    app.addHook('onClose', () => sessions.close());
    app.decorate('authenticate', async (token: string) => {
      const user = await tokens.verify(token);
      if (!user) return null;
      // Sessions from sign-in carry the account's session version; one the account has moved past
      // (sign-out, block, role change) is over. Tokens without it are minted by the engine itself.
      if (user.sessionVersion !== undefined) {
        const account = await sessions.facts(user.tokenNo);
        if (!account || account.isBlocked || account.sessionVersion !== user.sessionVersion) return null;
      }
      return { tokenNo: user.tokenNo, role: user.role };
    });
    app.decorate('requireRole', (...roles: Role[]) => {
      const hook = async (request: FastifyRequest, _reply: FastifyReply) => {
        const token = bearerToken(request);
        const user = token ? await app.authenticate(token) : null;
        if (!user) throw unauthorized();
        if (roles.length > 0 && !roles.includes(user.role)) throw forbidden();
        request.user = user;
      };
      roleHooks.add(hook);
      return hook;
    });
  },
  { name: 'auth' },
);
