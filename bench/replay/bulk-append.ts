import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../../engine/src/database/database';
import { streamTypeOf } from '../../engine/src/event-store/postgres-event-store';
import { schemaVersionOf, type GeneratedEvent } from './ride-history.generator';

/**
 * Writes generated events straight into the store's tables, many rows per statement (the events
 * table's trigger refuses only updates and deletes). Each call is one transaction, like one big
 * append; stream versions continue across calls.
 */
export class BulkAppender {
  private readonly versions = new Map<string, number>();
  written = 0;

  constructor(private readonly database: Database) {}

  async write(events: readonly GeneratedEvent[]): Promise<void> {
    const streamIds: string[] = [];
    const positions: number[] = [];
    const ids: string[] = [];
    const types: string[] = [];
    const versions: number[] = [];
    const datas: string[] = [];
    const metadatas: string[] = [];
    const times: string[] = [];
    for (const event of events) {
      const position = (this.versions.get(event.streamId) ?? 0) + 1;
      this.versions.set(event.streamId, position);
      const commandId = randomUUID();
      streamIds.push(event.streamId);
      positions.push(position);
      ids.push(randomUUID());
      types.push(event.type);
      versions.push(schemaVersionOf(event.type));
      datas.push(JSON.stringify(event.data));
      metadatas.push(JSON.stringify({ commandId, correlationId: commandId, causationId: null, actor: event.actor }));
      times.push(new Date(event.at).toISOString());
    }
    const touched = [...new Set(streamIds)];
    await this.database.db.transaction().execute(async (trx) => {
      // Events first: the store lets a transaction write events only before anything else.
      await sql`insert into events (stream_id, stream_position, event_id, event_type, schema_version, data, metadata, recorded_at)
        select s, p, i, t, v, d, m, r
        from unnest(${streamIds}::text[], ${positions}::bigint[], ${ids}::uuid[], ${types}::text[], ${versions}::int[], ${datas}::jsonb[], ${metadatas}::jsonb[], ${times}::timestamptz[])
          with ordinality as x(s, p, i, t, v, d, m, r, n)
        order by n`.execute(trx);
      await sql`insert into streams (stream_id, stream_type, version)
        select s, st, v from unnest(${touched}::text[], ${touched.map(streamTypeOf)}::text[], ${touched.map((s) => this.versions.get(s)!)}::bigint[]) as x(s, st, v)
        on conflict (stream_id) do update set version = excluded.version, updated_at = now()`.execute(trx);
    });
    this.written += events.length;
  }
}
