import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { parseAuditTime } from '@plantride/schemas';
import type { Database } from '../database/database';
import { openDatabaseForTool, type CliOutput } from '../database/open-for-tool';
import { createPostgresEventStore } from '../event-store/postgres-event-store';
import { loadRideTimeline } from './ride-timeline';
import { formatTimelineTable } from './timeline-table';

export type { CliOutput };

const USAGE = `Usage: npm run replay -- <rideId> [--at <ISO time>]

Prints a ride's history replayed from the event store: every event with its time
(plant time), who caused it, its key data and the ride's state after it.
  --at <time>  the ride as it stood at that instant, e.g. 2026-03-01T09:30:00Z;
               without a zone the time is plant time (Asia/Kolkata).

The database is the engine's: DATABASE_URL (PostgreSQL, schema DATABASE_SCHEMA),
else the embedded store in DATA_DIR (default ./data). The embedded store is one
process's at a time: stop the engine before replaying from it.
`;

const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

// Read only: a database without the store's tables has no rides, and the replay creates none.
async function hasEventStore(database: Database): Promise<boolean> {
  const { rows } = await sql<{ found: string | null }>`select to_regclass('events')::text as found`.execute(database.db);
  return rows[0]?.found != null;
}

const OPTIONS = { at: { type: 'string' }, help: { type: 'boolean', short: 'h' } } as const;
const readArgs = (argv: readonly string[]) => parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true });

/** `npm run replay -- <rideId> [--at <time>]`; resolves to the exit code: 0 done, 1 no such ride or failure, 2 usage. */
export async function main(argv: readonly string[], env: NodeJS.ProcessEnv = process.env, out: CliOutput = process): Promise<number> {
  let args: ReturnType<typeof readArgs>;
  try {
    args = readArgs(argv);
  } catch (error) {
    out.stderr.write(`${(error as Error).message}\n\n${USAGE}`);
    return EXIT.usage;
  }
  if (args.values.help) {
    out.stdout.write(USAGE);
    return EXIT.ok;
  }
  const [rideId, ...extra] = args.positionals;
  if (!rideId || extra.length > 0) {
    out.stderr.write(USAGE);
    return EXIT.usage;
  }
  const at = args.values.at === undefined ? null : parseAuditTime(args.values.at);
  if (args.values.at !== undefined && !at) {
    out.stderr.write(`Not a time: ${args.values.at}. Give an ISO date and time, e.g. 2026-03-01T09:30:00Z.\n`);
    return EXIT.usage;
  }

  let database: Database | null = null;
  try {
    database = await openDatabaseForTool(env, out, 'replay');
    if (!database) return EXIT.failed;
    const timeline = (await hasEventStore(database)) ? await loadRideTimeline(createPostgresEventStore(database), rideId, at) : null;
    if (!timeline) {
      out.stderr.write(`Ride not found: ${rideId}\n`);
      return EXIT.failed;
    }
    out.stdout.write(formatTimelineTable(timeline));
    return EXIT.ok;
  } catch (error) {
    out.stderr.write(`Replay failed: ${(error as Error).message}\n`);
    return EXIT.failed;
  } finally {
    await database?.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = await main(process.argv.slice(2));
}
