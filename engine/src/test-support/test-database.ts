import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase, type Database, type StoreKind } from '../database/database';
import type { EventStore } from '../event-store/event-store';
import { migrateEventStore } from '../event-store/migrations';
import { createPostgresEventStore } from '../event-store/postgres-event-store';
import { startTestPglite } from './pglite-template';

/**
 * Store kinds a suite runs on: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set.
 * TEST_STORES=postgres (or pglite) narrows it, so CI's PostgreSQL pass does not repeat PGlite.
 */
export function testStoreKinds(): StoreKind[] {
  const kinds: StoreKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  const only = process.env.TEST_STORES?.split(',').map((kind) => kind.trim());
  return only ? kinds.filter((kind) => only.includes(kind)) : kinds;
}

export interface TestDatabase extends Database {
  /** Drops the test's own schema (PostgreSQL) and closes the connections. */
  dispose(): Promise<void>;
}

let sharedPglite: Promise<PGlite> | undefined;

/** A database of its own for one test: a fresh in-memory PGlite, or a fresh schema on PostgreSQL. */
export async function openTestDatabase(kind: StoreKind): Promise<TestDatabase> {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  if (kind === 'pglite') {
    // Starting PGlite takes a while; one per test file, a fresh schema per test.
    sharedPglite ??= startTestPglite();
    const pglite = await sharedPglite;
    const database = await openDatabase({ pglite, schema });
    return Object.assign(database, {
      async dispose() {
        await database.close();
        await pglite.exec(`drop schema if exists "${schema}" cascade; set search_path to public`);
      },
    });
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  // Two test files run at once (vitest.config.ts), each maybe with an engine of its own (10 each): 30
  // apiece keeps them under PostgreSQL's default 100 connections.
  const database = await openDatabase({ url, schema, maxConnections: 30 });
  return Object.assign(database, {
    async dispose() {
      await database.close();
      const cleanup = await openDatabase({ url, schema: 'public', maxConnections: 1 });
      try {
        await sql.raw(`drop schema if exists "${schema}" cascade`).execute(cleanup.db);
      } finally {
        await cleanup.close();
      }
    },
  });
}

/** Resolves when `check` holds, polling; fails after `timeoutMs` so a broken promise shows as a failure, not a hang. */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 10_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A test database with the event store migrated, and the store on it. */
export async function openTestStore(kind: StoreKind): Promise<{ database: TestDatabase; store: EventStore }> {
  const database = await openTestDatabase(kind);
  await migrateEventStore(database.db);
  return { database, store: createPostgresEventStore(database) };
}
