import { sql } from 'kysely';
import type { Database } from '../database/database';

const NOT_READ_MODELS = ['streams', 'events', 'projection_checkpoints'];

/** Every read-model table's rows in a stable order, to compare two builds of the read models. */
export async function dumpReadModels(database: Database): Promise<Record<string, string[]>> {
  const { rows: tables } = await sql<{ name: string }>`select table_name as name from information_schema.tables
    where table_schema = ${database.schema} and table_type = 'BASE TABLE' order by table_name`.execute(database.db);
  const dump: Record<string, string[]> = {};
  for (const { name } of tables) {
    if (NOT_READ_MODELS.includes(name) || name.endsWith('_migrations')) continue;
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(database.db);
    dump[name] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return dump;
}
