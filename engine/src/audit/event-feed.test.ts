import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_FEED_CLOSE_CODES } from '@plantride/schemas';
import { START, type EventStore, type RecordedEvent } from '../event-store/event-store';
import { createPostgresEventStore } from '../event-store/postgres-event-store';
import { openTestStore, testStoreKinds, type TestDatabase } from '../test-support/test-database';
import { FeedClosed, HIGH_WATER_BYTES, feedStart, sendBatch, type FeedSocket } from './event-feed';
import { withoutSecrets } from './feed-message';

const event = (position: number, type = 'RideStarted', data: Record<string, unknown> = { rideId: 'R1' }): RecordedEvent => ({
  eventId: randomUUID(),
  streamId: 'ride-R1',
  streamPosition: position,
  globalPosition: position,
  transactionId: String(1000 + position),
  type,
  schemaVersion: 1,
  data,
  metadata: { actor: { system: 'test' } },
  recordedAt: new Date('2026-03-01T04:00:00.000Z'),
});

/** A client that reads only when told: each send waits until the test lets it through. */
function slowSocket(bufferedAmount: number) {
  const sends: Array<{ text: string; done: (error?: Error) => void }> = [];
  const closes: Array<[number | undefined, string | undefined]> = [];
  const socket: FeedSocket & { readyState: number } = {
    readyState: 1,
    OPEN: 1,
    bufferedAmount,
    send: (text, done) => void sends.push({ text, done }),
    close: (code, reason) => void closes.push([code, reason]),
  };
  return { socket, sends, closes };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));
const always = { skipThrough: 0, sessionHolds: () => true } as const;

describe('sending a batch to the feed socket', () => {
  it('given a socket over its high-water mark, when a batch is sent, then each event waits for the one before it to be written', async () => {
    const { socket, sends } = slowSocket(HIGH_WATER_BYTES + 1);
    const advanced: number[] = [];
    let finished = false;
    const sending = sendBatch(socket, [event(1), event(2), event(3)], (e) => advanced.push(e.globalPosition), always).then(
      () => (finished = true),
    );
    await settle();
    expect(sends).toHaveLength(1);
    sends[0]?.done();
    await settle();
    expect(sends).toHaveLength(2);
    sends[1]?.done();
    await settle();
    sends[2]?.done();
    await sending;
    expect(finished).toBe(true);
    expect(sends.map((s) => JSON.parse(s.text).position)).toEqual([1, 2, 3]);
    expect(advanced).toEqual([1, 2, 3]);
  });

  it('given a socket with room, when a batch is sent, then all go at once but the batch ends only when the last is written', async () => {
    const { socket, sends } = slowSocket(0);
    let finished = false;
    const sending = sendBatch(socket, [event(1), event(2)], () => undefined, always).then(() => (finished = true));
    await settle();
    expect(sends).toHaveLength(2);
    sends[0]?.done();
    await settle();
    expect(finished).toBe(false);
    sends[1]?.done();
    await sending;
    expect(finished).toBe(true);
  });

  it('given a start past some events, when they come, then they are passed over yet counted as read', async () => {
    const { socket, sends } = slowSocket(0);
    const advanced: number[] = [];
    const sending = sendBatch(socket, [event(4), event(5), event(6)], (e) => advanced.push(e.globalPosition), {
      ...always,
      skipThrough: 5,
    });
    await settle();
    sends.forEach((s) => s.done());
    await sending;
    expect(sends.map((s) => JSON.parse(s.text).position)).toEqual([6]);
    expect(advanced).toEqual([4, 5, 6]);
  });

  it('when an event ends the session, then it is sent, the socket is closed with 4401 and the feed stops', async () => {
    const { socket, sends, closes } = slowSocket(0);
    const sending = sendBatch(socket, [event(1), event(2, 'UserSignedOut', { tokenNo: 'AD01' }), event(3)], () => undefined, {
      skipThrough: 0,
      sessionHolds: (e) => Promise.resolve(e.type !== 'UserSignedOut'),
    });
    await settle();
    sends.forEach((s) => s.done());
    await expect(sending).rejects.toBeInstanceOf(FeedClosed);
    expect(sends.map((s) => JSON.parse(s.text).type)).toEqual(['RideStarted', 'UserSignedOut']);
    expect(closes[0]?.[0]).toBe(AUDIT_FEED_CLOSE_CODES.sessionEnded);
  });

  it('given a socket already closing, when a batch comes, then nothing is sent and the feed stops', async () => {
    const { socket, sends } = slowSocket(0);
    socket.readyState = 2;
    await expect(sendBatch(socket, [event(1)], () => undefined, always)).rejects.toBeInstanceOf(FeedClosed);
    expect(sends).toHaveLength(0);
  });
});

describe('secrets in event data', () => {
  it('given data holding a password hash (at any depth), when it is made ready for the feed, then those keys are gone and the rest stays', () => {
    const data = {
      tokenNo: 'AB12',
      name: 'Asha',
      passwordHash: 'scrypt$1$2',
      nested: { jwt_token: 'x', token: 'y', keep: [{ secretAnswer: 'z', ok: 1 }] },
    };
    expect(withoutSecrets(data)).toEqual({ tokenNo: 'AB12', name: 'Asha', nested: { keep: [{ ok: 1 }] } });
    expect(data.passwordHash).toBe('scrypt$1$2');
  });
});

describe.each(testStoreKinds())('where a feed starts, on %s', (kind) => {
  let database: TestDatabase;
  let store: EventStore;
  const append = (target: EventStore) =>
    target.append(`ride-${randomUUID()}`, 0, [{ eventId: randomUUID(), type: 'RideCancelled', schemaVersion: 1, data: {} }], {
      actor: { system: 'test' },
    });

  beforeAll(async () => {
    ({ database, store } = await openTestStore(kind));
  });
  afterAll(async () => database.dispose());

  it('given positions that name events, a gap and the future, when a feed starts at each, then it resumes exactly or passes over what is not after it', async () => {
    const first = await append(store);
    // A rolled-back append leaves its position unused: a gap between readable events.
    await database.db
      .transaction()
      .execute(async (trx) => {
        await append(createPostgresEventStore(database, { executor: trx }));
        throw new Error('roll back');
      })
      .catch(() => undefined);
    const second = await append(store);
    const gap = first.position + 1;
    expect(second.position).toBeGreaterThan(gap);

    expect(await feedStart(store, 0)).toEqual({ checkpoint: START, skipThrough: 0 });
    expect(await feedStart(store, first.position)).toEqual({
      checkpoint: { transactionId: first.events[0]?.transactionId, position: first.position },
      skipThrough: 0,
    });
    expect(await feedStart(store, gap)).toEqual({ checkpoint: START, skipThrough: gap });
    expect(await feedStart(store, second.position + 10)).toEqual({
      checkpoint: await store.headCheckpoint(),
      skipThrough: second.position + 10,
    });
  });
});
