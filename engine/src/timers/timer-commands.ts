import { z } from 'zod';
import { RIDE_PRIORITIES, SLA_TARGETS, idSchema, isoDateTimeSchema } from '@plantride/schemas';

// Commands only timers send (actor `{ system: 'timer' }`); each names the deadline it was armed for,
// and the ride statechart refuses it once that deadline no longer stands.

/** The ride is still requested at `dueAt`: alert staff, remind drivers. */
export const alertWaitingRideSchema = z.object({
  type: z.literal('AlertWaitingRide'),
  data: z.object({ rideId: idSchema, dueAt: isoDateTimeSchema }),
});

/** Nobody took the ride over after its `redistribution`-th breakdown: send the `notice`-th notice, the next one `periodMs` later. */
export const noteNoAlternativeDriverSchema = z.object({
  type: z.literal('NoteNoAlternativeDriver'),
  data: z.object({
    rideId: idSchema,
    redistribution: z.number().int().positive(),
    notice: z.number().int().positive(),
    dueAt: isoDateTimeSchema,
    periodMs: z.number().int().positive(),
  }),
});

/** The started Special Task is past its booked duration. */
export const noteSpecialTaskOverrunSchema = z.object({
  type: z.literal('NoteSpecialTaskOverrun'),
  data: z.object({ rideId: idSchema, dueAt: isoDateTimeSchema }),
});

/** The offer of `round` to `driverId` was not answered by `dueAt` (issue #20): the ride goes on to the next driver. */
export const expireOfferSchema = z.object({
  type: z.literal('ExpireOffer'),
  data: z.object({ rideId: idSchema, driverId: idSchema, round: z.number().int().positive(), dueAt: isoDateTimeSchema }),
});

/** A ride booked for later reached its release time (issue #20): it goes to dispatch. */
export const releaseScheduledRideSchema = z.object({
  type: z.literal('ReleaseScheduledRide'),
  data: z.object({ rideId: idSchema, dueAt: isoDateTimeSchema }),
});

/** The ride missed its `target` at `priority` at `dueAt` (issue #20): staff are told, reports mark it. */
export const noteMissedTargetSchema = z.object({
  type: z.literal('NoteMissedTarget'),
  data: z.object({ rideId: idSchema, target: z.enum(SLA_TARGETS), priority: z.enum(RIDE_PRIORITIES), dueAt: isoDateTimeSchema }),
});

/** What a fired timer sends; job data read back from Redis is parsed with it. */
export const timerCommandSchema = z.discriminatedUnion('type', [
  alertWaitingRideSchema,
  noteNoAlternativeDriverSchema,
  noteSpecialTaskOverrunSchema,
  expireOfferSchema,
  releaseScheduledRideSchema,
  noteMissedTargetSchema,
]);

export type AlertWaitingRide = z.infer<typeof alertWaitingRideSchema>;
export type NoteNoAlternativeDriver = z.infer<typeof noteNoAlternativeDriverSchema>;
export type NoteSpecialTaskOverrun = z.infer<typeof noteSpecialTaskOverrunSchema>;
export type ExpireOffer = z.infer<typeof expireOfferSchema>;
export type ReleaseScheduledRide = z.infer<typeof releaseScheduledRideSchema>;
export type NoteMissedTarget = z.infer<typeof noteMissedTargetSchema>;
export type TimerCommand = z.infer<typeof timerCommandSchema>;

export const TIMER_COMMAND_TYPES: readonly TimerCommand['type'][] = timerCommandSchema.options.map((o) => o.shape.type.value);
