import type { Kysely } from 'kysely';
import type { ReadModels } from '../read-models';
import type { RideRow } from '../rides/rides.queries';
import { paged, type Page, type Paged } from '../paging';

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
export const rideHistoryOfRequester = (db: Kysely<ReadModels>, requesterId: string): Promise<RideRow[]> =>
  historyOf(db, requesterId, 'requester').execute();

/**
 * The driver's Completed Rides (SPEC §2): rides he ended himself, newest first. A ride he holds
 * now, or handed over after a breakdown (whoever ended it), is not his to list.
 */
export const rideHistoryOfDriver = (db: Kysely<ReadModels>, driverId: string): Promise<RideRow[]> => driverHistory(db, driverId).execute();

const driverHistory = (db: Kysely<ReadModels>, driverId: string) =>
  historyOf(db, driverId, 'driver').where('r.status', '=', 'completed').where('r.driver_id', '=', driverId);

/** A page of {@link rideHistoryOfRequester}, and how many there are in all. */
export const rideHistoryOfRequesterPage = (db: Kysely<ReadModels>, requesterId: string, page: Page): Promise<Paged<RideRow>> =>
  paged(historyOf(db, requesterId, 'requester'), page);

/** A page of {@link rideHistoryOfDriver}, and how many there are in all. */
export const rideHistoryOfDriverPage = (db: Kysely<ReadModels>, driverId: string, page: Page): Promise<Paged<RideRow>> =>
  paged(driverHistory(db, driverId), page);

/** Whether this driver holds or ever held (accepted or took over) a ride this requester booked. */
export async function hasDrivenFor(db: Kysely<ReadModels>, driverId: string, requesterId: string): Promise<boolean> {
  const ride = await db
    .selectFrom('ride_history as d')
    .innerJoin('ride_history as q', 'q.ride_id', 'd.ride_id')
    .select('d.ride_id')
    .where('d.party_id', '=', driverId)
    .where('d.party_role', '=', 'driver')
    .where('q.party_id', '=', requesterId)
    .where('q.party_role', '=', 'requester')
    .limit(1)
    .executeTakeFirst();
  return ride !== undefined;
}
