import { z } from 'zod';
import { roleSchema } from '../constants';
import { idSchema } from '../primitives';

/**
 * Who caused an event: a signed-in user, a named part of the system (a timer, a reactor, a seed), or
 * a service account calling `/api/v1` with its key (issue #33), by id and the name it had then.
 */
export const actorSchema = z.union([
  z.object({ tokenNo: idSchema, role: roleSchema }),
  z.object({ system: z.string().min(1) }),
  z.object({ service: idSchema, name: z.string().min(1) }),
]);
export type Actor = z.infer<typeof actorSchema>;

/**
 * Stored beside every event. `commandId` is a uuid because event ids are derived from it
 * (uuid v5 of command id and index), which is what makes a retried command idempotent.
 */
export const eventMetadataSchema = z.object({
  commandId: z.uuid(),
  correlationId: z.string().min(1),
  causationId: z.string().min(1).nullable(),
  actor: actorSchema,
});
export type EventMetadata = z.infer<typeof eventMetadataSchema>;

// Stream ids of DESIGN.md; one place so engine, projections and tests agree.
export const SITE_STREAM_ID = 'site';
/** The driver roster: the serial the next driver record gets (not a `driver-` stream, so never read as one). */
export const DRIVER_ROSTER_STREAM_ID = 'roster';
export const rideStreamId = (rideId: string): string => `ride-${rideId}`;
export const driverStreamId = (operatorId: string): string => `driver-${operatorId}`;
export const maintenanceStreamId = (requestId: string): string => `maintenance-${requestId}`;
export const userStreamId = (tokenNo: string): string => `user-${tokenNo}`;
