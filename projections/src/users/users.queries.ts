import type { Kysely, Selectable } from 'kysely';
import type { ReadModels } from '../read-models';
import type { UsersTable } from './users.table';

export type UserRow = Selectable<UsersTable>;

export async function findUser(db: Kysely<ReadModels>, tokenNo: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('token_no', '=', tokenNo).executeTakeFirst();
}

/** Drivers who can serve this vehicle type now: the booking check of SPEC §5. */
export async function countAssignedDrivers(db: Kysely<ReadModels>, vehicleType: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('role', '=', 'driver')
    .where('assigned_vehicle_type', '=', vehicleType)
    .where('is_blocked', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
