import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MESSAGES,
  SERVER_MESSAGES,
  availableRidesAnswerSchema,
  availableRidesQuerySchema,
  checkAssignedAnswerSchema,
  checkAssignedParamsSchema,
  onShiftAnswerSchema,
  getRequesterAnswerSchema,
  getSpecificRequesterAnswerSchema,
  tokenNoParamsSchema,
} from '@plantride/schemas';
import { availableRidesPage, countDriversOfType } from '@plantride/projections';
import { currentUser } from '../auth/auth.plugin';
import { forbidden, notFound } from '../commands/errors';
import { readState } from '../commands/command-handler';
import { driverStream } from '../drivers/driver.decider';
import { accountVisibleTo, readModels } from './ride-access';
import { handOversOf } from './hand-over';
import { toServerRide } from './ride-rows';

const userIdParamsSchema = z.object({ userId: tokenNoParamsSchema.shape.tokenNo });

/** The ride and requester reads of SPEC §7 "Drivers"; the driver record reads are in drivers/. */
export const requestersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/drivers/available-rides',
    {
      onRequest: app.requireRole('driver', 'admin', 'maintenanceHead'),
      schema: { querystring: availableRidesQuerySchema, response: { 200: availableRidesAnswerSchema } },
    },
    async (request) => {
      const user = currentUser(request);
      const { vehicleType, limit, offset } = request.query;
      if (user.role === 'driver') {
        // His vehicle type is his driver record's, as its stream says now.
        const { record } = await readState(app.eventStore, driverStream(user.tokenNo));
        if (record?.vehicleAssigned !== vehicleType) throw forbidden(SERVER_MESSAGES.notYourVehicleType);
      }
      // A driver sees a ride under offer dispatch only while it is offered to him or once it is open to all.
      const { rows, total } = await availableRidesPage(
        readModels(app),
        vehicleType,
        { limit, offset },
        user.role === 'driver' ? user.tokenNo : undefined,
      );
      // A ride offered for take-over carries its first driver's mobile: those rides' streams, in one read.
      const handedOver = rows
        .filter((ride) => ride.is_redistributed && ride.status === 'waiting_for_reassignment')
        .map((ride) => ride.ride_id);
      const handOvers = await handOversOf(app.eventStore, handedOver);
      const viewer = user.role === 'driver' ? user.tokenNo : null;
      return { rides: { rows: rows.map((ride) => toServerRide(ride, handOvers.get(ride.ride_id) ?? null, viewer)) }, total, limit, offset };
    },
  );

  app.get(
    '/api/drivers/getSpecificRequester/:userId',
    { onRequest: app.requireRole(), schema: { params: userIdParamsSchema, response: { 200: getSpecificRequesterAnswerSchema } } },
    async (request) => {
      const user = currentUser(request);
      if (user.role === 'requester' && user.tokenNo !== request.params.userId) throw forbidden();
      // Not needed and not there answer alike: the 404 does not tell whether the account exists.
      const requester = await accountVisibleTo(app, user, request.params.userId);
      if (!requester) throw notFound(MESSAGES.userNotFound);
      return { requester: { FULL_NAME: requester.name, MOBILE: requester.mobile } };
    },
  );

  app.get(
    '/api/drivers/getRequester/:tokenNo',
    { onRequest: app.requireRole(), schema: { params: tokenNoParamsSchema, response: { 200: getRequesterAnswerSchema } } },
    async (request) => {
      const user = currentUser(request);
      if (user.role === 'requester' && user.tokenNo !== request.params.tokenNo) throw forbidden();
      const requester = await accountVisibleTo(app, user, request.params.tokenNo);
      return { requester: requester ? [{ FULL_NAME: requester.name, MOBILE: requester.mobile }] : [] };
    },
  );

  app.get(
    '/api/drivers/check-assigned/:vehicleType',
    { onRequest: app.requireRole(), schema: { params: checkAssignedParamsSchema, response: { 200: checkAssignedAnswerSchema } } },
    async (request) => ({ count: await countDriversOfType(readModels(app), request.params.vehicleType) }),
  );

  // Before booking (issue #32 item 7): who of the type is on shift and free now, from the roster's presence.
  app.get(
    '/api/drivers/on-shift/:vehicleType',
    { onRequest: app.requireRole(), schema: { params: checkAssignedParamsSchema, response: { 200: onShiftAnswerSchema } } },
    async (request) => {
      const working = app.driverRoster
        .presence(new Date())
        .filter((driver) => driver.vehicleType === request.params.vehicleType && driver.shift !== null);
      return { onShift: working.length, free: working.filter((driver) => driver.state === 'free').length };
    },
  );
};
