import { sql, type Kysely } from 'kysely';
import { runMigrations } from '../database/migrate';
import { START, type Checkpoint } from '../event-store/event-store';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function migrateCheckpoints(db: AnyDb): Promise<void> {
  await runMigrations(db, 'projection_checkpoint_migrations', {
    '0001_checkpoints': {
      async up(trx) {
        await sql`create table projection_checkpoints (
          projection text primary key,
          transaction_id xid8 not null,
          position bigint not null,
          updated_at timestamptz not null default now()
        )`.execute(trx);
      },
    },
  });
}

export async function readCheckpoint(db: AnyDb, projection: string): Promise<Checkpoint> {
  const { rows } = await sql<{ transaction_id: string; position: string | number }>`
    select transaction_id::text as transaction_id, position from projection_checkpoints where projection = ${projection}`.execute(db);
  const row = rows[0];
  return row ? { transactionId: row.transaction_id, position: Number(row.position) } : START;
}

export async function writeCheckpoint(db: AnyDb, projection: string, checkpoint: Checkpoint): Promise<void> {
  await sql`insert into projection_checkpoints (projection, transaction_id, position)
    values (${projection}, ${checkpoint.transactionId}::xid8, ${checkpoint.position})
    on conflict (projection) do update set transaction_id = excluded.transaction_id, position = excluded.position, updated_at = now()`.execute(db);
}
