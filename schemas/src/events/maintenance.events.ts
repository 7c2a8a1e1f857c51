import { z } from 'zod';
import { breakdownTypeSchema, vehicleTypeSchema } from '../constants';
import { idSchema, isoDateTimeSchema } from '../primitives';
import { defineEvent } from './define-event';

/**
 * A driver asked for vehicle maintenance; `rideId` is set when it happened mid-ride. `issue` and
 * `commentText` are the driver's report as he wrote it: nothing later changes them.
 */
export const maintenanceRequestedSchema = defineEvent('MaintenanceRequested', {
  requestId: idSchema,
  driverId: idSchema,
  driverName: z.string(),
  vehicleType: vehicleTypeSchema,
  /** Version 2 (issue #32): the vehicle's registration on his driver record when he filed; null before version 2 or with none recorded. */
  vehicleNumber: z.string().nullable(),
  // The chosen reason, or the driver's own text when the reason was 'Others'.
  issue: z.string(),
  commentText: z.string(),
  breakdownType: breakdownTypeSchema.nullable(),
  rideId: idSchema.nullable(),
  requestedAt: isoDateTimeSchema,
  /** Issue #34: the photos filed with it (the driver's own, or his failed inspection items'); absent when none (and on events stored before). */
  photoIds: z.array(idSchema).optional(),
});

/** The maintenance head accepted a pending request. */
export const maintenanceAcceptedSchema = defineEvent('MaintenanceAccepted', {
  requestId: idSchema,
  acceptedAt: isoDateTimeSchema,
});

/**
 * Version 2 (issue #29): the outcome names the request's driver. null only on an event recorded before
 * version 2, whose driver is the one its request's `MaintenanceRequested` names.
 */
const outcomeDriverIdSchema = idSchema.nullable();

/**
 * Version 3 (issue #32): whether the vehicle returns to service only after a passed inspection
 * (a full breakdown closed while the plant requires inspections). false on an event recorded before version 3.
 */
const inspectionDueSchema = z.boolean();

/** The maintenance head rejected a pending request; the driver is released. */
export const maintenanceRejectedSchema = defineEvent('MaintenanceRejected', {
  requestId: idSchema,
  driverId: outcomeDriverIdSchema,
  reason: z.string().min(1),
  rejectedAt: isoDateTimeSchema,
  inspectionDue: inspectionDueSchema,
});

/** The maintenance was done; `maintenanceDate` becomes the vehicle's last maintenance date. */
export const maintenanceCompletedSchema = defineEvent('MaintenanceCompleted', {
  requestId: idSchema,
  driverId: outcomeDriverIdSchema,
  maintenanceDate: isoDateTimeSchema,
  inspectionDue: inspectionDueSchema,
});

/** The maintenance head replaced the request's comment: his notes. The driver's own comment stays in `MaintenanceRequested`. */
export const maintenanceCommentEditedSchema = defineEvent('MaintenanceCommentEdited', {
  requestId: idSchema,
  commentText: z.string().min(1),
  editedAt: isoDateTimeSchema,
});

/** Any event of a `maintenance-{requestId}` stream. */
export const maintenanceEventSchema = z.discriminatedUnion('type', [
  maintenanceRequestedSchema,
  maintenanceAcceptedSchema,
  maintenanceRejectedSchema,
  maintenanceCompletedSchema,
  maintenanceCommentEditedSchema,
]);

export type MaintenanceRequested = z.infer<typeof maintenanceRequestedSchema>;
export type MaintenanceAccepted = z.infer<typeof maintenanceAcceptedSchema>;
export type MaintenanceRejected = z.infer<typeof maintenanceRejectedSchema>;
export type MaintenanceCompleted = z.infer<typeof maintenanceCompletedSchema>;
export type MaintenanceCommentEdited = z.infer<typeof maintenanceCommentEditedSchema>;
export type MaintenanceEvent = z.infer<typeof maintenanceEventSchema>;
export type MaintenanceEventType = MaintenanceEvent['type'];

export const MAINTENANCE_EVENT_SCHEMA_VERSIONS = {
  MaintenanceRequested: 2,
  MaintenanceAccepted: 1,
  MaintenanceRejected: 3,
  MaintenanceCompleted: 3,
  MaintenanceCommentEdited: 1,
} as const satisfies Record<MaintenanceEventType, number>;

export const MAINTENANCE_EVENT_TYPES = Object.keys(MAINTENANCE_EVENT_SCHEMA_VERSIONS) as MaintenanceEventType[];
