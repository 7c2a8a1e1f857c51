import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { StoreKind } from '../../database/database';
import { dropRedisPrefix } from '../../test-support/test-timers';
import { engineTestEnv } from './plant-engine';
import { dropSchema, readStoredEvents, type StoredEvent } from './store-checks';

/** The store a test's engine processes share, as the run modes pair them, and a way to read it directly. */
export interface EngineStore {
  readonly kind: StoreKind;
  /** The engine's environment: the store, quick timers, an admin, no demo accounts. */
  readonly env: Record<string, string>;
  /**
   * Every event, in position order, in one read (one snapshot). On PGlite the data folder is
   * opened here, so call it only while no engine process serves the folder.
   */
  readEvents(): Promise<StoredEvent[]>;
  dispose(): Promise<void>;
}

export interface EngineStoreOptions {
  adminPassword: string;
  reassignTimeoutMs: number;
  rideWaitAlertMs: number;
}

const EVENTS_SQL = (schema: string) =>
  `select global_position, stream_id, stream_position, event_type, data, metadata from "${schema}".events order by global_position`;

interface EventRow {
  global_position: string | number;
  stream_id: string;
  stream_position: string | number;
  event_type: string;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
}

/** Embedded mode: a PGlite data folder of the test's own, in-process timers. */
export function embeddedStore(options: EngineStoreOptions): EngineStore {
  const dataDir = mkdtempSync(join(tmpdir(), 'plantride-crash-'));
  return {
    kind: 'pglite',
    env: { ...engineTestEnv(options), DATA_DIR: dataDir },
    async readEvents() {
      const pglite = await PGlite.create(dataDir);
      try {
        const { rows } = await pglite.query<EventRow>(EVENTS_SQL('public'));
        // PGlite answers int8 as a number, pg as a string.
        return rows.map((row) => ({
          position: Number(row.global_position),
          streamId: row.stream_id,
          streamPosition: Number(row.stream_position),
          type: row.event_type,
          data: row.data,
          metadata: row.metadata,
        }));
      } finally {
        await pglite.close();
      }
    },
    async dispose() {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Services mode: a schema of the test's own on PostgreSQL, BullMQ timers under a prefix of its own when Redis is there. */
export function servicesStore(options: EngineStoreOptions & { databaseUrl: string; redisUrl: string | undefined }): EngineStore {
  const id = randomBytes(6).toString('hex');
  const schema = `test_crash_maintenance_${id}`;
  const redisPrefix = `test-crash-maintenance-${id}`;
  const redis: Record<string, string> = options.redisUrl ? { REDIS_URL: options.redisUrl, REDIS_PREFIX: redisPrefix } : {};
  return {
    kind: 'postgres',
    env: { ...engineTestEnv(options), DATABASE_URL: options.databaseUrl, DATABASE_SCHEMA: schema, ...redis },
    readEvents: () => readStoredEvents(options.databaseUrl, schema),
    async dispose() {
      await dropSchema(options.databaseUrl, schema);
      if (options.redisUrl) await dropRedisPrefix(redisPrefix);
    },
  };
}
