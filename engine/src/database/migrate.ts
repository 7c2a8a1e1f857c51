import { sql, type Kysely, type Migration, type Transaction } from 'kysely';

/** A database of any schema: the side tables (webhook delivery, key uses, push subscriptions, photos) keep their own SQL. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDb = Kysely<any>;

/**
 * Applies `migrations` (in name order) that `table` has not recorded, in one transaction under
 * an advisory lock, so engines starting together apply each once. Unlike kysely's Migrator it
 * never introspects other schemas, which on a shared database may be dropped mid-way.
 */
export async function runMigrations(db: AnyDb, table: string, migrations: Record<string, Migration>): Promise<void> {
  await db.transaction().execute((trx) => applyMigrations(trx, table, migrations));
}

/** The same inside a transaction the caller owns (a rebuild migrates a shadow schema this way). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function applyMigrations(trx: Transaction<any>, table: string, migrations: Record<string, Migration>): Promise<void> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(table)) throw new Error(`Invalid migration table name: ${table}`);
  await sql`select pg_advisory_xact_lock(hashtext(current_schema() || '.' || ${table}))`.execute(trx);
  await sql`create table if not exists ${sql.table(table)} (name text primary key, applied_at timestamptz not null default now())`.execute(
    trx,
  );
  const { rows } = await sql<{ name: string }>`select name from ${sql.table(table)}`.execute(trx);
  const applied = new Set(rows.map((row) => row.name));
  for (const name of Object.keys(migrations).sort()) {
    if (applied.has(name)) continue;
    await migrations[name]!.up(trx);
    await sql`insert into ${sql.table(table)} (name) values (${name})`.execute(trx);
  }
}
