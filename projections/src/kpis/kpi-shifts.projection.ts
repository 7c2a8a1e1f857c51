import type { Kysely, Migration } from 'kysely';
import type { DriverShiftEnded, DriverShiftStarted } from '@plantride/schemas';
import { batchProjection, type Projection } from '../projection';
import type { ReadModels } from '../read-models';

const kpiShiftsMigrations: Record<string, Migration> = {
  '0001_kpi_driver_shifts': {
    async up(db) {
      await db.schema
        .createTable('kpi_driver_shifts')
        .addColumn('driver_id', 'text', (c) => c.notNull())
        .addColumn('started_at', 'timestamptz', (c) => c.notNull())
        .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('kpi_driver_shifts_pkey', ['driver_id', 'started_at'])
        .execute();
    },
  },
};

/**
 * The drivers' shifts, for utilisation (busy time over time on shift). A projection of its own, so
 * that it reads the store from its start when it first runs. Each statement is a no-op when repeated:
 * a start is inserted once (its key is the driver and the start), and an end only shortens a shift
 * that ran past it.
 */
export const kpiShiftsProjection: Projection<ReadModels> = batchProjection<ReadModels>({
  name: 'kpi_shifts',
  handles: ['DriverShiftStarted', 'DriverShiftEnded'],
  migrations: kpiShiftsMigrations,
  async applyBatch(events, db: Kysely<ReadModels>) {
    for (const { event } of events) {
      const shift = event as DriverShiftStarted | DriverShiftEnded;
      if (shift.type === 'DriverShiftStarted') {
        await db
          .insertInto('kpi_driver_shifts')
          .values({
            driver_id: shift.data.operatorId,
            started_at: new Date(shift.data.startedAt),
            ends_at: new Date(shift.data.endsAt),
          })
          .onConflict((c) => c.columns(['driver_id', 'started_at']).doNothing())
          .execute();
      } else {
        const endedAt = new Date(shift.data.endedAt);
        await db
          .updateTable('kpi_driver_shifts')
          .set({ ends_at: endedAt })
          .where('driver_id', '=', shift.data.operatorId)
          .where('started_at', '<=', endedAt)
          .where('ends_at', '>', endedAt)
          .execute();
      }
    }
  },
});
