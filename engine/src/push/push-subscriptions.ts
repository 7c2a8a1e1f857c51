import { sql, type Migration } from 'kysely';
import { runMigrations, type AnyDb } from '../database/migrate';

/*
 * Web Push subscriptions (issue #34 item 1), one per device: the browser's push endpoint and the keys
 * the payload is encrypted for. Not events: a device's address at a push service is not a fact of the
 * plant, it changes with every reinstall, and it must be forgotten (logout, a push service's 404/410)
 * rather than kept for an audit. An endpoint belongs to one account at a time: a shared phone that
 * signs in as someone else hands its subscription over.
 */

const migrations: Record<string, Migration> = {
  '0001_push_subscriptions': {
    async up(trx) {
      await sql`create table push_subscriptions (
        endpoint text primary key,
        token_no text not null,
        p256dh text not null,
        auth text not null,
        created_at timestamptz not null
      )`.execute(trx);
      await sql`create index push_subscriptions_by_token on push_subscriptions (token_no)`.execute(trx);
    },
  },
};

export interface PushSubscriptionRow {
  endpoint: string;
  tokenNo: string;
  keys: { p256dh: string; auth: string };
}

export interface PushSubscriptions {
  /** Keeps `subscription` for `tokenNo` (this device; a device another account held before is his now). */
  save(subscription: PushSubscriptionRow, at: Date): Promise<void>;
  /** Forgets this device's subscription, when it is `tokenNo`'s; resolves whether it was. */
  remove(endpoint: string, tokenNo: string): Promise<boolean>;
  /** Forgets every device of `tokenNo` (his sessions ended: logout, blocked, a change of role). */
  removeAllOf(tokenNo: string): Promise<void>;
  /** Forgets an endpoint the push service says is gone (404 or 410). */
  forget(endpoint: string): Promise<void>;
  all(): Promise<PushSubscriptionRow[]>;
}

export async function openPushSubscriptions(db: AnyDb): Promise<PushSubscriptions> {
  await runMigrations(db, 'push_subscription_migrations', migrations);
  return {
    async save({ endpoint, tokenNo, keys }, at) {
      await sql`insert into push_subscriptions (endpoint, token_no, p256dh, auth, created_at)
        values (${endpoint}, ${tokenNo}, ${keys.p256dh}, ${keys.auth}, ${at.toISOString()})
        on conflict (endpoint) do update set token_no = excluded.token_no, p256dh = excluded.p256dh, auth = excluded.auth,
          created_at = excluded.created_at`.execute(db);
    },
    async remove(endpoint, tokenNo) {
      const result = await sql`delete from push_subscriptions where endpoint = ${endpoint} and token_no = ${tokenNo}`.execute(db);
      return Number(result.numAffectedRows ?? 0) > 0;
    },
    async removeAllOf(tokenNo) {
      await sql`delete from push_subscriptions where token_no = ${tokenNo}`.execute(db);
    },
    async forget(endpoint) {
      await sql`delete from push_subscriptions where endpoint = ${endpoint}`.execute(db);
    },
    async all() {
      const { rows } = await sql<{ endpoint: string; token_no: string; p256dh: string; auth: string }>`
        select endpoint, token_no, p256dh, auth from push_subscriptions order by created_at`.execute(db);
      return rows.map((row) => ({ endpoint: row.endpoint, tokenNo: row.token_no, keys: { p256dh: row.p256dh, auth: row.auth } }));
    },
  };
}
