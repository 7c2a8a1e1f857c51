import { START, checkpointOf, compareCheckpoints, type Checkpoint, type EventStore, type RecordedEvent } from '../event-store/event-store';

export const PAGE_SIZE = 500;
const DEFAULT_CAPACITY = 100_000;

export { compareCheckpoints };

/**
 * Global position → checkpoint of recent events. Clients only know positions, but `$all`
 * runs in commit order, where a later position may come first; resuming at the exact
 * checkpoint of the last event a client saw is what makes a catch-up neither lose nor repeat.
 */
export class PositionIndex {
  private readonly checkpoints = new Map<number, Checkpoint>();

  constructor(private readonly capacity = DEFAULT_CAPACITY) {}

  record(event: RecordedEvent): void {
    this.remember(checkpointOf(event));
  }

  remember(checkpoint: Checkpoint): void {
    this.checkpoints.set(checkpoint.position, checkpoint);
    if (this.checkpoints.size > this.capacity) {
      const oldest = this.checkpoints.keys().next().value;
      if (oldest !== undefined) this.checkpoints.delete(oldest);
    }
  }

  get(position: number): Checkpoint | undefined {
    return this.checkpoints.get(position);
  }
}

/** Reads `$all` page by page from `from`, calling `each` in order; resolves to the checkpoint of the last event read. */
export async function readAllFrom(
  store: EventStore,
  from: Checkpoint,
  each: (event: RecordedEvent) => Promise<boolean | void> | boolean | void,
): Promise<Checkpoint> {
  let checkpoint = from;
  for (;;) {
    const page = await store.readAll(checkpoint, PAGE_SIZE);
    for (const event of page) {
      if ((await each(event)) === false) return checkpoint;
      checkpoint = checkpointOf(event);
    }
    if (page.length < PAGE_SIZE) return checkpoint;
  }
}

/** The store's head as a checkpoint: one indexed lookup, not a read of the whole store. */
export async function headCheckpoint(store: EventStore, index: PositionIndex): Promise<Checkpoint> {
  const head = await store.headCheckpoint();
  if (head.position > 0) index.remember(head);
  return head;
}

/**
 * Where to resume for a client whose last event was at `position`: the index, else the store's
 * own lookup. An unknown position (past the head, or not yet readable) resumes at the head.
 */
export async function checkpointAt(store: EventStore, index: PositionIndex, position: number): Promise<Checkpoint> {
  if (position === 0) return START;
  return index.get(position) ?? (await store.checkpointAt(position)) ?? (await store.headCheckpoint());
}
