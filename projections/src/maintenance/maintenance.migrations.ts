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
  '0002_driver_report_and_head_notes': {
    async up(db) {
      // Issue #32: the driver's own comment, the head's notes and the vehicle's registration, each its own column;
      // whether the close sent the vehicle back only after a passed inspection (no request closed before it did).
      await db.schema
        .alterTable('maintenance_requests')
        .addColumn('driver_comment', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('head_notes', 'text')
        .addColumn('vehicle_number', 'text')
        .addColumn('inspection_due', 'boolean', (c) => c.notNull().defaultTo(false))
        .execute();
      // Rows projected before it take them from the store, only among the events each row has applied
      // (the runner applies the later ones). A rebuild starts from empty tables instead.
      const { rows } = await sql<{ events: string | null }>`select to_regclass('events')::text as events`.execute(db);
      if (!rows[0]?.events) return;
      await sql`update maintenance_requests m set driver_comment = coalesce(e.data->>'commentText', ''), vehicle_number = e.data->>'vehicleNumber'
        from events e where e.stream_id = 'maintenance-' || m.request_id and e.event_type = 'MaintenanceRequested'`.execute(db);
      await sql`update maintenance_requests m set head_notes = n.data->>'commentText'
        from (select distinct on (e.stream_id) e.stream_id, e.data from events e join maintenance_requests r on e.stream_id = 'maintenance-' || r.request_id
              where e.event_type = 'MaintenanceCommentEdited' and e.data->>'commentText' not like 'REJECTED: %' and e.stream_position <= r.last_position order by e.stream_id, e.stream_position desc) n
        where n.stream_id = 'maintenance-' || m.request_id`.execute(db);
    },
  },
  '0003_photo_ids': {
    async up(db) {
      // Issue #34: the photos filed with the request, a JSON array of ids; no request filed before it had any.
      await db.schema
        .alterTable('maintenance_requests')
        .addColumn('photo_ids', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute();
    },
  },
};
