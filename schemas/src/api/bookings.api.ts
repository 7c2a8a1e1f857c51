import { z } from 'zod';
import { DEFAULT_VEHICLE_TYPE, LIMITS, rideTypeSchema, timestampEventSchema } from '../constants';
import { MESSAGES } from '../messages';
import { isoDateTimeSchema } from '../primitives';
import { commandAnswerSchema, idInput, vehicleTypeInput } from './common.api';

/** A special task's duration as the picker gives it: hours 0-1, minutes 0-59. */
export const durationSchema = z.object({
  hours: z.number().int().min(0).max(LIMITS.durationMaxHours),
  minutes: z.number().int().min(0).max(LIMITS.durationMaxMinutes),
});
export type Duration = z.infer<typeof durationSchema>;

export const durationToMinutes = ({ hours, minutes }: Duration): number => hours * 60 + minutes;

// The spec's DURATION column form.
export const formatDuration = (totalMinutes: number): string =>
  `${Math.floor(totalMinutes / 60)}h ${totalMinutes % 60}m`;

// Missing or mistyped locations fall through to the spec's "select both" message below.
const location = z.string().trim().catch('');

/**
 * POST /api/bookings/book-ride. `duration` is our addition for Special Task rides (the spec's
 * special task helper path is not shown); it is ignored for Regular rides.
 */
export const bookRideBodySchema = z
  .object({
    userId: idInput(MESSAGES.invalidUserId),
    fromLocation: location,
    toLocation: location,
    vehicleType: vehicleTypeInput.default(DEFAULT_VEHICLE_TYPE),
    rideType: rideTypeSchema.default('Regular'),
    reqName: z.string().trim().default(''),
    reqMobileNo: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string().trim().default('')),
    duration: durationSchema.nullish(),
  })
  .superRefine((body, ctx) => {
    const special = body.rideType === 'Special Task';
    if (!body.fromLocation || !body.toLocation) {
      ctx.addIssue({
        code: 'custom',
        path: [body.fromLocation ? 'toLocation' : 'fromLocation'],
        message: special ? MESSAGES.selectBothLocationsSpecialTask : MESSAGES.selectBothLocations,
      });
    } else if (body.fromLocation === body.toLocation) {
      ctx.addIssue({ code: 'custom', path: ['toLocation'], message: MESSAGES.sameLocations });
    }
    if (special && (!body.duration || durationToMinutes(body.duration) === 0)) {
      ctx.addIssue({ code: 'custom', path: ['duration'], message: MESSAGES.durationTooShort });
    }
  });
export type BookRideBody = z.infer<typeof bookRideBodySchema>;

/** Answer of POST /api/bookings/book-ride. */
export const bookRideAnswerSchema = commandAnswerSchema.extend({
  rideId: z.string(),
  reqName: z.string(),
  reqMobileNo: z.string(),
});
export type BookRideAnswer = z.infer<typeof bookRideAnswerSchema>;

/** The five ride timestamps of the spec, and our accept_time; null until the step happened. */
export const rideTimestampsSchema = z.object({
  creation_time: isoDateTimeSchema.nullable(),
  /** Our addition: when a driver was assigned (the first accept). */
  accept_time: isoDateTimeSchema.nullable(),
  start_time: isoDateTimeSchema.nullable(),
  material_pick_time: isoDateTimeSchema.nullable(),
  material_drop_time: isoDateTimeSchema.nullable(),
  end_time: isoDateTimeSchema.nullable(),
});
export type RideTimestamps = z.infer<typeof rideTimestampsSchema>;

/** Answer of GET /api/bookings/get-timestamps/{rideId}. */
export const getTimestampsAnswerSchema = z.object({ timestamps: rideTimestampsSchema });

/** PUT /api/bookings/update-timestamps */
export const updateTimestampsBodySchema = z.object({
  rideId: idInput(MESSAGES.invalidParameters),
  event: timestampEventSchema,
});
export type UpdateTimestampsBody = z.infer<typeof updateTimestampsBodySchema>;

/** Answer of PUT /api/bookings/update-timestamps and DELETE /api/bookings/cancel/{rideId}. */
export const bookingCommandAnswerSchema = commandAnswerSchema;
