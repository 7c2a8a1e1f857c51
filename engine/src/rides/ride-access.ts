import type { FastifyInstance } from 'fastify';
import { SERVER_MESSAGES } from '@plantride/schemas';
import { findRide, findUser, hasDrivenFor, type ReadModels, type RideRow, type UserRow } from '@plantride/projections';
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

/**
 * An account's name and mobile, if this user needs them: his own; staff, of the requesters and
 * drivers their screens list; a driver, of the requester of a ride he holds or held. Anything else
 * (a stranger's account, a staff account, an unknown token) is undefined alike, so whoever asks
 * cannot tell whether the account exists.
 */
export async function accountVisibleTo(app: FastifyInstance, user: AuthUser, tokenNo: string): Promise<UserRow | undefined> {
  const db = readModels(app);
  if (user.tokenNo === tokenNo) return findUser(db, tokenNo);
  if (isStaff(user)) {
    const account = await findUser(db, tokenNo);
    return account?.role === 'requester' || account?.role === 'driver' ? account : undefined;
  }
  if (user.role === 'driver' && (await hasDrivenFor(db, user.tokenNo, tokenNo))) return findUser(db, tokenNo);
  return undefined;
}
