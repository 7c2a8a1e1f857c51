import { z } from 'zod';
import { rideTypeSchema, vehicleTypeSchema } from '../constants';
import { resumeStateSchema } from '../ride-status';
import { idSchema, isoDateTimeSchema } from '../primitives';
import { defineEvent } from './define-event';
import { DISPATCH_MODES, RIDE_PRIORITIES, SLA_TARGETS, serviceTargetsSchema } from '../dispatch';
import { rideLoadSchema } from '../load';
import { stepScanSchema } from '../place-code';

/** A requester booked a ride; the estimate comes from the site's route table at booking time. */
export const rideRequestedSchema = defineEvent('RideRequested', {
  rideId: idSchema,
  requesterId: idSchema,
  requesterName: z.string(),
  requesterMobile: z.string(),
  fromLocation: z.string().min(1),
  toLocation: z.string().min(1),
  vehicleType: vehicleTypeSchema,
  rideType: rideTypeSchema,
  estimatedMinutes: z.number().int().positive(),
  // Set for Special Task rides only.
  durationMinutes: z.number().int().positive().nullable(),
  requestedAt: isoDateTimeSchema,
  // Issue #20, written only when not the default, so a spec booking's event is as it always was:
  // 'urgent' (absent: normal), and 'offer' when the ride goes to one driver at a time (absent: broadcast).
  priority: z.enum(RIDE_PRIORITIES).optional(),
  dispatch: z.enum(DISPATCH_MODES).optional(),
  // The plant's service targets when the ride was booked, written only when an admin has changed them
  // from DEFAULT_DISPATCH_SETTINGS', so a ride's deadlines follow from its own events.
  serviceTargets: serviceTargetsSchema.optional(),
  // A ride booked for later: when it is wanted, and when it goes to dispatch (`releaseLeadMinutes`
  // before, as the settings stood at booking). Absent: the ride goes to dispatch at once.
  scheduledFor: isoDateTimeSchema.optional(),
  releaseAt: isoDateTimeSchema.optional(),
  // Issue #32 item 7: what is being moved, written only when the booking said something of it.
  load: rideLoadSchema.optional(),
});

/** A driver accepted a requested ride. */
export const rideAcceptedSchema = defineEvent('RideAccepted', {
  rideId: idSchema,
  driverId: idSchema,
  driverName: z.string(),
  driverMobile: z.string(),
  vehicleNumber: z.string().nullable(),
  acceptedAt: isoDateTimeSchema,
});

/** Why the engine did not take the time a phone gave for a step (issue #32 item 2). */
export const STEP_TAP_REFUSALS = ['in the future', 'before the previous step', 'too old'] as const;
export type StepTapRefusal = (typeof STEP_TAP_REFUSALS)[number];

/**
 * A step's clock (issue #32 item 2), written only when a phone sent the time of the tap. Taken: the
 * step's time is the tap, `heardAt` when the engine heard it (absent: the same). Not taken: the step's
 * time is when the engine heard it, `tappedAt` what the phone said and `tapRefused` why.
 */
export const stepClockShape = {
  heardAt: isoDateTimeSchema.optional(),
  tappedAt: isoDateTimeSchema.optional(),
  tapRefused: z.enum(STEP_TAP_REFUSALS).optional(),
};
export type StepClock = { heardAt?: string; tappedAt?: string; tapRefused?: StepTapRefusal };

/** Issue #34 item 2, written only when the step needed a scan: the place, and how it was proven (or the driver's reason why not). */
const stepScanShape = { scan: stepScanSchema.optional() };

/** The driver started the ride. */
export const rideStartedSchema = defineEvent('RideStarted', {
  rideId: idSchema,
  driverId: idSchema,
  startedAt: isoDateTimeSchema,
  ...stepClockShape,
  ...stepScanShape,
});

/** The driver picked up the material. */
export const materialPickedSchema = defineEvent('MaterialPicked', {
  rideId: idSchema,
  driverId: idSchema,
  pickedAt: isoDateTimeSchema,
  ...stepClockShape,
  ...stepScanShape,
});

/** The driver dropped the material; the ride's status becomes delivered. */
export const materialDroppedSchema = defineEvent('MaterialDropped', {
  rideId: idSchema,
  driverId: idSchema,
  droppedAt: isoDateTimeSchema,
  ...stepClockShape,
  ...stepScanShape,
});

/** The driver ended the ride; the ride's status becomes completed. */
export const rideEndedSchema = defineEvent('RideEnded', {
  rideId: idSchema,
  driverId: idSchema,
  endedAt: isoDateTimeSchema,
  ...stepClockShape,
});

/** The requester (or an admin) cancelled a ride that was still requested, or waiting for another driver after a breakdown. */
export const rideCancelledSchema = defineEvent('RideCancelled', {
  rideId: idSchema,
  cancelledBy: idSchema,
  cancelledAt: isoDateTimeSchema,
});

/** The ride's driver broke down mid-ride; the ride waits for another driver of the same vehicle type. */
export const rideRedistributedSchema = defineEvent('RideRedistributed', {
  rideId: idSchema,
  originalDriverId: idSchema,
  originalDriverName: z.string(),
  maintenanceComment: z.string(),
  maintenanceRequestId: idSchema.nullable(),
  resumeState: resumeStateSchema,
  redistributedAt: isoDateTimeSchema,
  /**
   * Version 2 (issue #29): who may take it over, as the engine decided. True: every driver of its type,
   * whatever the ride's dispatch mode (docs/DECISIONS.md, "A redistributed ride is open to all").
   * Version 1 events are read as true: the engines that wrote them let any driver of the type take over.
   */
  openToAll: z.boolean(),
  /**
   * Version 3 (issue #29): how many other drivers of its type could take it over when it was decided
   * (Active, with access, not blocked; the engine's driver roster). 0: the requester is told at once that
   * there is none. null: recorded before version 3, not known; nothing is told for it.
   */
  alternativeDrivers: z.number().int().nonnegative().nullable(),
});

/** Another driver took over a redistributed ride; it continues from `resumeState`. */
export const rideTakenOverSchema = defineEvent('RideTakenOver', {
  rideId: idSchema,
  driverId: idSchema,
  driverName: z.string(),
  driverMobile: z.string(),
  vehicleNumber: z.string().nullable(),
  resumeState: resumeStateSchema,
  takenOverAt: isoDateTimeSchema,
});

/** A timer: the ride was still requested at `dueAt`; staff are alerted and drivers of its type reminded. Once per ride. */
export const rideWaitAlertedSchema = defineEvent('RideWaitAlerted', {
  rideId: idSchema,
  requestedAt: isoDateTimeSchema,
  dueAt: isoDateTimeSchema,
  alertedAt: isoDateTimeSchema,
});

/**
 * A timer: nobody took the ride over by `dueAt` after its `redistribution`-th breakdown; the requester
 * is told (the `notice`-th time for that breakdown) and is told again at `nextDueAt` unless it moves on.
 */
export const reassignmentOverdueSchema = defineEvent('ReassignmentOverdue', {
  rideId: idSchema,
  redistribution: z.number().int().positive(),
  notice: z.number().int().positive(),
  dueAt: isoDateTimeSchema,
  nextDueAt: isoDateTimeSchema,
  notedAt: isoDateTimeSchema,
});

/** A timer: a started Special Task ride ran past its booked `durationMinutes`, counted from `startedAt`. Once per ride. */
export const specialTaskOverranSchema = defineEvent('SpecialTaskOverran', {
  rideId: idSchema,
  driverId: idSchema,
  startedAt: isoDateTimeSchema,
  durationMinutes: z.number().int().positive(),
  dueAt: isoDateTimeSchema,
  overranAt: isoDateTimeSchema,
});

/**
 * Offer dispatch (issue #20): the ride was offered to one driver, until `expiresAt`; `round` counts
 * the ride's offers from 1, so a late answer or timer for an earlier offer is told apart.
 */
export const rideOfferedSchema = defineEvent('RideOffered', {
  rideId: idSchema,
  driverId: idSchema,
  round: z.number().int().positive(),
  offeredAt: isoDateTimeSchema,
  expiresAt: isoDateTimeSchema,
});

/** The offered driver said no; the ride goes to the next driver, or to every driver. */
export const rideOfferDeclinedSchema = defineEvent('RideOfferDeclined', {
  rideId: idSchema,
  driverId: idSchema,
  round: z.number().int().positive(),
  declinedAt: isoDateTimeSchema,
});

/** The offered driver did not answer in time (a timer); the ride goes to the next driver, or to every driver. */
export const rideOfferExpiredSchema = defineEvent('RideOfferExpired', {
  rideId: idSchema,
  driverId: idSchema,
  round: z.number().int().positive(),
  expiredAt: isoDateTimeSchema,
});

/**
 * The offer was taken back from its driver for an urgent ride (`forRideId`) offered to him instead,
 * in the same append; the ride goes to the next driver, or to every driver. He did not pass on it.
 * Without `forRideId` (issue #32 item 4): taken back because staff assigned the ride, in the same append.
 */
export const rideOfferWithdrawnSchema = defineEvent('RideOfferWithdrawn', {
  rideId: idSchema,
  driverId: idSchema,
  round: z.number().int().positive(),
  forRideId: idSchema.optional(),
  withdrawnAt: isoDateTimeSchema,
});

/**
 * Staff (`assignedBy`, an admin or the maintenance head) gave the ride to a driver, for `reason`
 * (issue #32 item 4): one waiting for a driver (requested, offered, open to all, or waiting for
 * reassignment after a breakdown; `fromDriverId` null), or one taken back from the driver who held it
 * (`fromDriverId`) before its material was picked. Where it goes is the statechart's word.
 */
export const rideAssignedSchema = defineEvent('RideAssigned', {
  rideId: idSchema,
  driverId: idSchema,
  driverName: z.string(),
  driverMobile: z.string(),
  vehicleNumber: z.string().nullable(),
  fromDriverId: idSchema.nullable(),
  assignedBy: z.string().min(1),
  reason: z.string().min(1),
  assignedAt: isoDateTimeSchema,
});

export const OPENED_TO_ALL_REASONS = ['no driver free', 'every driver passed', 'dispatch set to broadcast'] as const;
export type OpenedToAllReason = (typeof OPENED_TO_ALL_REASONS)[number];

/** An offered ride fell back to broadcast: every driver of the type may take it now, those who passed too. */
export const rideOpenedToAllSchema = defineEvent('RideOpenedToAll', {
  rideId: idSchema,
  reason: z.enum(OPENED_TO_ALL_REASONS),
  openedAt: isoDateTimeSchema,
});

/** Staff changed an open ride's priority (issue #20). */
export const ridePriorityChangedSchema = defineEvent('RidePriorityChanged', {
  rideId: idSchema,
  priority: z.enum(RIDE_PRIORITIES),
  // A staff member's token number.
  changedBy: z.string().min(1),
  changedAt: isoDateTimeSchema,
});

/** A ride booked for later went to dispatch at its release time (a timer); 'offer' as on RideRequested. */
export const rideReleasedSchema = defineEvent('RideReleased', {
  rideId: idSchema,
  releasedAt: isoDateTimeSchema,
  dispatch: z.enum(DISPATCH_MODES).optional(),
});

/**
 * The ride was not accepted (`accept`) or its material not dropped (`deliver`) by its service target
 * for its `priority` (a timer), counted from when it went to dispatch. Once per target.
 */
export const rideSlaBreachedSchema = defineEvent('RideSlaBreached', {
  rideId: idSchema,
  target: z.enum(SLA_TARGETS),
  priority: z.enum(RIDE_PRIORITIES),
  dueAt: isoDateTimeSchema,
  breachedAt: isoDateTimeSchema,
});

/**
 * Issue #32 item 2: the drop was tapped by the delivery target (`droppedAt`, the time of the tap) but
 * reached the engine after the target's timer had recorded it missed; the miss no longer stands. In the
 * drop's own append. `acceptMissed`: whether the ride missed its other target, so views need no fold of
 * their own to say whether any target stays missed.
 */
export const rideSlaMissWithdrawnSchema = defineEvent('RideSlaMissWithdrawn', {
  rideId: idSchema,
  target: z.literal('deliver'),
  dueAt: isoDateTimeSchema,
  droppedAt: isoDateTimeSchema,
  acceptMissed: z.boolean(),
  withdrawnAt: isoDateTimeSchema,
});

/** Any event of a `ride-{rideId}` stream. */
export const rideEventSchema = z.discriminatedUnion('type', [
  rideRequestedSchema,
  rideAcceptedSchema,
  rideStartedSchema,
  materialPickedSchema,
  materialDroppedSchema,
  rideEndedSchema,
  rideCancelledSchema,
  rideRedistributedSchema,
  rideTakenOverSchema,
  rideWaitAlertedSchema,
  reassignmentOverdueSchema,
  specialTaskOverranSchema,
  rideOfferedSchema,
  rideOfferDeclinedSchema,
  rideOfferExpiredSchema,
  rideOpenedToAllSchema,
  ridePriorityChangedSchema,
  rideReleasedSchema,
  rideSlaBreachedSchema,
  rideOfferWithdrawnSchema,
  rideAssignedSchema,
  rideSlaMissWithdrawnSchema,
]);

export type RideRequested = z.infer<typeof rideRequestedSchema>;
export type RideAccepted = z.infer<typeof rideAcceptedSchema>;
export type RideStarted = z.infer<typeof rideStartedSchema>;
export type MaterialPicked = z.infer<typeof materialPickedSchema>;
export type MaterialDropped = z.infer<typeof materialDroppedSchema>;
export type RideEnded = z.infer<typeof rideEndedSchema>;
export type RideCancelled = z.infer<typeof rideCancelledSchema>;
export type RideRedistributed = z.infer<typeof rideRedistributedSchema>;
export type RideTakenOver = z.infer<typeof rideTakenOverSchema>;
export type RideWaitAlerted = z.infer<typeof rideWaitAlertedSchema>;
export type ReassignmentOverdue = z.infer<typeof reassignmentOverdueSchema>;
export type SpecialTaskOverran = z.infer<typeof specialTaskOverranSchema>;
export type RideOffered = z.infer<typeof rideOfferedSchema>;
export type RideOfferDeclined = z.infer<typeof rideOfferDeclinedSchema>;
export type RideOfferExpired = z.infer<typeof rideOfferExpiredSchema>;
export type RideOpenedToAll = z.infer<typeof rideOpenedToAllSchema>;
export type RidePriorityChanged = z.infer<typeof ridePriorityChangedSchema>;
export type RideReleased = z.infer<typeof rideReleasedSchema>;
export type RideSlaBreached = z.infer<typeof rideSlaBreachedSchema>;
export type RideOfferWithdrawn = z.infer<typeof rideOfferWithdrawnSchema>;
export type RideAssigned = z.infer<typeof rideAssignedSchema>;
export type RideSlaMissWithdrawn = z.infer<typeof rideSlaMissWithdrawnSchema>;
export type RideEvent = z.infer<typeof rideEventSchema>;
export type RideEventType = RideEvent['type'];

// Bump a version only with an upcaster for the old shape; stored events are never rewritten.
export const RIDE_EVENT_SCHEMA_VERSIONS = {
  RideRequested: 1,
  RideAccepted: 1,
  RideStarted: 1,
  MaterialPicked: 1,
  MaterialDropped: 1,
  RideEnded: 1,
  RideCancelled: 1,
  RideRedistributed: 3,
  RideTakenOver: 1,
  RideWaitAlerted: 1,
  ReassignmentOverdue: 1,
  SpecialTaskOverran: 1,
  RideOffered: 1,
  RideOfferDeclined: 1,
  RideOfferExpired: 1,
  RideOpenedToAll: 1,
  RidePriorityChanged: 1,
  RideReleased: 1,
  RideSlaBreached: 1,
  RideOfferWithdrawn: 1,
  RideAssigned: 1,
  RideSlaMissWithdrawn: 1,
} as const satisfies Record<RideEventType, number>;

export const RIDE_EVENT_TYPES = Object.keys(RIDE_EVENT_SCHEMA_VERSIONS) as RideEventType[];
