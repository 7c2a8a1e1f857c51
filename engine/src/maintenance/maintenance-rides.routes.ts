import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MESSAGES,
  SERVER_MESSAGES,
  acceptRedistributedRideBodySchema,
  foldRide,
  maintenanceRideAnswerSchema,
  redistributeRideBodySchema,
  rideStreamId,
  verifyAccessAnswerSchema,
  type RideEvent,
} from '@plantride/schemas';
import { currentUser } from '../auth/auth.plugin';
import { badRequest, forbidden, notFound } from '../commands/errors';
import { httpCommandContext } from '../commands/http-command';
import { toDomainEvent } from '../event-store/upcast';
import { isStaff } from '../rides/ride-access';
import { handleRideCommand } from '../rides/ride-command';
import { takeOverRide } from '../rides/driver-steps';
import { loadDriver } from '../drivers/driver-stream';

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
    { onRequest: app.requireRole('driver', 'admin', 'maintenanceHead'), schema: { body: redistributeRideBodySchema, response: { 200: maintenanceRideAnswerSchema } } },
    async (request) => {
      const user = currentUser(request);
      const { rideId, originalDriverId, vehicleType, maintenanceComment } = request.body;
      // A driver hands over his own ride only; staff may hand over anyone's.
      if (!isStaff(user) && originalDriverId !== user.tokenNo) throw forbidden(MESSAGES.invalidParameters);
      const events = await app.eventStore.readStream(rideStreamId(rideId));
      const ride = foldRide(events.map((event) => toDomainEvent(event) as RideEvent));
      if (ride.value === 'new') throw notFound(SERVER_MESSAGES.rideNotFound);
      if (ride.context.vehicleType !== vehicleType) throw badRequest(SERVER_MESSAGES.wrongVehicleType);
      // The maintenance request already handed it over; the spec's client asks again, which is no error.
      if (ride.value === 'waitingForReassignment' && ride.context.originalDriverId === originalDriverId) {
        return { success: true, message: MESSAGES.rideMadeAvailable, position: events.at(-1)?.globalPosition ?? 0 };
      }
      const driver = await loadDriver(app.eventStore, originalDriverId);
      // A driver hands a ride over because his vehicle broke down, not to be rid of it.
      if (!isStaff(user) && !driver.blockedFor) throw forbidden();
      const command = {
        type: 'RedistributeRide' as const,
        data: { rideId, originalDriverId, vehicleType, maintenanceComment, maintenanceRequestId: driver.blockedFor },
        originalDriverName: ride.context.driverName ?? driver.record?.name ?? originalDriverId,
      };
      const result = await handleRideCommand(app.eventStore, command, httpCommandContext(request, user));
      return { success: true, message: MESSAGES.rideMadeAvailable, position: result.position };
    },
  );

  app.post(
    '/api/maintenance/accept-redistributed-ride',
    { onRequest: app.requireRole('driver'), schema: { body: acceptRedistributedRideBodySchema, response: { 200: maintenanceRideAnswerSchema } } },
    async (request) => {
      const user = currentUser(request);
      const { rideId, newDriverId, currentState } = request.body;
      // A driver takes over for himself only; the acting-driver checks (blocked, Not Active) are those of accepting.
      if (newDriverId !== user.tokenNo) throw forbidden(MESSAGES.invalidParameters);
      const result = await takeOverRide(app, request, rideId, currentState ?? null);
      return { success: true, message: MESSAGES.redistributedRideAccepted, position: result.position };
    },
  );
};
