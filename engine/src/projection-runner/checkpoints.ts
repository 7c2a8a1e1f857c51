import { sql, type Migration } from 'kysely';
import { START, type Checkpoint } from '../event-store/event-store';
import type { AnyDb } from '../database/migrate';

export const CHECKPOINTS_MIGRATION_TABLE = 'projection_checkpoint_migrations';

export const checkpointMigrations: Record<string, Migration> = {
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
};

type Row = { transaction_id: string; position: string | number };
const toCheckpoint = (row: Row | undefined): Checkpoint =>
  row ? { transactionId: row.transaction_id, position: Number(row.position) } : START;

export async function readCheckpoint(db: AnyDb, projection: string): Promise<Checkpoint> {
  const { rows } = await sql<Row>`
    select transaction_id::text as transaction_id, position from projection_checkpoints where projection = ${projection}`.execute(db);
  return toCheckpoint(rows[0]);
}

export async function readCheckpoints(db: AnyDb): Promise<Map<string, Checkpoint>> {
  const { rows } = await sql<Row & { projection: string }>`
    select projection, transaction_id::text as transaction_id, position from projection_checkpoints`.execute(db);
  return new Map(rows.map((row) => [row.projection, toCheckpoint(row)]));
}

/**
 * The checkpoints as committed, locked until the caller's transaction ends (in name order, so two
 * lockers never deadlock). Whoever applies a batch holds these rows first, so two appliers (a
 * runner that lost its lease, a rebuild's swap) take turns and the second sees what the first applied.
 */
export async function lockCheckpoints(trx: AnyDb, projections: readonly string[]): Promise<Map<string, Checkpoint>> {
  const names = [...projections].sort();
  const lock = async () => {
    const { rows } = await sql<Row & { projection: string }>`
      select projection, transaction_id::text as transaction_id, position from projection_checkpoints
      where projection = any(${names}::text[]) order by projection for update`.execute(trx);
    return rows;
  };
  let rows = await lock();
  // A projection's first batch makes its row; every later batch locks with one statement.
  if (rows.length < names.length) {
    await sql`insert into projection_checkpoints (projection, transaction_id, position)
      select name, '0'::xid8, 0 from unnest(${names}::text[]) as name
      on conflict (projection) do nothing`.execute(trx);
    rows = await lock();
  }
  return new Map(rows.map((row) => [row.projection, toCheckpoint(row)]));
}

export async function writeCheckpoints(db: AnyDb, checkpoints: ReadonlyMap<string, Checkpoint>): Promise<void> {
  if (checkpoints.size === 0) return;
  const names = [...checkpoints.keys()];
  const transactions = names.map((name) => checkpoints.get(name)!.transactionId);
  const positions = names.map((name) => checkpoints.get(name)!.position);
  await sql`insert into projection_checkpoints (projection, transaction_id, position)
    select name, tx::xid8, pos from unnest(${names}::text[], ${transactions}::text[], ${positions}::bigint[]) as c(name, tx, pos)
    on conflict (projection) do update set transaction_id = excluded.transaction_id, position = excluded.position, updated_at = now()`.execute(
    db,
  );
}
