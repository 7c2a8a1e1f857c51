import { sql, type Migration } from 'kysely';

export const kpisMigrations: Record<string, Migration> = {
  '0001_kpis': {
    async up(db) {
      await db.schema
        .createTable('kpi_rides')
        .addColumn('ride_id', 'text', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('vehicle_type', 'text', (c) => c.notNull())
        .addColumn('requested_at', 'timestamptz', (c) => c.notNull())
        .addColumn('accepted_at', 'timestamptz')
        .addColumn('picked_at', 'timestamptz')
        .addColumn('dropped_at', 'timestamptz')
        .addColumn('ended_at', 'timestamptz')
        .addColumn('cancelled_at', 'timestamptz')
        .addColumn('wait_seconds', 'double precision')
        .addColumn('pickup_seconds', 'double precision')
        .addColumn('delivery_seconds', 'double precision')
        .addColumn('driver_id', 'text')
        .addColumn('driver_name', 'text')
        .addColumn('driver_since', 'timestamptz')
        .addColumn('last_position', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('kpi_rides_pkey', ['ride_id'])
        .execute();
      // The KPI query reads a range of days, optionally one vehicle type, and nothing else.
      await sql`create index kpi_rides_by_day on kpi_rides (day, vehicle_type)`.execute(db);
      await db.schema
        .createTable('kpi_driver_days')
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('driver_id', 'text', (c) => c.notNull())
        .addColumn('vehicle_type', 'text', (c) => c.notNull())
        .addColumn('driver_name', 'text', (c) => c.notNull())
        .addColumn('rides_completed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('busy_seconds', 'double precision', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('kpi_driver_days_pkey', ['day', 'driver_id', 'vehicle_type'])
        .execute();
    },
  },
};
