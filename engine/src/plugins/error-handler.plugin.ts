import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { SERVER_MESSAGES } from '@plantride/schemas';
import { DomainError } from '../commands/errors';
import { ConcurrencyError } from '../event-store/event-store';

/** One place that turns errors into answers: known ones to 4xx with their message, the rest to a 500 without details. */
export const errorHandlerPlugin = fp(
  async (app) => {
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
