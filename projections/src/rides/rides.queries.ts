import { sql, type Kysely, type Selectable } from 'kysely';
import { AWAITING_DRIVER_STATUSES, IN_PROGRESS_STATUSES, OPEN_STATUSES } from '@plantride/schemas';
import type { ReadModels } from '../read-models';
import type { RidesTable } from './rides.table';
import { paged, type Page, type Paged } from '../paging';

export type RideRow = Selectable<RidesTable>;

export async function findRide(db: Kysely<ReadModels>, rideId: string): Promise<RideRow | undefined> {
  return db.selectFrom('rides').selectAll().where('ride_id', '=', rideId).executeTakeFirst();
}

/**
 * Rides a driver of this vehicle type can take: new requests and redistributed ones, urgent ones
 * first (issue #20), then newest first;
 * never a ride booked for later before its release (status 'scheduled').
 * For one driver (`driverId`), a ride under offer dispatch only once it is open to all or offered to him.
 */
const availableRidesQuery = (db: Kysely<ReadModels>, vehicleType: string, driverId?: string) =>
  db
    .selectFrom('rides')
    .selectAll()
    .where('vehicle_type', '=', vehicleType)
    .where('status', 'in', [...AWAITING_DRIVER_STATUSES])
    .$if(driverId !== undefined, (query) => query.where((eb) => eb.or([eb('open_to_all', '=', true), eb('offered_to', '=', driverId!)])))
    .orderBy(sql`priority = 'urgent'`, 'desc')
    .orderBy('requested_at', 'desc')
    .orderBy('ride_id');

export async function availableRides(db: Kysely<ReadModels>, vehicleType: string, driverId?: string): Promise<RideRow[]> {
  return availableRidesQuery(db, vehicleType, driverId).execute();
}

/** A page of {@link availableRides}, and how many there are in all. */
export const availableRidesPage = (db: Kysely<ReadModels>, vehicleType: string, page: Page, driverId?: string): Promise<Paged<RideRow>> =>
  paged(availableRidesQuery(db, vehicleType, driverId), page);

/** Every ride waiting for a driver (new, or again after a breakdown), urgent ones first, then oldest first: the dispatcher board's. */
export async function waitingRides(db: Kysely<ReadModels>): Promise<RideRow[]> {
  return db
    .selectFrom('rides')
    .selectAll()
    .where('status', 'in', [...AWAITING_DRIVER_STATUSES])
    .orderBy(sql`priority = 'urgent'`, 'desc')
    .orderBy('requested_at')
    .orderBy('ride_id')
    .execute();
}

export async function ongoingRideOfDriver(db: Kysely<ReadModels>, driverId: string): Promise<RideRow | undefined> {
  return db
    .selectFrom('rides')
    .selectAll()
    .where('driver_id', '=', driverId)
    .where('status', 'in', [...IN_PROGRESS_STATUSES])
    .orderBy('requested_at', 'desc')
    .executeTakeFirst();
}

/**
 * Rides not yet completed or cancelled, oldest first: the ones whose timers the engine re-arms on
 * boot, a ride booked for later (its release) included.
 */
export async function openRideIds(db: Kysely<ReadModels>): Promise<string[]> {
  const rows = await db
    .selectFrom('rides')
    .select('ride_id')
    .where('status', 'in', [...OPEN_STATUSES])
    .orderBy('requested_at')
    .orderBy('ride_id')
    .execute();
  return rows.map((row) => row.ride_id);
}
