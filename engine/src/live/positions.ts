import { START, checkpointOf, type Checkpoint, type EventStore, type RecordedEvent } from '../event-store/event-store';

export const PAGE_SIZE = 500;
const DEFAULT_CAPACITY = 100_000;

/** Store order: by writing transaction, then global position (what `readAll` follows). */
export function compareCheckpoints(a: Checkpoint, b: Checkpoint): number {
  const byTransaction = BigInt(a.transactionId) - BigInt(b.transactionId);
  if (byTransaction !== 0n) return byTransaction < 0n ? -1 : 1;
  return a.position - b.position;
}

/**
 * Global position → checkpoint of recent events. Clients only know positions, but `$all`
 * runs in commit order, where a later position may come first; resuming at the exact
 * checkpoint of the last event a client saw is what makes a catch-up neither lose nor repeat.
 */
export class PositionIndex {
  private readonly checkpoints = new Map<number, Checkpoint>();

  constructor(private readonly capacity = DEFAULT_CAPACITY) {}

  record(event: RecordedEvent): void {
    this.checkpoints.set(event.globalPosition, checkpointOf(event));
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

/** The store's head as a checkpoint, indexing the events passed on the way. */
export async function headCheckpoint(store: EventStore, index: PositionIndex): Promise<Checkpoint> {
  return readAllFrom(store, START, (event) => index.record(event));
}

/**
 * Where to resume for a client whose last event was at `position`: the index, or a scan of the
 * store for a position older than the index (or not yet seen here). An unknown position resumes at the head.
 */
export async function checkpointAt(store: EventStore, index: PositionIndex, position: number): Promise<Checkpoint> {
  if (position === 0) return START;
  const known = index.get(position);
  if (known) return known;
  let found: Checkpoint | undefined;
  const head = await readAllFrom(store, START, (event) => {
    if (event.globalPosition !== position) return true;
    found = checkpointOf(event);
    return false;
  });
  return found ?? head;
}
