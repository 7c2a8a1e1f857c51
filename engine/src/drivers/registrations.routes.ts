import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SERVER_MESSAGES,
  commandAnswerSchema,
  driverRegistrationsAnswerSchema,
  errorAnswerSchema,
  userParamsSchema,
} from '@plantride/schemas';
import { pendingDriverRegistrations } from '@plantride/projections';
import { currentUser } from '../auth/auth.plugin';
import { handle } from '../commands/command-handler';
import { httpCommandContext } from '../commands/http-command';
import { readModels } from '../rides/ride-access';
import { decideDriverRegistration } from '../users/user.decider';

const errors = { 400: errorAnswerSchema, 401: errorAnswerSchema, 403: errorAnswerSchema, 404: errorAnswerSchema, 409: errorAnswerSchema };

/**
 * Pending driver registrations (ours, Driver Info): accounts made on a recorded driver's token number
 * without his activation code wait here, with no driver rights, until the admin approves or rejects them.
 */
export const driverRegistrationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/drivers/registrations',
    { onRequest: app.requireRole('admin'), schema: { response: { 200: driverRegistrationsAnswerSchema, ...errors } } },
    async () => {
      const rows = await pendingDriverRegistrations(readModels(app));
      return {
        registrations: rows.map((row) => ({
          tokenNo: row.token_no,
          name: row.name,
          mobile: row.mobile,
          signedUpAt: new Date(row.created_at).toISOString(),
          recordName: row.record_name,
          vehicleAssigned: row.vehicle_assigned,
        })),
      };
    },
  );

  for (const [action, type, message] of [
    ['approve', 'ApproveDriverRegistration', SERVER_MESSAGES.driverRegistrationApproved],
    ['reject', 'RejectDriverRegistration', SERVER_MESSAGES.driverRegistrationRejected],
  ] as const) {
    app.post(
      `/api/drivers/registrations/:tokenNo/${action}`,
      { onRequest: app.requireRole('admin'), schema: { params: userParamsSchema, response: { 200: commandAnswerSchema, ...errors } } },
      async (request) => {
        const command = { type, data: { tokenNo: request.params.tokenNo } };
        const result = await handle(app.eventStore, decideDriverRegistration, command, httpCommandContext(request, currentUser(request)));
        return { message, position: result.position };
      },
    );
  }
};
