import { z } from 'zod';
import { VEHICLE_TYPES, vehicleTypeSchema } from '../constants';
import { parseKpiDay } from './kpis.api';
import { PAGE_SIZES, pageAnswerShape, pageQueryShape } from './paging.api';
import { wordedMessage } from './text-fields';

/*
 * The staff read side of the daily vehicle inspection (issue #21; the spec has none): the inspections
 * list, a driver's standing today, and what the ride audit shows of the drivers who took a ride.
 */

export const INSPECTION_QUERY_MESSAGES = {
  day: wordedMessage('From and to must be plant dates written yyyy-MM-dd.'),
  range: wordedMessage('From must not be after to.'),
  passed: wordedMessage('Passed must be true or false.'),
  vehicleType: wordedMessage(`Unknown vehicle type. Choose ${VEHICLE_TYPES.join(', ')}.`),
  text: wordedMessage('Operator id and vehicle number are 1 to 60 characters.'),
} as const;

/** A driver's inspection on today's plant day: his latest one that day passed or failed, or there is none. */
export const inspectionTodaySchema = z.enum(['passed', 'failed', 'missing']);
export type InspectionToday = z.infer<typeof inspectionTodaySchema>;

const blankAsMissing = (value: unknown) => (typeof value === 'string' ? value.trim() || undefined : value);
const optionalText = z.preprocess(
  blankAsMissing,
  z.string({ error: INSPECTION_QUERY_MESSAGES.text }).max(60, INSPECTION_QUERY_MESSAGES.text).optional(),
);
const plantDate = z.preprocess(
  blankAsMissing,
  z
    .string({ error: INSPECTION_QUERY_MESSAGES.day })
    .regex(/^\d{4}-\d{2}-\d{2}$/, INSPECTION_QUERY_MESSAGES.day)
    .refine((text) => parseKpiDay(text) === text, INSPECTION_QUERY_MESSAGES.day)
    .optional(),
);

/**
 * GET /api/inspections (admin, maintenanceHead): every filter optional; `from` and `to` are plant
 * dates, both days included; `passed` is 'true' or 'false'; paged as the other lists.
 */
export const inspectionListQuerySchema = z
  .object({
    operatorId: optionalText.transform((value) => value?.toUpperCase()),
    vehicle: optionalText,
    vehicleType: z.preprocess(blankAsMissing, z.enum(VEHICLE_TYPES, { error: INSPECTION_QUERY_MESSAGES.vehicleType }).optional()),
    from: plantDate,
    to: plantDate,
    passed: z
      .preprocess(blankAsMissing, z.enum(['true', 'false'], { error: INSPECTION_QUERY_MESSAGES.passed }).optional())
      .transform((value) => (value === undefined ? undefined : value === 'true')),
    ...pageQueryShape(PAGE_SIZES.list),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: INSPECTION_QUERY_MESSAGES.range, path: ['from'] });
export type InspectionListQuery = z.infer<typeof inspectionListQuerySchema>;

/** One checklist item as the driver answered it. */
export const inspectedItemSchema = z.object({
  id: z.string(),
  text: z.string(),
  critical: z.boolean(),
  ok: z.boolean(),
  note: z.string().nullable(),
  /** Issue #34: a failed item's photos (GET /api/photos/{id}); absent when none. */
  photoIds: z.array(z.string()).optional(),
});

/** One inspection in the staff list; `defects` are the failed items' texts, `maintenanceRequestId` the request a failed critical item filed. */
export const inspectionRowSchema = z.object({
  inspectionId: z.string(),
  operatorId: z.string(),
  /** His driver record's name as it is now, else his account's; '' when he has neither. */
  driverName: z.string(),
  vehicleType: vehicleTypeSchema,
  vehicleNumber: z.string(),
  /** The plant day, yyyy-MM-dd. */
  day: z.string(),
  passed: z.boolean(),
  defects: z.array(z.string()),
  items: z.array(inspectedItemSchema),
  inspectedAt: z.string(),
  maintenanceRequestId: z.string().nullable(),
});
export type InspectionRow = z.infer<typeof inspectionRowSchema>;

/** Answer of GET /api/inspections: a page of inspections, newest first. */
export const inspectionListAnswerSchema = z.object({ inspections: z.array(inspectionRowSchema), ...pageAnswerShape });
export type InspectionListAnswer = z.infer<typeof inspectionListAnswerSchema>;

/** What the ride audit shows of one driver's inspection. */
export const inspectionSummarySchema = z.object({
  inspectionId: z.string(),
  day: z.string(),
  passed: z.boolean(),
  inspectedAt: z.string(),
  defects: z.array(z.string()),
  /** Ours (issue #34): the failed items' photos (GET /api/photos/{id}), in checklist order. */
  photoIds: z.array(z.string()).default([]),
});
export type InspectionSummary = z.infer<typeof inspectionSummarySchema>;

/** A driver who took a ride (accepted it or took it over), with his latest inspection on that plant day at or before taking it. */
export const rideDriverInspectionSchema = z.object({ operatorId: z.string(), inspection: inspectionSummarySchema.nullable() });
export type RideDriverInspection = z.infer<typeof rideDriverInspectionSchema>;
