import { sql, type Migration } from 'kysely';
import { runMigrations, type AnyDb } from '../database/migrate';

/*
 * When each service key was last used (issue #33 item 1). Not an event: a machine calling every few
 * seconds would fill the store with "still here". Each process writes a key's use at most once a
 * minute, so the figure is at most a minute (and a process's lifetime of unsent uses: none) behind.
 */

const migrations: Record<string, Migration> = {
  '0001_service_key_uses': {
    async up(trx) {
      await sql`create table service_key_uses (
        account_id text not null,
        key_id text not null,
        used_at timestamptz not null,
        primary key (account_id, key_id)
      )`.execute(trx);
    },
  },
};

const RECORD_EVERY_MS = 60_000;

export interface KeyUses {
  /** Notes a use; written when this key's last write from this process is a minute old (or none). */
  used(accountId: string, keyId: string, at: Date): Promise<void>;
  /** The last recorded use of each account (any of its keys). */
  lastUses(): Promise<Map<string, string>>;
}

export async function openKeyUses(db: AnyDb): Promise<KeyUses> {
  await runMigrations(db, 'service_key_use_migrations', migrations);
  const written = new Map<string, number>();
  return {
    async used(accountId, keyId, at) {
      const key = `${accountId}/${keyId}`;
      const last = written.get(key);
      if (last !== undefined && at.getTime() - last < RECORD_EVERY_MS) return;
      written.set(key, at.getTime());
      await sql`insert into service_key_uses (account_id, key_id, used_at) values (${accountId}, ${keyId}, ${at.toISOString()})
        on conflict (account_id, key_id) do update set used_at = greatest(service_key_uses.used_at, excluded.used_at)`.execute(db);
    },
    async lastUses() {
      const { rows } = await sql<{ account_id: string; used_at: Date | string }>`
        select account_id, max(used_at) as used_at from service_key_uses group by account_id`.execute(db);
      return new Map(rows.map((row) => [row.account_id, new Date(row.used_at).toISOString()]));
    },
  };
}
