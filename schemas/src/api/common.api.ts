import { z } from 'zod';
import { LIMITS, VEHICLE_TYPES } from '../constants';
import { MESSAGES } from '../messages';
import { positionSchema } from '../primitives';

/** Every 4xx/5xx answer: one human-readable text, the spec's wording where it has one. */
export const errorAnswerSchema = z.object({ message: z.string() });
export type ErrorAnswer = z.infer<typeof errorAnswerSchema>;

/**
 * Every command answer carries the store position of its last appended event, so the
 * client can wait for its read models or sockets to reach it.
 */
export const commandAnswerSchema = z.object({ message: z.string().optional(), position: positionSchema });
export type CommandAnswer = z.infer<typeof commandAnswerSchema>;

/** A request field holding an id; old clients send numbers, so they are accepted and read as text. */
export const idInput = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v),
    z.string({ error: message }).trim().min(1, message),
  );

/** A token number: trimmed and upper-cased before its 4–5 length is checked. */
export const tokenNoInput = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .toUpperCase()
    .min(LIMITS.tokenMinLength, message)
    .max(LIMITS.tokenMaxLength, message);

/** A mobile number of exactly 10 digits. */
export const mobileSchema = z
  .string({ error: MESSAGES.invalidMobile })
  .trim()
  .regex(new RegExp(`^\\d{${LIMITS.mobileDigits}}$`), MESSAGES.invalidMobile);

/** Path params naming a ride. */
export const rideIdParamsSchema = z.object({ rideId: idInput(MESSAGES.invalidParameters) });
/** Path params naming a user or driver by token number. */
export const tokenNoParamsSchema = z.object({ tokenNo: idInput(MESSAGES.invalidParameters) });
/** Path params naming a maintenance request. */
export const requestIdParamsSchema = z.object({ id: idInput(MESSAGES.invalidParameters) });

/** A vehicle type chosen in a form; anything else reads 'Please select a vehicle type.' */
export const vehicleTypeInput = z.enum(VEHICLE_TYPES, { error: MESSAGES.selectVehicleType });
