import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dispatchSettingsBodySchema, dispatchSettingsSchema, errorAnswerSchema } from '@plantride/schemas';
import { currentUser } from '../auth/auth.plugin';
import { handle } from '../commands/command-handler';
import { httpCommandContext } from '../commands/http-command';
import { changeDispatchSettings } from './dispatch.decider';

const errors = { 400: errorAnswerSchema, 401: errorAnswerSchema, 403: errorAnswerSchema };

const routes: FastifyPluginAsyncZod = async (app) => {
  const cache = app.dispatchSettings;

  app.get(
    '/api/dispatch/settings',
    { onRequest: app.requireRole('admin'), schema: { response: { 200: dispatchSettingsSchema, ...errors } } },
    async () => cache.current(),
  );

  app.put(
    '/api/dispatch/settings',
    {
      onRequest: app.requireRole('admin'),
      schema: { body: dispatchSettingsBodySchema, response: { 200: dispatchSettingsSchema, ...errors } },
    },
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
export const dispatchRoutes = fp(routes, { name: 'dispatch', dependencies: ['database', 'auth', 'dispatch-settings'] });
