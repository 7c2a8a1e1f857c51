import type { Kysely, Selectable } from 'kysely';
import type { ReadModels } from '../read-models';
import type { UsersTable } from './users.table';

export type UserRow = Selectable<UsersTable>;

export async function findUser(db: Kysely<ReadModels>, tokenNo: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('token_no', '=', tokenNo).executeTakeFirst();
}
