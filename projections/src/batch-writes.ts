import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ReadModels } from './read-models';

/**
 * Set-at-a-time reads and writes for projections that fold a whole batch in memory: a few
 * statements per batch instead of a few per event. Rows go over as one bound JSON text
 * (`insert … select … from json_to_recordset($1::json)`), so a statement of thousands of rows is
 * small to parse, far from PostgreSQL's 65,535 parameters, and the text is made by JSON.stringify
 * rather than by escaping each value into an array literal; every value stays a bound parameter.
 */

type Table = keyof ReadModels & string;
export type Row = Record<string, unknown>;

const ROWS_PER_STATEMENT = 10_000;

interface Column {
  /** The column's SQL type as the catalog writes it, e.g. `timestamp with time zone`. */
  type: string;
  /** Its default expression, for rows that leave a not-null column out. */
  fallback: string | null;
}

// Column types per table name: every schema (live, shadow, tests) has the same tables from the same migrations.
const catalog = new Map<string, Map<string, Column>>();

async function columnsOf(db: Kysely<ReadModels>, table: Table, needed: readonly string[]): Promise<Map<string, Column>> {
  const known = catalog.get(table);
  if (known && needed.every((name) => known.has(name))) return known;
  const { rows } = await sql<{ name: string; type: string; fallback: string | null; not_null: boolean }>`
    select a.attname as name, format_type(a.atttypid, a.atttypmod) as type, pg_get_expr(d.adbin, d.adrelid) as fallback, a.attnotnull as not_null
    from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where a.attrelid = to_regclass(${table}) and a.attnum > 0 and not a.attisdropped`.execute(db);
  const columns = new Map(rows.map((row) => [row.name, { type: row.type, fallback: row.not_null ? row.fallback : null }]));
  const missing = needed.filter((name) => !columns.has(name));
  if (missing.length > 0) throw new Error(`${table} has no column ${missing.join(', ')}`);
  catalog.set(table, columns);
  return columns;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const asText = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return value;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

/**
 * JSON writes a value as the text asText gives it (strings, finite numbers, booleans, valid dates, null,
 * and objects for jsonb columns: json_to_recordset hands a nested value on as its JSON text, JSON.stringify's).
 */
const jsonKeepsText = (value: unknown): boolean => {
  switch (typeof value) {
    case 'string':
    case 'boolean':
    case 'undefined':
      return true;
    case 'number':
      return Number.isFinite(value);
    case 'object':
      return value === null || !(value instanceof Date) || !Number.isNaN(value.getTime());
    default:
      return false;
  }
};

/**
 * `insert into table (columns) select … from` the rows, in the given order: as one JSON text
 * (`json_to_recordset`, one value per key, each cast from its text to the column's type), or, when
 * a value has no JSON text equal to its asText (NaN, an invalid date), one text[] per column.
 */
async function insertSelect(
  db: Kysely<ReadModels>,
  table: Table,
  rows: readonly Row[],
  conflict: (columns: string[]) => RawBuilder<unknown>,
): Promise<void> {
  if (rows.length === 0) return;
  const seen = new Set<string>();
  for (const row of rows) for (const name in row) seen.add(name);
  const names = [...seen];
  const columns = await columnsOf(db, table, names);
  for (const part of chunks(rows, ROWS_PER_STATEMENT)) {
    // One pass over the rows: how many have each column, and whether JSON carries every value.
    const present = new Map<string, number>();
    let asJson = true;
    for (const row of part) {
      for (const name in row) {
        present.set(name, (present.get(name) ?? 0) + 1);
        if (asJson && !jsonKeepsText(row[name])) asJson = false;
      }
    }
    const values = names.map((name) => {
      const { type, fallback } = columns.get(name)!;
      // Catalog text (type names, default expressions), never input; the values themselves are bound.
      const cast = sql`${sql.ref(`x.${name}`)}::${sql.raw(type)}`;
      return fallback !== null && present.get(name)! < part.length ? sql`coalesce(${cast}, ${sql.raw(fallback)})` : cast;
    });
    const source = asJson
      ? sql`json_to_recordset(${JSON.stringify(part)}::json) as x(${sql.join(names.map((name) => sql`${sql.ref(name)} text`))})`
      : sql`unnest(${sql.join(names.map((name) => sql`${part.map((row) => asText(row[name]))}::text[]`))}) as x(${sql.join(names.map((name) => sql.ref(name)))})`;
    await sql`insert into ${sql.table(table)} (${sql.join(names.map((name) => sql.ref(name)))})
      select ${sql.join(values)} from ${source}
      ${conflict(names)}`.execute(db);
  }
}

/** The rows of `table` whose text `column` is one of `values` (none asked, none read). */
export async function selectWhereIn<R extends Row>(
  db: Kysely<ReadModels>,
  table: Table,
  column: string,
  values: Iterable<string>,
): Promise<R[]> {
  const wanted = [...new Set(values)];
  if (wanted.length === 0) return [];
  const { rows } = await sql<R>`select * from ${sql.table(table)} where ${sql.ref(column)} = any(${wanted}::text[])`.execute(db);
  return rows;
}

/**
 * Inserts the rows, or replaces every given column of the row with the same key. Rows must have
 * distinct keys (one statement may not touch a row twice). A column a row leaves out is null, or
 * the column's default if it is not nullable: pass whole rows for rows that may exist.
 */
export async function upsertRows(db: Kysely<ReadModels>, table: Table, keys: readonly string[], rows: readonly Row[]): Promise<void> {
  await insertSelect(db, table, rows, (names) => {
    const target = sql.join(keys.map((key) => sql.ref(key)));
    const changed = names.filter((name) => !keys.includes(name));
    if (changed.length === 0) return sql`on conflict (${target}) do nothing`;
    return sql`on conflict (${target}) do update set ${sql.join(changed.map((name) => sql`${sql.ref(name)} = ${sql.ref(`excluded.${name}`)}`))}`;
  });
}

/** Inserts the rows that do not exist yet (by any unique key); the others stay as they are. */
export async function insertRowsIfAbsent(db: Kysely<ReadModels>, table: Table, rows: readonly Row[]): Promise<void> {
  await insertSelect(db, table, rows, () => sql`on conflict do nothing`);
}

/** Copies the changed columns onto the row, leaving a column the change does not name (undefined) as it is. */
export function assignDefined(row: Row, change: object): void {
  const values = change as Row;
  for (const column in values) {
    const value = values[column];
    if (value !== undefined) row[column] = value;
  }
}
