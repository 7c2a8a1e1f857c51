import type { FastifyInstance } from 'fastify';

/** Every feature's routes and live plugins; each feature adds its own line here. */
export async function registerFeatures(app: FastifyInstance): Promise<void> {
  void app;
}
