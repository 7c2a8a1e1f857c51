import type { Kysely } from 'kysely';
import { handlesEvent, type Projection, type ReadModels } from '@plantride/projections';
import type { Database } from '../database/database';
import { START, type RecordedEvent } from '../event-store/event-store';
import { createPostgresEventStore } from '../event-store/postgres-event-store';
import { toDomainEvent } from '../event-store/upcast';

/** Everything in the store, in store order, with the positions and times the store gave it. */
export async function recordedEvents(database: Database): Promise<RecordedEvent[]> {
  return createPostgresEventStore(database).readAll(START, 100_000);
}

/**
 * Hands stored events (all, or those `which` picks) to the projections once more, as one batch
 * (`applyBatch`, or `apply` event by event for a projection without it), past
 * the runner and its checkpoints (which would skip them): what a second delivery does to the rows.
 * Re-applying a whole history in order converges anyway, so pick older events to catch a row going back.
 */
export async function redeliver(
  database: Database,
  projections: Projection<ReadModels>[],
  which: (event: RecordedEvent) => boolean = () => true,
): Promise<void> {
  const recorded = (await recordedEvents(database)).filter(which);
  await (database.db as Kysely<ReadModels>).transaction().execute(async (trx) => {
    for (const projection of projections) {
      const events = recorded
        .filter((event) => handlesEvent(projection, event.type))
        .map((event) => ({ event: toDomainEvent(event), position: event }));
      if (projection.applyBatch) await projection.applyBatch(events, trx);
      else for (const { event, position } of events) await projection.apply(event, position, trx);
    }
  });
}
