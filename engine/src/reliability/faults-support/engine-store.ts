import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
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
  /**
   * Fixes the store's state as it stands (no engine may serve it meanwhile) and resolves once it is
   * fixed, with a read of every event of that state: from then on an engine may serve the store
   * again while the read runs, and the read sees nothing it writes. PGlite: a copy of the data
   * folder, read and removed; PostgreSQL: a repeatable-read transaction whose snapshot is taken.
   */
  fixEvents(): Promise<() => Promise<StoredEvent[]>>;
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

const storedEvent = (row: EventRow): StoredEvent => ({
  position: Number(row.global_position),
  streamId: row.stream_id,
  streamPosition: Number(row.stream_position),
  type: row.event_type,
  data: row.data,
  metadata: row.metadata,
});

/** Every event of a PGlite data folder no process serves, in one read. */
async function readPgliteFolder(dataDir: string): Promise<StoredEvent[]> {
  const pglite = await PGlite.create(dataDir);
  try {
    const { rows } = await pglite.query<EventRow>(EVENTS_SQL('public'));
    // PGlite answers int8 as a number, pg as a string.
    return rows.map(storedEvent);
  } finally {
    await pglite.close();
  }
}

/** Embedded mode: a PGlite data folder of the test's own, in-process timers. */
export function embeddedStore(options: EngineStoreOptions): EngineStore {
  const dataDir = mkdtempSync(join(tmpdir(), 'plantride-crash-'));
  return {
    kind: 'pglite',
    env: { ...engineTestEnv(options), DATA_DIR: dataDir },
    readEvents: () => readPgliteFolder(dataDir),
    async fixEvents() {
      // The folder's files exactly as the killed process left them; opening the copy recovers it as the next engine will.
      const copy = mkdtempSync(join(tmpdir(), 'plantride-crash-copy-'));
      cpSync(dataDir, copy, { recursive: true });
      return async () => {
        try {
          return await readPgliteFolder(copy);
        } finally {
          rmSync(copy, { recursive: true, force: true });
        }
      };
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
    async fixEvents() {
      const client = new pg.Client({ connectionString: options.databaseUrl });
      await client.connect();
      try {
        // A repeatable-read transaction's snapshot is taken at its first statement: the read below sees the store as
        // it stood then, whatever an engine commits meanwhile.
        await client.query('begin isolation level repeatable read read only');
        await client.query('select 1');
      } catch (error) {
        await client.end();
        throw error;
      }
      return async () => {
        try {
          const { rows } = await client.query<EventRow>(EVENTS_SQL(schema));
          await client.query('commit');
          return rows.map(storedEvent);
        } finally {
          await client.end();
        }
      };
    },
    async dispose() {
      await dropSchema(options.databaseUrl, schema);
      if (options.redisUrl) await dropRedisPrefix(redisPrefix);
    },
  };
}
