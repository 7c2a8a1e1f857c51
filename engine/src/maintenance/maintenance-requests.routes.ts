import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MESSAGES,
  commandAnswerSchema,
  driverStreamId,
  maintenanceCommentBodySchema,
  maintenanceRequestAnswerSchema,
  maintenanceRequestListAnswerSchema,
  maintenanceStatusBodySchema,
  maintenanceStreamId,
  requestIdParamsSchema,
  unblockDriverBodySchema,
} from '@plantride/schemas';
import { listMaintenanceRequests } from '@plantride/projections';
import { currentUser } from '../auth/auth.plugin';
import { handleCommand } from '../commands/command-handler';
import { httpCommandContext } from '../commands/http-command';
import { driverDecider } from '../drivers/driver.decider';
import { readModels } from '../rides/ride-access';
import { unblockingFrom } from './driver-unblock';
import { followUp } from './follow-up';
import { maintenanceDecider } from './maintenance.decider';
import { loadMaintenance } from './maintenance-stream';
import { toMaintenanceRequestRow } from './maintenance-rows';
import { maintenanceRequestRouteBodySchema, requestMaintenance } from './request-maintenance';

const STAFF = ['admin', 'maintenanceHead'] as const;

// The spec's client reads `id`; `requestId` is the schema's name for the same thing.
const submittedAnswerSchema = maintenanceRequestAnswerSchema.extend({ id: maintenanceRequestAnswerSchema.shape.requestId });

/** SPEC §7 Maintenance: a driver's request, and the maintenance head's list, comments, status moves and unblocking. */
export const maintenanceRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/requests/maintenanceReq',
    { onRequest: app.requireRole('driver'), schema: { body: maintenanceRequestRouteBodySchema, response: { 200: submittedAnswerSchema } } },
    async (request) => {
      const { requestId, position } = await requestMaintenance(app, request, request.body);
      return { message: MESSAGES.maintenanceSubmittedBlocked, id: requestId, requestId, position };
    },
  );

  app.get(
    '/api/requests/maintenanceReq',
    { onRequest: app.requireRole(...STAFF), schema: { response: { 200: maintenanceRequestListAnswerSchema } } },
    async () => (await listMaintenanceRequests(readModels(app))).map(toMaintenanceRequestRow),
  );

  app.put(
    '/api/requests/maintenanceReq/:id/comment',
    { onRequest: app.requireRole(...STAFF), schema: { params: requestIdParamsSchema, body: maintenanceCommentBodySchema, response: { 200: commandAnswerSchema } } },
    async (request) => {
      const requestId = request.params.id;
      const command = { type: 'EditMaintenanceComment' as const, data: { requestId, commentText: request.body.comment_text } };
      const result = await handleCommand(app.eventStore, maintenanceStreamId(requestId), maintenanceDecider, command, httpCommandContext(request, currentUser(request)));
      return { position: result.position };
    },
  );

  app.put(
    '/api/requests/:id/status',
    { onRequest: app.requireRole(...STAFF), schema: { params: requestIdParamsSchema, body: maintenanceStatusBodySchema, response: { 200: commandAnswerSchema } } },
    async (request) => {
      const requestId = request.params.id;
      const { status, maintenance_date, reason } = request.body;
      const context = httpCommandContext(request, currentUser(request));
      const command = { type: 'SetMaintenanceStatus' as const, data: { requestId, status, reason: reason ?? null, maintenanceDate: maintenance_date } };
      const moved = await handleCommand(app.eventStore, maintenanceStreamId(requestId), maintenanceDecider, command, context);
      if (status === 'accepted') return { position: moved.position };
      // Completing or rejecting releases the driver this request blocked.
      const filed = await loadMaintenance(app.eventStore, requestId);
      if (!filed) return { position: moved.position };
      const { driverId } = filed;
      const unblock = { type: 'UnblockDriver' as const, data: { operatorId: driverId, reason: status === 'completed' ? ('maintenance_completed' as const) : ('maintenance_rejected' as const) } };
      const unblocked = await handleCommand(app.eventStore, driverStreamId(driverId), unblockingFrom(requestId), unblock, followUp(context, 'unblock'));
      return { message: status === 'completed' ? MESSAGES.requestCompletedDriverUnblocked : undefined, position: Math.max(moved.position, unblocked.position) };
    },
  );

  app.put(
    '/api/requests/unblock-driver',
    { onRequest: app.requireRole(...STAFF), schema: { body: unblockDriverBodySchema, response: { 200: commandAnswerSchema } } },
    async (request) => {
      const { driverId, reason } = request.body;
      const command = { type: 'UnblockDriver' as const, data: { operatorId: driverId, reason } };
      const result = await handleCommand(app.eventStore, driverStreamId(driverId), driverDecider, command, httpCommandContext(request, currentUser(request)));
      return { position: result.position };
    },
  );
};
