import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Projection, ReadModels } from '@plantride/projections';
import { EVENT_SCHEMA_VERSIONS, type DomainEvent } from '@plantride/schemas';
import type { StoreKind } from '../database/database';
import { START } from '../event-store/event-store';
import { applyBatch, migrateProjections } from '../projection-runner/projection-runner';
import { openTestStore, waitFor, type TestDatabase } from './test-database';

type StreamEvent = DomainEvent & { streamId: string };

/**
 * given(events) → rows, for read models: the events go into a real store (so positions are
 * real) and the projection applies them through the runner's own batch code.
 */
export async function projectionSpec(kind: StoreKind, ...projections: Projection<ReadModels>[]) {
  const { database, store } = await openTestStore(kind);
  await migrateProjections(database.db, projections);
  return {
    database: database as TestDatabase,
    db: database.db as Kysely<ReadModels>,
    async given(...events: StreamEvent[]): Promise<void> {
      let last = 0;
      for (const { streamId, type, data } of events) {
        ({ position: last } = await store.append(
          streamId,
          'any',
          [{ eventId: randomUUID(), type, schemaVersion: EVENT_SCHEMA_VERSIONS[type], data }],
          {
            commandId: randomUUID(),
            actor: { system: 'test' },
          },
        ));
      }
      // Readers see only events older than every transaction open on the server; on a shared PostgreSQL wait for ours.
      await waitFor(async () => (await store.headCheckpoint()).position >= last, 10_000, `event ${last} to be readable`);
      const recorded = await store.readAll(START, 100_000);
      await (database.db as Kysely<ReadModels>).transaction().execute((trx) => applyBatch(trx, projections, recorded));
    },
    dispose: () => database.dispose(),
  };
}
