import type { Kysely, Migration } from 'kysely';
import type { DomainEvent, EventType } from '@plantride/schemas';

/** Where an event sits in the store, so a read model row can remember the last position applied to it. */
export interface EventPosition {
  readonly streamId: string;
  readonly streamPosition: number;
  readonly globalPosition: number;
  readonly recordedAt: Date;
}

/** An event with its place in the store, as a batch hands it to a projection. */
export interface PositionedEvent {
  readonly event: DomainEvent;
  readonly position: EventPosition;
}

/**
 * One read model: the event types it handles, how each updates its tables, and its migrations.
 * `apply` runs inside the runner's transaction, beside the checkpoint write, so a crash never
 * half-applies an event; it must also be a no-op for an event it has already applied.
 * `applyBatch`, when a projection has it, does the same for several events at once (in store
 * order, only types it handles) with the same effect as applying them one by one; the runner
 * prefers it.
 */
export interface Projection<DB = unknown> {
  readonly name: string;
  readonly handles: readonly EventType[];
  readonly migrations: Record<string, Migration>;
  /**
   * Secondary indexes its applyBatch looks rows up by (other than primary and unique keys): a
   * rebuild keeps them while it fills its tables, and builds the others once at the end.
   */
  readonly lookupIndexes?: readonly string[];
  apply(event: DomainEvent, position: EventPosition, trx: Kysely<DB>): Promise<void>;
  applyBatch?(events: readonly PositionedEvent[], trx: Kysely<DB>): Promise<void>;
}

export function handlesEvent(projection: Pick<Projection, 'handles'>, type: string): boolean {
  return (projection.handles as readonly string[]).includes(type);
}

/** A projection written once, for a batch: a single event is a batch of one. */
export function batchProjection<DB>(
  spec: Omit<Projection<DB>, 'apply' | 'applyBatch'> & { applyBatch(events: readonly PositionedEvent[], trx: Kysely<DB>): Promise<void> },
): Projection<DB> {
  return {
    ...spec,
    apply: (event, position, trx) => spec.applyBatch([{ event, position }], trx),
  };
}
