import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const healthAnswer = z.object({
  status: z.literal('ok'),
  store: z.enum(['pglite', 'postgres']),
  /** Global position of the last event in the store. */
  position: z.number().int().nonnegative(),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/health', { schema: { response: { 200: healthAnswer } } }, async () => ({
    status: 'ok' as const,
    store: app.database.kind,
    position: await app.eventStore.headPosition(),
  }));
};
