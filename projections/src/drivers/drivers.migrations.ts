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
};
