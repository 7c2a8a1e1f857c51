import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController } from 'fastify';
import fp from 'fastify-plugin';

export const CORRELATION_HEADER = 'x-correlation-id';

// Printable, no spaces or quotes: it is written to logs, to event metadata and back as a header.
const ACCEPTED = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/**
 * The request id is the correlation id: the caller's `X-Correlation-Id` when it is a plausible id,
 * else a fresh uuid (unique across engine processes, unlike Fastify's counter). Fastify puts it on
 * every log line of the request, and commands store it as their events' `metadata.correlationId`.
 */
export function correlationIdOf(request: Pick<IncomingMessage, 'headers'>): string {
  const header = request.headers[CORRELATION_HEADER];
  return typeof header === 'string' && ACCEPTED.test(header) ? header : randomUUID();
}

/** Fastify server options that make `request.id` the correlation id and log it under that name. */
export const correlationIdOptions = {
  genReqId: correlationIdOf,
  requestIdHeader: false as const,
  logController: new LogController({ requestIdLogLabel: 'correlationId' }),
};

/** Answers every request with its correlation id, so a caller can quote it when reporting a problem. */
export const correlationIdPlugin = fp(
  async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      reply.header(CORRELATION_HEADER, request.id);
    });
  },
  { name: 'correlation-id' },
);
