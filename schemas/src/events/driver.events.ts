import { z } from 'zod';
import { driverRoleSchema, driverStatusSchema, unblockReasonSchema } from '../constants';
import { idSchema, isoDateTimeSchema, optionalVehicleTypeSchema } from '../primitives';
import { defineEvent } from './define-event';
import { vehicleInspectedSchema } from './inspection.events';

// The admin driver record of SPEC §3; DriverAdded and DriverUpdated both carry all of it.
const driverRecordData = {
  operatorId: idSchema,
  serial: z.number().int().nonnegative(),
  vehicle: z.string(),
  name: z.string(),
  mobile: z.string(),
  role: driverRoleSchema,
  forklift: z.string(),
  status: driverStatusSchema,
  comments: z.string(),
  vehicleAssigned: optionalVehicleTypeSchema,
  createdAt: isoDateTimeSchema,
};

/** An admin added a driver record. */
export const driverAddedSchema = defineEvent('DriverAdded', driverRecordData);

/** An admin saved an edited driver record (the whole record, as the spec's update sends it). */
export const driverUpdatedSchema = defineEvent('DriverUpdated', driverRecordData);

/** An admin set the driver Active or Not Active; Not Active blocks the driver. */
export const driverStatusChangedSchema = defineEvent('DriverStatusChanged', {
  operatorId: idSchema,
  status: driverStatusSchema,
});

/** An admin granted or withdrew the driver's access. */
export const driverAccessToggledSchema = defineEvent('DriverAccessToggled', {
  operatorId: idSchema,
  active: z.boolean(),
});

/** The driver requested maintenance and is blocked until it is completed or rejected. */
export const driverBlockedForMaintenanceSchema = defineEvent('DriverBlockedForMaintenance', {
  operatorId: idSchema,
  maintenanceRequestId: idSchema,
});

/**
 * The maintenance block was lifted. Version 2 (issue #32): `inspectionDue` — his vehicle returns to
 * service only after a passed inspection recorded after this (an inspection he passed before no longer
 * counts); false on an event recorded before version 2.
 */
export const driverUnblockedSchema = defineEvent('DriverUnblocked', {
  operatorId: idSchema,
  reason: unblockReasonSchema,
  inspectionDue: z.boolean(),
});

/**
 * The driver took a ride (accepted it or took it over): until it is released he takes no other.
 * Appended in the same transaction as the ride's own event, so one driver never holds two rides.
 */
export const driverAssignedToRideSchema = defineEvent('DriverAssignedToRide', {
  operatorId: idSchema,
  rideId: idSchema,
});

/**
 * Why a driver no longer holds a ride: he ended it, it was handed to others, or staff took it back
 * and gave it to another driver ('reassigned', issue #32 item 4). 'lapsed' (its stream no
 * longer named him) is no longer written, now that a ride and its driver change in one append; stored
 * facts keep it readable.
 */
export const RIDE_RELEASE_REASONS = ['ended', 'redistributed', 'reassigned', 'lapsed'] as const;

/** The driver no longer holds the ride, in the same transaction as the ride's event that freed him. */
export const driverReleasedFromRideSchema = defineEvent('DriverReleasedFromRide', {
  operatorId: idSchema,
  rideId: idSchema,
  reason: z.enum(RIDE_RELEASE_REASONS),
});

/**
 * The admin issued a one-time activation code with the record (on adding it, or again): signing up
 * on the operator id with it makes the caller this driver. Only a hash of the code is kept.
 */
export const driverActivationCodeIssuedSchema = defineEvent('DriverActivationCodeIssued', {
  operatorId: idSchema,
  codeHash: z.string().min(1),
  issuedAt: isoDateTimeSchema,
  expiresAt: isoDateTimeSchema,
});

/** The activation code was used by a sign-up; it works no more. */
export const driverActivationCodeUsedSchema = defineEvent('DriverActivationCodeUsed', {
  operatorId: idSchema,
});

/**
 * The driver started his shift (issue #20): until `endsAt` (the plant's shift length after the start)
 * or until he ends it, he is on shift, where `location` (a place of the site, or null) says he began.
 */
export const driverShiftStartedSchema = defineEvent('DriverShiftStarted', {
  operatorId: idSchema,
  location: z.string().nullable(),
  startedAt: isoDateTimeSchema,
  endsAt: isoDateTimeSchema,
});

/** The driver ended his shift before its length ran out (one that runs out ends by itself, with no event). */
export const driverShiftEndedSchema = defineEvent('DriverShiftEnded', {
  operatorId: idSchema,
  endedAt: isoDateTimeSchema,
});

/**
 * The driver on shift took a break (issue #32 item 4): until he ends it, or his shift ends or runs out,
 * he is "on break": no offers, no rides taken. No length limit; staff see since when.
 */
export const driverBreakStartedSchema = defineEvent('DriverBreakStarted', {
  operatorId: idSchema,
  startedAt: isoDateTimeSchema,
});

/** The driver ended his break. A shift's end (or its running out) ends a break with no event of its own. */
export const driverBreakEndedSchema = defineEvent('DriverBreakEnded', {
  operatorId: idSchema,
  endedAt: isoDateTimeSchema,
});

/*
 * AMR robots (issue #33 item 4). A robot is a driver record the engine itself drives over VDA 5050
 * (engine/src/vda5050): it has no person's account, and its commands act as the record (a `driver`
 * actor with its operator id), so every rule a driver follows holds for it. What it reports (mode,
 * battery, errors, connection) is read from its MQTT state; what the engine decides of it is here.
 */

/** The record is an AMR robot, known on the MQTT broker by its VDA 5050 manufacturer and serial number. */
export const robotRegisteredSchema = defineEvent('RobotRegistered', {
  operatorId: idSchema,
  manufacturer: z.string().min(1),
  serialNumber: z.string().min(1),
  registeredAt: isoDateTimeSchema,
});

/** Why a robot's order was cancelled: it reported a FATAL error, or the broker reported its connection broken. */
export const ROBOT_BREAKDOWN_CAUSES = ['fatalError', 'connectionBroken'] as const;

/**
 * The robot broke down holding a ride: its VDA 5050 order is to be cancelled (the bridge sends
 * `cancelOrder` on hearing this), in the same append as its maintenance request and the ride handed on.
 */
export const robotOrderCancelledSchema = defineEvent('RobotOrderCancelled', {
  operatorId: idSchema,
  rideId: idSchema,
  orderId: z.string().min(1),
  cause: z.enum(ROBOT_BREAKDOWN_CAUSES),
  detail: z.string(),
  cancelledAt: isoDateTimeSchema,
});

/** Any event of a `driver-{operatorId}` stream. */
export const driverEventSchema = z.discriminatedUnion('type', [
  driverAddedSchema,
  driverUpdatedSchema,
  driverStatusChangedSchema,
  driverAccessToggledSchema,
  driverBlockedForMaintenanceSchema,
  driverUnblockedSchema,
  driverAssignedToRideSchema,
  driverReleasedFromRideSchema,
  driverActivationCodeIssuedSchema,
  driverActivationCodeUsedSchema,
  driverShiftStartedSchema,
  driverShiftEndedSchema,
  driverBreakStartedSchema,
  driverBreakEndedSchema,
  vehicleInspectedSchema,
  robotRegisteredSchema,
  robotOrderCancelledSchema,
]);

export type DriverAdded = z.infer<typeof driverAddedSchema>;
export type DriverUpdated = z.infer<typeof driverUpdatedSchema>;
export type DriverStatusChanged = z.infer<typeof driverStatusChangedSchema>;
export type DriverAccessToggled = z.infer<typeof driverAccessToggledSchema>;
export type DriverBlockedForMaintenance = z.infer<typeof driverBlockedForMaintenanceSchema>;
export type DriverUnblocked = z.infer<typeof driverUnblockedSchema>;
export type DriverAssignedToRide = z.infer<typeof driverAssignedToRideSchema>;
export type DriverReleasedFromRide = z.infer<typeof driverReleasedFromRideSchema>;
export type RideReleaseReason = (typeof RIDE_RELEASE_REASONS)[number];
export type DriverActivationCodeIssued = z.infer<typeof driverActivationCodeIssuedSchema>;
export type DriverActivationCodeUsed = z.infer<typeof driverActivationCodeUsedSchema>;
export type DriverShiftStarted = z.infer<typeof driverShiftStartedSchema>;
export type DriverShiftEnded = z.infer<typeof driverShiftEndedSchema>;
export type DriverBreakStarted = z.infer<typeof driverBreakStartedSchema>;
export type DriverBreakEnded = z.infer<typeof driverBreakEndedSchema>;
export type RobotRegistered = z.infer<typeof robotRegisteredSchema>;
export type RobotOrderCancelled = z.infer<typeof robotOrderCancelledSchema>;
export type RobotBreakdownCause = (typeof ROBOT_BREAKDOWN_CAUSES)[number];
export type DriverEvent = z.infer<typeof driverEventSchema>;
export type DriverEventType = DriverEvent['type'];

export const DRIVER_EVENT_SCHEMA_VERSIONS = {
  DriverAdded: 1,
  DriverUpdated: 1,
  DriverStatusChanged: 1,
  DriverAccessToggled: 1,
  DriverBlockedForMaintenance: 1,
  DriverUnblocked: 2,
  DriverAssignedToRide: 1,
  DriverReleasedFromRide: 1,
  DriverActivationCodeIssued: 1,
  DriverActivationCodeUsed: 1,
  DriverShiftStarted: 1,
  DriverShiftEnded: 1,
  DriverBreakStarted: 1,
  DriverBreakEnded: 1,
  VehicleInspected: 1,
  RobotRegistered: 1,
  RobotOrderCancelled: 1,
} as const satisfies Record<DriverEventType, number>;

export const DRIVER_EVENT_TYPES = Object.keys(DRIVER_EVENT_SCHEMA_VERSIONS) as DriverEventType[];
