import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Actor } from '@plantride/schemas';
import type { CommandContext } from './command-handler';
import { badRequest } from './errors';
import { commandIdFromKey } from './event-ids';

const MAX_KEY_LENGTH = 200;

function scopeOf(actor: Actor): string {
  return 'tokenNo' in actor ? `user:${actor.tokenNo}` : `system:${actor.system}`;
}

/**
 * The context of a command arriving over HTTP. With an `Idempotency-Key` header the
 * command id derives from the key, so a retry answers the first result and appends nothing.
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
  return key ? { ...base, commandId: commandIdFromKey(scopeOf(actor), key), idempotent: true } : { ...base, commandId: randomUUID() };
}
