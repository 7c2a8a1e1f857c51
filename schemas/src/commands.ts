import { z } from 'zod';
import {
  breakdownTypeSchema,
  driverRoleSchema,
  driverStatusSchema,
  roleSchema,
  rideTypeSchema,
  unblockReasonSchema,
  vehicleTypeSchema,
} from './constants';
import { resumeStateSchema } from './ride-status';
import { MESSAGES } from './messages';
import { idSchema, isoDateTimeSchema, optionalVehicleTypeSchema } from './primitives';
import type { Actor } from './events/event-metadata';

// Commands are what a route builds after parsing the HTTP body: already normalised, named in the
// imperative. The acting user and `now` travel beside the command (metadata), never inside it.
const defineCommand = <T extends string, S extends z.ZodRawShape>(type: T, data: S) =>
  z.object({ type: z.literal(type), data: z.object(data) });

/** Book a Regular or Special Task ride; the engine picks `rideId` before deciding. */
export const bookRideCommandSchema = defineCommand('BookRide', {
  rideId: idSchema,
  requesterId: idSchema,
  requesterName: z.string(),
  requesterMobile: z.string(),
  fromLocation: z.string().min(1),
  toLocation: z.string().min(1),
  vehicleType: vehicleTypeSchema,
  rideType: rideTypeSchema,
  durationMinutes: z.number().int().positive().nullable(),
});

/** Cancel a ride that is still requested. */
export const cancelRideCommandSchema = defineCommand('CancelRide', { rideId: idSchema });

const driverStep = { rideId: idSchema, driverId: idSchema };
/** Accept a requested ride. */
export const acceptRideCommandSchema = defineCommand('AcceptRide', driverStep);
/** Start an accepted ride. */
export const startRideCommandSchema = defineCommand('StartRide', driverStep);
/** Mark the material picked up. */
export const pickMaterialCommandSchema = defineCommand('PickMaterial', driverStep);
/** Mark the material dropped (delivered). */
export const dropMaterialCommandSchema = defineCommand('DropMaterial', driverStep);
/** End a delivered ride. */
export const endRideCommandSchema = defineCommand('EndRide', driverStep);

/** Hand a ride in progress to other drivers of its vehicle type after a breakdown. */
export const redistributeRideCommandSchema = defineCommand('RedistributeRide', {
  rideId: idSchema,
  originalDriverId: idSchema,
  vehicleType: vehicleTypeSchema,
  maintenanceComment: z.string(),
  maintenanceRequestId: idSchema.nullable(),
});

/** Take over a redistributed ride; `resumeState` is what the caller believes it resumes from. */
export const takeOverRideCommandSchema = defineCommand('TakeOverRide', {
  rideId: idSchema,
  driverId: idSchema,
  resumeState: resumeStateSchema.nullable(),
});

/** Create an account. */
export const signUpCommandSchema = defineCommand('SignUp', {
  tokenNo: idSchema,
  password: z.string().min(1),
  name: z.string(),
  mobile: z.string(),
});

/** Sign in; decided against the user stream, appends nothing on success. */
export const signInCommandSchema = defineCommand('SignIn', {
  tokenNo: idSchema,
  password: z.string().min(1),
});

/** Change a user's role, vehicle type or profile; omitted fields stay as they are. */
export const changeUserCommandSchema = defineCommand('ChangeUser', {
  tokenNo: idSchema,
  role: roleSchema.optional(),
  assignedVehicleType: vehicleTypeSchema.nullable().optional(),
  name: z.string().optional(),
  mobile: z.string().optional(),
});

const driverRecord = {
  operatorId: idSchema,
  vehicle: z.string(),
  name: z.string(),
  mobile: z.string(),
  role: driverRoleSchema,
  forklift: z.string(),
  status: driverStatusSchema,
  comments: z.string(),
  vehicleAssigned: optionalVehicleTypeSchema,
};
/** Add a driver record; serial and createdAt are assigned by the engine. */
export const addDriverCommandSchema = defineCommand('AddDriver', driverRecord);
/** Replace a driver record. */
export const updateDriverCommandSchema = defineCommand('UpdateDriver', driverRecord);

/** Grant or withdraw a driver's access. */
export const toggleDriverAccessCommandSchema = defineCommand('ToggleDriverAccess', {
  operatorId: idSchema,
  active: z.boolean(),
});

/** A driver asks for maintenance; blocks the driver and, mid-ride, redistributes the ride. */
export const requestMaintenanceCommandSchema = defineCommand('RequestMaintenance', {
  requestId: idSchema,
  driverId: idSchema,
  driverName: z.string(),
  vehicleType: vehicleTypeSchema,
  issue: z.string(),
  commentText: z.string(),
  breakdownType: breakdownTypeSchema.nullable(),
  rideId: idSchema.nullable(),
});

/** Move a maintenance request on: accept, reject (with reason) or complete (with date). */
export const setMaintenanceStatusCommandSchema = defineCommand('SetMaintenanceStatus', {
  requestId: idSchema,
  status: z.enum(['accepted', 'rejected', 'completed']),
  reason: z.string().trim().min(1, MESSAGES.rejectionReasonRequired).nullable(),
  maintenanceDate: isoDateTimeSchema.nullable(),
});

/** Replace a maintenance request's comment. */
export const editMaintenanceCommentCommandSchema = defineCommand('EditMaintenanceComment', {
  requestId: idSchema,
  commentText: z.string().trim().min(1, MESSAGES.commentCannotBeEmpty),
});

/** Release a driver blocked for maintenance. */
export const unblockDriverCommandSchema = defineCommand('UnblockDriver', {
  operatorId: idSchema,
  reason: unblockReasonSchema,
});

/** Any command the engine decides. */
export const commandSchema = z.discriminatedUnion('type', [
  bookRideCommandSchema,
  cancelRideCommandSchema,
  acceptRideCommandSchema,
  startRideCommandSchema,
  pickMaterialCommandSchema,
  dropMaterialCommandSchema,
  endRideCommandSchema,
  redistributeRideCommandSchema,
  takeOverRideCommandSchema,
  signUpCommandSchema,
  signInCommandSchema,
  changeUserCommandSchema,
  addDriverCommandSchema,
  updateDriverCommandSchema,
  toggleDriverAccessCommandSchema,
  requestMaintenanceCommandSchema,
  setMaintenanceStatusCommandSchema,
  editMaintenanceCommentCommandSchema,
  unblockDriverCommandSchema,
]);

export type BookRide = z.infer<typeof bookRideCommandSchema>;
export type CancelRide = z.infer<typeof cancelRideCommandSchema>;
export type AcceptRide = z.infer<typeof acceptRideCommandSchema>;
export type StartRide = z.infer<typeof startRideCommandSchema>;
export type PickMaterial = z.infer<typeof pickMaterialCommandSchema>;
export type DropMaterial = z.infer<typeof dropMaterialCommandSchema>;
export type EndRide = z.infer<typeof endRideCommandSchema>;
export type RedistributeRide = z.infer<typeof redistributeRideCommandSchema>;
export type TakeOverRide = z.infer<typeof takeOverRideCommandSchema>;
export type SignUp = z.infer<typeof signUpCommandSchema>;
export type SignIn = z.infer<typeof signInCommandSchema>;
export type ChangeUser = z.infer<typeof changeUserCommandSchema>;
export type AddDriver = z.infer<typeof addDriverCommandSchema>;
export type UpdateDriver = z.infer<typeof updateDriverCommandSchema>;
export type ToggleDriverAccess = z.infer<typeof toggleDriverAccessCommandSchema>;
export type RequestMaintenance = z.infer<typeof requestMaintenanceCommandSchema>;
export type SetMaintenanceStatus = z.infer<typeof setMaintenanceStatusCommandSchema>;
export type EditMaintenanceComment = z.infer<typeof editMaintenanceCommentCommandSchema>;
export type UnblockDriver = z.infer<typeof unblockDriverCommandSchema>;
export type Command = z.infer<typeof commandSchema>;
export type CommandType = Command['type'];
export type CommandOfType<T extends CommandType> = Extract<Command, { type: T }>;

export const COMMAND_TYPES = commandSchema.options.map((o) => o.shape.type.value) as CommandType[];

// Passed to every decider beside the command, so deciders stay pure (no clock, no session reads).
export type CommandContext = {
  readonly now: Date;
  readonly actor: Actor;
};
