import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Role } from '@plantride/schemas';
import { forbidden, unauthorized } from '../commands/errors';
import type { AuthUser, TokenService } from './jwt';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
    /** preHandler: a valid bearer token (or `token` cookie) of one of `roles`; none given means any signed-in user. */
    requireRole(...roles: Role[]): preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim() || null;
  const cookie = request.headers.cookie?.split(';').map((part) => part.trim()).find((part) => part.startsWith('token='));
  return cookie ? decodeURIComponent(cookie.slice('token='.length)) : null;
}

/** The signed-in user of a request that passed `requireRole`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export const authPlugin = fp<{ tokens: TokenService }>(
  async (app, { tokens }) => {
    app.decorate('tokens', tokens);
    app.decorateRequest('user', null);
    app.decorate('requireRole', (...roles: Role[]) => async (request: FastifyRequest, _reply: FastifyReply) => {
      const token = bearerToken(request);
      const user = token ? await tokens.verify(token) : null;
      if (!user) throw unauthorized();
      if (roles.length > 0 && !roles.includes(user.role)) throw forbidden();
      request.user = { tokenNo: user.tokenNo, role: user.role };
    });
  },
  { name: 'auth' },
);
