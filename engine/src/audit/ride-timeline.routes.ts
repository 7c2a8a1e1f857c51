import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SERVER_MESSAGES, parseAuditTime, rideIdParamsSchema, rideTimelineAnswerSchema, rideTimelineQuerySchema } from '@plantride/schemas';
import { notFound } from '../commands/errors';
import { loadRideTimeline } from './ride-timeline';

/** Issue #5 audit: a ride's history replayed from its stream, for staff. */
export const rideTimelineRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/rides/:rideId/timeline',
    {
      // Before validation: who may not look learns nothing, not even which queries are well formed.
      onRequest: app.requireRole('admin', 'maintenanceHead'),
      schema: { params: rideIdParamsSchema, querystring: rideTimelineQuerySchema, response: { 200: rideTimelineAnswerSchema } },
    },
    async (request) => {
      const { at } = request.query;
      const timeline = await loadRideTimeline(app.eventStore, request.params.rideId, at === undefined ? null : parseAuditTime(at));
      if (!timeline) throw notFound(SERVER_MESSAGES.rideNotFound);
      return timeline;
    },
  );
};
