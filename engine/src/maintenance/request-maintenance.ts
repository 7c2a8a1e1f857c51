import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  MESSAGES,
  SERVER_MESSAGES,
  driverStreamId,
  foldRide,
  maintenanceRequestBodySchema,
  maintenanceStreamId,
  resumeStateOf,
  rideStreamId,
  type DriverEvent,
  type MaintenanceEvent,
  type RequestMaintenance,
  type RideEvent,
} from '@plantride/schemas';
import { currentUser } from '../auth/auth.plugin';
import { handleCommand, type CommandContext, type Decider } from '../commands/command-handler';
import { DomainError, badRequest, conflict, forbidden, notFound } from '../commands/errors';
import { httpCommandContext } from '../commands/http-command';
import { ConcurrencyError, type EventStore } from '../event-store/event-store';
import { toDomainEvent } from '../event-store/upcast';
import { driverDecider, type DriverCommand, type DriverState } from '../drivers/driver.decider';
import { handleRideCommand } from '../rides/ride-command';
import { loadUser } from '../users/user-stream';
import { loadDriver } from '../drivers/driver-stream';
import { followUp, requestIdFor } from './follow-up';
import { checkMaintenanceRequest, maintenanceDecider } from './maintenance.decider';

/**
 * The spec's body without its own mid-ride rule: whether the driver is mid-ride is the ride's
 * events' to say, not the client's `ride_id`. The engine checks SPEC §5 itself.
 */
export const maintenanceRequestRouteBodySchema = z.object({
  ...maintenanceRequestBodySchema.shape,
  /** Our addition: the driver's own text when the reason is 'Others' (the spec's client sends that text as `issue`). */
  custom_issue: z.string().trim().default(''),
});
export type MaintenanceRequestRouteBody = z.infer<typeof maintenanceRequestRouteBodySchema>;

export interface MaintenanceRequestOutcome {
  requestId: string;
  position: number;
}

/** The request as it was filed, when this command already filed it. */
async function filedRequest(store: EventStore, requestId: string): Promise<RequestMaintenance['data'] | null> {
  const [first] = (await store.readStream(maintenanceStreamId(requestId))).map((event) => toDomainEvent(event) as MaintenanceEvent);
  if (first?.type !== 'MaintenanceRequested') return null;
  const { driverId, driverName, vehicleType, issue, commentText, breakdownType, rideId } = first.data;
  return { requestId, driverId, driverName, vehicleType, issue, commentText, breakdownType, rideId };
}

/**
 * The ride this driver is carrying out now: the one his own stream holds (assigned in the same
 * transaction as the ride's acceptance, so it never lags), or for a ride taken before assignments
 * were recorded, the one the client names; either is confirmed on the ride's stream.
 */
async function rideInProgress(app: FastifyInstance, driver: DriverState, driverId: string, claimed: string | null): Promise<string | null> {
  for (const rideId of new Set([driver.ongoingRideId, claimed])) {
    if (rideId === null) continue;
    const ride = foldRide((await app.eventStore.readStream(rideStreamId(rideId))).map((event) => toDomainEvent(event) as RideEvent));
    if (resumeStateOf(ride) && ride.context.driverId === driverId) return rideId;
  }
  return null;
}

/** Hands the ride to the other drivers of its type; retried on a racing step of the same driver. */
async function redistribute(app: FastifyInstance, request: RequestMaintenance['data'], cause: CommandContext): Promise<number> {
  const { rideId, driverId, vehicleType, commentText, requestId } = request;
  if (rideId === null) return 0;
  for (let attempt = 1; ; attempt++) {
    try {
      const ride = foldRide((await app.eventStore.readStream(rideStreamId(rideId))).map((event) => toDomainEvent(event) as RideEvent));
      const command = { type: 'RedistributeRide' as const, data: { rideId, originalDriverId: driverId, vehicleType, maintenanceComment: commentText, maintenanceRequestId: requestId }, originalDriverName: ride.context.driverName ?? request.driverName };
      return (await handleRideCommand(app.eventStore, command, followUp(cause, 'redistribute'))).position;
    } catch (error) {
      if (error instanceof ConcurrencyError && attempt < 3) continue;
      // He ended the ride in the meantime: there is nothing left to hand over.
      if (error instanceof DomainError && error.status === 409) return 0;
      throw error;
    }
  }
}

/** The request as the driver files it now, checked against SPEC §5 and his own stream. */
async function newRequest(app: FastifyInstance, driverId: string, body: MaintenanceRequestRouteBody, requestId: string): Promise<NewRequest> {
  const account = await loadUser(app.eventStore, driverId);
  // Only his own vehicle type is offered (SPEC §5).
  if (!account || body.vehicle_type !== account.assignedVehicleType) throw badRequest(MESSAGES.selectVehicleType);
  const driver = await loadDriver(app.eventStore, driverId);
  if (!driver.record) throw notFound(SERVER_MESSAGES.driverNotFound);
  // Blocked for this very request: a retry whose first attempt stopped after the block.
  if (driver.blockedFor && driver.blockedFor !== requestId) throw conflict(SERVER_MESSAGES.driverAlreadyBlocked);
  const rideId = await rideInProgress(app, driver, driverId, body.ride_id);
  const request: RequestMaintenance['data'] = {
    requestId,
    driverId,
    driverName: body.driver_name || driver.record.name || account.name,
    vehicleType: body.vehicle_type,
    issue: body.issue === 'Others' ? body.custom_issue : body.issue,
    commentText: body.comment_text,
    breakdownType: rideId ? 'partial' : body.breakdown_type,
    rideId,
  };
  checkMaintenanceRequest(request);
  return { ...request, heldRide: driver.ongoingRideId };
}

/** A request as decided, with the ride the driver's stream held when it was (the block must see the same). */
type NewRequest = RequestMaintenance['data'] & { heldRide?: string | null };

/**
 * Blocks the driver only while his stream holds the ride the request was decided on: a ride he
 * ended or took in between makes the request be decided again, so it never names a ride he no longer drives.
 */
function blockingWith(heldRide: string | null | undefined): Decider<DriverState, DriverCommand, DriverEvent> {
  return {
    ...driverDecider,
    decide(command, state, context) {
      if (heldRide !== undefined && state.ongoingRideId !== heldRide) throw new ConcurrencyError(driverStreamId(command.data.operatorId), 'any');
      return driverDecider.decide(command, state, context);
    },
  };
}

/**
 * POST /api/requests/maintenanceReq: block the driver at once, record the request, and mid-ride
 * hand his ride to the other drivers of its type. The block comes first, so a driver already
 * blocked is refused before anything is appended, even when two of his requests race. Each step's
 * command id derives from this one's, so a retry (same Idempotency-Key) finishes, never doubles.
 */
export async function requestMaintenance(app: FastifyInstance, httpRequest: FastifyRequest, body: MaintenanceRequestRouteBody): Promise<MaintenanceRequestOutcome> {
  const user = currentUser(httpRequest);
  if (body.driver_id !== user.tokenNo) throw forbidden(MESSAGES.invalidParameters);
  const context = httpCommandContext(httpRequest, user);
  const requestId = requestIdFor(context.commandId);
  const store = app.eventStore;

  const block = { type: 'BlockDriverForMaintenance' as const, data: { operatorId: user.tokenNo, maintenanceRequestId: requestId } };
  for (let attempt = 1; ; attempt++) {
    const filed = context.idempotent ? await filedRequest(store, requestId) : null;
    const { heldRide, ...request }: NewRequest = filed ?? (await newRequest(app, user.tokenNo, body, requestId));
    let blocked;
    try {
      blocked = await handleCommand(store, driverStreamId(user.tokenNo), blockingWith(heldRide), block, followUp(context, 'block'));
    } catch (error) {
      if (error instanceof ConcurrencyError && attempt < 3) continue;
      throw error;
    }
    const recorded = await handleCommand(store, maintenanceStreamId(requestId), maintenanceDecider, { type: 'RequestMaintenance', data: request }, followUp(context, 'request'));
    const redistributed = await redistribute(app, request, context);
    return { requestId, position: Math.max(blocked.position, recorded.position, redistributed) };
  }
}
