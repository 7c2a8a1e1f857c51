import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SERVER_MESSAGES,
  bookRideAnswerSchema,
  bookRideBodySchema,
  bookingCommandAnswerSchema,
  changePriorityAnswerSchema,
  changePriorityBodySchema,
  durationToMinutes,
  getTimestampsAnswerSchema,
  rideIdParamsSchema,
  updateTimestampsBodySchema,
  type RideEventOf,
} from '@plantride/schemas';
import { currentUser } from '../auth/auth.plugin';
import { handle } from '../commands/command-handler';
import { httpCommandContext } from '../commands/http-command';
import { visibleRide } from './ride-access';
import { freeDriversOf } from '../dispatch/dispatch-input';
import { STEP_COMMANDS, bookRide, cancelRide, changePriority, rideStep } from './ride.decider';
import { toTimestamps } from './ride-rows';

// Short enough to read out over a radio; collisions would surface as a 409, never a merge. Orders from systems use it too.
export const newRideId = () => randomBytes(5).readUIntBE(0, 5).toString(36).toUpperCase().padStart(8, '0');

export const bookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/bookings/book-ride',
    { onRequest: app.requireRole('requester', 'admin'), schema: { body: bookRideBodySchema, response: { 200: bookRideAnswerSchema } } },
    async (request) => {
      const { userId, reqName, reqMobileNo, fromLocation, toLocation, vehicleType, rideType, duration, priority, scheduledFor, load } =
        request.body;
      const data = {
        rideId: newRideId(),
        requesterId: userId,
        requesterName: reqName,
        requesterMobile: reqMobileNo,
        fromLocation,
        toLocation,
        vehicleType,
        rideType,
        durationMinutes: duration ? durationToMinutes(duration) || null : null,
        priority,
        ...(scheduledFor === undefined ? {} : { scheduledFor }),
        ...(load === undefined ? {} : { load }),
      };
      const result = await handle(
        app.eventStore,
        bookRide,
        { type: 'BookRide', data, free: freeDriversOf(app) },
        httpCommandContext(request, currentUser(request)),
      );
      // A repeated Idempotency-Key answers the ride that was booked the first time.
      const booked = result.events.find((event): event is RideEventOf<'RideRequested'> => event.type === 'RideRequested');
      if (!booked) throw new Error('a booking appended no RideRequested');
      const { rideId, requesterName, requesterMobile, scheduledFor: scheduled, releaseAt } = booked.data;
      return {
        message: SERVER_MESSAGES.rideBooked,
        rideId,
        reqName: requesterName,
        reqMobileNo: requesterMobile,
        scheduledFor: scheduled ?? null,
        releaseAt: releaseAt ?? null,
        position: result.position,
      };
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
      const { rideId, event, doneAt, scan } = request.body;
      const user = currentUser(request);
      const result = await handle(
        app.eventStore,
        rideStep,
        { type: STEP_COMMANDS[event], data: { rideId, driverId: user.tokenNo, doneAt, ...(scan ? { scan } : {}) } },
        httpCommandContext(request, user),
      );
      return { message: SERVER_MESSAGES.rideStepRecorded, position: result.position };
    },
  );

  app.patch(
    '/api/rides/:rideId/priority',
    {
      onRequest: app.requireRole('admin', 'maintenanceHead'),
      schema: { params: rideIdParamsSchema, body: changePriorityBodySchema, response: { 200: changePriorityAnswerSchema } },
    },
    async (request) => {
      const { rideId } = request.params;
      const result = await handle(
        app.eventStore,
        changePriority,
        { type: 'ChangePriority', data: { rideId, priority: request.body.priority } },
        httpCommandContext(request, currentUser(request)),
      );
      return { rideId, priority: request.body.priority, position: result.position };
    },
  );

  app.delete(
    '/api/bookings/cancel/:rideId',
    {
      onRequest: app.requireRole('requester', 'admin'),
      schema: { params: rideIdParamsSchema, response: { 200: bookingCommandAnswerSchema } },
    },
    async (request) => {
      const result = await handle(
        app.eventStore,
        cancelRide,
        { type: 'CancelRide', data: { rideId: request.params.rideId } },
        httpCommandContext(request, currentUser(request)),
      );
      return { message: SERVER_MESSAGES.rideCancelled, position: result.position };
    },
  );
};
