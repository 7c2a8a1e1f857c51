import type { FastifyRequest } from 'fastify';
import { forbidden } from '../commands/errors';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
const hostnameOf = (host: string) => host.replace(/:\d+$/, '');

/**
 * Browsers send cookies with a WebSocket upgrade (and socket.io's polling) from any site's page and
 * never apply CORS to it: a connection authenticated by the session cookie alone must come from the
 * engine's own pages (`host`: the host the browser addressed, X-Forwarded-Host only from a trusted
 * proxy), a listed origin, or a dev server on loopback proxying to a loopback engine.
 */
export function originAllowed(origin: unknown, host: string | undefined, allowed: readonly string[] = []): boolean {
  if (typeof origin !== 'string') return true;
  if (allowed.includes(origin)) return true;
  if (!host) return false;
  try {
    const page = new URL(origin);
    return page.host === host || (LOOPBACK.has(page.hostname) && LOOPBACK.has(hostnameOf(host)));
  } catch {
    return false;
  }
}

/** onRequest hook: a request authenticated by the session cookie alone must come from our own origin. */
export async function sameOriginForCookie(request: FastifyRequest): Promise<void> {
  if (request.headers.authorization?.startsWith('Bearer ')) return;
  if (!originAllowed(request.headers.origin, request.host)) throw forbidden();
}
