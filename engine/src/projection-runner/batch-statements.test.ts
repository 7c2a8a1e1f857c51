import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROJECTIONS, type ReadModels } from '@plantride/projections';
import type { Kysely } from 'kysely';
import { countStatements, type SentStatement } from '../database/database';
import { START, type EventStore, type RecordedEvent } from '../event-store/event-store';
import { openTestStore, testStoreKinds, type TestDatabase } from '../test-support/test-database';
import { directRides } from '../test-support/direct-rides';
import { applyBatch, migrateProjections } from './projection-runner';

const minute = (n: number) => new Date(Date.UTC(2026, 10, 25, 8, n)).toISOString();

/** The table a write statement changes, or null for a read. */
function writtenTable(statement: SentStatement): string | null {
  const match = /^\s*(?:insert\s+into|update|delete\s+from)\s+"?([a-z_]+)"?/i.exec(statement.sql);
  return match ? match[1]! : null;
}

describe.each(testStoreKinds())('projection batches on %s', (kind) => {
  let database: TestDatabase;
  let store: EventStore;

  beforeEach(async () => {
    ({ database, store } = await openTestStore(kind));
    await migrateProjections(database.db as Kysely<ReadModels>, PROJECTIONS);
  });
  afterEach(async () => {
    await database.dispose();
  });

  async function applyCounted(batch: readonly RecordedEvent[]) {
    const { statements } = await countStatements(() =>
      (database.db as Kysely<ReadModels>).transaction().execute((trx) => applyBatch(trx, PROJECTIONS, batch)),
    );
    const writes = new Map<string, number>();
    for (const statement of statements) {
      const table = writtenTable(statement);
      if (table) writes.set(table, (writes.get(table) ?? 0) + 1);
    }
    return { statements: statements.length, writes };
  }

  it('given batches of 6 and 240 ride events, when every read model applies each, then each table is written by one statement per batch, however many events', async () => {
    const rides = directRides(store);
    for (let i = 0; i < 41; i += 1) {
      await rides.complete(`R${i}`, 'Forklift', `D00${i % 4}`, {
        requested: minute(i),
        accepted: minute(i + 1),
        picked: minute(i + 2),
        dropped: minute(i + 3),
        ended: minute(i + 4),
      });
    }
    const events = await store.readAll(START, 10_000);
    // The first ride (with the accounts and records it made) warms every table, then one ride's six events, then forty rides'.
    const firstRideEnd = events.findIndex((event) => event.type === 'RideEnded' && event.streamId.endsWith('R0'));
    const secondRideEnd = events.findIndex((event) => event.type === 'RideEnded' && event.streamId.endsWith('R1'));
    await applyCounted(events.slice(0, firstRideEnd + 1));
    const small = await applyCounted(events.slice(firstRideEnd + 1, secondRideEnd + 1));
    const large = await applyCounted(events.slice(secondRideEnd + 1));

    expect(secondRideEnd - firstRideEnd).toBeLessThan(events.length - secondRideEnd - 1);
    for (const batch of [small, large]) {
      expect(batch.writes.size).toBeGreaterThan(3);
      for (const [table, count] of batch.writes) expect({ table, count }).toEqual({ table, count: 1 });
    }
    // Forty times the events, the same round trips.
    expect(large.statements).toBe(small.statements);
  });
});
