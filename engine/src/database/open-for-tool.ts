import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig } from '../config';
import { openDatabase, type Database } from './database';
import { engineServing } from './data-dir-lock';

export interface CliOutput {
  stdout: { write(text: string): unknown; isTTY?: boolean };
  stderr: { write(text: string): unknown };
}

/**
 * The engine's database for a command-line tool: PostgreSQL from DATABASE_URL, else the embedded
 * store in DATA_DIR, which the tool may open only while no engine serves it. Null (said on stderr)
 * when it cannot be opened; `doing` names the tool's work in that message.
 */
export async function openDatabaseForTool(env: NodeJS.ProcessEnv, out: CliOutput, doing: string): Promise<Database | null> {
  const config = loadConfig(env);
  if (config.DATABASE_URL) return openDatabase({ url: config.DATABASE_URL, schema: config.DATABASE_SCHEMA, maxConnections: 2 });
  // Relative to where the user ran npm, as the engine's own server.ts reads it.
  const dataDir = resolve(env.INIT_CWD ?? process.cwd(), config.DATA_DIR);
  if (!existsSync(dataDir)) {
    out.stderr.write(`No data folder at ${dataDir}. Set DATA_DIR to the engine's, or DATABASE_URL.\n`);
    return null;
  }
  const pid = engineServing(dataDir);
  if (pid !== null) {
    out.stderr.write(
      `The engine (pid ${pid}) is serving ${dataDir}. The embedded store has one process at a time: stop the engine, ${doing}, start it again.\n`,
    );
    return null;
  }
  return openDatabase({ dataDir, schema: config.DATABASE_SCHEMA });
}
