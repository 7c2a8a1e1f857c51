import { sql, type Migration } from 'kysely';

export const driversMigrations: Record<string, Migration> = {
  '0001_drivers': {
    async up(db) {
      await db.schema
        .createTable('drivers')
        .addColumn('operator_id', 'text', (c) => c.primaryKey())
        .addColumn('serial', 'integer', (c) => c.notNull())
        .addColumn('vehicle', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('mobile', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('forklift', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('comments', 'text', (c) => c.notNull())
        .addColumn('vehicle_assigned', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('blocked_for_maintenance', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('maintenance_request_id', 'text')
        .addColumn('access_active', 'boolean', (c) => c.notNull().defaultTo(true))
        .addColumn('last_maintenance_date', 'timestamptz')
        .addColumn('last_position', 'integer', (c) => c.notNull())
        .execute();
      await sql`create index drivers_vehicle on drivers (vehicle_assigned, status)`.execute(db);
    },
  },
  '0002_last_inspection': {
    async up(db) {
      // Issue #21.
      await db.schema
        .alterTable('drivers')
        .addColumn('last_inspected_at', 'timestamptz')
        .addColumn('last_inspection_day', 'text')
        .addColumn('last_inspection_passed', 'boolean')
        .execute();
      // Rows projected before it take their latest inspection from the store, only among the events each
      // row has applied (the runner applies the later ones). A rebuild starts from empty tables instead.
      const { rows } = await sql<{ events: string | null }>`select to_regclass('events')::text as events`.execute(db);
      if (!rows[0]?.events) return;
      await sql`update drivers d set last_inspected_at = (i.data->>'inspectedAt')::timestamptz, last_inspection_day = i.data->>'day', last_inspection_passed = (i.data->>'passed')::boolean
        from (select distinct on (e.stream_id) e.stream_id, e.data from events e join drivers r on e.stream_id = 'driver-' || r.operator_id
              where e.event_type = 'VehicleInspected' and e.stream_position <= r.last_position order by e.stream_id, e.stream_position desc) i
        where i.stream_id = 'driver-' || d.operator_id`.execute(db);
    },
  },
};
