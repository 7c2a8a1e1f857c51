import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { START, checkpointOf, compareCheckpoints, type Checkpoint, type RecordedEvent } from './event-store';
import { subscribeByPolling, type PollingSubscription } from './subscription';

const recorded = (position: number): RecordedEvent => ({
  streamId: `ride-${position}`,
  streamPosition: 1,
  globalPosition: position,
  transactionId: String(position),
  eventId: `e${position}`,
  type: 'RideRequested',
  schemaVersion: 1,
  data: {},
  metadata: {},
  recordedAt: new Date(0),
});

/** `$all` in memory, a NOTIFY that the test sends, and the batches the subscription handled. */
function world(gatherMs: number) {
  const events: RecordedEvent[] = [];
  const batches: number[][] = [];
  let reads = 0;
  let notify = () => undefined as void;
  const subscription: PollingSubscription = subscribeByPolling({
    from: START,
    gatherMs,
    pollIntervalMs: 600_000,
    read: async (from: Checkpoint, limit: number) => {
      reads += 1;
      return events.filter((event) => compareCheckpoints(checkpointOf(event), from) > 0).slice(0, limit);
    },
    listen: async (onNotify) => {
      notify = onNotify;
      return async () => undefined;
    },
    handleBatch: async (batch, advance) => {
      batches.push(batch.map((event) => event.globalPosition));
      advance(batch[batch.length - 1]!);
    },
  });
  return {
    subscription,
    batches,
    reads: () => reads,
    append(position: number) {
      events.push(recorded(position));
      notify();
    },
  };
}

describe('a polling subscription that gathers', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('given a quiet spell, when appends come one after another, then the first is read at once and the next ones gather until the gathering time since that read is out', async () => {
    const w = world(50);
    await vi.advanceTimersByTimeAsync(100);
    expect(w.reads()).toBe(1);

    w.append(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(w.batches).toEqual([[1]]);
    w.append(2);
    await vi.advanceTimersByTimeAsync(10);
    w.append(3);
    await vi.advanceTimersByTimeAsync(10);
    expect(w.batches).toEqual([[1]]);

    await vi.advanceTimersByTimeAsync(30);
    expect(w.batches).toEqual([[1], [2, 3]]);
    expect(w.reads()).toBe(3);
    await w.subscription.close();
  });

  it('given no gathering, when appends wake it one after another, then each is handled as it comes', async () => {
    const w = world(0);
    await vi.advanceTimersByTimeAsync(0);
    for (const position of [1, 2, 3]) {
      w.append(position);
      await vi.advanceTimersByTimeAsync(0);
    }
    expect(w.batches).toEqual([[1], [2], [3]]);
    await w.subscription.close();
  });

  it('given a batch gathering, when someone hurries it, then it is read at once', async () => {
    const w = world(60_000);
    await vi.advanceTimersByTimeAsync(0);
    w.append(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(w.batches).toEqual([]);

    w.subscription.hurry();
    await vi.advanceTimersByTimeAsync(0);
    expect(w.batches).toEqual([[1]]);
    await w.subscription.close();
  });

  it('given a batch gathering, when someone asks whether it caught up, then it answers once what was appended is handled, without waiting the gathering out', async () => {
    const w = world(60_000);
    await vi.advanceTimersByTimeAsync(0);
    w.append(1);
    let caughtUp = false;
    void w.subscription.caughtUp().then(() => (caughtUp = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(w.batches).toEqual([[1]]);
    expect(caughtUp).toBe(true);
    await w.subscription.close();
  });
});
