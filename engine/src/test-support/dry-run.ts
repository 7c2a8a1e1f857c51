import type { CommandContext } from '@plantride/schemas';
import type { CommandHandler, EventsOf, StatesOf, StreamRef, Streams } from '../commands/command-handler';
import { DomainError } from '../commands/errors';
import type { EventStore, RecordedEvent } from '../event-store/event-store';
import { toDomainEvent } from '../event-store/upcast';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyRef = StreamRef<any, any>;

/** What a command would come to now: granted, with what it would append, or refused as its route would answer. */
export type DryRun<R extends Streams> =
  | { readonly granted: true; readonly events: EventsOf<R> }
  | { readonly granted: false; readonly status: DomainError['status']; readonly message: string };

/**
 * The store as it stood when first read, for many dry runs: each stream is read once (`prefetch`
 * reads many in one statement) and folded once per fold, so deciding a command for every driver and
 * ride costs a few statements. Make a new one to see later appends.
 */
export interface StoreReader {
  prefetch(streamIds: readonly string[]): Promise<void>;
  /** A stream's events as stored (read if not yet). */
  events(streamId: string): Promise<readonly RecordedEvent[]>;
  /** What a stream folds to through `ref` (read if not yet), as the command pipeline folds it. */
  state<State>(ref: StreamRef<State, never>): Promise<State>;
}

export function storeReader(store: EventStore): StoreReader {
  const read = new Map<string, readonly RecordedEvent[]>();
  // A stream folds differently through different refs (a ride's snapshot, a driver's state): one fold per evolve.
  const folded = new Map<string, Map<unknown, unknown>>();
  const prefetch = async (ids: readonly string[]) => {
    const missing = [...new Set(ids)].filter((id) => !read.has(id));
    if (missing.length === 0) return;
    const rows = await store.readStreams(missing);
    for (const id of missing) read.set(id, rows.get(id) ?? []);
  };
  const events = async (id: string) => {
    await prefetch([id]);
    return read.get(id)!;
  };
  return {
    prefetch,
    events,
    async state<State>(ref: StreamRef<State, never>): Promise<State> {
      const byFold = folded.get(ref.id) ?? new Map<unknown, unknown>();
      folded.set(ref.id, byFold);
      if (!byFold.has(ref.evolve)) {
        const evolve = ref.evolve as AnyRef['evolve'];
        byFold.set(
          ref.evolve,
          (await events(ref.id)).reduce((state, event) => evolve(state, toDomainEvent(event)), ref.initial()),
        );
      }
      return byFold.get(ref.evolve) as State;
    },
  };
}

export interface DryRunOptions<R extends Streams> {
  /**
   * The states the decision sees, changed first: "would it be granted if …", asked of the decider
   * itself. Must not mutate what it is given (the reader's folds are shared).
   */
  given?: (states: StatesOf<R>) => StatesOf<R>;
}

/**
 * A command's decision without its append: the streams its handler names are read (round by round,
 * as `handle` reads them: a round may name more), and its `decide` runs with the actor and clock given.
 * A refusal (DomainError) is answered; any other error is a bug and is thrown.
 */
export async function dryRun<Command, R extends Streams>(
  reader: StoreReader,
  handler: CommandHandler<Command, R>,
  command: Command,
  context: CommandContext,
  options: DryRunOptions<R> = {},
): Promise<DryRun<R>> {
  const states: Record<string, unknown> = {};
  const named = new Set<string>();
  let refs: Streams = handler.streams(command, {});
  for (;;) {
    const fresh = Object.values(refs).filter((ref): ref is AnyRef => ref !== undefined && !named.has(ref.id));
    if (fresh.length === 0) break;
    await reader.prefetch(fresh.map((ref) => ref.id));
    fresh.forEach((ref) => named.add(ref.id));
    for (const [name, ref] of Object.entries(refs)) if (ref) states[name] = await reader.state(ref);
    refs = handler.streams(command, states as Partial<StatesOf<R>>);
  }
  const seen = states as StatesOf<R>;
  try {
    return { granted: true, events: handler.decide(command, options.given ? options.given(seen) : seen, context) };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { granted: false, status: error.status, message: error.message };
  }
}
