import type { FastifyPluginAsync } from 'fastify';
import { eventFeedPlugin, type EventFeedPluginOptions } from './event-feed.plugin';
import { rideTimelineRoutes } from './ride-timeline.routes';

/** Issue #5 audit: ride timelines replayed from the store, and the staff feed of every event. */
export const auditPlugin: FastifyPluginAsync<EventFeedPluginOptions> = async (app, options) => {
  await app.register(rideTimelineRoutes);
  await app.register(eventFeedPlugin, options);
};
