import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { START, checkpointOf, type EventStore } from '../event-store/event-store';
import { openTestStore, testStoreKinds, waitFor, type TestDatabase } from '../test-support/test-database';
import { PositionIndex, checkpointAt, compareCheckpoints, headCheckpoint } from './positions';

describe('checkpoint order', () => {
  it('given two checkpoints, then the writing transaction orders them before the position does', () => {
    expect(compareCheckpoints({ transactionId: '9', position: 50 }, { transactionId: '10', position: 40 })).toBeLessThan(0);
    expect(compareCheckpoints({ transactionId: '10', position: 41 }, { transactionId: '10', position: 40 })).toBeGreaterThan(0);
    expect(
      compareCheckpoints({ transactionId: '18446744073709551000', position: 1 }, { transactionId: '18446744073709550999', position: 2 }),
    ).toBeGreaterThan(0);
  });
});

describe.each(testStoreKinds())('resume points on %s', (kind) => {
  let database: TestDatabase;
  let store: EventStore;

  beforeEach(async () => {
    ({ database, store } = await openTestStore(kind));
    for (let i = 1; i <= 3; i++) {
      await store.append(`site-${i}`, 0, [{ eventId: randomUUID(), type: 'LocationAdded', schemaVersion: 1, data: {} }], {});
    }
    // Readers see an event once every older transaction on the server has ended, not at once.
    await waitFor(async () => (await store.readAll(START, 10)).length === 3, 10_000, 'the events to be readable');
  });
  afterEach(async () => {
    await database.dispose();
  });

  it('given positions the index has not seen, when a client resumes from one, then its checkpoint is looked up in the store', async () => {
    const [, second] = await store.readAll(START, 10);
    expect(await checkpointAt(store, new PositionIndex(), second?.globalPosition ?? -1)).toEqual(second && checkpointOf(second));
  });

  it('given a position past the head, when a client resumes from it, then it resumes at the head', async () => {
    const index = new PositionIndex();
    const head = await headCheckpoint(store, index);
    expect(await checkpointAt(store, new PositionIndex(), head.position + 100)).toEqual(head);
    expect(index.get(head.position)).toEqual(head);
  });

  it('when a client resumes from 0, then it starts at the beginning', async () => {
    expect(await checkpointAt(store, new PositionIndex(), 0)).toEqual(START);
  });
});
