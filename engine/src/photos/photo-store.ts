import { createHash } from 'node:crypto';
import { sql, type Migration } from 'kysely';
import { runMigrations, type AnyDb } from '../database/migrate';

/*
 * The photos themselves (issue #34 item 3): a side table beside the events, in the same database in
 * both modes (PGlite is PostgreSQL too; docs/DECISIONS.md). Not events: the bytes would bloat every
 * replay and the audit feed; an event names its photos by id. A photo is written once, under the id
 * the phone chose, by the driver who took it, and never changed.
 */

const migrations: Record<string, Migration> = {
  '0001_photos': {
    async up(trx) {
      await sql`create table photos (
        photo_id text primary key,
        owner_id text not null,
        bytes bytea not null,
        size integer not null,
        sha256 text not null,
        stored_at timestamptz not null
      )`.execute(trx);
    },
  },
};

export interface StoredPhoto {
  ownerId: string;
  bytes: Buffer;
}

/** 'stored' (now, or already by the same upload), or 'taken': the id holds another photo or another driver's. */
export type PutOutcome = 'stored' | 'taken';

export interface PhotoStore {
  put(photoId: string, ownerId: string, bytes: Buffer, at: Date): Promise<PutOutcome>;
  get(photoId: string): Promise<StoredPhoto | null>;
  /** Who took each of `photoIds` that is stored. */
  owners(photoIds: readonly string[]): Promise<Map<string, string>>;
}

const digest = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export async function openPhotoStore(db: AnyDb): Promise<PhotoStore> {
  await runMigrations(db, 'photo_migrations', migrations);
  return {
    async put(photoId, ownerId, bytes, at) {
      const sha256 = digest(bytes);
      await sql`insert into photos (photo_id, owner_id, bytes, size, sha256, stored_at)
        values (${photoId}, ${ownerId}, ${bytes}, ${bytes.length}, ${sha256}, ${at.toISOString()})
        on conflict (photo_id) do nothing`.execute(db);
      const { rows } = await sql<{ owner_id: string; sha256: string }>`
        select owner_id, sha256 from photos where photo_id = ${photoId}`.execute(db);
      const row = rows[0];
      return row && row.owner_id === ownerId && row.sha256 === sha256 ? 'stored' : 'taken';
    },
    async get(photoId) {
      const { rows } = await sql<{ owner_id: string; bytes: Uint8Array }>`
        select owner_id, bytes from photos where photo_id = ${photoId}`.execute(db);
      const row = rows[0];
      return row ? { ownerId: row.owner_id, bytes: Buffer.from(row.bytes) } : null;
    },
    async owners(photoIds) {
      if (photoIds.length === 0) return new Map();
      const { rows } = await sql<{ photo_id: string; owner_id: string }>`
        select photo_id, owner_id from photos where photo_id in (${sql.join(photoIds)})`.execute(db);
      return new Map(rows.map((row) => [row.photo_id, row.owner_id]));
    },
  };
}
