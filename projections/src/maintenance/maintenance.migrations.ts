import { sql, type Migration } from 'kysely';

export const maintenanceMigrations: Record<string, Migration> = {
  '0001_maintenance_requests': {
    async up(db) {
      await db.schema
        .createTable('maintenance_requests')
        .addColumn('request_id', 'text', (c) => c.primaryKey())
        .addColumn('driver_id', 'text', (c) => c.notNull())
        .addColumn('driver_name', 'text', (c) => c.notNull())
        .addColumn('vehicle_type', 'text', (c) => c.notNull())
        .addColumn('issue', 'text', (c) => c.notNull())
        .addColumn('comment_text', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('breakdown_type', 'text')
        .addColumn('ride_id', 'text')
        .addColumn('requested_at', 'timestamptz', (c) => c.notNull())
        .addColumn('accepted_at', 'timestamptz')
        .addColumn('rejected_at', 'timestamptz')
        .addColumn('rejection_reason', 'text')
        .addColumn('maintenance_date', 'timestamptz')
        .addColumn('last_position', 'integer', (c) => c.notNull())
        .execute();
      await sql`create index maintenance_requests_recent on maintenance_requests (requested_at desc)`.execute(db);
      await sql`create index maintenance_requests_driver on maintenance_requests (driver_id, status)`.execute(db);
    },
  },
};
