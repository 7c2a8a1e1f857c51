import { AUDIT_FEED_CLOSE_CODES, SERVER_MESSAGES } from '@plantride/schemas';
import type { Database } from '../database/database';
import { START, type Checkpoint, type EventStore, type RecordedEvent, type Subscription } from '../event-store/event-store';
import { notifyChannel } from '../event-store/migrations';
import { subscribeByPolling } from '../event-store/subscription';
import { toFeedMessage } from './feed-message';

/** The part of a ws WebSocket the feed uses; small so a test can stand in for a slow client. */
export interface FeedSocket {
  readonly readyState: number;
  readonly OPEN: number;
  readonly bufferedAmount: number;
  send(data: string, callback: (error?: Error) => void): void;
  close(code?: number, reason?: string): void;
}

/** Above this many bytes queued in the socket, the feed waits for the client before sending more. */
export const HIGH_WATER_BYTES = 256 * 1024;
const BATCH_SIZE = 200;

/** The socket is gone or the feed ended it; the subscription stops without reporting an error. */
export class FeedClosed extends Error {}

export interface BatchOptions {
  /** Events at or below this position are passed over (a `from` that named no event). */
  skipThrough: number;
  /** Asked for every event; false ends the feed after that event (the user's session is over). */
  sessionHolds(event: RecordedEvent): boolean | Promise<boolean>;
}

function sendOne(socket: FeedSocket, text: string): Promise<void> {
  return new Promise((resolve, reject) => socket.send(text, (error) => (error ? reject(error) : resolve())));
}

/**
 * Sends one batch in store order. It waits whenever the socket holds more than HIGH_WATER_BYTES, and
 * for the whole batch to be written before it returns, so a slow client slows the feed's reads of
 * the store instead of filling the engine's memory.
 */
export async function sendBatch(
  socket: FeedSocket,
  batch: readonly RecordedEvent[],
  advance: (event: RecordedEvent) => void,
  options: BatchOptions,
): Promise<void> {
  let written: Promise<void> = Promise.resolve();
  for (const event of batch) {
    if (socket.readyState !== socket.OPEN) throw new FeedClosed();
    if (event.globalPosition > options.skipThrough) {
      written = sendOne(socket, JSON.stringify(toFeedMessage(event)));
      if (socket.bufferedAmount > HIGH_WATER_BYTES) await written;
    }
    advance(event);
    const holds = options.sessionHolds(event);
    if (holds !== true && !(await holds)) {
      await written;
      socket.close(AUDIT_FEED_CLOSE_CODES.sessionEnded, SERVER_MESSAGES.auditSessionEnded);
      throw new FeedClosed();
    }
  }
  await written;
}

/**
 * Where a feed asked to start after `position` begins: exactly after that event when it exists (as
 * the live gateway resumes). A position naming no event (one still to come, or a gap a failed append
 * left) starts where nothing after it can be missed, and passes over what is not after it.
 */
export async function feedStart(store: EventStore, position: number): Promise<{ checkpoint: Checkpoint; skipThrough: number }> {
  if (position === 0) return { checkpoint: START, skipThrough: 0 };
  const exact = await store.checkpointAt(position);
  if (exact) return { checkpoint: exact, skipThrough: 0 };
  // The head first: whatever commits after this lookup sorts after it, whatever its position.
  const head = await store.headCheckpoint();
  if (position >= (await store.headPosition())) return { checkpoint: head, skipThrough: position };
  return { checkpoint: START, skipThrough: position };
}

export interface EventFeedOptions extends Pick<BatchOptions, 'sessionHolds'> {
  socket: FeedSocket;
  store: EventStore;
  database: Database;
  /** Global position after which to start; 0 is the beginning of the store. */
  from: number;
  pollIntervalMs?: number;
  onError(error: unknown): void;
}

/** Streams every store event after `from` to the socket, then live ones, until closed. */
export async function openEventFeed(options: EventFeedOptions): Promise<Subscription> {
  const { socket, store, database } = options;
  const start = await feedStart(store, options.from);
  return subscribeByPolling({
    from: start.checkpoint,
    read: (checkpoint, limit) => store.readAll(checkpoint, limit),
    listen: (onNotify) => database.listen(notifyChannel(database.schema), onNotify),
    batchSize: BATCH_SIZE,
    pollIntervalMs: options.pollIntervalMs,
    onError: (error) => {
      if (!(error instanceof FeedClosed) && socket.readyState === socket.OPEN) options.onError(error);
    },
    handleBatch: (batch, advance) =>
      sendBatch(socket, batch, advance, { skipThrough: start.skipThrough, sessionHolds: options.sessionHolds }),
  });
}
