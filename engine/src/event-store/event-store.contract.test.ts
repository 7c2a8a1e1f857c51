import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql, type Transaction } from 'kysely';
import { openTestStore, testStoreKinds, waitFor, type TestDatabase } from '../test-support/test-database';
import { openDatabase } from '../database/database';
import { createPostgresEventStore } from './postgres-event-store';
import { ConcurrencyError, START, checkpointOf, type EventStore, type NewEvent, type RecordedEvent } from './event-store';

const event = (type: string, data: unknown = {}): NewEvent => ({ eventId: randomUUID(), type, schemaVersion: 1, data });
const meta = { commandId: 'c-1', actor: { tokenNo: 'AB12', role: 'requester' }, correlationId: 'corr-1', causationId: null };

describe.each(testStoreKinds())('event store contract on %s', (kind) => {
  let database: TestDatabase;
  let store: EventStore;

  beforeEach(async () => {
    ({ database, store } = await openTestStore(kind));
  });
  afterEach(async () => {
    await database.dispose();
  });

  // Other suites may hold transactions briefly on a shared PostgreSQL; readers then wait, they do not skip.
  async function readAllWhenVisible(count: number): Promise<RecordedEvent[]> {
    let seen: RecordedEvent[] = [];
    await waitFor(async () => (seen = await store.readAll(START, 1000)).length >= count, 10_000, `${count} events`);
    return seen;
  }

  it('given a new stream, when events are appended, then they read back in order with data and metadata', async () => {
    const result = await store.append(
      'ride-1',
      0,
      [event('RideRequested', { rideId: '1', n: [1, 2] }), event('RideAccepted', { by: 'D1' })],
      meta,
    );
    expect(result).toMatchObject({ nextVersion: 2, duplicate: false });
    const events = await store.readStream('ride-1');
    expect(events.map((e) => [e.type, e.streamPosition])).toEqual([
      ['RideRequested', 1],
      ['RideAccepted', 2],
    ]);
    expect(events[0]?.data).toEqual({ rideId: '1', n: [1, 2] });
    expect(events[1]?.metadata).toEqual(meta);
    expect(events[1]?.globalPosition).toBe(result.position);
    expect(events[0]?.recordedAt).toBeInstanceOf(Date);
    expect(typeof events[0]?.globalPosition).toBe('number');
  });

  it('given a stream at version 1, when appending at version 1, then the version moves to 2', async () => {
    await store.append('ride-1', 0, [event('A')], meta);
    const result = await store.append('ride-1', 1, [event('B')], meta);
    expect(result.nextVersion).toBe(2);
    expect(await store.headPosition()).toBe(result.position);
  });

  it('given a stream at version 1, when appending at a wrong expected version, then it is refused and nothing is appended', async () => {
    await store.append('ride-1', 0, [event('A')], meta);
    const head = await store.headPosition();
    await expect(store.append('ride-1', 3, [event('B')], meta)).rejects.toBeInstanceOf(ConcurrencyError);
    await expect(store.append('ride-1', 0, [event('B')], meta)).rejects.toBeInstanceOf(ConcurrencyError);
    await expect(store.append('ride-2', 1, [event('B')], meta)).rejects.toBeInstanceOf(ConcurrencyError);
    expect(await store.readStream('ride-1')).toHaveLength(1);
    expect(await store.readStream('ride-2')).toHaveLength(0);
    expect(await store.headPosition()).toBe(head);
  });

  it('given several streams, when they are read together, then each id has its own events in order and an unknown one has none', async () => {
    await store.append('ride-1', 0, [event('A'), event('B')], meta);
    await store.append('driver-1', 0, [event('C')], meta);
    const read = await store.readStreams(['ride-1', 'driver-1', 'user-none']);
    expect(read.get('ride-1')?.map((e) => [e.type, e.streamPosition])).toEqual([
      ['A', 1],
      ['B', 2],
    ]);
    expect(read.get('driver-1')?.map((e) => e.type)).toEqual(['C']);
    expect(read.get('user-none')).toEqual([]);
  });

  it('given a stream read at version 1 that moved on, when a command appends to another stream checking it, then nothing is appended', async () => {
    await store.append('driver-1', 0, [event('A')], meta);
    await store.append('driver-1', 1, [event('B')], meta);
    const head = await store.headPosition();
    await expect(
      store.appendToStreams(
        [
          { streamId: 'ride-1', expectedVersion: 0, events: [event('X')] },
          { streamId: 'driver-1', expectedVersion: 1, events: [] },
        ],
        meta,
      ),
    ).rejects.toMatchObject({ name: 'ConcurrencyError', streamId: 'driver-1' });
    expect(await store.readStream('ride-1')).toEqual([]);
    expect(await store.headPosition()).toBe(head);
  });

  it('when 50 appends race at the same expected version, then exactly one succeeds', async () => {
    await store.append('ride-race', 0, [event('RideRequested')], meta);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        store.append('ride-race', 1, [event('RideAccepted', { driver: i }), event('RideStarted')], meta),
      ),
    );
    const won = outcomes.filter((o) => o.status === 'fulfilled');
    const lost = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(49);
    lost.forEach((o) => expect(o.reason).toBeInstanceOf(ConcurrencyError));
    const events = await store.readStream('ride-race');
    expect(events.map((e) => e.type)).toEqual(['RideRequested', 'RideAccepted', 'RideStarted']);
  });

  it('when 50 appends race to create the same stream, then exactly one succeeds', async () => {
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, () => store.append('user-AB12', 0, [event('UserSignedUp')], meta)),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(await store.readStream('user-AB12')).toHaveLength(1);
  });

  it('when the same events are appended twice, then the second answers the first append and appends nothing', async () => {
    const events = [event('A'), event('B')];
    const first = await store.append('ride-1', 0, events, meta);
    const again = await store.append('ride-1', 2, events, meta);
    const stale = await store.append('ride-1', 0, events, meta);
    expect(again).toMatchObject({ duplicate: true, position: first.position, nextVersion: 2 });
    expect(stale).toMatchObject({ duplicate: true, position: first.position });
    expect(await store.readStream('ride-1')).toHaveLength(2);
  });

  it('given stored events, when someone updates or deletes them, then the store refuses', async () => {
    await store.append('ride-1', 0, [event('A')], meta);
    await expect(sql`update events set event_type = 'X'`.execute(database.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from events`.execute(database.db)).rejects.toThrow(/append-only/);
    expect((await store.readStream('ride-1'))[0]?.type).toBe('A');
  });

  it('given events on several streams, when reading $all in pages, then every event comes once in commit order', async () => {
    for (let i = 0; i < 7; i++) await store.append(`ride-${i % 3}`, 'any', [event(`E${i}`)], meta);
    await readAllWhenVisible(7);
    const pages: RecordedEvent[] = [];
    let from = START;
    for (;;) {
      const page = await store.readAll(from, 3);
      if (page.length === 0) break;
      pages.push(...page);
      from = checkpointOf(page[page.length - 1]!);
    }
    expect(pages.map((e) => e.type)).toEqual(['E0', 'E1', 'E2', 'E3', 'E4', 'E5', 'E6']);
    expect(pages.map((e) => e.globalPosition)).toEqual([...pages.map((e) => e.globalPosition)].sort((a, b) => a - b));
  });

  it('given events, when the head and a position are looked up, then they are the checkpoints a full read of $all ends at and passes', async () => {
    expect(await store.headCheckpoint()).toEqual(START);
    for (let i = 0; i < 4; i++) await store.append(`ride-${i % 2}`, 'any', [event(`E${i}`)], meta);
    const all = await readAllWhenVisible(4);
    expect(await store.headCheckpoint()).toEqual(checkpointOf(all[all.length - 1]!));
    expect(await store.checkpointAt(all[1]!.globalPosition)).toEqual(checkpointOf(all[1]!));
    expect(await store.checkpointAt(all[all.length - 1]!.globalPosition + 100)).toBeNull();
  });

  it('given a subscription, when it is closed and restarted from its checkpoint, then it resumes without gaps or repeats', async () => {
    await store.append('ride-1', 0, [event('A'), event('B')], meta);
    const seen: RecordedEvent[] = [];
    const first = store.subscribe(START, (e) => void seen.push(e), { pollIntervalMs: 50 });
    await store.append('ride-1', 2, [event('C')], meta);
    await waitFor(() => seen.length === 3, 10_000, 'live event');
    await first.close();
    const checkpoint = checkpointOf(seen[seen.length - 1]!);

    await store.append('ride-2', 0, [event('D')], meta);
    const resumed: RecordedEvent[] = [];
    const second = store.subscribe(checkpoint, (e) => void resumed.push(e), { pollIntervalMs: 50 });
    await store.append('ride-2', 1, [event('E')], meta);
    await waitFor(() => resumed.length === 2, 10_000, 'resumed events');
    await second.caughtUp();
    await second.close();
    expect(seen.map((e) => e.type)).toEqual(['A', 'B', 'C']);
    expect(resumed.map((e) => e.type)).toEqual(['D', 'E']);
  });

  it('given a subscription with a long polling interval, when an event is appended, then the notification wakes it', async () => {
    const seen: string[] = [];
    const subscription = store.subscribe(START, (e) => void seen.push(e.type), { pollIntervalMs: 60_000 });
    await subscription.caughtUp();
    await store.append('ride-1', 0, [event('A')], meta);
    await waitFor(() => seen.length === 1, 10_000, 'notified event');
    await subscription.close();
    expect(seen).toEqual(['A']);
  });

  it('given a handler that fails once, when the subscription retries, then the event is delivered again, not skipped', async () => {
    await store.append('ride-1', 0, [event('A'), event('B')], meta);
    const seen: string[] = [];
    let failures = 0;
    const subscription = store.subscribe(
      START,
      (e) => {
        if (e.type === 'B' && failures++ === 0) throw new Error('handler failed');
        seen.push(e.type);
      },
      { pollIntervalMs: 20, onError: () => undefined },
    );
    await waitFor(() => seen.length === 2, 10_000, 'retried event');
    await subscription.close();
    expect(seen).toEqual(['A', 'B']);
    expect(failures).toBe(2);
  });

  it('given a transaction that has written elsewhere first, when it appends events, then the store refuses (a reader may already have passed it)', async () => {
    await expect(
      database.db.transaction().execute(async (trx) => {
        await sql`select pg_current_xact_id()`.execute(trx);
        await createPostgresEventStore(database, { executor: trx }).append('ride-1', 0, [event('A')], meta);
      }),
    ).rejects.toThrow(/before anything else/);
    await store.append('ride-2', 0, [event('B')], meta);
    expect(await store.readStream('ride-1')).toEqual([]);
    expect((await readAllWhenVisible(1)).map((e) => e.type)).toEqual(['B']);
  });

  // Needs two connections at once; PGlite has one, so no other transaction is open while a reader reads.
  if (kind === 'postgres')
    it('given a transaction with an id left open that writes no events (a read-model batch), when events are appended, then $all and a subscription show them while it is still open', async () => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let opened!: (xid: string) => void;
      const openXid = new Promise<string>((resolve) => (opened = resolve));
      const other = database.db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ xid: string }>`select pg_current_xact_id()::text as xid`.execute(trx);
        opened(rows[0]!.xid);
        await held;
      });
      try {
        const xid = await openXid;
        const live: string[] = [];
        const subscription = store.subscribe(START, (e) => void live.push(e.type), { pollIntervalMs: 60_000 });
        await subscription.caughtUp();
        const appended = await store.append('ride-1', 0, [event('A'), event('B')], meta);
        expect(BigInt(appended.events[0]!.transactionId)).toBeGreaterThan(BigInt(xid));
        const seen = await readAllWhenVisible(2);
        expect(seen.map((e) => e.type)).toEqual(['A', 'B']);
        expect(await store.headCheckpoint()).toEqual(checkpointOf(seen[1]!));
        expect(await store.checkpointAt(appended.position)).toEqual(checkpointOf(seen[1]!));
        await waitFor(() => live.length === 2, 10_000, 'both events live');
        await subscription.close();
        expect(live).toEqual(['A', 'B']);
        const { rows } = await sql<{ status: string }>`select pg_xact_status(${xid}::xid8) as status`.execute(database.db);
        expect(rows[0]?.status).toBe('in progress');
      } finally {
        release();
        await other;
      }
    });

  // Needs transactions open on other connections while a snapshot is taken; PGlite has one connection.
  if (kind === 'postgres')
    it('given a snapshot taken while a read-model transaction and an appender were running, when both have committed, then a read with that snapshot stops at the appender only (a later read never stands lower than an earlier one)', async () => {
      const bound = async (snapshot: string) =>
        (
          await sql<{ bound: string }>`select events_read_bound(${snapshot}::pg_snapshot, 'events'::regclass)::text as bound`.execute(
            database.db,
          )
        ).rows[0]!.bound;
      // Each transaction stays open until its `release` is called; `opened` gives its id.
      function hold(work: (trx: Transaction<unknown>) => Promise<void>) {
        let release!: () => void;
        const released = new Promise<void>((resolve) => (release = resolve));
        let opened!: (xid: string) => void;
        const xid = new Promise<string>((resolve) => (opened = resolve));
        const done = database.db.transaction().execute(async (trx) => {
          await work(trx);
          opened((await sql<{ xid: string }>`select pg_current_xact_id()::text as xid`.execute(trx)).rows[0]!.xid);
          await released;
        });
        return { xid, release, done };
      }
      const readModel = hold(async (trx) => void (await sql`select pg_current_xact_id()`.execute(trx)));
      const readModelXid = await readModel.xid;
      // A later transaction ends first, so the snapshot lists the read model's among those running.
      await store.append('ride-0', 0, [event('Z')], meta);
      const snapshotWithReadModel = (await sql<{ snapshot: string }>`select pg_current_snapshot()::text as snapshot`.execute(database.db))
        .rows[0]!.snapshot;
      readModel.release();
      await readModel.done;
      // Ended, and it wrote no events: it never could have. Reading past it loses nothing.
      expect(BigInt(await bound(snapshotWithReadModel))).toBeGreaterThan(BigInt(readModelXid));

      const appender = hold(
        async (trx) => void (await createPostgresEventStore(database, { executor: trx }).append('ride-1', 0, [event('A')], meta)),
      );
      const appenderXid = await appender.xid;
      await store.append('ride-2', 0, [event('B')], meta);
      const snapshotWithAppender = (await sql<{ snapshot: string }>`select pg_current_snapshot()::text as snapshot`.execute(database.db))
        .rows[0]!.snapshot;
      appender.release();
      await appender.done;
      // Ended with events that snapshot cannot see: a read with it must stop there.
      expect(await bound(snapshotWithAppender)).toBe(appenderXid);
    });

  if (kind === 'postgres')
    it('given a subscription on another connection pool (another engine process), when an event is appended, then a NOTIFY wakes it', async () => {
      const elsewhere = await openDatabase({ url: process.env.TEST_DATABASE_URL, schema: database.schema, maxConnections: 2 });
      try {
        const seen: string[] = [];
        const subscription = createPostgresEventStore(elsewhere).subscribe(START, (e) => void seen.push(e.type), {
          pollIntervalMs: 60_000,
        });
        await subscription.caughtUp();
        await store.append('ride-1', 0, [event('A')], meta);
        await waitFor(() => seen.length === 1, 10_000, 'notified event');
        await subscription.close();
        expect(seen).toEqual(['A']);
      } finally {
        await elsewhere.close();
      }
    });

  // Needs two connections at once; PGlite has one and serialises writers, so the case cannot arise there.
  if (kind === 'postgres')
    it('given transaction A open with an earlier position, when B commits after it, then $all shows neither until A commits, then both in position order', async () => {
      let releaseA!: () => void;
      const held = new Promise<void>((resolve) => (releaseA = resolve));
      let appendedA!: () => void;
      const aAppended = new Promise<void>((resolve) => (appendedA = resolve));
      const transactionA = database.db.transaction().execute(async (trx) => {
        await createPostgresEventStore(database, { executor: trx }).append('ride-a', 0, [event('A')], meta);
        appendedA();
        await held;
      });
      await aAppended;
      const b = await store.append('ride-b', 0, [event('B')], meta);

      const live: string[] = [];
      const subscription = store.subscribe(START, (e) => void live.push(e.type), { pollIntervalMs: 20 });
      await subscription.caughtUp();
      expect(await store.readAll(START, 100)).toEqual([]);
      expect(live).toEqual([]);

      releaseA();
      await transactionA;
      const after = await readAllWhenVisible(2);
      expect(after.map((e) => e.type)).toEqual(['A', 'B']);
      expect(after[0]!.globalPosition).toBeLessThan(b.position);
      await waitFor(() => live.length === 2, 10_000, 'both events live');
      await subscription.close();
      expect(live).toEqual(['A', 'B']);
    });
});
