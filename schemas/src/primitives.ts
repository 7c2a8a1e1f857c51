import { z } from 'zod';
import { vehicleTypeSchema } from './constants';

// Events are facts already accepted, so their ids are only required to be present; shape rules live in the API schemas.
/** A stored identifier (ride id, token number, request id). */
export const idSchema = z.string().min(1);

/** An ISO-8601 instant as written by `Date.prototype.toISOString` (an offset is tolerated on read). */
export const isoDateTimeSchema = z.iso.datetime({ offset: true });

/** A vehicle type, or '' where the spec allows "none assigned". */
export const optionalVehicleTypeSchema = z.union([vehicleTypeSchema, z.literal('')]);

/** Global position in the event store; clients compare it to detect missed updates. */
export const positionSchema = z.number().int().nonnegative();
