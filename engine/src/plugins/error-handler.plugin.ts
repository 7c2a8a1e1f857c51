import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { FastifyError, FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import { SERVER_MESSAGES, isCleanText, refusalMessage, type IssueLike } from '@plantride/schemas';
import { DomainError, badRequest } from '../commands/errors';
import { ConcurrencyError } from '../event-store/event-store';

// Connection errors (Node's socket codes), and PostgreSQL's SQLSTATE classes 08 (connection exception),
// 57P (operator intervention: shutdown, restart, cannot connect now) and 53300 (too many connections).
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '53300',
]);
const UNREACHABLE_MESSAGE =
  /Connection terminated|connection error|not queryable|timeout exceeded when trying to connect|Client was closed/i;

/** Whether `error` says the store (PostgreSQL) cannot be reached right now: worth a retry, not a bug. */
export function isStoreUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || code.startsWith('08') || code.startsWith('57P'))) return true;
  if (typeof message === 'string' && UNREACHABLE_MESSAGE.test(message)) return true;
  // AggregateError (a connect tried on several addresses) and wrapped errors.
  if (Array.isArray(errors) && errors.some((inner) => isStoreUnavailable(inner, depth + 1))) return true;
  return isStoreUnavailable(cause, depth + 1);
}

/**
 * Whether a decoded request part holds text PostgreSQL cannot store (a NUL, a lone surrogate; see
 * `isCleanText`) in any string, or with `keysOnly` in any object key, at any depth.
 */
function holdsUnstorableText(value: unknown, keysOnly = false, depth = 0): boolean {
  if (typeof value === 'string') return !keysOnly && !isCleanText(value);
  if (!value || typeof value !== 'object' || Buffer.isBuffer(value) || depth > 64) return false;
  return Object.entries(value).some(([key, inner]) => !isCleanText(key) || holdsUnstorableText(inner, keysOnly, depth + 1));
}

/** The words a zod validation failure answers: its first issue, naming the field (never the validator's own text). */
function validationMessage(validation: readonly FastifySchemaValidationError[]): string {
  const first = validation[0];
  if (!first) return SERVER_MESSAGES.invalidRequest;
  const path = first.instancePath.split('/').slice(1);
  return refusalMessage({ ...(first.params as Partial<IssueLike>), code: first.keyword, path, message: first.message ?? '' });
}

/** The message of one of Fastify's own client errors (bad JSON, body too large, wrong content type, malformed URL). */
const clientErrorMessage = (status: number) => (status === 404 ? SERVER_MESSAGES.notFound : SERVER_MESSAGES.invalidRequest);

/**
 * Fastify's `frameworkErrors`: what its router refuses before any route or hook runs (a URL whose
 * percent-encoding does not decode, a path parameter past its length) answers the error body every other
 * refusal has, `{ message }`, instead of Fastify's own `{ statusCode, code, error, message }` that echoes the path.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode;
  if (status && status >= 400 && status < 500) {
    void reply.status(status).send({ message: clientErrorMessage(status) });
    return;
  }
  request.log.error({ err: error }, 'request failed before routing');
  void reply.status(500).send({ message: SERVER_MESSAGES.internalError });
}

/**
 * One place that turns errors into answers: known ones to 4xx with their message, an unreachable
 * store to 503 (retry, with the same Idempotency-Key), the rest to a 500 without details.
 */
export const errorHandlerPlugin = fp(
  async (app) => {
    // Found by the route fuzzer: a NUL (and, later, a lone surrogate) reached PostgreSQL, which cannot store it, and failed
    // there as a 500 after part of a command was written. Every body field's schema refuses such text naming the field;
    // what no schema names is refused here before any read or write: paths, queries and body keys before validation,
    // and whatever a body still holds after it (fields a route takes as they come).
    app.addHook('preValidation', async (request) => {
      if (holdsUnstorableText(request.params) || holdsUnstorableText(request.query) || holdsUnstorableText(request.body, true)) {
        throw badRequest(SERVER_MESSAGES.invalidRequest);
      }
    });
    app.addHook('preHandler', async (request) => {
      if (holdsUnstorableText(request.body)) throw badRequest(SERVER_MESSAGES.invalidRequest);
    });
    app.setErrorHandler((error, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        return reply.status(400).send({ message: validationMessage(error.validation) });
      }
      if (error instanceof DomainError) return reply.status(error.status).send({ message: error.message });
      if (error instanceof ConcurrencyError) return reply.status(409).send({ message: SERVER_MESSAGES.conflict });
      const status = (error as { statusCode?: number }).statusCode;
      if (status && status >= 400 && status < 500) {
        // Fastify's own client errors (bad JSON, body too large, wrong content type).
        return reply.status(status).send({ message: clientErrorMessage(status) });
      }
      if (isStoreUnavailable(error)) {
        request.log.warn({ err: error }, 'store unavailable; answered 503');
        return reply.status(503).header('retry-after', '1').send({ message: SERVER_MESSAGES.serviceUnavailable });
      }
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ message: SERVER_MESSAGES.internalError });
    });
  },
  { name: 'error-handler' },
);
