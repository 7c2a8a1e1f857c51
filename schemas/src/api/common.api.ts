import { z } from 'zod';
import { LIMITS, VEHICLE_TYPES } from '../constants';
import { MESSAGES } from '../messages';
import { positionSchema } from '../primitives';
import { TEXT_LIMITS, textField } from './text-fields';

/** Every 4xx/5xx answer: one human-readable text, the spec's wording where it has one. */
export const errorAnswerSchema = z.object({ message: z.string() });
export type ErrorAnswer = z.infer<typeof errorAnswerSchema>;

/**
 * Every command answer carries the store position of its last appended event, so the
 * client can wait for its read models or sockets to reach it.
 */
export const commandAnswerSchema = z.object({ message: z.string().optional(), position: positionSchema });
export type CommandAnswer = z.infer<typeof commandAnswerSchema>;

/**
 * A request field holding an id; old clients send numbers, so they are accepted and read as text.
 * Every fault answers `message` (the spec's, e.g. 'Invalid parameters'); one too long names the field.
 */
export const idInput = (message: string, label = 'ID') =>
  z.preprocess(
    (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v),
    textField({ max: TEXT_LIMITS.id, label, message }).min(1, message),
  );

/** A token number: trimmed and upper-cased before its 4–5 length is checked; any fault answers `message`. */
export const tokenNoInput = (message: string) =>
  textField({ max: LIMITS.tokenMaxLength, label: 'Token number', message, lengthMessage: message })
    .toUpperCase()
    .min(LIMITS.tokenMinLength, message);

/** A mobile number of exactly 10 digits. */
export const mobileSchema = z
  .string({ error: MESSAGES.invalidMobile })
  .trim()
  .regex(new RegExp(`^\\d{${LIMITS.mobileDigits}}$`), MESSAGES.invalidMobile);

/** Path params naming a ride. */
export const rideIdParamsSchema = z.object({ rideId: idInput(MESSAGES.invalidParameters, 'Ride ID') });
/** Path params naming a user or driver by token number. */
export const tokenNoParamsSchema = z.object({ tokenNo: idInput(MESSAGES.invalidParameters, 'Token number') });
/** Path params naming a maintenance request. */
export const requestIdParamsSchema = z.object({ id: idInput(MESSAGES.invalidParameters, 'Request ID') });

/** A vehicle type chosen in a form; anything else reads 'Please select a vehicle type.' */
export const vehicleTypeInput = z.enum(VEHICLE_TYPES, { error: MESSAGES.selectVehicleType });
