import { Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { countRideReports, rideReportExportAfter, rideReportsPage, type ReadModels } from '@plantride/projections';
import { rideReportFilterOf, rideReportFiltersQuerySchema, type RideReportFilter } from '@plantride/schemas';

export interface Explained {
  what: string;
  sql: string;
  /** EXPLAIN (ANALYZE, BUFFERS) lines. */
  plan: string[];
  executionMs: number | null;
}

/**
 * EXPLAIN ANALYZE of the statements the reports routes run, taken by running the projections'
 * own query functions against a kysely that records what it sends, then explaining each on
 * PostgreSQL.
 */
export async function explainReports(url: string, schema: string, driverId: string): Promise<Explained[]> {
  const pool = new pg.Pool({ connectionString: url, max: 1, options: `-c search_path="${schema}"` });
  const sent: CompiledQuery[] = [];
  const db = new Kysely<ReadModels>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (event.level === 'query') sent.push(event.query);
    },
  });
  const filterOf = (query: Record<string, string>): RideReportFilter => rideReportFilterOf(rideReportFiltersQuerySchema.parse(query));
  const cases: Array<[string, () => Promise<unknown>]> = [
    ['count, no filter (every page asks for the total, counted up to 10,000)', () => countRideReports(db, {})],
    ['newest page of 15', () => rideReportsPage(db, {}, 1, 15)],
    ['page 2000 of 15 (offset 29,985)', () => rideReportsPage(db, {}, 2000, 15)],
    ['count, status completed (up to 10,000)', () => countRideReports(db, filterOf({ status: 'completed' }))],
    ['count, page 2000 of 15 (up to 30,000)', () => countRideReports(db, {}, 30_000)],
    ['page, driver id', () => rideReportsPage(db, filterOf({ driverId }), 1, 15)],
    ['page, driver name part (a branch per matching driver)', () => rideReportsPage(db, filterOf({ driverName: 'Driver B' }), 1, 15)],
    ['count, driver name part (up to 10,000)', () => countRideReports(db, filterOf({ driverName: 'Driver B' }))],
    [
      'CSV export batch after a cursor',
      () => rideReportExportAfter(db, {}, { createdAt: new Date(Date.now() - 100 * 24 * 3600_000), rideId: 'ZZZZZZZZ' }, 2000),
    ],
  ];
  const results: Explained[] = [];
  try {
    for (const [what, run] of cases) {
      sent.length = 0;
      await run();
      // The last statement is the case's own (a driver name filter first looks the names up).
      const query = sent.at(-1)!;
      const { rows } = await pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${query.sql}`, query.parameters as unknown[]);
      const plan = rows.map((r) => r['QUERY PLAN']);
      const execution = plan.find((line) => line.startsWith('Execution Time'))?.match(/([\d.]+) ms/);
      results.push({ what, sql: query.sql, plan, executionMs: execution ? Number(execution[1]) : null });
    }
  } finally {
    await db.destroy();
  }
  return results;
}
