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
  '0002_kpi_routes': {
    async up(db) {
      await db.schema.alterTable('kpi_rides').addColumn('from_location', 'text').execute();
      await db.schema.alterTable('kpi_rides').addColumn('to_location', 'text').execute();
      // Rows projected before this migration take their places from the rides read model, when it is
      // beside them (a rebuild of the KPIs alone has it elsewhere, but then starts from empty tables).
      const { rows } = await sql<{ rides: string | null }>`select to_regclass('rides')::text as rides`.execute(db);
      if (rows[0]?.rides) {
        await sql`update kpi_rides k set from_location = r.from_location, to_location = r.to_location from rides r where r.ride_id = k.ride_id and k.from_location is null`.execute(
          db,
        );
      }
    },
  },
  '0003_kpi_sla': {
    async up(db) {
      await db.schema.alterTable('kpi_rides').addColumn('sla_met', 'boolean').execute();
      // No ride missed a service target before this migration (RideSlaBreached is new with it): one that ended met them.
      await sql`update kpi_rides set sla_met = true where ended_at is not null`.execute(db);
    },
  },
};
