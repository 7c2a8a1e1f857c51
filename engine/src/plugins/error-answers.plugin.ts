import fp from 'fastify-plugin';
import type { RouteOptions } from 'fastify';
import { errorAnswerSchema } from '@plantride/schemas';
import { roleHooks } from '../auth/auth.plugin';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The refusals a route gives by what it is, not by what it does, each from one app-wide place:
 * - any route: 400 (the error handler's check of params, query and body text; a malformed request),
 *   500 (a bug) and 503 (the store out of reach);
 * - with path parameters: 404 (nothing by that name) and 414 (a parameter past Fastify's length);
 * - behind `requireRole`: 401 and 403;
 * - state-changing: 403 (csrf: a cookie command from another page), 404 (the ride, request or person
 *   it names is not there), 409 (a decider's refusal or a concurrent append), 413 and 415 (a body too
 *   large, or of a type it does not read), 422 (an Idempotency-Key sent again with another request), 429 (the
 *   user's command allowance);
 * - a WebSocket route: 404 to a plain request that asks for no upgrade.
 * Anything else a route answers its schema names itself.
 */
export function answersByKind(route: Pick<RouteOptions, 'method' | 'onRequest' | 'url'> & { websocket?: boolean }): number[] {
  const methods = [route.method].flat().map(String);
  const signedIn = [route.onRequest ?? []].flat().some((hook) => roleHooks.has(hook as never));
  const changing = methods.some((method) => STATE_CHANGING.has(method));
  const named = route.url.includes(':');
  return [
    ...new Set([
      400,
      500,
      503,
      ...(named ? [404, 414] : []),
      ...(signedIn ? [401, 403] : []),
      ...(changing ? [403, 404, 409, 413, 415, 422, 429] : []),
      ...(route.websocket ? [404] : []),
    ]),
  ];
}

/**
 * Every route's schema lists every answer it can give (issue #30): the answers by kind are added to
 * each route's `response` where it does not name that status itself, so the served OpenAPI document
 * says what a client must handle. Registered before any route.
 */
export const errorAnswersPlugin = fp(
  async (app) => {
    app.addHook('onRoute', (route) => {
      const schema = (route.schema ??= {});
      const response = (schema.response ??= {}) as Record<string, unknown>;
      for (const status of answersByKind(route)) response[status] ??= errorAnswerSchema;
    });
  },
  { name: 'error-answers' },
);
