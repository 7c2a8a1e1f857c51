/** Where a reader of `$all` stands: the last applied event's transaction id and global position. */
export interface Checkpoint {
  /** xid8 of the writing transaction, as a decimal string (it may exceed 2^53). */
  readonly transactionId: string;
  readonly position: number;
}

export const START: Checkpoint = { transactionId: '0', position: 0 };

export type ExpectedVersion = number | 'any';
/** Version of a stream that has no events yet. */
export const NO_STREAM = 0;

export interface NewEvent {
  readonly eventId: string;
  readonly type: string;
  readonly schemaVersion: number;
  readonly data: unknown;
}

export type EventMetadata = Record<string, unknown>;

export interface RecordedEvent {
  readonly eventId: string;
  readonly streamId: string;
  /** 1-based position inside its stream. */
  readonly streamPosition: number;
  readonly globalPosition: number;
  readonly transactionId: string;
  readonly type: string;
  readonly schemaVersion: number;
  readonly data: unknown;
  readonly metadata: EventMetadata;
  readonly recordedAt: Date;
}

export interface AppendResult {
  readonly events: RecordedEvent[];
  /** Stream version after the append. */
  readonly nextVersion: number;
  /** Global position of the last event appended. */
  readonly position: number;
  /** True when every event id already existed: a retried command, nothing appended. */
  readonly duplicate: boolean;
}

/**
 * One stream's part of an append to several streams. With no events it only checks that the
 * stream stands at `expectedVersion`, and keeps it there until the append commits.
 */
export interface StreamWrite {
  readonly streamId: string;
  readonly expectedVersion: ExpectedVersion;
  readonly events: readonly NewEvent[];
}

export interface MultiStreamAppendResult {
  /** Every event appended, in global order. */
  readonly events: RecordedEvent[];
  /** Global position of the last event appended. */
  readonly position: number;
  /** True when every event id already existed: a retried command, nothing appended. */
  readonly duplicate: boolean;
}

export interface Subscription {
  close(): Promise<void>;
  /** Resolves once the subscription has delivered everything committed before the call. */
  caughtUp(): Promise<void>;
}

export interface SubscribeOptions {
  batchSize?: number;
  pollIntervalMs?: number;
  onError?: (error: unknown) => void;
}

export interface EventStore {
  /**
   * Appends atomically: all events or none. A stream at another version than
   * `expectedVersion` throws ConcurrencyError and appends nothing.
   */
  append(streamId: string, expectedVersion: ExpectedVersion, events: readonly NewEvent[], metadata: EventMetadata): Promise<AppendResult>;
  /**
   * Appends to several streams in one transaction: all of them or none. Any stream at another
   * version than its `expectedVersion` throws ConcurrencyError (naming it) and appends nothing.
   */
  appendToStreams(writes: readonly StreamWrite[], metadata: EventMetadata): Promise<MultiStreamAppendResult>;
  readStream(streamId: string): Promise<RecordedEvent[]>;
  /**
   * Several streams in one read: each id's events in stream order (none for a stream that does not
   * exist). `from` gives a stream's first position to read (1 when not given): a caller that kept a
   * stream's state folded reads only what came after, plus the last event it folded, to check it.
   */
  readStreams(streamIds: readonly string[], from?: ReadonlyMap<string, number>): Promise<Map<string, RecordedEvent[]>>;
  /** Every event of every stream of one type (`driver` for `driver-…`), in global order: for state an engine keeps in memory, read once at start. */
  readStreamsOfType(streamType: string): Promise<RecordedEvent[]>;
  /** Events committed after `from`, in commit-safe order; never passes a transaction still open. */
  readAll(from: Checkpoint, limit: number): Promise<RecordedEvent[]>;
  /** Events of one command, found by the id of its first event. */
  readByEventIds(eventIds: readonly string[]): Promise<RecordedEvent[]>;
  /** Delivers every event after `from` in order, then live ones, one at a time. */
  subscribe(from: Checkpoint, handler: (event: RecordedEvent) => Promise<void> | void, options?: SubscribeOptions): Subscription;
  /** Global position of the last event readers can see. */
  headPosition(): Promise<number>;
  /** Where a reader that has read everything readable now stands (START on an empty store). */
  headCheckpoint(): Promise<Checkpoint>;
  /** The checkpoint of the readable event at `position`, or null when there is none (yet). */
  checkpointAt(position: number): Promise<Checkpoint | null>;
}

export function checkpointOf(event: Pick<RecordedEvent, 'transactionId' | 'globalPosition'>): Checkpoint {
  return { transactionId: event.transactionId, position: event.globalPosition };
}

/** Store order: by writing transaction, then global position (the order `readAll` follows). */
export function compareCheckpoints(a: Checkpoint, b: Checkpoint): number {
  const ta = BigInt(a.transactionId);
  const tb = BigInt(b.transactionId);
  if (ta !== tb) return ta < tb ? -1 : 1;
  return a.position - b.position;
}

export class ConcurrencyError extends Error {
  constructor(
    readonly streamId: string,
    readonly expectedVersion: ExpectedVersion,
  ) {
    super(`Stream ${streamId} is not at version ${String(expectedVersion)}`);
    this.name = 'ConcurrencyError';
  }
}
