import { isEventType, type DomainEvent } from '@plantride/schemas';
import type { Database } from '../database/database';
import type { EventStore, RecordedEvent } from './event-store';
import { watchAppends } from './store-watch';
import { toDomainEvent } from './upcast';

/** One small stream's state kept in memory (the site, the dispatch settings): a command reads it without a statement. */
export interface StreamCache<State> {
  /** The stream's state; its `initial` while the stream is empty. */
  current(): State;
  /** The stream's version the state is folded to (0: empty). */
  version(): number;
  close(): Promise<void>;
}

export interface StreamCacheOptions<State, Event extends DomainEvent> {
  streamId: string;
  initial: State;
  evolve: (state: State, event: Event) => State;
  pollIntervalMs?: number;
}

/**
 * Read once at start, then every append heard (this process's before its command is answered,
 * other processes' a NOTIFY later), as the driver roster is. A command racing a change made on
 * another engine may see the stream a moment old: use it for soft checks, as a booking's driver count.
 */
export async function createStreamCache<State, Event extends DomainEvent>(
  database: Database,
  store: EventStore,
  options: StreamCacheOptions<State, Event>,
): Promise<StreamCache<State>> {
  let state = options.initial;
  let version = 0;
  // Heard before the start's read is folded: applied after it, so the stream folds in order.
  let early: RecordedEvent[] | null = [];

  const apply = (event: RecordedEvent) => {
    if (event.streamId !== options.streamId || !isEventType(event.type) || event.streamPosition !== version + 1) return;
    state = options.evolve(state, toDomainEvent(event) as Event);
    version = event.streamPosition;
  };
  const heard = (events: readonly RecordedEvent[]) => {
    if (early) early.push(...events);
    else events.forEach(apply);
  };

  const watch = await watchAppends(database, store, heard, { pollIntervalMs: options.pollIntervalMs });
  try {
    (await store.readStream(options.streamId)).forEach(apply);
  } catch (error) {
    await watch.close();
    throw error;
  }
  early.forEach(apply);
  early = null;

  return { current: () => state, version: () => version, close: () => watch.close() };
}
