import type { Kysely } from 'kysely';
import type { ReadModels } from '../read-models';
import type { RideRow } from '../rides/rides.queries';

function historyOf(db: Kysely<ReadModels>, partyId: string, partyRole: 'requester' | 'driver') {
  return db
    .selectFrom('ride_history as h')
    .innerJoin('rides as r', 'r.ride_id', 'h.ride_id')
    .selectAll('r')
    .where('h.party_id', '=', partyId)
    .where('h.party_role', '=', partyRole)
    .orderBy('h.requested_at', 'desc')
    .orderBy('h.ride_id');
}

/** Rides a requester booked, newest first. */
export const rideHistoryOfRequester = (db: Kysely<ReadModels>, requesterId: string): Promise<RideRow[]> => historyOf(db, requesterId, 'requester').execute();

/**
 * The driver's Completed Rides (SPEC §2): rides he ended himself, newest first. A ride he holds
 * now, or handed over after a breakdown (whoever ended it), is not his to list.
 */
export const rideHistoryOfDriver = (db: Kysely<ReadModels>, driverId: string): Promise<RideRow[]> =>
  historyOf(db, driverId, 'driver').where('r.status', '=', 'completed').where('r.driver_id', '=', driverId).execute();
