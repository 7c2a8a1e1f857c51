import { z } from 'zod';
import { VEHICLE_TYPES } from '../constants';
import { wordedMessage } from './text-fields';

/*
 * Drivers on shift (issue #20; the spec has no shifts). A driver starts and ends his own shift, and
 * takes a break on it (issue #32 item 4); staff see who is on shift and free, busy, on break or blocked.
 */

/** POST /api/drivers/shift: `location` is where he starts (a place of the site), optional. */
export const setShiftBodySchema = z.object({
  on: z.boolean({ error: wordedMessage('Say on: true to start your shift or on: false to end it.') }),
  location: z.string().trim().min(1).max(100).nullish(),
});

export const driverShiftSchema = z.object({ startedAt: z.string(), endsAt: z.string(), location: z.string().nullable() });

/**
 * A driver's shift now: null when he is off shift; `breakSince`, when the break he is on began (null:
 * not on break).
 */
export const shiftAnswerSchema = z.object({ on: z.boolean(), shift: driverShiftSchema.nullable(), breakSince: z.string().nullable() });
export const setShiftAnswerSchema = shiftAnswerSchema.extend({ position: z.number() });
export type ShiftAnswer = z.infer<typeof shiftAnswerSchema>;

/** A break (issue #32 item 4; our own words, the spec has no breaks). The decider (driver.decider.ts) answers these. */
export const BREAK_MESSAGES = {
  body: wordedMessage('Say on: true to start your break or on: false to end it.'),
  offShift: wordedMessage('Start your shift before taking a break.'),
  midRide: wordedMessage('Finish your ride in progress before taking a break.'),
  // Accepting or taking over a ride while on break; staff assigning him one are told ASSIGN_MESSAGES.driverOnBreak.
  onBreak: wordedMessage('You are on a break. End your break to take rides.'),
} as const;

/** POST /api/drivers/break: start (on: true) or end (on: false) his break. */
export const setBreakBodySchema = z.object({ on: z.boolean({ error: BREAK_MESSAGES.body }) });
export type SetBreakBody = z.infer<typeof setBreakBodySchema>;

export const DRIVER_PRESENCE_STATES = ['free', 'busy', 'on break', 'blocked', 'off shift'] as const;

/** GET /api/drivers/presence: every recorded driver, free first, then busy, on break, blocked, off shift. */
export const presenceAnswerSchema = z.object({
  drivers: z.array(
    z.object({
      operatorId: z.string(),
      name: z.string(),
      vehicleType: z.enum(VEHICLE_TYPES).nullable(),
      state: z.enum(DRIVER_PRESENCE_STATES),
      rideId: z.string().nullable(),
      shift: driverShiftSchema.nullable(),
      /** When the break he is on began; null when he is not on break. */
      breakSince: z.string().nullable(),
    }),
  ),
});
export type PresenceAnswer = z.infer<typeof presenceAnswerSchema>;
