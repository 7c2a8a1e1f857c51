import { z } from 'zod';
import { VEHICLE_TYPES } from '../constants';
import { wordedMessage } from './text-fields';

/*
 * Drivers on shift (issue #20; the spec has no shifts). A driver starts and ends his own shift; staff
 * see who is on shift and free, busy or blocked.
 */

/** POST /api/drivers/shift: `location` is where he starts (a place of the site), optional. */
export const setShiftBodySchema = z.object({
  on: z.boolean({ error: wordedMessage('Say on: true to start your shift or on: false to end it.') }),
  location: z.string().trim().min(1).max(100).nullish(),
});

export const driverShiftSchema = z.object({ startedAt: z.string(), endsAt: z.string(), location: z.string().nullable() });

/** A driver's shift now: null when he is off shift. */
export const shiftAnswerSchema = z.object({ on: z.boolean(), shift: driverShiftSchema.nullable() });
export const setShiftAnswerSchema = shiftAnswerSchema.extend({ position: z.number() });
export type ShiftAnswer = z.infer<typeof shiftAnswerSchema>;

export const DRIVER_PRESENCE_STATES = ['free', 'busy', 'blocked', 'off shift'] as const;

/** GET /api/drivers/presence: every recorded driver, free first, then busy, blocked, off shift. */
export const presenceAnswerSchema = z.object({
  drivers: z.array(
    z.object({
      operatorId: z.string(),
      name: z.string(),
      vehicleType: z.enum(VEHICLE_TYPES).nullable(),
      state: z.enum(DRIVER_PRESENCE_STATES),
      rideId: z.string().nullable(),
      shift: driverShiftSchema.nullable(),
    }),
  ),
});
export type PresenceAnswer = z.infer<typeof presenceAnswerSchema>;
