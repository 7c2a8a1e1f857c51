import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConcurrencyError, type EventStore, type NewEvent } from '../event-store/event-store';
import { openTestStore, testStoreKinds, type TestDatabase } from '../test-support/test-database';

const event = (type: string): NewEvent => ({ eventId: randomUUID(), type, schemaVersion: 1, data: { n: type } });
const metadata = { commandId: 'c', actor: { system: 'test' } };

describe.each(testStoreKinds())('appending to several streams at once on %s', (kind) => {
  let database: TestDatabase;
  let store: EventStore;
  beforeAll(async () => {
    ({ database, store } = await openTestStore(kind));
    // Starting PGlite and migrating it takes long on a loaded machine.
  }, 300_000);
  afterAll(async () => database?.dispose());

  const types = async (streamId: string) => (await store.readStream(streamId)).map((e) => e.type);

  it('when two streams are written at their versions, then both get their events in one commit', async () => {
    await store.append('driver-A1', 0, [event('Added')], metadata);
    const result = await store.appendToStreams(
      [
        { streamId: 'ride-R1', expectedVersion: 0, events: [event('Requested')] },
        { streamId: 'driver-A1', expectedVersion: 1, events: [event('Assigned')] },
      ],
      metadata,
    );
    expect(result.duplicate).toBe(false);
    expect(result.events.map((e) => e.type).sort()).toEqual(['Assigned', 'Requested']);
    expect(result.position).toBe(await store.headPosition());
    expect(await types('ride-R1')).toEqual(['Requested']);
    expect(await types('driver-A1')).toEqual(['Added', 'Assigned']);
  });

  it('given one stream moved on, when both are written, then neither is and the error names that stream', async () => {
    const head = await store.headPosition();
    const error = await store
      .appendToStreams(
        [
          { streamId: 'ride-R2', expectedVersion: 0, events: [event('Requested')] },
          { streamId: 'driver-A1', expectedVersion: 1, events: [event('Assigned')] },
        ],
        metadata,
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConcurrencyError);
    expect((error as ConcurrencyError).streamId).toBe('driver-A1');
    expect(await store.headPosition()).toBe(head);
    expect(await types('ride-R2')).toEqual([]);
  });

  it('given a stream only checked, when it moved on, then nothing is written; when it did not, the other stream is', async () => {
    const check = (version: number) =>
      store.appendToStreams(
        [
          { streamId: 'ride-R3', expectedVersion: 0, events: [event('Requested')] },
          { streamId: 'driver-A1', expectedVersion: version, events: [] },
        ],
        metadata,
      );
    await expect(check(1)).rejects.toBeInstanceOf(ConcurrencyError);
    expect(await types('ride-R3')).toEqual([]);
    await check(2);
    expect(await types('ride-R3')).toEqual(['Requested']);
    expect(await types('driver-A1')).toEqual(['Added', 'Assigned']);
  });

  it('when the same writes race ten times with the same event ids, then one appends and the others answer it as a duplicate', async () => {
    await store.append('driver-B1', 0, [event('Added')], metadata);
    const writes = [
      { streamId: 'ride-R4', expectedVersion: 0, events: [event('Requested')] },
      { streamId: 'driver-B1', expectedVersion: 1, events: [event('Assigned')] },
    ];
    const results = await Promise.all(Array.from({ length: 10 }, () => store.appendToStreams(writes, metadata)));
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    results.forEach((r) => expect(r.position).toBe(results[0]?.position));
    expect(await types('driver-B1')).toEqual(['Added', 'Assigned']);
  });

  it('when one driver stream is taken by many rides at once, then exactly one ride gets it', async () => {
    await store.append('driver-C1', 0, [event('Added')], metadata);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        store.appendToStreams(
          [
            { streamId: `ride-S${i}`, expectedVersion: 0, events: [event('Accepted')] },
            { streamId: 'driver-C1', expectedVersion: 1, events: [event('Assigned')] },
          ],
          metadata,
        ),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    outcomes.forEach((o) => o.status === 'rejected' && expect(o.reason).toBeInstanceOf(ConcurrencyError));
    expect(await types('driver-C1')).toEqual(['Added', 'Assigned']);
    const rides = await Promise.all(Array.from({ length: 20 }, (_, i) => types(`ride-S${i}`)));
    expect(rides.filter((r) => r.length === 1)).toHaveLength(1);
  });
});
