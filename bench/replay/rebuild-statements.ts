import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PROJECTIONS } from '@plantride/projections';
import { openDatabase } from '../../engine/src/database/database';
import { createPostgresEventStore } from '../../engine/src/event-store/postgres-event-store';
import { rebuildProjections } from '../../engine/src/projection-runner/rebuild';
import { DATABASE_URL, dropSchemas } from '../support/bench-modes';
import { count, flags } from '../support/cli-flags';
import { printTable } from '../support/report';
import { fillStore } from './fill-store';

// A diagnosis for docs/PERFORMANCE.md: how many statements a rebuild sends per event, by projection
// table, and how long one round trip takes here. npx tsx bench/replay/rebuild-statements.ts [--events 3000]
const values = flags('npx tsx bench/replay/rebuild-statements.ts [--events 3000]', { events: { type: 'string' } });
const events = count(values.events, 3000, 'events');
const schema = `bench_statements_${randomUUID().slice(0, 8)}`;
const database = await openDatabase({ url: DATABASE_URL, schema, maxConnections: 2 });
const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 2, options: `-c search_path="${schema}"` });
try {
  const filled = await fillStore(database, { events });
  const byTable = new Map<string, number>();
  const msByTable = new Map<string, number>();
  let statements = 0;
  let queryMs = 0;
  const db = new Kysely({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      statements += 1;
      queryMs += event.queryDurationMillis;
      const table =
        event.query.sql.match(/^\s*(?:insert into|update|delete from|select .*? from)\s+"?([a-z_]+)"?/is)?.[1] ??
        event.query.sql.slice(0, 20);
      const verb = event.query.sql.trim().split(/\s+/)[0]!.toLowerCase();
      byTable.set(`${verb} ${table}`, (byTable.get(`${verb} ${table}`) ?? 0) + 1);
      msByTable.set(`${verb} ${table}`, (msByTable.get(`${verb} ${table}`) ?? 0) + event.queryDurationMillis);
    },
  });
  const started = performance.now();
  // One connection: with several, the rebuild applies on connections of its own, which this log would not see.
  await rebuildProjections({
    database: { ...database, db },
    store: createPostgresEventStore({ ...database, db }),
    projections: PROJECTIONS,
    connections: 1,
  });
  const ms = performance.now() - started;
  const rows = [...byTable]
    .sort(([a], [b]) => msByTable.get(b)! - msByTable.get(a)!)
    .slice(0, 20)
    .map(([k, n]) => [k, n, Math.round((n / filled.events) * 100) / 100, Math.round(msByTable.get(k)!)]);
  printTable(
    `rebuild of ${filled.events} events: ${statements} statements (${(statements / filled.events).toFixed(1)} per event), ${Math.round(queryMs)} ms inside them of ${Math.round(ms)} ms, ${(queryMs / statements).toFixed(2)} ms each`,
    ['statement', 'count', 'per event', 'ms'],
    rows,
  );
} finally {
  await pool.end();
  await database.close();
  await dropSchemas([schema, `${schema}_rebuild`]);
}
