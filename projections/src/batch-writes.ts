import { sql, type Kysely } from 'kysely';
import type { ReadModels } from './read-models';

/**
 * Set-at-a-time reads and writes for projections that fold a whole batch in memory: a few
 * multi-row statements per batch instead of a few statements per event. Every value is a bound
 * parameter; statements are cut so that none comes near PostgreSQL's 65,535 parameters.
 */

// kysely cannot type a query on a table chosen by a parameter; callers pass rows of the table's own type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;
type Table = keyof ReadModels & string;
export type Row = Record<string, unknown>;

const MAX_PARAMETERS = 30_000;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const columnCount = (rows: readonly Row[]) => new Set(rows.flatMap((row) => Object.keys(row))).size;

/** The rows of `table` whose `column` is one of `values` (none asked, none read). */
export async function selectWhereIn<R extends Row>(db: Kysely<ReadModels>, table: Table, column: string, values: Iterable<unknown>): Promise<R[]> {
  const wanted = [...new Set(values)];
  const rows: R[] = [];
  for (const part of chunks(wanted, MAX_PARAMETERS)) {
    rows.push(...((await (db as AnyDb).selectFrom(table).selectAll().where(column, 'in', part).execute()) as R[]));
  }
  return rows;
}

/**
 * Inserts the rows, or replaces every given column of the row with the same key. Rows must have
 * distinct keys (one statement may not touch a row twice). A column a row leaves out is the
 * column's default on insert: pass whole rows for rows that may exist.
 */
export async function upsertRows(db: Kysely<ReadModels>, table: Table, keys: readonly string[], rows: readonly Row[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))].filter((column) => !keys.includes(column));
  for (const part of chunks(rows, Math.max(1, Math.floor(MAX_PARAMETERS / columnCount(rows))))) {
    await (db as AnyDb)
      .insertInto(table)
      .values(part)
      .onConflict((oc) =>
        columns.length === 0
          ? oc.columns(keys as string[]).doNothing()
          : oc.columns(keys as string[]).doUpdateSet(Object.fromEntries(columns.map((column) => [column, sql.ref(`excluded.${column}`)]))),
      )
      .execute();
  }
}

/** Inserts the rows that do not exist yet (by any unique key); the others stay as they are. */
export async function insertRowsIfAbsent(db: Kysely<ReadModels>, table: Table, rows: readonly Row[]): Promise<void> {
  if (rows.length === 0) return;
  for (const part of chunks(rows, Math.max(1, Math.floor(MAX_PARAMETERS / columnCount(rows))))) {
    await (db as AnyDb)
      .insertInto(table)
      .values(part)
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/** Copies the changed columns onto the row, leaving a column the change does not name (undefined) as it is. */
export function assignDefined(row: Row, change: object): void {
  for (const [column, value] of Object.entries(change)) if (value !== undefined) row[column] = value;
}
