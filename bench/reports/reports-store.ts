import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { PROJECTIONS, reportsProjection } from '@plantride/projections';
import type { Database } from '../../engine/src/database/database';
import { migrateEventStore } from '../../engine/src/event-store/migrations';
import { createPostgresEventStore } from '../../engine/src/event-store/postgres-event-store';
import { migrateProjections } from '../../engine/src/projection-runner/projection-runner';
import { rebuildProjections } from '../../engine/src/projection-runner/rebuild';
import { BulkAppender } from '../replay/bulk-append';
import { RideHistory, assertValid, type GeneratedEvent } from '../replay/ride-history.generator';
import { ReportsFold } from './reports-fold';

const DAY = 24 * 3600_000;
const CHUNK_RIDES = 2000;

const history = (rides: number, days: number, seed: number) =>
  new RideHistory({ startMs: Date.now() - days * DAY, gapMs: Math.max(1, Math.floor((days * DAY) / rides)), seed });

function* chunks(h: RideHistory, rides: number): Generator<GeneratedEvent[]> {
  yield h.people();
  while (h.rides < rides) {
    const chunk: GeneratedEvent[] = [];
    for (let i = 0; i < CHUNK_RIDES && h.rides < rides; i += 1) chunk.push(...h.nextRide());
    yield chunk.sort((a, b) => a.at - b.at);
  }
}

const normal = (row: Record<string, unknown>) =>
  JSON.stringify(
    Object.fromEntries(
      Object.entries(row)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, v instanceof Date ? v.toISOString() : typeof v === 'bigint' || k === 'last_position' ? Number(v) : v]),
    ),
  );

/** How a table differs: rows on one side only, and the first such row of each side (normalised JSON). */
export interface FoldDifference {
  rows: number;
  projection?: string;
  fold?: string;
}

/**
 * The bulk load's check: a sample history replayed through the real reports projection must leave
 * exactly the rows the in-memory fold makes of it. Answers the tables that differ (none when equal).
 */
export async function checkFoldAgainstProjection(database: Database, rides: number, seed: number): Promise<Record<string, FoldDifference>> {
  await migrateEventStore(database.db);
  await migrateProjections(database.db, PROJECTIONS);
  const fold = new ReportsFold();
  const appender = new BulkAppender(database);
  for (const chunk of chunks(history(rides, 30, seed), rides)) {
    chunk.forEach(assertValid);
    await appender.write(chunk);
    chunk.forEach((event) => fold.apply(event));
  }
  await rebuildProjections({ database, store: createPostgresEventStore(database), projections: [reportsProjection] });
  const expected: Record<string, Array<Record<string, unknown>>> = {
    ride_reports: [...fold.rides.values()] as unknown as Array<Record<string, unknown>>,
    report_drivers: [...fold.drivers.values()] as unknown as Array<Record<string, unknown>>,
    report_driver_names: [...fold.names].map((n) => ({ driver_id: n.split('\u0000')[0], driver_name: n.split('\u0000')[1] })),
    report_maintenance_requests: [...fold.requests].map(([request_id, driver_id]) => ({ request_id, driver_id })),
  };
  const differing: Record<string, FoldDifference> = {};
  for (const [table, rows] of Object.entries(expected)) {
    const { rows: actual } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(database.db);
    const a = new Set(actual.map(normal));
    const b = new Set(rows.map(normal));
    const onlyProjection = [...a].filter((r) => !b.has(r));
    const onlyFold = [...b].filter((r) => !a.has(r));
    if (onlyProjection.length + onlyFold.length > 0)
      differing[table] = { rows: onlyProjection.length + onlyFold.length, projection: onlyProjection[0], fold: onlyFold[0] };
  }
  return differing;
}

/** A fresh store whose reports read model holds `rides` rides over `days` days, loaded in bulk through the fold. */
export async function loadReports(
  database: Database,
  rides: number,
  days: number,
  seed: number,
  onProgress: (rides: number) => void,
): Promise<{ rides: number; ms: number }> {
  await migrateEventStore(database.db);
  await migrateProjections(database.db, PROJECTIONS);
  const started = performance.now();
  const fold = new ReportsFold();
  let written = 0;
  for (const chunk of chunks(history(rides, days, seed), rides)) {
    chunk.forEach((event) => fold.apply(event));
    written += await fold.flushRides(database);
    onProgress(written);
  }
  await fold.flushDrivers(database);
  // As autovacuum would have by the time a table holds a year of rides: statistics, and the visibility
  // map (autovacuum vacuums insert-mostly tables since PostgreSQL 13), without which no count or deep
  // page can be answered from an index alone. Only these tables: a bare VACUUM would visit the whole
  // shared database.
  await sql`vacuum analyze ride_reports, report_drivers, report_driver_names, report_maintenance_requests`.execute(database.db);
  return { rides: written, ms: Math.round(performance.now() - started) };
}
