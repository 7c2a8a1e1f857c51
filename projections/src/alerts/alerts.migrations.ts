import { sql, type Migration } from 'kysely';

export const alertsMigrations: Record<string, Migration> = {
  '0001_alerts': {
    async up(db) {
      await db.schema
        .createTable('alerts')
        .addColumn('alert_id', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('ride_id', 'text', (c) => c.notNull())
        .addColumn('detail', 'text')
        .addColumn('raised_at', 'timestamptz', (c) => c.notNull())
        .addColumn('acknowledged_at', 'timestamptz')
        .addColumn('acknowledged_by', 'text')
        .execute();
      // The board reads the open ones, newest first.
      await sql`create index alerts_open on alerts (raised_at desc, alert_id) where acknowledged_at is null`.execute(db);
    },
  },
};
