import { sql, type Migration } from 'kysely';
import { backfillRideStates } from '../rides/ride-fold';

export const reportsMigrations: Record<string, Migration> = {
  '0001_ride_reports': {
    async up(db) {
      await db.schema
        .createTable('ride_reports')
        .addColumn('ride_id', 'text', (c) => c.primaryKey())
        .addColumn('requester_id', 'text', (c) => c.notNull())
        .addColumn('requester_name', 'text', (c) => c.notNull())
        .addColumn('from_location', 'text', (c) => c.notNull())
        .addColumn('to_location', 'text', (c) => c.notNull())
        .addColumn('vehicle_type', 'text', (c) => c.notNull())
        .addColumn('ride_type', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('driver_id', 'text')
        .addColumn('driver_name', 'text')
        .addColumn('vehicle_number', 'text')
        .addColumn('vehicle_number_key', 'text')
        .addColumn('forklift_number', 'text')
        .addColumn('started_at', 'timestamptz')
        .addColumn('picked_at', 'timestamptz')
        .addColumn('dropped_at', 'timestamptz')
        .addColumn('ended_at', 'timestamptz')
        .addColumn('last_position', 'integer', (c) => c.notNull())
        .execute();
      // Every page is newest first with the ride id as tiebreak; each equality filter gets that order
      // behind it, so a filtered page reads only its own rows. A driver name part cannot use a btree
      // (no pg_trgm on PGlite), so it is first matched against report_driver_names and becomes driver ids.
      await sql`create index ride_reports_by_created on ride_reports (created_at desc, ride_id desc)`.execute(db);
      for (const [name, column] of [
        ['ride_reports_by_status', 'status'],
        ['ride_reports_by_vehicle_type', 'vehicle_type'],
        ['ride_reports_by_vehicle_number', 'vehicle_number_key'],
        ['ride_reports_by_forklift', 'forklift_number'],
        ['ride_reports_by_driver', 'driver_id'],
      ] as const) {
        await sql`create index ${sql.id(name)} on ride_reports (${sql.id(column)}, created_at desc, ride_id desc)`.execute(db);
      }
      // The 'Other' vehicle filter: rows of no bookable type (the VEHICLE_TYPES of this migration's day).
      await sql`create index ride_reports_by_other_vehicle on ride_reports (created_at desc, ride_id desc) where vehicle_type not in ('Forklift', 'Crane', 'AMR', 'Cherry Picker')`.execute(
        db,
      );

      await db.schema
        .createTable('report_drivers')
        .addColumn('operator_id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text')
        .addColumn('vehicle_number', 'text')
        .addColumn('forklift_number', 'text')
        .addColumn('completed_maintenance_date', 'timestamptz')
        .addColumn('released_maintenance_date', 'timestamptz')
        .addColumn('latest_request_id', 'text')
        .addColumn('maintenance_status', 'text')
        .execute();

      await db.schema
        .createTable('report_driver_names')
        .addColumn('driver_id', 'text', (c) => c.notNull())
        .addColumn('driver_name', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('report_driver_names_pkey', ['driver_id', 'driver_name'])
        .execute();

      await db.schema
        .createTable('report_maintenance_requests')
        .addColumn('request_id', 'text', (c) => c.primaryKey())
        .addColumn('driver_id', 'text', (c) => c.notNull())
        .execute();
    },
  },
  '0002_priority_and_sla': {
    async up(db) {
      // Issue #20: the priority and SLA_MET filters, each with the page order behind it like the others.
      await db.schema
        .alterTable('ride_reports')
        .addColumn('priority', 'text', (c) => c.notNull().defaultTo('normal'))
        .addColumn('sla_met', 'boolean')
        .execute();
      // Rows projected before: their priority from the rides read model when it is beside them (as
      // kpis 0002 does); no ride missed a target yet (RideSlaBreached is new with this), so a completed one met them.
      const { rows } = await sql<{ rides: string | null }>`select to_regclass('rides')::text as rides`.execute(db);
      if (rows[0]?.rides) {
        await sql`update ride_reports r set priority = s.priority from rides s where s.ride_id = r.ride_id and s.priority <> r.priority`.execute(
          db,
        );
      }
      await sql`update ride_reports set sla_met = true where status = 'completed'`.execute(db);
      await sql`create index ride_reports_by_priority on ride_reports (priority, created_at desc, ride_id desc)`.execute(db);
      await sql`create index ride_reports_by_sla_met on ride_reports (sla_met, created_at desc, ride_id desc)`.execute(db);
    },
  },
  '0003_ride_state': {
    async up(db) {
      // Issue #29: the status is the statechart's fold, from the snapshot the row keeps while the ride is open.
      await db.schema.alterTable('ride_reports').addColumn('ride_state', 'text').execute();
      await backfillRideStates(db, 'ride_reports');
    },
  },
  '0004_load': {
    async up(db) {
      // Issue #32 item 7: what is being moved, as booked. No ride before it said (RideRequested.load is new with it): null says so, with no replay.
      await db.schema.alterTable('ride_reports').addColumn('load', 'jsonb').execute();
    },
  },
  '0005_scan_overrides': {
    async up(db) {
      // Issue #34 item 2: steps recorded without their scan. No step before it needed one (scan is new with it): null, with no replay.
      await db.schema.alterTable('ride_reports').addColumn('scan_overrides', 'text').execute();
    },
  },
};
