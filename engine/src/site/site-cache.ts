import { SITE_EVENT_TYPES, SITE_STREAM_ID, evolveSite, type SiteState } from '@plantride/schemas';
import type { Database } from '../database/database';
import type { EventStore, RecordedEvent } from '../event-store/event-store';
import { watchAppends } from '../event-store/store-watch';
import { toDomainEvent } from '../event-store/upcast';

/** The site as it stands, kept in memory: a booking checks its places without reading the `site` stream. */
export interface SiteCache {
  /** The site's state, or null while its stream is empty (the default site: siteOf). */
  current(): SiteState | null;
  /** The stream's version the state is folded to (0: empty). */
  version(): number;
  close(): Promise<void>;
}

const handled = new Set<string>(SITE_EVENT_TYPES);

/**
 * Read once at start, then every append heard (this process's before its command is answered,
 * other processes' a NOTIFY later), as the driver roster is. A booking racing a change made on
 * another engine may see the site a moment old: the same soft check as the driver count.
 */
export async function createSiteCache(database: Database, store: EventStore, options: { pollIntervalMs?: number } = {}): Promise<SiteCache> {
  let state: SiteState | null = null;
  let version = 0;
  // Heard before the start's read is folded: applied after it, so the stream folds in order.
  let early: RecordedEvent[] | null = [];

  const apply = (event: RecordedEvent) => {
    if (event.streamId !== SITE_STREAM_ID || !handled.has(event.type) || event.streamPosition !== version + 1) return;
    state = evolveSite(state, toDomainEvent(event) as Parameters<typeof evolveSite>[1]);
    version = event.streamPosition;
  };
  const heard = (events: readonly RecordedEvent[]) => {
    if (early) early.push(...events);
    else events.forEach(apply);
  };

  const watch = await watchAppends(database, store, heard, options);
  try {
    (await store.readStream(SITE_STREAM_ID)).forEach(apply);
  } catch (error) {
    await watch.close();
    throw error;
  }
  early.forEach(apply);
  early = null;

  return { current: () => state, version: () => version, close: () => watch.close() };
}
