import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  driverTodayAnswerSchema,
  plantDayOf,
  SERVER_MESSAGES,
  driverHistoryPageQuerySchema,
  driverHistoryQuerySchema,
  foldRide,
  isAheadOf,
  rideHistoryAnswerSchema,
  rideHistoryPageAnswerSchema,
  rideHistoryCommandAnswerSchema,
  rideHistoryPostBodySchema,
  rideIdParamsSchema,
  rideStatusOf,
  rideStreamId,
  updateHistoryStatusBodySchema,
  userHistoryQuerySchema,
  type RideEvent,
  scansNeeded,
  siteOf,
} from '@plantride/schemas';
import { ongoingRideOfDriver, rideHistoryOfDriverPage, rideHistoryOfRequesterPage, ridesEndedByDriverSince } from '@plantride/projections';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../auth/auth.plugin';
import type { AuthUser } from '../auth/jwt';
import { conflict, forbidden, notFound } from '../commands/errors';
import { toDomainEvent } from '../event-store/upcast';
import { isStaff, readModels } from './ride-access';
import { handOversOf } from './hand-over';
import { toHistoryRow, toOngoingRow } from './ride-rows';

/** A status a ride has reached or passed on its way (the statechart's): an old record is stale, not a contradiction. */
function consistentStatus(claimed: string, current: string): boolean {
  return claimed === current || isAheadOf(current, claimed);
}

/** The spec's clients write history records; history is derived from ride events, so a record is only checked against the ride. */
async function checkAgainstRide(
  app: FastifyInstance,
  user: AuthUser,
  rideId: string,
  check: (ride: ReturnType<typeof foldRide>, status: string) => boolean,
) {
  const recorded = await app.eventStore.readStream(rideStreamId(rideId));
  if (recorded.length === 0) throw notFound(SERVER_MESSAGES.rideNotFound);
  const ride = foldRide(recorded.map((e) => toDomainEvent(e) as RideEvent));
  const parties = [ride.context.requesterId, ride.context.driverId, ride.context.originalDriverId];
  if (!parties.includes(user.tokenNo) && !isStaff(user)) throw forbidden();
  if (!check(ride, rideStatusOf(ride) ?? '')) throw conflict(SERVER_MESSAGES.historyRecordContradicts);
  return { message: SERVER_MESSAGES.historyRecordMatches, position: recorded[recorded.length - 1]!.globalPosition };
}

export const rideHistoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/ride-history',
    {
      onRequest: app.requireRole('driver', 'admin', 'maintenanceHead'),
      schema: { querystring: driverHistoryPageQuerySchema, response: { 200: rideHistoryPageAnswerSchema } },
    },
    async (request) => {
      const user = currentUser(request);
      const { driverId, limit, offset } = request.query;
      if (user.role === 'driver' && driverId !== user.tokenNo) throw forbidden();
      const { rows, total } = await rideHistoryOfDriverPage(readModels(app), driverId, { limit, offset });
      return { history: rows.map(toHistoryRow), total, limit, offset };
    },
  );

  // Ours: the driver's history lists what he completed, so his ride in progress (none or one) has its own read.
  app.get(
    '/api/ride-history/ongoing',
    {
      onRequest: app.requireRole('driver', 'admin', 'maintenanceHead'),
      schema: { querystring: driverHistoryQuerySchema, response: { 200: rideHistoryAnswerSchema } },
    },
    async (request) => {
      const user = currentUser(request);
      if (user.role === 'driver' && request.query.driverId !== user.tokenNo) throw forbidden();
      const ongoing = await ongoingRideOfDriver(readModels(app), request.query.driverId);
      if (!ongoing) return { history: [] };
      const handOver = ongoing.is_redistributed
        ? ((await handOversOf(app.eventStore, [ongoing.ride_id])).get(ongoing.ride_id) ?? null)
        : null;
      // Issue #34 item 2: the steps that need a scan, as the site stands (the decider applies the same rule to each step).
      const scans = scansNeeded(siteOf(app.site.current()), {
        rideType: ongoing.ride_type,
        fromLocation: ongoing.from_location,
        toLocation: ongoing.to_location,
      });
      return { history: [{ ...toOngoingRow(ongoing, handOver), ...(scans.length > 0 ? { SCANS: scans } : {}) }] };
    },
  );

  // Ours (issue #32 item 7): the driver's own tally for the plant's day, on his dashboard.
  app.get(
    '/api/ride-history/today',
    {
      onRequest: app.requireRole('driver', 'admin', 'maintenanceHead'),
      schema: { querystring: driverHistoryQuerySchema, response: { 200: driverTodayAnswerSchema } },
    },
    async (request) => {
      const user = currentUser(request);
      if (user.role === 'driver' && request.query.driverId !== user.tokenNo) throw forbidden();
      const now = new Date();
      const day = plantDayOf(now);
      // A plant day is at most 25 hours long: what ended since then, kept when it ended on this day.
      const recent = await ridesEndedByDriverSince(readModels(app), request.query.driverId, new Date(now.getTime() - 25 * 3_600_000));
      const today = recent.filter((ride) => plantDayOf(ride.ended_at) === day);
      const drivingMs = today.reduce((sum, ride) => sum + ride.ended_at.getTime() - (ride.started_at ?? ride.ended_at).getTime(), 0);
      return { day, rides: today.length, drivingMinutes: Math.round(drivingMs / 60_000) };
    },
  );

  app.get(
    '/api/ride-history/user',
    { onRequest: app.requireRole(), schema: { querystring: userHistoryQuerySchema, response: { 200: rideHistoryPageAnswerSchema } } },
    async (request) => {
      const user = currentUser(request);
      const { userId, limit, offset } = request.query;
      if (userId !== user.tokenNo && !isStaff(user)) throw forbidden();
      const { rows, total } = await rideHistoryOfRequesterPage(readModels(app), userId, { limit, offset });
      return { history: rows.map(toHistoryRow), total, limit, offset };
    },
  );

  app.post(
    '/api/ride-history',
    { onRequest: app.requireRole(), schema: { body: rideHistoryPostBodySchema, response: { 200: rideHistoryCommandAnswerSchema } } },
    async (request) => {
      const body = request.body;
      const user = currentUser(request);
      if ('rideId' in body) {
        return checkAgainstRide(
          app,
          user,
          body.rideId,
          (ride, status) =>
            ride.context.requesterId === body.userId &&
            ride.context.fromLocation === body.fromLocation &&
            ride.context.toLocation === body.toLocation &&
            ride.context.rideType === body.rideType &&
            consistentStatus(body.status, status),
        );
      }
      return checkAgainstRide(
        app,
        user,
        body.RIDE_ID,
        (ride, status) =>
          status === 'completed' &&
          ride.context.driverId === body.DRIVER_ID &&
          ride.context.fromLocation === body.FROM_LOCATION &&
          ride.context.toLocation === body.TO_LOCATION &&
          ride.context.vehicleType === body.VEHICLE_TYPE,
      );
    },
  );

  app.put(
    '/api/ride-history/update-status/user/:rideId',
    {
      onRequest: app.requireRole(),
      schema: { params: rideIdParamsSchema, body: updateHistoryStatusBodySchema, response: { 200: rideHistoryCommandAnswerSchema } },
    },
    async (request) =>
      checkAgainstRide(app, currentUser(request), request.params.rideId, (_ride, status) => consistentStatus(request.body.status, status)),
  );
};
