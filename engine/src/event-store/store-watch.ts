import type { Database } from '../database/database';
import type { EventStore, RecordedEvent, Subscription } from './event-store';
import { onAppended } from './postgres-event-store';

export interface StoreWatch {
  close(): Promise<void>;
}

type Heard = (events: readonly RecordedEvent[]) => void;

/** One subscription of `$all` per store, shared by everything in this process that keeps state in memory. */
const shared = new WeakMap<EventStore, { listeners: Set<Heard>; subscription: Promise<Subscription> }>();

/**
 * Hears every event appended from now on, for state an engine keeps in memory (issue #18): this
 * process's appends before their command is answered (`onAppended`), every process's through a
 * subscription of `$all` from the head (one per store, however many watch it), a NOTIFY away.
 * Most events are heard twice, so `heard` must be idempotent (keep each stream's version).
 */
export async function watchAppends(
  database: Database,
  store: EventStore,
  heard: Heard,
  options: { pollIntervalMs?: number } = {},
): Promise<StoreWatch> {
  const stopHearing = onAppended(database, heard);
  let feed = shared.get(store);
  if (!feed) {
    const listeners = new Set<Heard>();
    const subscription = store
      .headCheckpoint()
      .then((head) =>
        store.subscribe(head, (event) => listeners.forEach((listener) => listener([event])), { pollIntervalMs: options.pollIntervalMs }),
      );
    feed = { listeners, subscription };
    shared.set(store, feed);
  }
  const own = feed;
  own.listeners.add(heard);
  try {
    await own.subscription;
  } catch (error) {
    stopHearing();
    own.listeners.delete(heard);
    if (shared.get(store) === own) shared.delete(store);
    throw error;
  }
  return {
    async close() {
      stopHearing();
      own.listeners.delete(heard);
      if (own.listeners.size > 0) return;
      if (shared.get(store) === own) shared.delete(store);
      await (await own.subscription).close();
    },
  };
}
