import { sql, type Migration } from 'kysely';

export const usersMigrations: Record<string, Migration> = {
  '0001_users': {
    async up(db) {
      await db.schema
        .createTable('users')
        .addColumn('token_no', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('mobile', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('assigned_vehicle_type', 'text')
        .addColumn('is_blocked', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('last_position', 'integer', (c) => c.notNull())
        .execute();
      await sql`create index users_drivers on users (assigned_vehicle_type) where role = 'driver'`.execute(db);
    },
  },
  '0002_driver_registration': {
    async up(db) {
      await db.schema.alterTable('users').addColumn('driver_registration', 'text').execute();
      await sql`create index users_pending_registrations on users (created_at) where driver_registration = 'pending'`.execute(db);
    },
  },
};
