import { dehydrate, hydrate, type DehydratedState, type Query, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { driverKeys, historyKeys, rideKeys } from './query-keys';

/**
 * The one persisted copy of what the server told this browser: the query cache itself, so a
 * reload with no network shows the signed-in user's record and rides as last read (marked as not
 * yet confirmed by the screens) instead of nothing. No other copy of a read-model fact is kept.
 */
export const CACHE_STORAGE_KEY = 'plantride.queryCache';
/** A copy older than a shift is not worth showing as "last known". */
export const CACHE_MAX_AGE_MS = 12 * 60 * 60 * 1000;
const WRITE_DELAY_MS = 100;

/** His own record and status, and the rides and ride lists he sees. */
const KEPT: readonly QueryKey[] = [driverKeys.records, driverKeys.actives, historyKeys.all, rideKeys.all];

const startsWith = (key: QueryKey, prefix: QueryKey) => prefix.every((part, index) => key[index] === part);
const kept = (query: Query) => query.state.status === 'success' && KEPT.some((prefix) => startsWith(query.queryKey, prefix));

interface PersistedCache {
  owner: string;
  savedAt: number;
  state: DehydratedState;
}

/** Puts the owner's last known copy into the cache (before the first render); false when there is none to use. */
export function restoreCache(client: QueryClient, owner: string | null, storage: Storage = localStorage, now = Date.now()): boolean {
  if (!owner) return false;
  try {
    const saved = JSON.parse(storage.getItem(CACHE_STORAGE_KEY) ?? 'null') as PersistedCache | null;
    if (!saved || saved.owner !== owner || now - saved.savedAt > CACHE_MAX_AGE_MS) return false;
    hydrate(client, saved.state);
    // Last known, not confirmed: every restored query is read again when shown, however recently it was saved
    // (a list read just before a booking and a reload would otherwise pass for fresh).
    void client.invalidateQueries({ refetchType: 'none' });
    return true;
  } catch {
    return false;
  }
}

/** Writes the kept queries through while `owner` is signed in; returns the stop. */
export function persistCache(client: QueryClient, owner: string, storage: Storage = localStorage): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const write = () => {
    timer = null;
    const saved: PersistedCache = { owner, savedAt: Date.now(), state: dehydrate(client, { shouldDehydrateQuery: kept }) };
    try {
      storage.setItem(CACHE_STORAGE_KEY, JSON.stringify(saved));
    } catch {
      // Storage full or denied: the live cache still works, a reload offline just has less to show.
    }
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' || event.type === 'removed') timer ??= setTimeout(write, WRITE_DELAY_MS);
  });
  return () => {
    unsubscribe();
    if (timer) clearTimeout(timer);
  };
}

export function forgetCache(storage: Storage = localStorage): void {
  storage.removeItem(CACHE_STORAGE_KEY);
}
