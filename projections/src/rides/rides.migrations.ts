import { sql, type Migration } from 'kysely';
import { backfillRideStates } from './ride-fold';

export const ridesMigrations: Record<string, Migration> = {
  '0001_rides': {
    async up(db) {
      await db.schema
        .createTable('rides')
        .addColumn('ride_id', 'text', (c) => c.primaryKey())
        .addColumn('requester_id', 'text', (c) => c.notNull())
        .addColumn('requester_name', 'text', (c) => c.notNull())
        .addColumn('requester_mobile', 'text', (c) => c.notNull())
        .addColumn('from_location', 'text', (c) => c.notNull())
        .addColumn('to_location', 'text', (c) => c.notNull())
        .addColumn('vehicle_type', 'text', (c) => c.notNull())
        .addColumn('ride_type', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('estimated_minutes', 'integer', (c) => c.notNull())
        .addColumn('duration_minutes', 'integer')
        .addColumn('driver_id', 'text')
        .addColumn('driver_name', 'text')
        .addColumn('driver_mobile', 'text')
        .addColumn('vehicle_number', 'text')
        .addColumn('is_redistributed', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('original_driver_id', 'text')
        .addColumn('original_driver_name', 'text')
        .addColumn('maintenance_comment', 'text')
        .addColumn('resume_state', 'text')
        .addColumn('requested_at', 'timestamptz', (c) => c.notNull())
        .addColumn('accepted_at', 'timestamptz')
        .addColumn('started_at', 'timestamptz')
        .addColumn('picked_at', 'timestamptz')
        .addColumn('dropped_at', 'timestamptz')
        .addColumn('ended_at', 'timestamptz')
        .addColumn('cancelled_at', 'timestamptz')
        .addColumn('last_position', 'integer', (c) => c.notNull())
        .execute();
      await sql`create index rides_available on rides (vehicle_type, requested_at desc) where status in ('requested', 'waiting_for_reassignment')`.execute(
        db,
      );
      await sql`create index rides_requester on rides (requester_id, requested_at desc)`.execute(db);
      await sql`create index rides_driver on rides (driver_id, requested_at desc)`.execute(db);
    },
  },
  '0002_offers_and_priority': {
    async up(db) {
      // Issue #20. Every ride before it was broadcast and normal: the defaults say so, with no replay.
      await db.schema
        .alterTable('rides')
        .addColumn('open_to_all', 'boolean', (c) => c.notNull().defaultTo(true))
        .addColumn('offered_to', 'text')
        .addColumn('priority', 'text', (c) => c.notNull().defaultTo('normal'))
        .execute();
    },
  },
  '0003_scheduled_and_sla': {
    async up(db) {
      // Issue #20. No ride before it was booked for later or missed a target (both events are new with it): null says so, with no replay.
      await db.schema
        .alterTable('rides')
        .addColumn('scheduled_for', 'timestamptz')
        .addColumn('release_at', 'timestamptz')
        .addColumn('accept_breached_at', 'timestamptz')
        .addColumn('deliver_breached_at', 'timestamptz')
        .execute();
    },
  },
  '0004_offer_expiry': {
    async up(db) {
      // Issue #20: when the standing offer lapses, for a driver's other devices. An offer standing at
      // the migration reads null until its ride's next event; it lapses within offerSeconds anyway.
      await db.schema.alterTable('rides').addColumn('offer_expires_at', 'timestamptz').execute();
    },
  },
  '0005_ride_state': {
    async up(db) {
      // Issue #29: the status is the statechart's fold, from the snapshot the row keeps while the ride is open.
      await db.schema.alterTable('rides').addColumn('ride_state', 'text').execute();
      await backfillRideStates(db, 'rides');
    },
  },
  '0006_load': {
    async up(db) {
      // Issue #32 item 7: what is being moved, as booked. No ride before it said (RideRequested.load is new with it): null says so, with no replay.
      await db.schema.alterTable('rides').addColumn('load', 'jsonb').execute();
    },
  },
};
