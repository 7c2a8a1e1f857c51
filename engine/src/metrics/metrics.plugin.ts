import { createHash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PROJECTIONS } from '@plantride/projections';
import { ROLES, SERVER_MESSAGES } from '@plantride/schemas';
import { createEngineMetrics, outcomeOf, processMetrics, type EngineMetricSet, type EngineMetrics } from './engine-metrics';
import { readProjectionLag } from './projection-lag';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: EngineMetrics;
  }
}

export interface MetricsPluginOptions {
  /** Read models whose lag to report; those the app runs (all unless a test narrows them). */
  projections?: readonly { name: string }[];
  /**
   * METRICS_TOKEN: when set, GET /metrics wants `Authorization: Bearer <token>`; unset, anyone who reaches
   * the port may read it, except in production (NODE_ENV=production), where it answers 403.
   */
  token?: string;
  /** NODE_ENV=production: without a token, GET /metrics is closed (403). */
  production?: boolean;
}

/** Why /metrics answers 403: in production it opens only with a token, and the operator should learn which one. */
export const METRICS_CLOSED_MESSAGE = 'Metrics are closed: set METRICS_TOKEN to read them in production.';

const COMMAND_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const digest = (text: string) => createHash('sha256').update(text).digest();

function bearerMatches(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? '';
  const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
  return timingSafeEqual(digest(given), digest(token));
}

// Gauges that describe the process now are refreshed when scraped, not kept up to date on every change.
async function refresh(app: FastifyInstance, metrics: EngineMetricSet, projections: readonly string[]): Promise<void> {
  const leading = new Set(app.projections.leading());
  for (const projection of projections) metrics.projectionLeading.set({ projection }, leading.has(projection) ? 1 : 0);
  try {
    for (const lag of await readProjectionLag(app.database, app.eventStore, projections)) {
      metrics.projectionLagEvents.set({ projection: lag.projection }, lag.events);
      metrics.projectionLagSeconds.set({ projection: lag.projection }, lag.seconds);
    }
  } catch (error) {
    // The store being down is what the other figures should still show.
    app.log.warn({ err: error }, 'metrics: projection lag unavailable');
    metrics.projectionLagEvents.reset();
    metrics.projectionLagSeconds.reset();
  }
  if (!app.hasDecorator('io')) return;
  const byRole = new Map<string, number>(ROLES.map((role) => [role, 0]));
  for (const socket of app.io.of('/').sockets.values()) {
    const role = socket.data.user?.role;
    if (role) byRole.set(role, (byRole.get(role) ?? 0) + 1);
  }
  for (const [role, count] of byRole) metrics.sockets.set({ role }, count);
  if (app.hasDecorator('liveDelivery')) metrics.liveLeading.set(app.liveDelivery.leading() ? 1 : 0);
}

/**
 * Prometheus metrics at GET /metrics: commands by route and outcome with their latency, projection
 * lag, which projections and live events this process runs, sockets by role, pending timers, and
 * Node's default process metrics. Every engine process serves its own; scrape each one.
 */
export const metricsPlugin = fp<MetricsPluginOptions>(
  async (app, options) => {
    const metrics = createEngineMetrics();
    const token = options.token;
    // Closed rather than a refused start: a deployment without monitoring must still carry rides.
    const closed = !token && options.production === true;
    if (closed) app.log.warn('METRICS_TOKEN is not set: GET /metrics answers 403 in production until it is');
    const projections = (options.projections ?? PROJECTIONS).map((projection) => projection.name);
    let countTimers: (() => number | Promise<number>) | undefined;
    app.decorate('metrics', {
      registry: metrics.registry,
      collectTimersPending: (count) => void (countTimers = count),
    } satisfies EngineMetrics);

    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url;
      // Unknown paths are left out: each would be a label of its own.
      if (!COMMAND_METHODS.has(request.method) || !route?.startsWith('/api/')) return;
      const labels = { command: `${request.method} ${route}`, outcome: outcomeOf(reply.statusCode) };
      metrics.commands.inc(labels);
      metrics.commandSeconds.observe(labels, reply.elapsedTime / 1000);
    });

    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (closed) return reply.status(403).send({ message: METRICS_CLOSED_MESSAGE });
      if (token && !bearerMatches(request, token)) return reply.status(401).send({ message: SERVER_MESSAGES.authenticationRequired });
      await refresh(app, metrics, projections);
      if (countTimers) {
        await Promise.resolve()
          .then(countTimers)
          .then(
            (count) => metrics.timersPending.set(count),
            (error: unknown) => app.log.warn({ err: error }, 'metrics: timers pending unavailable'),
          );
      }
      const [own, process] = await Promise.all([metrics.registry.metrics(), processMetrics().metrics()]);
      return reply.type(metrics.registry.contentType).send(`${own}\n${process}`);
    });
  },
  { name: 'metrics' },
);
