import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { SERVER_MESSAGES } from '@plantride/schemas';
import { DomainError, badRequest } from '../commands/errors';
import { ConcurrencyError } from '../event-store/event-store';

/** Whether a decoded request part holds U+0000 anywhere (a string, or an object key), which PostgreSQL cannot store in text or jsonb. */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (!value || typeof value !== 'object' || Buffer.isBuffer(value) || depth > 64) return false;
  return Object.entries(value).some(([key, inner]) => key.includes('\u0000') || holdsNul(inner, depth + 1));
}

/** One place that turns errors into answers: known ones to 4xx with their message, the rest to a 500 without details. */
export const errorHandlerPlugin = fp(
  async (app) => {
    // Found by the route fuzzer: a NUL in a path, query or body reached PostgreSQL, which cannot store it, and failed
    // there as a 500 (a command of several appends could fail after its first). Refused at the door, before any read or write.
    app.addHook('preValidation', async (request) => {
      if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body)) throw badRequest(SERVER_MESSAGES.invalidRequest);
    });
    app.setErrorHandler((error, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        return reply.status(400).send({ message: error.validation[0]?.message ?? SERVER_MESSAGES.invalidRequest });
      }
      if (error instanceof DomainError) return reply.status(error.status).send({ message: error.message });
      if (error instanceof ConcurrencyError) return reply.status(409).send({ message: SERVER_MESSAGES.conflict });
      const status = (error as { statusCode?: number }).statusCode;
      if (status && status >= 400 && status < 500) {
        // Fastify's own client errors (bad JSON, body too large, wrong content type).
        return reply.status(status).send({ message: status === 404 ? SERVER_MESSAGES.notFound : SERVER_MESSAGES.invalidRequest });
      }
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ message: SERVER_MESSAGES.internalError });
    });
  },
  { name: 'error-handler' },
);
