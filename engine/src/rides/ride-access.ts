import type { FastifyInstance } from 'fastify';
import { SERVER_MESSAGES } from '@plantride/schemas';
import { findRide, type ReadModels, type RideRow } from '@plantride/projections';
import type { Kysely } from 'kysely';
import type { AuthUser } from '../auth/jwt';
import { forbidden, notFound } from '../commands/errors';

export const isStaff = (user: AuthUser) => user.role === 'admin' || user.role === 'maintenanceHead';

export function readModels(app: FastifyInstance): Kysely<ReadModels> {
  return app.database.db as Kysely<ReadModels>;
}

/** The ride as the read model has it, if this user may see it: its requester, its drivers, or staff. */
export async function visibleRide(app: FastifyInstance, user: AuthUser, rideId: string): Promise<RideRow> {
  const ride = await findRide(readModels(app), rideId);
  if (!ride) throw notFound(SERVER_MESSAGES.rideNotFound);
  const party = [ride.requester_id, ride.driver_id, ride.original_driver_id].includes(user.tokenNo);
  if (!party && !isStaff(user)) throw forbidden();
  return ride;
}
