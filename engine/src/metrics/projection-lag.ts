import { START } from '../event-store/event-store';
import type { EventStore } from '../event-store/event-store';
import type { Database } from '../database/database';
import { readCheckpoints } from '../projection-runner/checkpoints';

export interface ProjectionLag {
  projection: string;
  /** Store head position minus the projection's checkpoint position (0 when caught up). */
  events: number;
  /** Age of the oldest event the projection has not applied yet; 0 when caught up. */
  seconds: number;
}

/**
 * How far each read model is behind the store, from the committed checkpoints, so it reads the
 * same whichever engine process runs the projection. Positions are allocated before commit, so
 * `events` is an estimate; `seconds` looks at the first event the projection would read next.
 */
export async function readProjectionLag(
  database: Database,
  store: EventStore,
  projections: readonly string[],
  now = new Date(),
): Promise<ProjectionLag[]> {
  const [head, checkpoints] = await Promise.all([store.headPosition(), readCheckpoints(database.db)]);
  return Promise.all(
    projections.map(async (projection) => {
      const checkpoint = checkpoints.get(projection) ?? START;
      const [next] = await store.readAll(checkpoint, 1);
      return {
        projection,
        events: next ? Math.max(0, head - checkpoint.position) : 0,
        seconds: next ? Math.max(0, (now.getTime() - next.recordedAt.getTime()) / 1000) : 0,
      };
    }),
  );
}
