import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DEFAULT_DISPATCH_SETTINGS,
  DISPATCH_STREAM_ID,
  dispatchSettingsSchema,
  errorAnswerSchema,
  type DispatchSettings,
} from '@plantride/schemas';
import { currentUser } from '../auth/auth.plugin';
import { handle } from '../commands/command-handler';
import { httpCommandContext } from '../commands/http-command';
import { createStreamCache, type StreamCache } from '../event-store/stream-cache';
import { changeDispatchSettings, evolveDispatch } from './dispatch.decider';
import type { DispatchInput } from './offers';

declare module 'fastify' {
  interface FastifyInstance {
    /** The dispatch settings as they stand, in memory: bookings and offers read them without a statement. */
    dispatchSettings: StreamCache<DispatchSettings>;
  }
}

/**
 * What offer dispatch decides with, from this engine's memory; the free drivers are looked at only
 * when the settings say offer (a broadcast booking needs none).
 */
export function dispatchInputOf(app: FastifyInstance, now = new Date()): DispatchInput {
  const settings = app.dispatchSettings.current();
  const view = settings.mode === 'offer' ? app.driverRoster.dispatchView(now) : { candidates: [], holders: [] };
  return { settings, ...view, site: app.site.current() };
}

const errors = { 400: errorAnswerSchema, 401: errorAnswerSchema, 403: errorAnswerSchema };

const routes: FastifyPluginAsyncZod = async (app) => {
  const cache = await createStreamCache(app.database, app.eventStore, {
    streamId: DISPATCH_STREAM_ID,
    initial: DEFAULT_DISPATCH_SETTINGS,
    evolve: evolveDispatch,
  });
  app.decorate('dispatchSettings', cache);
  app.addHook('onClose', () => cache.close());

  app.get(
    '/api/dispatch/settings',
    { onRequest: app.requireRole('admin'), schema: { response: { 200: dispatchSettingsSchema, ...errors } } },
    async () => cache.current(),
  );

  app.put(
    '/api/dispatch/settings',
    { onRequest: app.requireRole('admin'), schema: { body: dispatchSettingsSchema, response: { 200: dispatchSettingsSchema, ...errors } } },
    async (request) => {
      await handle(
        app.eventStore,
        changeDispatchSettings,
        { type: 'ChangeDispatchSettings', data: request.body },
        httpCommandContext(request, currentUser(request)),
      );
      return cache.current();
    },
  );
};

/** Dispatch settings (issue #20): broadcast (the spec's) or offer, offer expiry, service targets, release lead. */
export const dispatchRoutes = fp(routes, { name: 'dispatch', dependencies: ['database', 'auth'] });
