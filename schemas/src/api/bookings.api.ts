import { z } from 'zod';
import { DEFAULT_VEHICLE_TYPE, LIMITS, rideTypeSchema, timestampEventSchema } from '../constants';
import { MESSAGES, SERVER_MESSAGES } from '../messages';
import { RIDE_PRIORITIES } from '../dispatch';
import { isoDateTimeSchema } from '../primitives';
import { commandAnswerSchema, idInput, vehicleTypeInput } from './common.api';
import { TEXT_LIMITS, optionalTextField, textField, wordedMessage } from './text-fields';
import { optionalHumanNameField } from '../human-text';
import { loadSchema } from '../load';
import { SCAN_MESSAGES, SCAN_REASON_MAX } from '../place-scan';

const durationRangeMessage = wordedMessage(
  `Duration must be whole hours 0-${LIMITS.durationMaxHours} and minutes 0-${LIMITS.durationMaxMinutes}.`,
);
const durationFormMessage = wordedMessage("Duration must be {hours, minutes} or written like '1h 30m'.");

/** A special task's duration as the picker gives it: hours 0-1, minutes 0-59. */
export const durationSchema = z.object(
  {
    hours: z
      .number({ error: durationRangeMessage })
      .int(durationRangeMessage)
      .min(0, durationRangeMessage)
      .max(LIMITS.durationMaxHours, durationRangeMessage),
    minutes: z
      .number({ error: durationRangeMessage })
      .int(durationRangeMessage)
      .min(0, durationRangeMessage)
      .max(LIMITS.durationMaxMinutes, durationRangeMessage),
  },
  { error: durationFormMessage },
);
export type Duration = z.infer<typeof durationSchema>;

// The spec's DURATION form, '{h}h {m}m' ('1h 30m', '0h 45m'); spaces around the parts are forgiven.
const DURATION_TEXT = /^\s*(\d{1,3})\s*h\s*(\d{1,3})\s*m\s*$/i;

/** A special task's duration as `{hours, minutes}` or as the spec's '{h}h {m}m' text. */
export const durationInput = z.preprocess((v) => {
  if (typeof v !== 'string') return v;
  const match = DURATION_TEXT.exec(v);
  return match ? { hours: Number(match[1]), minutes: Number(match[2]) } : v;
}, durationSchema);

export const durationToMinutes = ({ hours, minutes }: Duration): number => hours * 60 + minutes;

// The spec's DURATION column form.
export const formatDuration = (totalMinutes: number): string => `${Math.floor(totalMinutes / 60)}h ${totalMinutes % 60}m`;

// Missing or mistyped locations fall through to the spec's "select both" message below.
const location = (label: string) => z.preprocess((v) => (typeof v === 'string' ? v : ''), textField({ max: TEXT_LIMITS.place, label }));

/** What any booking says of its ride, whoever books it: a person (below) or a system's order (issue #33). */
export const bookingFields = {
  fromLocation: location('Pickup location'),
  toLocation: location('Drop location'),
  vehicleType: vehicleTypeInput.default(DEFAULT_VEHICLE_TYPE),
  rideType: rideTypeSchema.default('Regular'),
  duration: durationInput.nullish(),
  // Issue #20: 'normal' unless said; anything else is refused.
  priority: z.enum(RIDE_PRIORITIES, { error: wordedMessage("Priority must be 'normal' or 'urgent'.") }).default('normal'),
  // Issue #20: a ride booked for later today or tomorrow (the decider judges the window); absent: now.
  scheduledFor: z.iso.datetime({ offset: true, error: SERVER_MESSAGES.invalidScheduledFor }).optional(),
  // Issue #32 item 7: what is being moved; absent, null or with nothing in it: no load.
  load: loadSchema.nullish().transform((load) => load ?? undefined),
};

/** A booking's own rules across its fields: both places, two different ones, a special task's duration. */
export function checkBooking(
  body: { rideType: string; fromLocation: string; toLocation: string; duration?: Duration | null },
  ctx: z.RefinementCtx,
): void {
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
}

/**
 * POST /api/bookings/book-ride. `duration` is our addition for Special Task rides (the spec's
 * special task helper path is not shown), as `{hours, minutes}` or '{h}h {m}m'; it is ignored for
 * Regular rides. A null `reqName` or `reqMobileNo` is empty: the requester's own account fills it.
 * `load` (ours, issue #32 item 7): what is being moved ({@link loadSchema}).
 */
export const bookRideBodySchema = z
  .object({
    userId: idInput(MESSAGES.invalidUserId, 'User ID'),
    // In the spec's order, so a body with several faults is told of the same one first.
    fromLocation: bookingFields.fromLocation,
    toLocation: bookingFields.toLocation,
    vehicleType: bookingFields.vehicleType,
    rideType: bookingFields.rideType,
    reqName: optionalHumanNameField({ max: TEXT_LIMITS.name, label: 'Requester name' }),
    // Free text: the spec's client sends what the stored user holds, which need not be ten digits.
    reqMobileNo: z.preprocess(
      (v) => (typeof v === 'number' ? String(v) : v),
      optionalTextField({ max: TEXT_LIMITS.mobile, label: 'Requester mobile number' }),
    ),
    duration: bookingFields.duration,
    priority: bookingFields.priority,
    scheduledFor: bookingFields.scheduledFor,
    load: bookingFields.load,
  })
  .superRefine(checkBooking);
export type BookRideBody = z.infer<typeof bookRideBodySchema>;

/** Answer of POST /api/bookings/book-ride. */
export const bookRideAnswerSchema = commandAnswerSchema.extend({
  rideId: z.string(),
  reqName: z.string(),
  reqMobileNo: z.string(),
  // Issue #20: a ride booked for later, and when it goes to drivers; null for a ride booked for now.
  scheduledFor: z.string().nullable(),
  releaseAt: z.string().nullable(),
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
/**
 * When the driver tapped a step (issue #32 item 2), as his phone tells: a step that waited on the phone
 * in a dead zone is timed at the tap. Absent, when the engine hears it (the spec's call).
 */
export const stepDoneAtSchema = z.iso.datetime({ offset: true, error: SERVER_MESSAGES.invalidDoneAt }).optional();

/**
 * Issue #34 item 2: the place's code with a step that needs a scan, read by the camera or typed, or the
 * driver's reason for not scanning. Sent with any step; the engine reads it only when the step needs one.
 */
export const scanProofSchema = z.union([
  z.object({
    code: textField({ max: 200, label: 'Code' }).min(1, wordedMessage('Type the code under the QR code.')),
    via: z.enum(['camera', 'typed']),
  }),
  z.object({ cannotScan: textField({ max: SCAN_REASON_MAX, label: 'Reason' }).min(3, SCAN_MESSAGES.reasonNeeded) }),
]);

export const updateTimestampsBodySchema = z.object({
  rideId: idInput(MESSAGES.invalidParameters, 'Ride ID'),
  event: timestampEventSchema,
  doneAt: stepDoneAtSchema,
  scan: scanProofSchema.optional(),
});
export type UpdateTimestampsBody = z.infer<typeof updateTimestampsBodySchema>;

/** Answer of PUT /api/bookings/update-timestamps and DELETE /api/bookings/cancel/{rideId}. */
export const bookingCommandAnswerSchema = commandAnswerSchema;

/** PATCH /api/rides/{rideId}/priority (issue #20): staff change an open ride's priority. */
export const changePriorityBodySchema = z.object({
  priority: z.enum(RIDE_PRIORITIES, { error: wordedMessage("Priority must be 'normal' or 'urgent'.") }),
});
export const changePriorityAnswerSchema = z.object({ rideId: z.string(), priority: z.enum(RIDE_PRIORITIES), position: z.number() });
