import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { countStatements } from '../database/database';
import { openTestStore, testStoreKinds, type TestDatabase } from '../test-support/test-database';
import { START, type EventStore } from './event-store';
import { createPostgresEventStore, readAllThrough } from './postgres-event-store';

describe.each(testStoreKinds())('one reader of $all per process on %s', (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => database?.dispose());

  const event = (type: string) => ({ eventId: randomUUID(), type, schemaVersion: 1, data: {} });
  const twoStores = async (): Promise<[EventStore, EventStore, () => Promise<void>]> => {
    const opened = await openTestStore(kind);
    database = opened.database;
    const reader = await opened.database.openReader(2);
    await opened.store.append('ride-1', 'any', [event('A'), event('B')], {});
    return [opened.store, createPostgresEventStore(opened.database, { executor: reader.db }), () => reader.close()];
  };
  const readBoth = (first: EventStore, second: EventStore) =>
    countStatements(() => Promise.all([first.readAll(START, 10), second.readAll(START, 1)]));

  it("given the process reads $all through the live gateway's connections, when two stores' readers ask at once, then one statement answers both, each with its own limit", async () => {
    const [main, gateways, close] = await twoStores();
    const processReader = await database!.openReader(1);
    const stop = readAllThrough(database!, processReader.db);
    const { result, statements } = await readBoth(main, gateways);
    expect(result.map((events) => events.map((e) => e.type))).toEqual([['A', 'B'], ['A']]);
    expect(statements).toHaveLength(1);

    stop();
    const apart = await readBoth(main, gateways);
    expect(apart.result.map((events) => events.map((e) => e.type))).toEqual([['A', 'B'], ['A']]);
    expect(apart.statements).toHaveLength(2);
    await processReader.close();
    await close();
  });
});
