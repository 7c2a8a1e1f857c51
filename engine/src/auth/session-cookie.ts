import type { FastifyReply, FastifyRequest } from 'fastify';

/** The cookie holding the session token, for socket.io's `withCredentials` and the page itself. */
export const SESSION_COOKIE = 'token';

function cookie(request: FastifyRequest, value: string, maxAgeSeconds: number): string {
  // Script cannot read it (HttpOnly) and other sites cannot send it with their forms (Lax).
  const parts = [`${SESSION_COOKIE}=${encodeURIComponent(value)}`, 'Path=/', `Max-Age=${maxAgeSeconds}`, 'HttpOnly', 'SameSite=Lax'];
  // Plain HTTP on a plant network is allowed; behind TLS the browser must never send it in clear.
  if (request.protocol === 'https') parts.push('Secure');
  return parts.join('; ');
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  expiresAt: Date,
  now: Date = new Date(),
): void {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
  reply.header('set-cookie', cookie(request, token, maxAge));
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('set-cookie', cookie(request, '', 0));
}
