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

  const gather = () =>
    new Promise<void>((resolve) => {
      const wait = readAt + gatherMs - Date.now();
      if (hurried || closed || wait <= 0) return resolve();
      const timer = setTimeout(done, wait);
      function done() {
        clearTimeout(timer);
        endGather = undefined;
        resolve();
      }
      endGather = done;
    });

  const sleep = () =>
    new Promise<void>((resolve) => {
      if (poked || closed) return resolve();
      const timer = setTimeout(done, pollIntervalMs);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });

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
