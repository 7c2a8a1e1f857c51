import type { Kysely } from 'kysely';
import { PROJECTIONS, batchProjection, type PositionedEvent, type Projection, type ReadModels } from '@plantride/projections';

/**
 * The rides read model as it was before commit 3cb30ef (issue #29): a RideRedistributed leaves
 * `open_to_all` as it stood, so a ride offered under offer dispatch and then redistributed stays closed
 * to every driver. Wraps the real projection (its tables, its every other rule) and puts the column
 * back after each RideRedistributed: a bug planted from outside, through the projections list the app
 * takes (AppOptions.projections), to show the property finds it.
 */
function withoutRedistributedOpenToAll(rides: Projection<ReadModels>): Projection<ReadModels> {
  const applyBatch = async (events: readonly PositionedEvent[], db: Kysely<ReadModels>) => {
    if (rides.applyBatch) return rides.applyBatch(events, db);
    for (const { event, position } of events) await rides.apply(event, position, db);
  };
  return batchProjection<ReadModels>({
    name: rides.name,
    handles: rides.handles,
    migrations: rides.migrations,
    lookupIndexes: rides.lookupIndexes,
    async applyBatch(events, db) {
      let from = 0;
      for (const [i, { event }] of events.entries()) {
        if (event.type !== 'RideRedistributed') continue;
        if (i > from) await applyBatch(events.slice(from, i), db);
        const rideId = event.data.rideId;
        const before = await db.selectFrom('rides').select('open_to_all').where('ride_id', '=', rideId).executeTakeFirst();
        await applyBatch([events[i]!], db);
        if (before) await db.updateTable('rides').set({ open_to_all: before.open_to_all }).where('ride_id', '=', rideId).execute();
        from = i + 1;
      }
      if (from < events.length) await applyBatch(events.slice(from), db);
    },
  });
}

/** Every projection the engine runs, with the rides read model's planted bug. */
export const projectionsWithPlantedRidesBug = (): Projection<ReadModels>[] =>
  PROJECTIONS.map((projection) => (projection.name === 'rides' ? withoutRedistributedOpenToAll(projection) : projection));
