import { sql, type Migration } from 'kysely';

export const fleetMigrations: Record<string, Migration> = {
  '0001_fleet': {
    async up(db) {
      await db.schema
        .createTable('fleet_drivers')
        .addColumn('operator_id', 'text', (c) => c.notNull().primaryKey())
        .addColumn('vehicle', 'text', (c) => c.notNull())
        .addColumn('vehicle_type', 'text', (c) => c.notNull())
        .addColumn('blocked_for', 'text')
        .addColumn('ride_id', 'text')
        .addColumn('taken_at', 'timestamptz')
        .addColumn('taken_day', 'text')
        .addColumn('taken_vehicle', 'text')
        .addColumn('taken_vehicle_type', 'text')
        .addColumn('inspected_day', 'text')
        .addColumn('last_position', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('fleet_breakdowns')
        .addColumn('request_id', 'text', (c) => c.notNull().primaryKey())
        .addColumn('driver_id', 'text')
        .addColumn('vehicle_type', 'text')
        .addColumn('vehicle', 'text')
        .addColumn('day', 'text')
        .addColumn('blocked_at', 'timestamptz')
        .addColumn('completed_at', 'timestamptz')
        .addColumn('rejected_at', 'timestamptz')
        .addColumn('unblocked_at', 'timestamptz')
        .addColumn('request_position', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      // The figures read a range of days, optionally of one vehicle type.
      await sql`create index fleet_breakdowns_by_day on fleet_breakdowns (day, vehicle_type)`.execute(db);
      await db.schema
        .createTable('fleet_vehicle_days')
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('vehicle_type', 'text', (c) => c.notNull())
        .addColumn('unit', 'text', (c) => c.notNull())
        .addColumn('vehicle', 'text', (c) => c.notNull())
        .addColumn('operating_ms', 'double precision', (c) => c.notNull().defaultTo(0))
        .addColumn('first_take_at', 'timestamptz', (c) => c.notNull())
        .addColumn('inspected', 'boolean', (c) => c.notNull())
        .addPrimaryKeyConstraint('fleet_vehicle_days_pkey', ['day', 'vehicle_type', 'unit'])
        .execute();
    },
  },
};
