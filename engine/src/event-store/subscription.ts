import { checkpointOf, type Checkpoint, type RecordedEvent, type Subscription } from './event-store';

export interface PollingSubscriptionOptions {
  from: Checkpoint;
  read: (from: Checkpoint, limit: number) => Promise<RecordedEvent[]>;
  listen: (onNotify: () => void) => Promise<() => Promise<void>>;
  /**
   * Handles one batch; calls `advance` with each event whose effect is durable. A throw retries
   * from the last advanced event, so a batch handled in one transaction advances only after commit.
   */
  handleBatch: (events: RecordedEvent[], advance: (event: RecordedEvent) => void) => Promise<void>;
  batchSize?: number;
  pollIntervalMs?: number;
  /**
   * Once caught up, a wake-up reads no sooner than this long after the previous read began, so the
   * events of several appends go in one batch (the projections: a batch costs a transaction and
   * statements per table whatever its size). `hurry()` and `caughtUp()` read without waiting.
   */
  gatherMs?: number;
  onError?: (error: unknown) => void;
}

export interface PollingSubscription extends Subscription {
  /** Someone waits for what the next read brings: it goes out without waiting to gather more. */
  hurry(): void;
}

/** Resolves after `ms`, or at once when `skip` holds, or when the function handed to `onWaker` is called. */
function interruptibleWait(ms: number, skip: boolean, onWaker: (wake: (() => void) | undefined) => void): Promise<void> {
  return new Promise<void>((resolve) => {
    if (skip) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      onWaker(undefined);
      resolve();
    }
    onWaker(done);
  });
}

/**
 * Reads `$all` in batches from a checkpoint; sleeps until a NOTIFY or the
 * polling interval, whichever comes first, so a lost notification only delays.
 * A failing handler is retried from the same event: nothing is skipped.
 *
 * A NOTIFY is enough: a read stops only below an append still running (`events_read_bound`), and
 * that append wakes every reader once it commits (this process's at once, others' by NOTIFY). So
 * nothing polls between NOTIFYs; the interval only covers one lost with its process or connection.
 */
export function subscribeByPolling(options: PollingSubscriptionOptions): PollingSubscription {
  const batchSize = options.batchSize ?? 500;
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const gatherMs = options.gatherMs ?? 0;
  const onError = options.onError ?? ((error: unknown) => console.error('subscription error', error));
  let checkpoint = options.from;
  let closed = false;
  let poked = false;
  let wake: (() => void) | undefined;
  let hurried = false;
  let endGather: (() => void) | undefined;
  let readAt = 0;
  // Each caughtUp() waits for a read that began after it was asked.
  let pending: Array<() => void> = [];

  const poke = () => {
    poked = true;
    wake?.();
  };

  const hurry = () => {
    hurried = true;
    endGather?.();
  };

  const gather = () => {
    const left = readAt + gatherMs - Date.now();
    return interruptibleWait(left, hurried || closed || left <= 0, (waker) => (endGather = waker));
  };
  const sleep = () => interruptibleWait(pollIntervalMs, poked || closed, (waker) => (wake = waker));

  const run = async () => {
    let unlisten: (() => Promise<void>) | undefined;
    try {
      unlisten = await options.listen(poke);
    } catch (error) {
      onError(error);
    }
    while (!closed) {
      poked = false;
      hurried = false;
      const asked = pending;
      pending = [];
      try {
        readAt = Date.now();
        const batch = await options.read(checkpoint, batchSize);
        if (batch.length > 0 && !closed) {
          await options.handleBatch(batch, (event) => {
            checkpoint = checkpointOf(event);
          });
        }
        if (batch.length < batchSize) {
          asked.forEach((resolve) => resolve());
          await sleep();
          if (gatherMs > 0) await gather();
        } else {
          pending.unshift(...asked);
        }
      } catch (error) {
        pending.unshift(...asked);
        if (closed) break;
        onError(error);
        await sleep();
      }
    }
    pending.forEach((resolve) => resolve());
    await unlisten?.().catch(onError);
  };

  const running = run();

  return {
    async close() {
      closed = true;
      poke();
      hurry();
      await running;
    },
    hurry,
    caughtUp() {
      if (closed) return Promise.resolve();
      return new Promise<void>((resolve) => {
        pending.push(resolve);
        poke();
        hurry();
      });
    },
  };
}
