import { sql } from 'kysely';
import type { Projection, ReadModels } from '@plantride/projections';
import type { StoreKind } from '../database/database';
import { createPostgresEventStore } from '../event-store/postgres-event-store';
import { projectionSpec } from './projection-spec';
import { waitFor } from './test-database';

/**
 * projectionSpec whose given() applies every event it appended. The store reads only events older
 * than every transaction open on the server, so on a PostgreSQL shared with other test runs a plain
 * given() can apply fewer events than it appended; this one waits until they are all readable.
 */
export async function settledProjectionSpec(kind: StoreKind, ...projections: Projection<ReadModels>[]) {
  const spec = await projectionSpec(kind, ...projections);
  const store = createPostgresEventStore(spec.database);
  return {
    ...spec,
    async given(...events: Parameters<typeof spec.given>): Promise<void> {
      await spec.given(...events);
      const { rows } = await sql<{ last: string | number | null }>`select max(global_position) as last from events`.execute(spec.db);
      const last = Number(rows[0]?.last ?? 0);
      await waitFor(async () => (await store.headCheckpoint()).position >= last, 10_000, `event ${last} to be readable`);
      await spec.given();
    },
  };
}
