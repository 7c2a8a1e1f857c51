import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MESSAGES,
  SERVER_MESSAGES,
  acceptRideAnswerSchema,
  acceptRideBodySchema,
  declineOfferAnswerSchema,
  declineOfferBodySchema,
  completeRideAnswerSchema,
  completeRideBodySchema,
  rideIdParamsSchema,
  rideStatusAnswerSchema,
  type RideStatus,
} from '@plantride/schemas';
import { currentUser } from '../auth/auth.plugin';
import { handle } from '../commands/command-handler';
import { httpCommandContext } from '../commands/http-command';
import { visibleRide } from './ride-access';
import { acceptRide, declineOffer, rideStep } from './ride.decider';
import { freeDriversOf } from '../dispatch/dispatch-input';

export const trackingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/tracking/ride-status/:rideId',
    { onRequest: app.requireRole(), schema: { params: rideIdParamsSchema, response: { 200: rideStatusAnswerSchema } } },
    async (request) => {
      const ride = await visibleRide(app, currentUser(request), request.params.rideId);
      return {
        STATUS: ride.status as RideStatus,
        DRIVER_ID: ride.driver_id,
        DRIVER_NAME: ride.driver_name,
        DRIVER_MOBILE: ride.driver_mobile,
        VEHICLE_NUMBER: ride.vehicle_number,
      };
    },
  );

  app.post(
    '/api/tracking/accept-ride',
    { onRequest: app.requireRole('driver'), schema: { body: acceptRideBodySchema, response: { 200: acceptRideAnswerSchema } } },
    async (request) => {
      const { rideId, driverId } = request.body;
      const result = await handle(
        app.eventStore,
        acceptRide,
        { type: 'AcceptRide', data: { rideId, driverId } },
        httpCommandContext(request, currentUser(request)),
      );
      return { success: true, message: MESSAGES.rideAccepted, position: result.position };
    },
  );

  app.post(
    '/api/tracking/decline-offer',
    { onRequest: app.requireRole('driver'), schema: { body: declineOfferBodySchema, response: { 200: declineOfferAnswerSchema } } },
    async (request) => {
      const user = currentUser(request);
      const command = {
        type: 'DeclineOffer' as const,
        data: { rideId: request.body.rideId, driverId: user.tokenNo },
        free: freeDriversOf(app),
      };
      const result = await handle(app.eventStore, declineOffer, command, httpCommandContext(request, user));
      return { message: SERVER_MESSAGES.offerDeclined, position: result.position };
    },
  );

  app.post(
    '/api/tracking/complete-ride',
    { onRequest: app.requireRole('driver'), schema: { body: completeRideBodySchema, response: { 200: completeRideAnswerSchema } } },
    async (request) => {
      const user = currentUser(request);
      const result = await handle(
        app.eventStore,
        rideStep,
        { type: 'EndRide', data: { rideId: request.body.rideId, driverId: user.tokenNo, doneAt: request.body.doneAt } },
        httpCommandContext(request, user),
      );
      return { message: MESSAGES.rideEnded, position: result.position };
    },
  );
};
