import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES, SERVER_MESSAGES, rideStreamId, type TimestampEvent } from '@plantride/schemas';
import { findUser, ongoingRideOfDriver } from '@plantride/projections';
import { currentUser } from '../auth/auth.plugin';
import { handleCommand, type CommandResult } from '../commands/command-handler';
import { conflict, forbidden } from '../commands/errors';
import { httpCommandContext } from '../commands/http-command';
import { readModels } from './ride-access';
import { rideDecider, type DriverProfile, type RideCommand } from './ride.decider';

const STEP_COMMANDS = { start: 'StartRide', materialPicked: 'PickMaterial', materialDropped: 'DropMaterial', end: 'EndRide' } as const;

/** The acting driver, refused when blocked: a blocked driver cannot accept, start, pick, drop or end. */
async function activeDriver(app: FastifyInstance, tokenNo: string): Promise<DriverProfile> {
  const driver = await findUser(readModels(app), tokenNo);
  if (!driver || driver.role !== 'driver') throw forbidden();
  if (driver.is_blocked) throw forbidden(MESSAGES.blockedCannotAccept);
  return { name: driver.name, mobile: driver.mobile, vehicleNumber: null, vehicleType: driver.assigned_vehicle_type };
}

export async function driverStep(app: FastifyInstance, request: FastifyRequest, rideId: string, step: TimestampEvent): Promise<CommandResult> {
  const user = currentUser(request);
  await activeDriver(app, user.tokenNo);
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
