import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MESSAGES,
  acceptRedistributedRideBodySchema,
  maintenanceRideAnswerSchema,
  redistributeRideBodySchema,
  verifyAccessAnswerSchema,
} from '@plantride/schemas';
import { currentUser } from '../auth/auth.plugin';
import { handle } from '../commands/command-handler';
import { httpCommandContext } from '../commands/http-command';
import { isStaff } from '../rides/ride-access';
import { redistributeRide, takeOverRide } from '../rides/ride.decider';

/** SPEC §7 Maintenance: the head dashboard's access check, and handing a broken-down driver's ride to another. */
export const maintenanceRidesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/maintenance/verify-access',
    { onRequest: app.requireRole(), schema: { response: { 200: verifyAccessAnswerSchema, 403: verifyAccessAnswerSchema } } },
    async (request, reply) => {
      if (isStaff(currentUser(request))) return { success: true };
      return reply.status(403).send({ success: false, message: MESSAGES.notAuthorizedMaintenanceHead });
    },
  );

  app.post(
    '/api/maintenance/redistribute-ride',
    {
      onRequest: app.requireRole('driver', 'admin', 'maintenanceHead'),
      schema: { body: redistributeRideBodySchema, response: { 200: maintenanceRideAnswerSchema } },
    },
    async (request) => {
      const { rideId, originalDriverId, vehicleType, maintenanceComment } = request.body;
      const command = {
        type: 'RedistributeRide' as const,
        data: { rideId, originalDriverId, vehicleType, maintenanceComment },
        // Whether anyone else can take it over is decided now, from memory, and recorded on the redistribution.
        alternativeDrivers: app.driverRoster.alternativeDrivers(originalDriverId),
      };
      const result = await handle(app.eventStore, redistributeRide, command, httpCommandContext(request, currentUser(request)));
      return { success: true, message: MESSAGES.rideMadeAvailable, position: result.position };
    },
  );

  app.post(
    '/api/maintenance/accept-redistributed-ride',
    {
      onRequest: app.requireRole('driver'),
      schema: { body: acceptRedistributedRideBodySchema, response: { 200: maintenanceRideAnswerSchema } },
    },
    async (request) => {
      const { rideId, newDriverId, currentState } = request.body;
      const command = {
        type: 'TakeOverRide' as const,
        data: { rideId, driverId: newDriverId, resumeState: currentState ?? null },
      };
      const result = await handle(app.eventStore, takeOverRide, command, httpCommandContext(request, currentUser(request)));
      return { success: true, message: MESSAGES.redistributedRideAccepted, position: result.position };
    },
  );
};
