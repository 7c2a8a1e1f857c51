import type { Migration } from 'kysely';

export const rideHistoryMigrations: Record<string, Migration> = {
  '0001_ride_history': {
    async up(db) {
      await db.schema
        .createTable('ride_history')
        .addColumn('party_id', 'text', (c) => c.notNull())
        .addColumn('party_role', 'text', (c) => c.notNull())
        .addColumn('ride_id', 'text', (c) => c.notNull())
        .addColumn('requested_at', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('ride_history_pkey', ['party_id', 'party_role', 'ride_id'])
        .execute();
      await db.schema
        .createIndex('ride_history_by_party')
        .on('ride_history')
        .columns(['party_id', 'party_role', 'requested_at desc', 'ride_id'])
        .execute();
      // Accept and take-over name only the ride; its booking time is copied from the requester's row.
      await db.schema.createIndex('ride_history_by_ride').on('ride_history').columns(['ride_id']).execute();
    },
  },
};
