import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Actor } from '@plantride/schemas';
import type { CommandContext } from './command-handler';
import { badRequest } from './errors';
import { commandIdFromKey } from './event-ids';

const MAX_KEY_LENGTH = 200;

function scopeOf(actor: Actor): string {
  return 'tokenNo' in actor ? `user:${actor.tokenNo}` : 'system' in actor ? `system:${actor.system}` : `service:${actor.service}`;
}

/** JSON with every object's keys in order: the same request, however its fields were ordered, writes the same text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : 1)))
      : inner,
  );
}

/**
 * What a request asked, keyed (tokens.digest): its route, path parameters, query and body as the route
 * read them. A key sent again with another digest is another request under the same key (422).
 */
function requestDigest(request: FastifyRequest): string {
  const { method, params, query, body } = request;
  return request.server.tokens.digest(
    canonicalJson([method, request.routeOptions.url ?? request.url, params ?? {}, query ?? {}, body ?? null]),
  );
}

/**
 * The context of a command arriving over HTTP. With an `Idempotency-Key` header the command id derives
 * from the key, so a retry answers the first result and appends nothing; the request's digest goes with
 * it, so the key sent with another request is refused (command-handler.ts, one rule for every route).
 * The correlation id is the request's id: its `X-Correlation-Id`, or a fresh one (metrics/correlation-id.ts).
 */
export function httpCommandContext(request: FastifyRequest, actor: Actor, now: Date = new Date()): CommandContext {
  const header = request.headers['idempotency-key'];
  const key = typeof header === 'string' ? header.trim() : '';
  if (typeof header === 'string' && (key.length === 0 || key.length > MAX_KEY_LENGTH)) {
    throw badRequest(`Idempotency-Key must be 1 to ${MAX_KEY_LENGTH} characters.`);
  }
  if (Array.isArray(header)) throw badRequest('Send one Idempotency-Key header.');
  const base = { now, actor, correlationId: request.id };
  if (!key) return { ...base, commandId: randomUUID() };
  return { ...base, commandId: commandIdFromKey(scopeOf(actor), key), idempotent: true, requestDigest: requestDigest(request) };
}
