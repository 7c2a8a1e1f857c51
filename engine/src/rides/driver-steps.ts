import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES, SERVER_MESSAGES, foldRide, resumeStateOf, rideStreamId, type ResumeState, type RideEvent, type TimestampEvent } from '@plantride/schemas';
import { toDomainEvent } from '../event-store/upcast';
import { ongoingRideOfDriver } from '@plantride/projections';
import { currentUser } from '../auth/auth.plugin';
import type { CommandResult } from '../commands/command-handler';
import { conflict, forbidden } from '../commands/errors';
import { httpCommandContext } from '../commands/http-command';
import { assertMayDrive, loadDriver } from '../drivers/driver-stream';
import { loadUser } from '../users/user-stream';
import { readModels } from './ride-access';
import type { DriverProfile, RideCommand } from './ride.decider';
import { handleRideCommand } from './ride-command';

const STEP_COMMANDS = { start: 'StartRide', materialPicked: 'PickMaterial', materialDropped: 'DropMaterial', end: 'EndRide' } as const;

/**
 * The acting driver, from his driver record as its stream says now: a driver without a record, or
 * blocked for maintenance, Not Active or without access, cannot accept, start, pick, drop or end.
 */
export async function activeDriver(app: FastifyInstance, tokenNo: string, action: 'accept' | 'step' = 'accept'): Promise<DriverProfile> {
  const account = await loadUser(app.eventStore, tokenNo);
  if (!account || account.role !== 'driver') throw forbidden();
  if (account.isBlocked) throw forbidden(MESSAGES.blockedCannotAccept);
  const driver = await loadDriver(app.eventStore, tokenNo);
  assertMayDrive(driver, action);
  const { name, mobile, vehicle, vehicleAssigned } = driver.record;
  return { name: name || account.name, mobile: mobile || account.mobile, vehicleNumber: vehicle || null, vehicleType: vehicleAssigned || null };
}

export async function driverStep(app: FastifyInstance, request: FastifyRequest, rideId: string, step: TimestampEvent): Promise<CommandResult> {
  const user = currentUser(request);
  await activeDriver(app, user.tokenNo, 'step');
  const command: RideCommand = { type: STEP_COMMANDS[step], data: { rideId, driverId: user.tokenNo } };
  return handleRideCommand(app.eventStore, command, httpCommandContext(request, user));
}

/**
 * One ride at a time, for rides taken before the driver's stream recorded assignments (the
 * assignment itself is what holds under races: see ride-command). The read model may still show a
 * ride that has just ended, so a ride it names is confirmed against that ride's own stream.
 */
async function refuseIfDriving(app: FastifyInstance, driverId: string, rideId: string): Promise<void> {
  const ongoing = await ongoingRideOfDriver(readModels(app), driverId);
  if (!ongoing || ongoing.ride_id === rideId) return;
  const ride = foldRide((await app.eventStore.readStream(rideStreamId(ongoing.ride_id))).map((e) => toDomainEvent(e) as RideEvent));
  if (ride.context.driverId === driverId && resumeStateOf(ride) !== null) throw conflict(SERVER_MESSAGES.driverHasOngoingRide);
}

export async function acceptRide(app: FastifyInstance, request: FastifyRequest, rideId: string): Promise<CommandResult> {
  const user = currentUser(request);
  const driver = await activeDriver(app, user.tokenNo);
  await refuseIfDriving(app, user.tokenNo, rideId);
  return handleRideCommand(app.eventStore, { type: 'AcceptRide', data: { rideId, driverId: user.tokenNo }, driver }, httpCommandContext(request, user));
}

/** Takes over a redistributed ride, with the same checks on the acting driver as accepting one. */
export async function takeOverRide(app: FastifyInstance, request: FastifyRequest, rideId: string, resumeState: ResumeState | null): Promise<CommandResult> {
  const user = currentUser(request);
  const driver = await activeDriver(app, user.tokenNo);
  await refuseIfDriving(app, user.tokenNo, rideId);
  const command: RideCommand = { type: 'TakeOverRide', data: { rideId, driverId: user.tokenNo, resumeState }, driver };
  return handleRideCommand(app.eventStore, command, httpCommandContext(request, user));
}
