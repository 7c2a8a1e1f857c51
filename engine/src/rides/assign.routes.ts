import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ASSIGN_MESSAGES,
  SERVER_MESSAGES,
  assignRideAnswerSchema,
  assignRideBodySchema,
  assignableDriversAnswerSchema,
  rideIdParamsSchema,
  type RideEvent,
} from '@plantride/schemas';
import { currentUser } from '../auth/auth.plugin';
import { handle, readState } from '../commands/command-handler';
import { notFound } from '../commands/errors';
import { httpCommandContext } from '../commands/http-command';
import { driverStream } from '../drivers/driver.decider';
import { userStream } from '../users/user.decider';
import { inspectionSettingsStream } from '../inspections/inspection-settings';
import { assignRide, assignability } from './assign-ride';
import { rideStream } from './ride.decider';

const STAFF = ['admin', 'maintenanceHead'] as const;

/** Staff giving a ride to a driver by hand (issue #32 item 4). */
export const assignRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/rides/:rideId/assign',
    {
      onRequest: app.requireRole(...STAFF),
      schema: { params: rideIdParamsSchema, body: assignRideBodySchema, response: { 200: assignRideAnswerSchema } },
    },
    async (request) => {
      const { rideId } = request.params;
      const { driverId, reason } = request.body;
      const result = await handle(
        app.eventStore,
        assignRide,
        { type: 'AssignRide', data: { rideId, driverId, reason } },
        httpCommandContext(request, currentUser(request)),
      );
      const assigned = result.events.find((event): event is Extract<RideEvent, { type: 'RideAssigned' }> => event.type === 'RideAssigned');
      return {
        message: ASSIGN_MESSAGES.assigned,
        rideId,
        driverId,
        fromDriverId: assigned?.data.fromDriverId ?? null,
        position: result.position,
      };
    },
  );

  /**
   * The picker's list: every driver of the ride's vehicle type in the engine's roster (but the one
   * holding it), each with the assignment decider's own answer for him now (`assignability`: null, or
   * what staff would be told), those it may be given to first. Read from the streams, as the decision would be.
   */
  app.get(
    '/api/rides/:rideId/assignable-drivers',
    {
      onRequest: app.requireRole(...STAFF),
      schema: { params: rideIdParamsSchema, response: { 200: assignableDriversAnswerSchema } },
    },
    async (request) => {
      const { rideId } = request.params;
      const now = new Date();
      const [ride, inspection] = await Promise.all([
        readState(app.eventStore, rideStream(rideId)),
        readState(app.eventStore, inspectionSettingsStream()),
      ]);
      if (ride.value === 'new') throw notFound(SERVER_MESSAGES.rideNotFound);
      const holder = ride.hasTag('inProgress') ? ride.context.driverId : null;
      const ofType = app.driverRoster
        .presence(now)
        .filter((driver) => driver.vehicleType === ride.context.vehicleType && driver.operatorId !== holder);
      const drivers = await Promise.all(
        ofType.map(async ({ operatorId, name }) => {
          const [driver, account] = await Promise.all([
            readState(app.eventStore, driverStream(operatorId)),
            readState(app.eventStore, userStream(operatorId)),
          ]);
          const refusal = assignability({ ride, driver, account, inspection }, rideId, operatorId, now);
          return { operatorId, name, vehicleNumber: driver.record?.vehicle || null, eligible: refusal === null, refusal };
        }),
      );
      drivers.sort(
        (a, b) => Number(b.eligible) - Number(a.eligible) || a.name.localeCompare(b.name) || a.operatorId.localeCompare(b.operatorId),
      );
      return { rideId, drivers };
    },
  );
};
