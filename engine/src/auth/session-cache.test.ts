import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countStatements, openDatabase, type Database } from '../database/database';
import type { EventStore } from '../event-store/event-store';
import { createPostgresEventStore } from '../event-store/postgres-event-store';
import { openTestStore, testStoreKinds, waitFor, type TestDatabase } from '../test-support/test-database';
import { userEvents } from '../test-support/user-events';
import { createSessionCache, type SessionCache } from './session-cache';

const meta = { commandId: 'c-1', actor: { tokenNo: 'AD01', role: 'admin' }, correlationId: 'corr-1', causationId: null };

async function appendUserEvent(store: EventStore, event: { streamId: string; type: string; data: unknown }): Promise<void> {
  await store.append(event.streamId, 'any', [{ eventId: randomUUID(), type: event.type, schemaVersion: 1, data: event.data }], meta);
}

describe.each(testStoreKinds())('session cache on %s', (kind) => {
  let database: TestDatabase;
  let store: EventStore;
  let sessions: SessionCache;

  beforeEach(async () => {
    ({ database, store } = await openTestStore(kind));
    await appendUserEvent(store, userEvents.signedUp('RQ01'));
    sessions = await createSessionCache(database, store);
  });
  afterEach(async () => {
    await sessions.close();
    await database.dispose();
  });

  it('given an account read once, when its session is checked again, then the answer comes from memory without a statement', async () => {
    expect(await sessions.facts('RQ01')).toEqual({ isBlocked: false, sessionVersion: 0 });
    const again = await countStatements(() => sessions.facts('RQ01'));
    expect(again.result).toEqual({ isBlocked: false, sessionVersion: 0 });
    expect(again.statements).toHaveLength(0);
  });

  it('given an account in memory, when this process appends his sign-out and block, then the very next check sees each', async () => {
    await sessions.facts('RQ01');
    await appendUserEvent(store, userEvents.signedOut('RQ01'));
    expect(await sessions.facts('RQ01')).toEqual({ isBlocked: false, sessionVersion: 1 });
    // Any store on the same database is heard, not only the one the cache reads with.
    await appendUserEvent(createPostgresEventStore(database), userEvents.blocked('RQ01'));
    expect(await sessions.facts('RQ01')).toEqual({ isBlocked: true, sessionVersion: 2 });
  });

  it('given no such account, when it is checked, then it is null until he signs up', async () => {
    expect(await sessions.facts('RQ02')).toBeNull();
    await appendUserEvent(store, userEvents.signedUp('RQ02'));
    expect(await sessions.facts('RQ02')).toEqual({ isBlocked: false, sessionVersion: 0 });
  });

  it('given other accounts in memory, when one account moves, then only that account is read again', async () => {
    await appendUserEvent(store, userEvents.signedUp('RQ03'));
    await sessions.facts('RQ01');
    await sessions.facts('RQ03');
    await appendUserEvent(store, userEvents.signedOut('RQ03'));
    const checks = await countStatements(async () => [await sessions.facts('RQ01'), await sessions.facts('RQ03')]);
    expect(checks.result).toEqual([
      { isBlocked: false, sessionVersion: 0 },
      { isBlocked: false, sessionVersion: 1 },
    ]);
    expect(checks.statements).toHaveLength(1);
    expect(checks.statements[0]?.parameters.flat()).toContain('user-RQ03');
  });

  // Needs a second connection pool on the same database; PGlite is one process's. Registered only on PostgreSQL (not a skipped test).
  if (kind === 'postgres')
    it('given another engine process on the same database, when it signs the user out, then this process hears it and ends the session', async () => {
      await sessions.facts('RQ01');
      const other: Database = await openDatabase({
        url: process.env.TEST_DATABASE_URL as string,
        schema: database.schema,
        maxConnections: 2,
      });
      try {
        await appendUserEvent(createPostgresEventStore(other), userEvents.signedOut('RQ01'));
        await waitFor(async () => (await sessions.facts('RQ01'))?.sessionVersion === 1, 10_000, 'the other process sign-out heard');
      } finally {
        await other.close();
      }
    });
});
