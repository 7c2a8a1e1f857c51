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
  onError?: (error: unknown) => void;
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
export function subscribeByPolling(options: PollingSubscriptionOptions): Subscription {
  const batchSize = options.batchSize ?? 500;
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const onError = options.onError ?? ((error: unknown) => console.error('subscription error', error));
  let checkpoint = options.from;
  let closed = false;
  let poked = false;
  let wake: (() => void) | undefined;
  // Each caughtUp() waits for a read that began after it was asked.
  let pending: Array<() => void> = [];

  const poke = () => {
    poked = true;
    wake?.();
  };

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
      const asked = pending;
      pending = [];
      try {
        const batch = await options.read(checkpoint, batchSize);
        if (batch.length > 0 && !closed) {
          await options.handleBatch(batch, (event) => {
            checkpoint = checkpointOf(event);
          });
        }
        if (batch.length < batchSize) {
          asked.forEach((resolve) => resolve());
          await sleep();
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
      await running;
    },
    caughtUp() {
      if (closed) return Promise.resolve();
      return new Promise<void>((resolve) => {
        pending.push(resolve);
        poke();
      });
    },
  };
}
