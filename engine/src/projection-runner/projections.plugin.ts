import fp from 'fastify-plugin';
import { PROJECTIONS, type Projection, type ReadModels } from '@plantride/projections';
import { createProjectionRunner, type ProjectionRunner } from './projection-runner';

declare module 'fastify' {
  interface FastifyInstance {
    projections: ProjectionRunner;
  }
}

const READ_YOUR_WRITES_TIMEOUT_MS = 2000;

/**
 * Runs the read-model projections and lets any read route wait for a command's answer:
 * `GET …?position=N` waits (at most 2 s) until the read models include event N.
 */
export interface ProjectionsPluginOptions {
  pollIntervalMs?: number;
  projections?: readonly Projection<ReadModels>[];
}

export const projectionsPlugin = fp<ProjectionsPluginOptions>(
  async (app, options) => {
    const runner = createProjectionRunner({
      database: app.database,
      store: app.eventStore,
      projections: options.projections ?? PROJECTIONS,
      pollIntervalMs: options.pollIntervalMs,
      onError: (error) => app.log.error({ err: error }, 'projections failed; retrying'),
    });
    await runner.start();
    app.decorate('projections', runner);
    app.addHook('preClose', async () => runner.stop());
    // Before validation: a route's query schema would strip `position`.
    app.addHook('preValidation', async (request) => {
      if (request.method !== 'GET') return;
      const raw = (request.query as Record<string, unknown> | undefined)?.position;
      const position = typeof raw === 'string' && /^\d{1,15}$/.test(raw) ? Number(raw) : 0;
      if (position > 0) await runner.waitForPosition(position, READ_YOUR_WRITES_TIMEOUT_MS);
    });
  },
  { name: 'projections', dependencies: ['database'] },
);
