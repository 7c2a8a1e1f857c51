import { describe, expect, it } from 'vitest';
import type { Checkpoint, RecordedEvent } from './event-store';
import { sharedReads } from './shared-reads';

const event = (position: number, transactionId = String(1000 + position)): RecordedEvent =>
  ({
    globalPosition: position,
    transactionId,
    streamId: `ride-R${position}`,
    streamPosition: 1,
    eventId: `e${position}`,
    type: 'RideRequested',
    schemaVersion: 1,
    data: {},
    metadata: {},
    recordedAt: new Date(0),
  }) as unknown as RecordedEvent;
const at = (position: number): Checkpoint => ({ transactionId: String(1000 + position), position });
const positions = (events: RecordedEvent[]) => events.map((e) => e.globalPosition);

/** A store of events 1..10 whose reads are counted; `after` is exclusive, as readAll's. */
function fakeStore(count = 10) {
  const all = Array.from({ length: count }, (_, i) => event(i + 1));
  const calls: Array<[number, number]> = [];
  const read = async (from: Checkpoint, limit: number) => {
    calls.push([from.position, limit]);
    return all.filter((e) => e.globalPosition > from.position).slice(0, limit);
  };
  return { read, calls };
}

describe('shared $all reads', () => {
  it('given three reads asked in the same turn from different checkpoints, then one statement from the lowest serves each its own part', async () => {
    const store = fakeStore();
    const read = sharedReads(store.read);
    const answers = await Promise.all([read(at(2), 100), read(at(0), 100), read(at(7), 100)]);
    expect(store.calls).toEqual([[0, 100]]);
    expect(answers.map(positions)).toEqual([
      [3, 4, 5, 6, 7, 8, 9, 10],
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
      [8, 9, 10],
    ]);
  });

  it("given each caller's own limit, then each gets no more than it asked for", async () => {
    const store = fakeStore();
    const read = sharedReads(store.read);
    const [small, large] = await Promise.all([read(at(0), 2), read(at(0), 5)]);
    expect([positions(small), positions(large)]).toEqual([
      [1, 2],
      [1, 2, 3, 4, 5],
    ]);
    expect(store.calls).toEqual([[0, 5]]);
  });

  it("given a full shared batch that ends before a caller's own read would, then he gets his own read (a short answer would say he is caught up)", async () => {
    const store = fakeStore();
    const read = sharedReads(store.read);
    const [behind, ahead] = await Promise.all([read(at(0), 3), read(at(2), 3)]);
    expect([positions(behind), positions(ahead)]).toEqual([
      [1, 2, 3],
      [3, 4, 5],
    ]);
    expect(store.calls).toEqual([
      [0, 3],
      [2, 3],
    ]);
  });

  it('given reads asked in different turns, then each has a statement of its own that began after it was asked', async () => {
    const store = fakeStore();
    const read = sharedReads(store.read);
    await read(at(0), 10);
    await read(at(5), 10);
    expect(store.calls).toEqual([
      [0, 10],
      [5, 10],
    ]);
  });

  it('given reads asked while a shared read runs, then they wait for it and go together in one statement that begins after they asked', async () => {
    const all = Array.from({ length: 10 }, (_, i) => event(i + 1));
    const calls: number[] = [];
    const release: Array<() => void> = [];
    let visible = 3;
    const read = sharedReads((from: Checkpoint, limit: number) => {
      calls.push(from.position);
      // What the statement sees is fixed when it starts.
      const seen = all
        .slice(0, visible)
        .filter((e) => e.globalPosition > from.position)
        .slice(0, limit);
      return new Promise<RecordedEvent[]>((resolve) => release.push(() => resolve(seen)));
    });
    const first = read(at(0), 100);
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toEqual([0]);
    visible = 6;
    const [second, third] = [read(at(1), 100), read(at(2), 100)];
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toEqual([0]);
    release.shift()!();
    expect(positions(await first)).toEqual([1, 2, 3]);
    for (let turn = 0; turn < 10 && calls.length < 2; turn += 1) await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toEqual([0, 1]);
    release.shift()!();
    expect([positions(await second), positions(await third)]).toEqual([
      [2, 3, 4, 5, 6],
      [3, 4, 5, 6],
    ]);
  });

  it('given a failing statement, then every read that shared it fails with its error', async () => {
    const read = sharedReads(async () => {
      throw new Error('connection lost');
    });
    const answers = await Promise.allSettled([read(at(0), 1), read(at(1), 1)]);
    expect(answers.map((a) => (a.status === 'rejected' ? (a.reason as Error).message : 'ok'))).toEqual([
      'connection lost',
      'connection lost',
    ]);
  });

  it('given transaction ids above 2^53, then the checkpoints compare as the store orders them', async () => {
    const big = (position: number, tx: string) => ({ ...event(position, tx) }) as RecordedEvent;
    const events = [big(1, '9007199254740993'), big(2, '9007199254740995')];
    const read = sharedReads(async (from: Checkpoint, limit: number) =>
      events
        .filter(
          (e) =>
            BigInt(e.transactionId) > BigInt(from.transactionId) ||
            (e.transactionId === from.transactionId && e.globalPosition > from.position),
        )
        .slice(0, limit),
    );
    const [all, past] = await Promise.all([
      read({ transactionId: '0', position: 0 }, 10),
      read({ transactionId: '9007199254740993', position: 1 }, 10),
    ]);
    expect([positions(all), positions(past)]).toEqual([[1, 2], [2]]);
  });
});
