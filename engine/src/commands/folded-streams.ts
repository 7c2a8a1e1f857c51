import type { EventStore } from '../event-store/event-store';

/** A stream's state as this process last folded it for a command, and the event it was folded to. */
export interface Folded {
  /** The fold it was made with: a state is only reused by the same `evolve`. */
  readonly evolve: unknown;
  readonly state: unknown;
  /** Stream position of the last event folded (≥ 1). */
  readonly version: number;
  readonly lastEventId: string;
  /** Global position of that event. */
  readonly position: number;
}

/**
 * The states commands and reads (`readVersionedState`) folded lately, per stream (issue #18): a read
 * takes only the events after the one its stream was folded to, plus that one to check it is still there (a store rebuilt or a
 * transaction rolled back under the same store object would otherwise leave a state ahead of it).
 * States are never changed in place (every `evolve` returns a new one), so commands share them.
 * Least recently used ones go past `limit`.
 */
export class FoldedStreams {
  private readonly entries = new Map<string, Folded>();

  constructor(private readonly limit = 5_000) {}

  get(streamId: string): Folded | undefined {
    const entry = this.entries.get(streamId);
    if (entry) {
      this.entries.delete(streamId);
      this.entries.set(streamId, entry);
    }
    return entry;
  }

  set(streamId: string, entry: Folded): void {
    const known = this.entries.get(streamId);
    // Two commands folding the same stream at once: the one folded further stays.
    if (known && known.version > entry.version) return;
    this.entries.delete(streamId);
    this.entries.set(streamId, entry);
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value as string);
  }

  delete(streamId: string): void {
    this.entries.delete(streamId);
  }
}

const byStore = new WeakMap<EventStore, FoldedStreams>();

/** The folded states kept for one store (tests open many stores in one process). */
export function foldedStreamsOf(store: EventStore): FoldedStreams {
  let folded = byStore.get(store);
  if (!folded) byStore.set(store, (folded = new FoldedStreams()));
  return folded;
}
