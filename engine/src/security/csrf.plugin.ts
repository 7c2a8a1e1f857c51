import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { SERVER_MESSAGES } from '@plantride/schemas';
import { forbidden } from '../commands/errors';
import { originAllowed } from '../auth/cookie-origin';
import { SESSION_COOKIE } from '../auth/session-cookie';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// What a browser says of a request without Origin: its own page, or the user himself (typed, bookmarked).
const OWN_FETCH_SITES = new Set(['same-origin', 'none']);

export interface CsrfPluginOptions {
  /** Origins whose pages may send cookie-authenticated commands besides the engine's own (CORS_ORIGINS). */
  allowedOrigins: readonly string[];
}

/** Whether the request would be authenticated by the session cookie (no bearer header, a `token` cookie), as `bearerToken` reads it. */
function ridesOnSessionCookie(request: FastifyRequest): boolean {
  if (request.headers.authorization?.startsWith('Bearer ')) return false;
  const prefix = `${SESSION_COOKIE}=`;
  return Boolean(request.headers.cookie?.split(';').some((part) => part.trim().startsWith(prefix) && part.trim().length > prefix.length));
}

/** Whether a state-changing request carrying the session cookie comes from a page allowed to send it. */
export function cookieCommandAllowed(request: FastifyRequest, allowedOrigins: readonly string[]): boolean {
  if (!STATE_CHANGING.has(request.method) || !ridesOnSessionCookie(request)) return true;
  const { origin } = request.headers;
  if (typeof origin === 'string') return originAllowed(origin, request.host, allowedOrigins);
  // Every browser sends Origin on a POST, PUT, PATCH or DELETE; without it only Fetch Metadata can vouch for the page.
  const site = request.headers['sec-fetch-site'];
  return typeof site === 'string' && OWN_FETCH_SITES.has(site);
}

/**
 * Cross-site request forgery: a browser attaches the session cookie to a form or a `text/plain` fetch
 * from any same-site page (another port, a sibling subdomain) without a CORS preflight. A command
 * authenticated by that cookie alone must therefore come from the engine's own origin (Host or
 * X-Forwarded-Host), a dev server on loopback proxying to a loopback engine, or CORS_ORIGINS.
 * Bearer-token calls are untouched: a page can only send that header after a preflight CORS answers.
 * An onRequest hook of the whole app, so it runs before any route's role check and before a body is read.
 */
export const csrfPlugin = fp<CsrfPluginOptions>(
  async (app, options) => {
    const { allowedOrigins } = options;
    app.addHook('onRequest', async (request) => {
      if (!cookieCommandAllowed(request, allowedOrigins)) throw forbidden(SERVER_MESSAGES.crossSiteRequestRefused);
    });
  },
  { name: 'csrf' },
);
