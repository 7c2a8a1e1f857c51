import type { Database } from '../database/database';
import type { EventStore, RecordedEvent } from './event-store';
import { onAppended } from './postgres-event-store';

export interface StoreWatch {
  close(): Promise<void>;
}

/**
 * Hears every event appended from now on, for state an engine keeps in memory (issue #18): this
 * process's appends before their command is answered (`onAppended`), every process's through a
 * subscription of `$all` from the head, a NOTIFY away. Most events are heard twice, so `heard` must
 * be idempotent (keep each stream's version).
 */
export async function watchAppends(database: Database, store: EventStore, heard: (events: readonly RecordedEvent[]) => void, options: { pollIntervalMs?: number } = {}): Promise<StoreWatch> {
  const stopHearing = onAppended(database, heard);
  try {
    const subscription = store.subscribe(await store.headCheckpoint(), (event) => heard([event]), { pollIntervalMs: options.pollIntervalMs });
    return {
      async close() {
        stopHearing();
        await subscription.close();
      },
    };
  } catch (error) {
    stopHearing();
    throw error;
  }
}
