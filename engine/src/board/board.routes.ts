import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acknowledgeAlertAnswerSchema, acknowledgeAlertBodySchema, boardAnswerSchema, errorAnswerSchema } from '@plantride/schemas';
import { currentUser } from '../auth/auth.plugin';
import { handle } from '../commands/command-handler';
import { httpCommandContext } from '../commands/http-command';
import { acknowledgeAlert } from './alert.decider';
import { boardAt } from './board';

const errors = { 400: errorAnswerSchema, 401: errorAnswerSchema, 403: errorAnswerSchema, 404: errorAnswerSchema, 409: errorAnswerSchema };

/** The dispatcher board (issue #32 item 4): what waits, who is on shift, open breakdowns and alerts; staff only. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const guard = app.requireRole('admin', 'maintenanceHead');

  app.get('/api/board', { onRequest: guard, schema: { response: { 200: boardAnswerSchema, ...errors } } }, async () =>
    boardAt(app, new Date()),
  );

  app.post(
    '/api/board/alerts/acknowledge',
    { onRequest: guard, schema: { body: acknowledgeAlertBodySchema, response: { 200: acknowledgeAlertAnswerSchema, ...errors } } },
    async (request) => {
      const { alertId } = request.body;
      const result = await handle(
        app.eventStore,
        acknowledgeAlert,
        { type: 'AcknowledgeAlert', data: { alertId } },
        httpCommandContext(request, currentUser(request)),
      );
      return { alertId, position: result.position };
    },
  );
};

export const boardRoutes = fp(routes, { name: 'board', dependencies: ['database', 'auth', 'driver-roster'] });
