import type { Kysely } from 'kysely';
import type { ReadModels } from '../read-models';
import type { RideRow } from '../rides/rides.queries';

async function historyOf(db: Kysely<ReadModels>, partyId: string, partyRole: 'requester' | 'driver'): Promise<RideRow[]> {
  return db
    .selectFrom('ride_history as h')
    .innerJoin('rides as r', 'r.ride_id', 'h.ride_id')
    .selectAll('r')
    .where('h.party_id', '=', partyId)
    .where('h.party_role', '=', partyRole)
    .orderBy('h.requested_at', 'desc')
    .orderBy('h.ride_id')
    .execute();
}

/** Rides a requester booked, newest first. */
export const rideHistoryOfRequester = (db: Kysely<ReadModels>, requesterId: string) => historyOf(db, requesterId, 'requester');

/** Rides a driver drives now or drove, including those taken from him after a breakdown, newest first. */
export const rideHistoryOfDriver = (db: Kysely<ReadModels>, driverId: string) => historyOf(db, driverId, 'driver');
