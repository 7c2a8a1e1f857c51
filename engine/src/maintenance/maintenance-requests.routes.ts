import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MESSAGES,
  TOTAL_COUNT_HEADER,
  commandAnswerSchema,
  customIssueInput,
  maintenanceCommentBodySchema,
  maintenanceRequestAnswerSchema,
  maintenanceRequestBodySchema,
  maintenanceRequestListAnswerSchema,
  maintenanceRequestListQuerySchema,
  maintenanceStatusBodySchema,
  requestIdParamsSchema,
  unblockDriverBodySchema,
} from '@plantride/schemas';
import { listMaintenanceRequestsPage } from '@plantride/projections';
import { currentUser } from '../auth/auth.plugin';
import { handle } from '../commands/command-handler';
import { httpCommandContext } from '../commands/http-command';
import { readModels } from '../rides/ride-access';
import { editMaintenanceComment, requestIdFor, requestMaintenance, setMaintenanceStatus, unblockDriver } from './maintenance.decider';
import { toMaintenanceRequestRow } from './maintenance-rows';

/**
 * The spec's body without its own mid-ride rule: whether the driver is mid-ride is the ride's
 * events' to say, not the client's `ride_id`; the decision checks SPEC §5 itself.
 */
const maintenanceRequestRouteBodySchema = z.object({ ...maintenanceRequestBodySchema.shape, custom_issue: customIssueInput });

const STAFF = ['admin', 'maintenanceHead'] as const;

// The spec's client reads `id`; `requestId` is the schema's name for the same thing.
const submittedAnswerSchema = maintenanceRequestAnswerSchema.extend({ id: maintenanceRequestAnswerSchema.shape.requestId });

/** SPEC §7 Maintenance: a driver's request, and the maintenance head's list, comments, status moves and unblocking. */
export const maintenanceRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/requests/maintenanceReq',
    { onRequest: app.requireRole('driver'), schema: { body: maintenanceRequestRouteBodySchema, response: { 200: submittedAnswerSchema } } },
    async (request) => {
      const {
        driver_id: driverId,
        vehicle_type: vehicleType,
        issue,
        custom_issue: customIssue,
        comment_text: commentText,
        breakdown_type: breakdownType,
        photo_ids: photoIds = [],
      } = request.body;
      const context = httpCommandContext(request, currentUser(request));
      const requestId = requestIdFor(context.commandId);
      const command = {
        type: 'RequestMaintenance' as const,
        data: { requestId, driverId, vehicleType, issue, customIssue, commentText, breakdownType, photoIds },
        // Mid-ride, whether anyone else can take his ride over is decided now and recorded on the redistribution.
        alternativeDrivers: app.driverRoster.alternativeDrivers(driverId),
        // Whether each photo is his to file is the decider's to say, from who took it.
        photoOwners: await app.photos.owners(photoIds),
      };
      const { position } = await handle(app.eventStore, requestMaintenance, command, context);
      return { message: MESSAGES.maintenanceSubmittedBlocked, id: requestId, requestId, position };
    },
  );

  app.get(
    '/api/requests/maintenanceReq',
    {
      onRequest: app.requireRole(...STAFF),
      schema: { querystring: maintenanceRequestListQuerySchema, response: { 200: maintenanceRequestListAnswerSchema } },
    },
    async (request, reply) => {
      // The spec's answer is a bare list: its total goes in a header.
      const { rows, total } = await listMaintenanceRequestsPage(readModels(app), request.query);
      reply.header(TOTAL_COUNT_HEADER, total);
      const inspections = app.inspectionSettings.current();
      return rows.map((row) => toMaintenanceRequestRow(row, inspections));
    },
  );

  app.put(
    '/api/requests/maintenanceReq/:id/comment',
    {
      onRequest: app.requireRole(...STAFF),
      schema: { params: requestIdParamsSchema, body: maintenanceCommentBodySchema, response: { 200: commandAnswerSchema } },
    },
    async (request) => {
      const command = {
        type: 'EditMaintenanceComment' as const,
        data: { requestId: request.params.id, commentText: request.body.comment_text },
      };
      const result = await handle(app.eventStore, editMaintenanceComment, command, httpCommandContext(request, currentUser(request)));
      return { position: result.position };
    },
  );

  app.put(
    '/api/requests/:id/status',
    {
      onRequest: app.requireRole(...STAFF),
      schema: { params: requestIdParamsSchema, body: maintenanceStatusBodySchema, response: { 200: commandAnswerSchema } },
    },
    async (request) => {
      const { status, maintenance_date: maintenanceDate, reason } = request.body;
      const command = {
        type: 'SetMaintenanceStatus' as const,
        data: { requestId: request.params.id, status, reason: reason ?? null, maintenanceDate },
      };
      const result = await handle(app.eventStore, setMaintenanceStatus, command, httpCommandContext(request, currentUser(request)));
      return { message: status === 'completed' ? MESSAGES.requestCompletedDriverUnblocked : undefined, position: result.position };
    },
  );

  app.put(
    '/api/requests/unblock-driver',
    { onRequest: app.requireRole(...STAFF), schema: { body: unblockDriverBodySchema, response: { 200: commandAnswerSchema } } },
    async (request) => {
      const { driverId, reason } = request.body;
      const command = { type: 'UnblockDriver' as const, data: { operatorId: driverId, reason } };
      const result = await handle(app.eventStore, unblockDriver, command, httpCommandContext(request, currentUser(request)));
      return { position: result.position };
    },
  );
};
