import type { FastifyRequest } from 'fastify';
import { forbidden } from '../commands/errors';

type Headers = Record<string, string | string[] | undefined>;

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
const hostnameOf = (host: string) => host.replace(/:\d+$/, '');

/**
 * Browsers send cookies with a WebSocket upgrade (and socket.io's polling) from any site's page and
 * never apply CORS to it: a connection authenticated by the session cookie alone must come from the
 * engine's own pages, a listed origin, or a dev server on loopback proxying to a loopback engine.
 */
export function cookieOriginAllowed(headers: Headers, allowed: readonly string[] = []): boolean {
  const origin = headers.origin;
  if (typeof origin !== 'string') return true;
  if (allowed.includes(origin)) return true;
  const hosts = [headers['x-forwarded-host'], headers.host].flat().filter((host): host is string => typeof host === 'string');
  try {
    const { host, hostname } = new URL(origin);
    return hosts.includes(host) || (LOOPBACK.has(hostname) && hosts.some((h) => LOOPBACK.has(hostnameOf(h))));
  } catch {
    return false;
  }
}

/** onRequest hook: a request authenticated by the session cookie alone must come from our own origin. */
export async function sameOriginForCookie(request: FastifyRequest): Promise<void> {
  if (request.headers.authorization?.startsWith('Bearer ')) return;
  if (!cookieOriginAllowed(request.headers)) throw forbidden();
}
