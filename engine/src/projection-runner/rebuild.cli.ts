import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { SingleBar, Presets } from 'cli-progress';
import { PROJECTIONS } from '@plantride/projections';
import { openDatabaseForTool, type CliOutput } from '../database/open-for-tool';
import { migrateEventStore } from '../event-store/migrations';
import { createPostgresEventStore } from '../event-store/postgres-event-store';
import { rebuildProjections, type RebuildProgress } from './rebuild';

const USAGE = `Usage: npm run projections:rebuild [-- --only rides,users] [--batch-size 5000] [--connections 3]
Replays the event store into fresh read-model tables and swaps them in once caught up.
--connections: PostgreSQL connections applying batches at once (projections in parallel).
On PostgreSQL (DATABASE_URL) the engine may keep running; on the embedded store stop it first.
Read models: ${PROJECTIONS.map((p) => p.name).join(', ')}
`;

/** A bar on a terminal; elsewhere (CI, logs) a line per tenth of the way. */
function progressReporter(out: CliOutput) {
  const startedAt = Date.now();
  const rate = (done: number) => Math.round(done / Math.max((Date.now() - startedAt) / 1000, 0.001));
  if (out.stdout.isTTY) {
    const bar = new SingleBar(
      {
        format: 'Rebuilding |{bar}| {value}/{total} events | {rate} events/s | ETA {eta_formatted} | {phase}',
        stream: out.stdout as NodeJS.WriteStream,
      },
      Presets.shades_classic,
    );
    let started = false;
    return (p: RebuildProgress) => {
      if (!started) bar.start(Math.max(p.total, 1), 0, { rate: 0, phase: p.phase });
      started = true;
      bar.setTotal(Math.max(p.total, p.done, 1));
      bar.update(p.done, { rate: rate(p.done), phase: p.phase });
      if (p.phase === 'done') bar.stop();
    };
  }
  let lastTenth = -1;
  return (p: RebuildProgress) => {
    const tenth = Math.floor((10 * p.done) / Math.max(p.total, 1));
    if (tenth === lastTenth && p.phase === 'replaying') return;
    lastTenth = tenth;
    const eta = p.done > 0 ? Math.round(((p.total - p.done) / rate(p.done)) * 10) / 10 : 0;
    out.stdout.write(`${p.phase}: ${p.done}/${p.total} events, ${rate(p.done)} events/s, ETA ${Math.max(eta, 0)} s\n`);
  };
}

/** Resolves to the exit code: 0 rebuilt, 1 failed, 2 usage. */
export async function main(argv: readonly string[], env: NodeJS.ProcessEnv = process.env, out: CliOutput = process): Promise<number> {
  let only: string[] | undefined;
  let batchSize: number | undefined;
  let connections: number | undefined;
  try {
    const { values } = parseArgs({
      args: [...argv],
      options: {
        only: { type: 'string' },
        'batch-size': { type: 'string' },
        connections: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) {
      out.stdout.write(USAGE);
      return 0;
    }
    only = values.only
      ?.split(',')
      .map((name) => name.trim())
      .filter(Boolean);
    batchSize = values['batch-size'] === undefined ? undefined : Number(values['batch-size']);
    if (batchSize !== undefined && !(Number.isInteger(batchSize) && batchSize > 0))
      throw new Error('--batch-size must be a positive whole number');
    connections = values.connections === undefined ? undefined : Number(values.connections);
    if (connections !== undefined && !(Number.isInteger(connections) && connections > 0))
      throw new Error('--connections must be a positive whole number');
    const unknown = only?.filter((name) => !PROJECTIONS.some((p) => p.name === name)) ?? [];
    if (unknown.length > 0) throw new Error(`Unknown read model: ${unknown.join(', ')}`);
  } catch (error) {
    out.stderr.write(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const database = await openDatabaseForTool(env, out, 'rebuild');
  if (!database) return 1;
  try {
    await migrateEventStore(database.db);
    const projections = only ? PROJECTIONS.filter((p) => only.includes(p.name)) : PROJECTIONS;
    const startedAt = Date.now();
    const result = await rebuildProjections({
      database,
      store: createPostgresEventStore(database),
      projections,
      batchSize,
      connections,
      onProgress: progressReporter(out),
    });
    out.stdout.write(
      `Rebuilt ${projections.map((p) => p.name).join(', ')} from ${result.events} events in ${((Date.now() - startedAt) / 1000).toFixed(1)} s.\n`,
    );
    return 0;
  } catch (error) {
    out.stderr.write(`Rebuild failed; the read models in service are unchanged: ${(error as Error).message}\n`);
    return 1;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = await main(process.argv.slice(2));
}
