import { sql, type Migration } from 'kysely';

export const inspectionsMigrations: Record<string, Migration> = {
  '0001_inspections': {
    async up(db) {
      await db.schema
        .createTable('inspections')
        .addColumn('inspection_id', 'text', (c) => c.primaryKey())
        .addColumn('operator_id', 'text', (c) => c.notNull())
        .addColumn('vehicle_type', 'text', (c) => c.notNull())
        .addColumn('vehicle_number', 'text', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('passed', 'boolean', (c) => c.notNull())
        .addColumn('items', 'jsonb', (c) => c.notNull())
        .addColumn('inspected_at', 'timestamptz', (c) => c.notNull())
        .addColumn('maintenance_request_id', 'text')
        .execute();
      // The staff list, newest first; a driver's own (filter, and the ride audit's lookup); a range of days.
      await sql`create index inspections_newest on inspections (inspected_at desc, inspection_id desc)`.execute(db);
      await sql`create index inspections_driver on inspections (operator_id, inspected_at desc)`.execute(db);
      await sql`create index inspections_day on inspections (day)`.execute(db);
    },
  },
};
