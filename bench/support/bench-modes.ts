import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';

export type Mode = 'embedded' | 'services';

export const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

export async function postgresReachable(url = DATABASE_URL): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function redisReachable(url = REDIS_URL): Promise<boolean> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 2000, retryStrategy: () => null });
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** `--mode`: one mode, or both when PostgreSQL and Redis answer (embedded only otherwise). */
export async function resolveModes(flag: string | undefined): Promise<Mode[]> {
  if (flag === 'embedded') return ['embedded'];
  const services = (await postgresReachable()) && (await redisReachable());
  if (flag === 'services') {
    if (!services) throw new Error(`--mode services needs PostgreSQL at ${DATABASE_URL} and Redis at ${REDIS_URL}`);
    return ['services'];
  }
  if (flag !== undefined && flag !== 'both') throw new Error(`--mode is embedded, services or both, not ${flag}`);
  if (!services) console.log(`PostgreSQL or Redis not reachable: embedded mode only.`);
  return services ? ['embedded', 'services'] : ['embedded'];
}

/** A fresh place for one engine's data: a temp folder (embedded) or a schema and Redis prefix (services). */
export interface BenchStore {
  mode: Mode;
  id: string;
  /** Scratch folder for logs and, embedded, the data. */
  dir: string;
  dataDir: string;
  schema: string;
  redisPrefix: string;
  /** The engine's (or a tool's) environment for this store. */
  env: Record<string, string>;
  cleanup(): Promise<void>;
}

export async function dropSchemas(schemas: readonly string[], url = DATABASE_URL): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const schema of schemas) await client.query(`drop schema if exists "${schema}" cascade`);
  } finally {
    await client.end();
  }
}

export async function deleteRedisKeys(prefix: string, url = REDIS_URL): Promise<void> {
  const redis = new Redis(url);
  try {
    for await (const batch of redis.scanStream({ match: `${prefix}:*`, count: 1000 }) as AsyncIterable<string[]>)
      if (batch.length > 0) await redis.del(...batch);
  } finally {
    await redis.quit();
  }
}

export function createBenchStore(mode: Mode, bench: string): BenchStore {
  const id = randomBytes(4).toString('hex');
  const dir = mkdtempSync(join(tmpdir(), `plantride-${bench}-${mode}-`));
  const dataDir = join(dir, 'data');
  const schema = mode === 'services' ? `bench_${bench}_${id}` : 'public';
  const redisPrefix = `bench-${bench}-${id}`;
  const env: Record<string, string> =
    mode === 'services' ? { DATABASE_URL, DATABASE_SCHEMA: schema, REDIS_URL, REDIS_PREFIX: redisPrefix } : { DATA_DIR: dataDir };
  let cleaned = false;
  return {
    mode,
    id,
    dir,
    dataDir,
    schema,
    redisPrefix,
    env,
    async cleanup() {
      if (cleaned) return;
      cleaned = true;
      if (mode === 'services') {
        // The rebuild's shadow schema too, should one be left behind by a failure.
        await dropSchemas([schema, `${schema}_rebuild`]);
        await deleteRedisKeys(redisPrefix);
      }
      if (!process.env.BENCH_KEEP) rmSync(dir, { recursive: true, force: true });
      else console.log(`kept ${dir}`);
    },
  };
}
