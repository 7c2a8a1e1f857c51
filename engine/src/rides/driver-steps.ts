import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES, SERVER_MESSAGES, rideStreamId, type ResumeState, type TimestampEvent } from '@plantride/schemas';
import { ongoingRideOfDriver } from '@plantride/projections';
import { currentUser } from '../auth/auth.plugin';
import { handleCommand, type CommandResult } from '../commands/command-handler';
import { conflict, forbidden } from '../commands/errors';
import { httpCommandContext } from '../commands/http-command';
import { assertMayDrive, loadDriver } from '../drivers/driver-stream';
import { loadUser } from '../users/user-stream';
import { readModels } from './ride-access';
import { rideDecider, type DriverProfile, type RideCommand } from './ride.decider';

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
  return handleCommand(app.eventStore, rideStreamId(rideId), rideDecider, command, httpCommandContext(request, user));
}

export async function acceptRide(app: FastifyInstance, request: FastifyRequest, rideId: string): Promise<CommandResult> {
  const user = currentUser(request);
  const driver = await activeDriver(app, user.tokenNo);
  const ongoing = await ongoingRideOfDriver(readModels(app), user.tokenNo);
  if (ongoing && ongoing.ride_id !== rideId) throw conflict(SERVER_MESSAGES.driverHasOngoingRide);
  return handleCommand(app.eventStore, rideStreamId(rideId), rideDecider, { type: 'AcceptRide', data: { rideId, driverId: user.tokenNo }, driver }, httpCommandContext(request, user));
}

/** Takes over a redistributed ride, with the same checks on the acting driver as accepting one. */
export async function takeOverRide(app: FastifyInstance, request: FastifyRequest, rideId: string, resumeState: ResumeState | null): Promise<CommandResult> {
  const user = currentUser(request);
  const driver = await activeDriver(app, user.tokenNo);
  const ongoing = await ongoingRideOfDriver(readModels(app), user.tokenNo);
  if (ongoing && ongoing.ride_id !== rideId) throw conflict(SERVER_MESSAGES.driverHasOngoingRide);
  const command: RideCommand = { type: 'TakeOverRide', data: { rideId, driverId: user.tokenNo, resumeState }, driver };
  return handleCommand(app.eventStore, rideStreamId(rideId), rideDecider, command, httpCommandContext(request, user));
}
