import fp from 'fastify-plugin';
import { SITE_STREAM_ID, evolveSite, type SiteState } from '@plantride/schemas';
import { createStreamCache, type StreamCache } from '../event-store/stream-cache';

declare module 'fastify' {
  interface FastifyInstance {
    /** The site as it stands, in memory: bookings check their places against it (null: the default site). */
    site: StreamCache<SiteState | null>;
  }
}

/** The site stream folded and kept current, for the routes, the bookings and the timers. */
export const siteStatePlugin = fp(
  async (app) => {
    const cache = await createStreamCache(app.database, app.eventStore, { streamId: SITE_STREAM_ID, initial: null, evolve: evolveSite });
    app.decorate('site', cache);
    app.addHook('onClose', () => cache.close());
  },
  { name: 'site-state', dependencies: ['database'] },
);
