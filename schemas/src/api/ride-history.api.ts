import { z } from 'zod';
import { rideTypeSchema, vehicleTypeSchema } from '../constants';
import { RIDE_STATUS_OF_STATE } from '../ride.machine';
import { IN_PROGRESS_STATUSES, rideStateNameSchema, rideStatusSchema } from '../ride-status';
import { MESSAGES } from '../messages';
import { commandAnswerSchema, idInput } from './common.api';
import { PAGE_SIZES, pageAnswerShape, pageQueryShape } from './paging.api';
import { TEXT_LIMITS, textField } from './text-fields';
import { rideLoadShape, rideServiceShape } from './ride-row.api';
import { SCAN_STEPS } from '../place-code';

/** GET /api/ride-history?driverId= */
export const driverHistoryQuerySchema = z.object({ driverId: idInput(MESSAGES.invalidParameters, 'Driver ID') });
/** GET /api/ride-history/user?userId= */
export const userHistoryQuerySchema = z.object({ userId: idInput(MESSAGES.invalidUserId, 'User ID'), ...pageQueryShape(PAGE_SIZES.list) });
/** GET /api/ride-history?driverId= with its page (the ongoing read takes none). */
export const driverHistoryPageQuerySchema = driverHistoryQuerySchema.extend(pageQueryShape(PAGE_SIZES.list));

/** One history item; the requester's list opens the tracker only for items with RIDEID. */
export const rideHistoryRowSchema = z.object({
  RIDEID: z.string(),
  RIDE_ID: z.string(),
  USER_ID: z.string(),
  DRIVER_ID: z.string().nullable(),
  FROM_LOCATION: z.string(),
  TO_LOCATION: z.string(),
  VEHICLE_TYPE: vehicleTypeSchema,
  RIDE_TYPE: rideTypeSchema,
  STATUS: rideStatusSchema,
  ESTIMATED_TIME: z.number().int(),
  TIMESTAMP: z.string(),
  CREATED_AT: z.string(),
  COMPLETED_AT: z.string().nullable(),
  DURATION: z.string().nullable(),
  /**
   * Ours, only in GET /api/ride-history/ongoing for a ride its driver took over after a breakdown:
   * the spec's redistribution fields, RIDE_STATE being where the ride stood when it was handed
   * over, and the first driver's mobile (as in the offered ride's ORIGINAL_DRIVER_MOBILE).
   */
  IS_REDISTRIBUTED: z.boolean().optional(),
  MAINTENANCE_COMMENT: z.string().nullish(),
  ORIGINAL_DRIVER_NAME: z.string().nullish(),
  ORIGINAL_DRIVER_MOBILE: z.string().nullish(),
  RIDE_STATE: rideStateNameSchema.nullish(),
  ...rideServiceShape,
  ...rideLoadShape,
  /** Ours (issue #34 item 2), only in GET /api/ride-history/ongoing: the steps that need a scan, and of which place's code. */
  SCANS: z.array(z.object({ step: z.enum(SCAN_STEPS), place: z.string() })).optional(),
});
export type RideHistoryRow = z.infer<typeof rideHistoryRowSchema>;

/** Answer of both GET /api/ride-history forms. */
export const rideHistoryAnswerSchema = z.object({ history: z.array(rideHistoryRowSchema) });
export type RideHistoryAnswer = z.infer<typeof rideHistoryAnswerSchema>;
/** A page of a history list (GET /api/ride-history, /api/ride-history/user), and how many rides it holds. */
export const rideHistoryPageAnswerSchema = rideHistoryAnswerSchema.extend(pageAnswerShape);

/** POST /api/ride-history as the requester sends it. */
export const requesterHistoryRecordSchema = z.object({
  rideId: idInput(MESSAGES.invalidParameters, 'Ride ID'),
  userId: idInput(MESSAGES.invalidUserId, 'User ID'),
  fromLocation: textField({ max: TEXT_LIMITS.place, label: 'Pickup location' }),
  toLocation: textField({ max: TEXT_LIMITS.place, label: 'Drop location' }),
  status: rideStatusSchema,
  estimatedTime: z.coerce.number().int().nonnegative(),
  timestamp: textField({ max: TEXT_LIMITS.short, label: 'Timestamp' }),
  rideType: rideTypeSchema,
  duration: textField({ max: TEXT_LIMITS.short, label: 'Duration' }).nullish(),
});
export type RequesterHistoryRecord = z.infer<typeof requesterHistoryRecordSchema>;

/** POST /api/ride-history as the driver sends it on completion. */
export const driverCompletionRecordSchema = z.object({
  RIDE_ID: idInput(MESSAGES.invalidParameters, 'Ride ID'),
  FROM_LOCATION: textField({ max: TEXT_LIMITS.place, label: 'Pickup location' }),
  TO_LOCATION: textField({ max: TEXT_LIMITS.place, label: 'Drop location' }),
  VEHICLE_TYPE: vehicleTypeSchema,
  RIDE_TYPE: rideTypeSchema,
  COMPLETED_AT: textField({ max: TEXT_LIMITS.short, label: 'Completion time' }),
  DRIVER_ID: idInput(MESSAGES.invalidParameters, 'Driver ID'),
});
export type DriverCompletionRecord = z.infer<typeof driverCompletionRecordSchema>;

/**
 * POST /api/ride-history takes either record. History is derived from ride events, so the
 * engine only checks the record matches what it already knows.
 */
export const rideHistoryPostBodySchema = z.union([requesterHistoryRecordSchema, driverCompletionRecordSchema]);
export type RideHistoryPostBody = z.infer<typeof rideHistoryPostBodySchema>;

// A driver's statuses and the end of the ride, from the statechart.
export const HISTORY_UPDATE_STATUSES = [...IN_PROGRESS_STATUSES, RIDE_STATUS_OF_STATE.completed];
/** PUT /api/ride-history/update-status/user/{rideId} */
export const updateHistoryStatusBodySchema = z.object({ status: z.enum(HISTORY_UPDATE_STATUSES) });
export type UpdateHistoryStatusBody = z.infer<typeof updateHistoryStatusBodySchema>;

/** Answer of the ride-history POST and PUT. */
export const rideHistoryCommandAnswerSchema = commandAnswerSchema;

/**
 * GET /api/ride-history/today?driverId= (issue #32 item 7): the driver's tally for the plant's day:
 * rides he ended today, and his driving minutes (start to end of each, whole minutes).
 */
export const driverTodayAnswerSchema = z.object({
  day: z.string(),
  rides: z.number().int().nonnegative(),
  drivingMinutes: z.number().int().nonnegative(),
});
export type DriverTodayAnswer = z.infer<typeof driverTodayAnswerSchema>;
