import type { Kysely, Selectable } from 'kysely';
import type { ReadModels } from '../read-models';
import type { DriversTable } from './drivers.table';
import { paged, type Page, type Paged } from '../paging';

export type DriverRow = Selectable<DriversTable>;

export async function findDriver(db: Kysely<ReadModels>, operatorId: string): Promise<DriverRow | undefined> {
  return db.selectFrom('drivers').selectAll().where('operator_id', '=', operatorId).executeTakeFirst();
}

const driversQuery = (db: Kysely<ReadModels>) => db.selectFrom('drivers').selectAll().orderBy('created_at', 'desc').orderBy('operator_id');

export async function listDrivers(db: Kysely<ReadModels>): Promise<DriverRow[]> {
  return driversQuery(db).execute();
}

/** A page of {@link listDrivers}, and how many there are in all. */
export const listDriversPage = (db: Kysely<ReadModels>, page: Page): Promise<Paged<DriverRow>> => paged(driversQuery(db), page);

/** A driver who may not work now: blocked for maintenance, marked Not Active, or access withdrawn. */
export function isDriverBlocked(driver: Pick<DriverRow, 'blocked_for_maintenance' | 'status' | 'access_active'>): boolean {
  return driver.blocked_for_maintenance || driver.status !== 'Active' || !driver.access_active;
}

const blockedDriversQuery = (db: Kysely<ReadModels>) =>
  db
    .selectFrom('drivers')
    .selectAll()
    .where((eb) => eb.or([eb('blocked_for_maintenance', '=', true), eb('status', '!=', 'Active'), eb('access_active', '=', false)]))
    .orderBy('operator_id');

export async function blockedDrivers(db: Kysely<ReadModels>): Promise<DriverRow[]> {
  return blockedDriversQuery(db).execute();
}

/** A page of {@link blockedDrivers}, and how many there are in all. */
export const blockedDriversPage = (db: Kysely<ReadModels>, page: Page): Promise<Paged<DriverRow>> => paged(blockedDriversQuery(db), page);

/** Active drivers with a record for this vehicle type: the booking check of SPEC §5. */
export async function countDriversOfType(db: Kysely<ReadModels>, vehicleType: string): Promise<number> {
  const row = await db
    .selectFrom('drivers')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('vehicle_assigned', '=', vehicleType)
    .where('status', '=', 'Active')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
