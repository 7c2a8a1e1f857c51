import type { FastifyRequest } from 'fastify';
import { forbidden } from '../commands/errors';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
const hostnameOf = (host: string) => host.replace(/:\d+$/, '');

// Browsers send cookies with a WebSocket upgrade from any site's page and never apply CORS to it:
// a feed opened with the session cookie must come from the engine's own pages (or a dev server on
// loopback proxying to a loopback engine). The live plugin's socket.io handshake checks the same.
function originAllowed(request: FastifyRequest): boolean {
  const { origin } = request.headers;
  if (origin === undefined) return true;
  const hosts = [request.headers['x-forwarded-host'], request.headers.host].flat().filter((host): host is string => typeof host === 'string');
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
  if (!originAllowed(request)) throw forbidden();
}
