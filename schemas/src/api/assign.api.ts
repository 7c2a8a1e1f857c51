import { z } from 'zod';
import { MESSAGES } from '../messages';
import { idInput } from './common.api';
import { TEXT_LIMITS, textField, wordedMessage } from './text-fields';

/**
 * Staff giving a ride to a driver by hand (issue #32 item 4): our own words, the spec has no such
 * screen. The decider (engine/src/rides/assign-ride.ts) answers these; the dialog shows them as they are.
 */
export const ASSIGN_MESSAGES = {
  reasonRequired: wordedMessage('Give a reason for assigning this ride.'),
  rideNotAssignable: wordedMessage('Only a ride waiting for a driver, or accepted and not yet picked up, can be assigned to a driver.'),
  alreadyHis: wordedMessage('This ride is already assigned to that driver.'),
  notADriver: wordedMessage('That person has no driver account; rides can only be given to drivers.'),
  driverAccountBlocked: wordedMessage("That driver's account is blocked; he cannot take rides."),
  driverUnderMaintenance: wordedMessage("That driver's vehicle is under maintenance; he cannot take rides until it is completed."),
  driverNotActive: wordedMessage('That driver is marked Not Active or has no access; he cannot take rides.'),
  driverInspectionDue: wordedMessage("That driver has not passed today's vehicle inspection; he cannot take rides until he does."),
  driverBusy: wordedMessage('That driver already has a ride in progress.'),
  driverOnBreak: wordedMessage('That driver is on a break; he cannot take rides until he ends it.'),
  wrongVehicleType: wordedMessage('That driver drives a different vehicle type than this ride needs.'),
  assigned: wordedMessage('Ride assigned.'),
  // To the drivers, over the socket.
  assignedToYou: wordedMessage('Staff assigned a ride to you.'),
  takenBack: wordedMessage('Staff took this ride back and gave it to another driver.'),
} as const;

/** POST /api/rides/{rideId}/assign (issue #32 item 4): the driver (operator id) and why. */
export const assignRideBodySchema = z.object({
  driverId: idInput(MESSAGES.invalidParameters, 'Driver ID'),
  reason: textField({ max: TEXT_LIMITS.reason, label: 'Reason', message: ASSIGN_MESSAGES.reasonRequired }).min(
    1,
    ASSIGN_MESSAGES.reasonRequired,
  ),
});
export type AssignRideBody = z.infer<typeof assignRideBodySchema>;

export const assignRideAnswerSchema = z.object({
  message: z.string(),
  rideId: z.string(),
  driverId: z.string(),
  /** The driver it was taken back from, or null when it waited for one. */
  fromDriverId: z.string().nullable(),
  position: z.number(),
});
export type AssignRideAnswer = z.infer<typeof assignRideAnswerSchema>;

/** One driver of the ride's vehicle type, and whether the ride may be given to him now (the decider's own rule), or why not. */
export const assignableDriverSchema = z.object({
  operatorId: z.string(),
  name: z.string(),
  vehicleNumber: z.string().nullable(),
  eligible: z.boolean(),
  refusal: z.string().nullable(),
});
export type AssignableDriver = z.infer<typeof assignableDriverSchema>;

/** GET /api/rides/{rideId}/assignable-drivers: the drivers of its type, those it may be given to first. */
export const assignableDriversAnswerSchema = z.object({ rideId: z.string(), drivers: z.array(assignableDriverSchema) });
export type AssignableDriversAnswer = z.infer<typeof assignableDriversAnswerSchema>;
