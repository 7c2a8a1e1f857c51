import fp from 'fastify-plugin';
import { DEFAULT_DISPATCH_SETTINGS, DISPATCH_STREAM_ID, type DispatchSettings } from '@plantride/schemas';
import { createStreamCache, type StreamCache } from '../event-store/stream-cache';
import { evolveDispatch } from './dispatch.decider';

declare module 'fastify' {
  interface FastifyInstance {
    /** The dispatch settings as they stand, in memory: bookings and offers read them without a statement. */
    dispatchSettings: StreamCache<DispatchSettings>;
  }
}

/** The dispatch stream folded and kept current, for the settings routes, the bookings and the timers. */
export const dispatchSettingsPlugin = fp(
  async (app) => {
    const cache = await createStreamCache(app.database, app.eventStore, {
      streamId: DISPATCH_STREAM_ID,
      initial: DEFAULT_DISPATCH_SETTINGS,
      evolve: evolveDispatch,
    });
    app.decorate('dispatchSettings', cache);
    app.addHook('onClose', () => cache.close());
  },
  { name: 'dispatch-settings', dependencies: ['database'] },
);
