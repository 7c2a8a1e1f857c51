import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MESSAGES, acceptRideAnswerSchema, acceptRideBodySchema, completeRideAnswerSchema, completeRideBodySchema, rideIdParamsSchema, rideStatusAnswerSchema, type RideStatus } from '@plantride/schemas';
import { currentUser } from '../auth/auth.plugin';
import { forbidden } from '../commands/errors';
import { visibleRide } from './ride-access';
import { acceptRide, driverStep } from './driver-steps';

export const trackingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/tracking/ride-status/:rideId',
    { onRequest: app.requireRole(), schema: { params: rideIdParamsSchema, response: { 200: rideStatusAnswerSchema } } },
    async (request) => {
      const ride = await visibleRide(app, currentUser(request), request.params.rideId);
      return { STATUS: ride.status as RideStatus, DRIVER_ID: ride.driver_id, DRIVER_NAME: ride.driver_name, DRIVER_MOBILE: ride.driver_mobile, VEHICLE_NUMBER: ride.vehicle_number };
    },
  );

  app.post(
    '/api/tracking/accept-ride',
    { onRequest: app.requireRole('driver'), schema: { body: acceptRideBodySchema, response: { 200: acceptRideAnswerSchema } } },
    async (request) => {
      // A driver accepts for himself only.
      if (request.body.driverId !== currentUser(request).tokenNo) throw forbidden(MESSAGES.invalidParameters);
      const result = await acceptRide(app, request, request.body.rideId);
      return { success: true, message: MESSAGES.rideAccepted, position: result.position };
    },
  );

  app.post(
    '/api/tracking/complete-ride',
    { onRequest: app.requireRole('driver'), schema: { body: completeRideBodySchema, response: { 200: completeRideAnswerSchema } } },
    async (request) => {
      const result = await driverStep(app, request, request.body.rideId, 'end');
      return { message: MESSAGES.rideEnded, position: result.position };
    },
  );
};
