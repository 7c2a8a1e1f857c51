import { readVersionedState } from '../commands/command-handler';
import type { Database } from '../database/database';
import type { EventStore, RecordedEvent } from '../event-store/event-store';
import { watchAppends } from '../event-store/store-watch';
import { userStream } from '../users/user.decider';

/** What a session check needs of an account: whether it still stands behind a session of this version. */
export interface SessionFacts {
  readonly isBlocked: boolean;
  readonly sessionVersion: number;
}

export interface SessionCache {
  /** The account's session facts now (null: no such account), from memory when nothing newer was appended to its stream. */
  facts(tokenNo: string): Promise<SessionFacts | null>;
  close(): Promise<void>;
}

const USER_STREAM = 'user-';
/** Accounts kept in memory; a plant has a few thousand. Beyond it the oldest is read again when needed. */
const MAX_ENTRIES = 20_000;

/**
 * The session check without a round trip (issue #18): each account's facts folded once and kept
 * until its stream moves. An append to a `user-…` stream in this process is heard before its
 * command is answered (`watchAppends`), so a sign-out here ends the session for the very next
 * request; another process's append is heard a NOTIFY away (at worst the polling interval): until
 * then the old session still reads there (docs/DECISIONS.md).
 */
export async function createSessionCache(
  database: Database,
  store: EventStore,
  options: { pollIntervalMs?: number } = {},
): Promise<SessionCache> {
  const entries = new Map<string, { version: number; facts: SessionFacts | null }>();
  // The highest version of each account's stream known to exist; an entry below it is stale.
  const known = new Map<string, number>();

  const heard = (events: readonly RecordedEvent[]) => {
    for (const event of events) {
      if (!event.streamId.startsWith(USER_STREAM)) continue;
      const tokenNo = event.streamId.slice(USER_STREAM.length);
      if (event.streamPosition > (known.get(tokenNo) ?? 0)) known.set(tokenNo, event.streamPosition);
    }
  };

  const watch = await watchAppends(database, store, heard, options);

  return {
    async facts(tokenNo) {
      const entry = entries.get(tokenNo);
      if (entry && entry.version >= (known.get(tokenNo) ?? 0)) return entry.facts;
      const { state, version } = await readVersionedState(store, userStream(tokenNo));
      const facts = state ? { isBlocked: state.isBlocked, sessionVersion: state.sessionVersion } : null;
      // A read behind what was heard meanwhile is answered but not kept.
      if (version >= (known.get(tokenNo) ?? 0)) {
        entries.delete(tokenNo);
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
        entries.set(tokenNo, { version, facts });
      }
      return facts;
    },
    close: () => watch.close(),
  };
}
