import { sql, type SelectQueryBuilder } from 'kysely';

/** A slice of a list: at most `limit` rows after the first `offset`. */
export interface Page {
  limit: number;
  offset: number;
}

export interface Paged<T> {
  rows: T[];
  /** Every row the list holds, this page's and the others'. */
  total: number;
}

/** One page of what `query` selects, in its order, and how many rows it selects in all. */
export async function paged<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, page: Page): Promise<Paged<O>> {
  const rows = await query.limit(page.limit).offset(page.offset).execute();
  // A page neither full nor empty tells the total itself; otherwise it is counted.
  if (rows.length > 0 && rows.length < page.limit) return { rows, total: page.offset + rows.length };
  const counted = await query
    .clearSelect()
    .clearOrderBy()
    .select(sql<string | number>`count(*)`.as('total'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number((counted as { total: string | number }).total) };
}
