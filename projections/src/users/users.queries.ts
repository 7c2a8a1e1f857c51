import type { Kysely, Selectable } from 'kysely';
import type { ReadModels } from '../read-models';
import type { UsersTable } from './users.table';

export type UserRow = Selectable<UsersTable>;

export async function findUser(db: Kysely<ReadModels>, tokenNo: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('token_no', '=', tokenNo).executeTakeFirst();
}

/** A pending driver registration: the account, and the driver record on its token number (if it is still there). */
export interface PendingRegistrationRow {
  token_no: string;
  name: string;
  mobile: string;
  created_at: Date;
  record_name: string | null;
  vehicle_assigned: string | null;
}

/** Accounts waiting for the admin to approve them as the recorded driver, oldest first (at most `limit`). */
export async function pendingDriverRegistrations(db: Kysely<ReadModels>, limit = 500): Promise<PendingRegistrationRow[]> {
  return db
    .selectFrom('users')
    .leftJoin('drivers', 'drivers.operator_id', 'users.token_no')
    .select(['users.token_no', 'users.name', 'users.mobile', 'users.created_at', 'drivers.name as record_name', 'drivers.vehicle_assigned'])
    .where('users.driver_registration', '=', 'pending')
    .orderBy('users.created_at')
    .orderBy('users.token_no')
    .limit(limit)
    .execute();
}
