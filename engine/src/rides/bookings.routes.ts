import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DEFAULT_SITE,
  MESSAGES,
  SERVER_MESSAGES,
  bookRideAnswerSchema,
  bookRideBodySchema,
  bookingCommandAnswerSchema,
  durationToMinutes,
  getTimestampsAnswerSchema,
  noDriversAssigned,
  noDriversAssignedSpecialTask,
  rideIdParamsSchema,
  rideStreamId,
  routeMinutes,
  updateTimestampsBodySchema,
  type RideEventOf,
} from '@plantride/schemas';
import { countDriversOfType, findUser } from '@plantride/projections';
import { currentUser } from '../auth/auth.plugin';
import { handleCommand } from '../commands/command-handler';
import { badRequest, forbidden } from '../commands/errors';
import { httpCommandContext } from '../commands/http-command';
import { readModels, visibleRide } from './ride-access';
import { rideDecider } from './ride.decider';
import { handleRideCommand } from './ride-command';
import { driverStep } from './driver-steps';
import { toTimestamps } from './ride-rows';

// Short enough to read out over a radio; collisions would surface as a 409, never a merge.
const newRideId = () => randomBytes(5).readUIntBE(0, 5).toString(36).toUpperCase().padStart(8, '0');

export const bookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/bookings/book-ride',
    { onRequest: app.requireRole('requester', 'admin'), schema: { body: bookRideBodySchema, response: { 200: bookRideAnswerSchema } } },
    async (request) => {
      const user = currentUser(request);
      const body = request.body;
      if (body.userId !== user.tokenNo && user.role !== 'admin') throw forbidden();
      const special = body.rideType === 'Special Task';
      const db = readModels(app);
      const requester = await findUser(db, body.userId);
      if (!requester) throw badRequest(MESSAGES.userNotFound);
      const minutes = routeMinutes(DEFAULT_SITE, body.fromLocation, body.toLocation);
      if (minutes === undefined) throw badRequest(SERVER_MESSAGES.unknownLocation);
      // Driver records, not accounts: an operator the admin recorded counts before he signs up.
      if ((await countDriversOfType(db, body.vehicleType)) === 0) {
        throw badRequest(special ? noDriversAssignedSpecialTask(body.vehicleType) : noDriversAssigned(body.vehicleType));
      }
      const rideId = newRideId();
      const reqName = body.reqName || requester.name;
      const reqMobileNo = body.reqMobileNo || requester.mobile;
      const result = await handleCommand(
        app.eventStore,
        rideStreamId(rideId),
        rideDecider,
        {
          type: 'BookRide',
          data: {
            rideId,
            requesterId: body.userId,
            requesterName: reqName,
            requesterMobile: reqMobileNo,
            fromLocation: body.fromLocation,
            toLocation: body.toLocation,
            vehicleType: body.vehicleType,
            rideType: body.rideType,
            durationMinutes: special && body.duration ? durationToMinutes(body.duration) : null,
          },
          estimatedMinutes: minutes,
        },
        httpCommandContext(request, user),
      );
      // A repeated Idempotency-Key answers the ride that was booked the first time.
      const booked = result.events[0] as RideEventOf<'RideRequested'>;
      return { message: SERVER_MESSAGES.rideBooked, rideId: booked.data.rideId, reqName: booked.data.requesterName, reqMobileNo: booked.data.requesterMobile, position: result.position };
    },
  );

  app.get(
    '/api/bookings/get-timestamps/:rideId',
    { onRequest: app.requireRole(), schema: { params: rideIdParamsSchema, response: { 200: getTimestampsAnswerSchema } } },
    async (request) => ({ timestamps: toTimestamps(await visibleRide(app, currentUser(request), request.params.rideId)) }),
  );

  app.put(
    '/api/bookings/update-timestamps',
    { onRequest: app.requireRole('driver'), schema: { body: updateTimestampsBodySchema, response: { 200: bookingCommandAnswerSchema } } },
    async (request) => {
      const { rideId, event } = request.body;
      const result = await driverStep(app, request, rideId, event);
      return { message: SERVER_MESSAGES.rideStepRecorded, position: result.position };
    },
  );

  app.delete(
    '/api/bookings/cancel/:rideId',
    { onRequest: app.requireRole('requester', 'admin'), schema: { params: rideIdParamsSchema, response: { 200: bookingCommandAnswerSchema } } },
    async (request) => {
      const user = currentUser(request);
      const { rideId } = request.params;
      const result = await handleRideCommand(app.eventStore, { type: 'CancelRide', data: { rideId } }, httpCommandContext(request, user));
      return { message: SERVER_MESSAGES.rideCancelled, position: result.position };
    },
  );
};
