import { createHash } from 'node:crypto';
import { AsyncLocalStorage } from 'node:async_hooks';
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';

export type StoreKind = 'pglite' | 'postgres';

/**
 * One database for the event store and the read models, whichever engine runs it.
 * `schema` scopes every table, so tests and tenants never share rows.
 */
export interface Database {
  readonly kind: StoreKind;
  readonly schema: string;
  // Tables are typed per module (event store, each read model); the handle itself is shared.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly db: Kysely<any>;
  /** Calls `onNotify` for every NOTIFY on `channel`; resolves to an unlisten function. */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  /**
   * Wakes `channel`'s listeners: this process's at once, other processes' with a NOTIFY sent after
   * the call (several calls meanwhile share one). Call it after a commit; a lost one only delays.
   */
  notify(channel: string): void;
  /**
   * Connections of its own for a reader that must not wait behind the pool's other work (the live
   * gateway): a second small pool on the same database and schema; on PGlite, its one connection.
   */
  openReader(maxConnections: number): Promise<DatabaseReader>;
  /**
   * Takes the session lock `key` (scoped to this schema) if nobody holds it, or answers null.
   * It is held until released or until this process's lock connection is lost, which frees it for
   * another engine process: that is how one process among several runs each projection.
   */
  tryLock(key: string): Promise<SessionLock | null>;
  close(): Promise<void>;
}

export interface DatabaseReader {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly db: Kysely<any>;
  close(): Promise<void>;
}

export interface SessionLock {
  /** Resolves if the lock is lost without release (its connection died). */
  readonly lost: Promise<void>;
  release(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; without it the embedded PGlite store is used. */
  url?: string;
  /** PGlite data folder; omitted means in memory. */
  dataDir?: string;
  schema?: string;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
  /** An open PGlite to use instead of creating one; it is left open on close(). */
  pglite?: PGlite;
}

/** A statement a measured call sent: one round trip (BEGIN and COMMIT are statements too). */
export interface SentStatement {
  sql: string;
  parameters: readonly unknown[];
}

export interface StatementCount<T> {
  result: T;
  statements: SentStatement[];
}

interface Tally {
  open: boolean;
  statements: SentStatement[];
}

const measured = new AsyncLocalStorage<Tally>();
// Calls being measured now. While none is, counting costs a statement one comparison; nothing
// measures in production, so AsyncLocalStorage's hooks are never turned on there.
let measuring = 0;

function countStatement(sql: string, parameters: readonly unknown[] = []): void {
  if (measuring === 0) return;
  const tally = measured.getStore();
  // Closed: a timer or callback created during an earlier measured call that runs after it ended.
  if (tally?.open) tally.statements.push({ sql, parameters });
}

/**
 * Runs `work` and lists the statements it sent to the database, from its own async context only:
 * what the projection runner, live gateway or timers send meanwhile (woken by it or not) is theirs.
 * For tests and benches (issue 16's statements per command), e.g. around `app.inject`.
 */
export async function countStatements<T>(work: () => Promise<T>): Promise<StatementCount<T>> {
  const tally: Tally = { open: true, statements: [] };
  measuring += 1;
  try {
    // Awaited inside: a lazy thenable (app.inject's answer) would otherwise start outside the context.
    const result = await measured.run(tally, async () => await work());
    return { result, statements: tally.statements };
  } finally {
    tally.open = false;
    measuring -= 1;
  }
}

/** The PGlite as Kysely's driver uses it (query and close only), each query counted. */
function countedPglite(client: PGlite): PGlite {
  const counted: Pick<PGlite, 'query' | 'close'> = {
    query: (text, params, options) => {
      countStatement(text, params);
      return client.query(text, params, options);
    },
    close: () => client.close(),
  };
  return counted as PGlite;
}

const heldPgliteLocks = new WeakMap<PGlite, Set<string>>();

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

export async function openDatabase(options: DatabaseOptions = {}): Promise<Database> {
  const schema = options.schema ?? 'public';
  if (!IDENTIFIER.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
  return options.url ? openPostgres(options.url, schema, options.maxConnections ?? 10) : openPglite(options, schema);
}

async function openPglite({ dataDir, pglite }: DatabaseOptions, schema: string): Promise<Database> {
  const client = pglite ?? (await PGlite.create(dataDir));
  await client.exec(`create schema if not exists "${schema}"; set search_path to "${schema}"`);
  const db = new Kysely({ dialect: new PGliteDialect(countedPglite(client)) });
  // One process owns a PGlite data folder, so its locks only need to exclude this process's holders.
  let held = heldPgliteLocks.get(client);
  if (!held) heldPgliteLocks.set(client, (held = new Set()));
  const locks = held;
  const local = localListeners();
  return {
    kind: 'pglite',
    schema,
    db,
    async tryLock(key) {
      const id = `${schema}:${key}`;
      if (locks.has(id)) return null;
      locks.add(id);
      return { lost: new Promise<void>(() => undefined), release: async () => void locks.delete(id) };
    },
    async listen(channel, onNotify) {
      const unlisten = await client.listen(channel, onNotify);
      const unlistenLocal = local.add(channel, onNotify);
      return async () => {
        unlistenLocal();
        if (!client.closed) await unlisten();
      };
    },
    // One process owns a PGlite: its own listeners are all there are.
    notify: (channel) => local.notify(channel),
    openReader: async () => ({ db, close: async () => undefined }),
    async close() {
      // Kysely's PGlite driver closes the client on destroy; a borrowed client stays open.
      if (!pglite) await db.destroy();
    },
  };
}

async function openPostgres(url: string, schema: string, max: number): Promise<Database> {
  const setup = new pg.Client({ connectionString: url });
  await setup.connect();
  try {
    await setup.query(`create schema if not exists "${schema}"`);
  } finally {
    await setup.end();
  }
  // A transaction left idle would hold back pg_snapshot_xmin and stall every reader of $all.
  const options = `-c search_path="${schema}" -c idle_in_transaction_session_timeout=15000`;
  const pool = new pg.Pool({ connectionString: url, max, options });
  // A connection PostgreSQL drops (a restart) while idle, or checked out between two statements,
  // emits 'error'; unheard, that would end the process. The pool drops it and the next query connects anew.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = new Kysely({ dialect: new PostgresDialect({ pool: withCallbackQueries(pool) }) });
  const listeners = new Set<() => Promise<void>>();
  const locks = postgresLocks(url, schema);
  const local = localListeners();
  // At most one NOTIFY in flight, on a connection of its own: on the pool it would take a writer's
  // connection between two appends (at one writer, every other round trip was a NOTIFY). Channels
  // notified meanwhile go in the next one, sent after it.
  const notifier = new pg.Pool({ connectionString: url, max: 1, options });
  notifier.on('error', () => undefined);
  // The backends this process notifies from: their NOTIFYs come back to its own LISTEN, after its
  // readers were already woken in memory (issue #18: every append was read once more per reader).
  const ownBackends = new Set<number>();
  notifier.on('connect', (client) => {
    client.on('error', () => undefined);
    const pid = (client as pg.Client & { processID?: number }).processID;
    if (pid === undefined) return;
    ownBackends.add(pid);
    client.on('end', () => ownBackends.delete(pid));
  });
  const remote = sharedListens(
    url,
    (pid) => ownBackends.has(pid),
    (channel) => local.notify(channel),
  );
  const queued = new Set<string>();
  let sending: Promise<void> | undefined;
  const sendQueued = async () => {
    while (queued.size > 0) {
      const channels = [...queued];
      queued.clear();
      // Its own statement, no transaction id: no WAL flush under PostgreSQL's notify lock.
      await notifier.query(NOTIFY_SQL, [channels]).catch(() => undefined);
    }
    sending = undefined;
  };
  return {
    kind: 'postgres',
    schema,
    db,
    tryLock: locks.tryLock,
    notify(channel) {
      // Counted when asked for: a measured call's NOTIFY counts even when it rides one already in flight.
      countStatement(NOTIFY_SQL, [[channel]]);
      local.notify(channel);
      queued.add(channel);
      sending ??= sendQueued();
    },
    async openReader(readerConnections) {
      const readerPool = new pg.Pool({ connectionString: url, max: readerConnections, options });
      readerPool.on('error', () => undefined);
      // As for the main pool: a checked-out connection PostgreSQL drops must not end the process (issue #10 faults).
      readerPool.on('connect', (client) => client.on('error', () => undefined));
      const reader = new Kysely({ dialect: new PostgresDialect({ pool: withCallbackQueries(readerPool) }) });
      return { db: reader, close: () => reader.destroy() };
    },
    async listen(channel, onNotify) {
      const unlistenLocal = local.add(channel, onNotify);
      try {
        const unlistenRemote = await remote.add(channel);
        const stop = async () => {
          unlistenLocal();
          if (listeners.delete(stop)) await unlistenRemote();
        };
        listeners.add(stop);
        return stop;
      } catch (error) {
        unlistenLocal();
        throw error;
      }
    },
    async close() {
      await sending;
      await Promise.all([...listeners].map((stop) => stop()));
      await locks.close();
      await notifier.end();
      await db.destroy();
    },
  };
}

/**
 * The pool as Kysely uses it, but each statement run through pg's callback form of `query`.
 * With pg's promise form the rows of a large result lived long enough to be promoted to V8's old
 * generation: a 1,000,000-row CSV export grew the engine by ~157 MB, against ~4 MB this way
 * (docs/PERFORMANCE.md, Reports). Nothing else differs.
 */
function withCallbackQueries(pool: pg.Pool): PostgresPool {
  return {
    async connect() {
      const client = await pool.connect();
      const query = (text: string, values: ReadonlyArray<unknown>) =>
        new Promise<pg.QueryResult>((resolve, reject) => {
          countStatement(text, values);
          const config = { text, values: values as unknown[], name: preparedNameOf(text) };
          client.query(config, (error: Error | undefined, result: pg.QueryResult) => (error ? reject(error) : resolve(result)));
        });
      return { query, release: (destroy?: boolean) => client.release(destroy) } as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}

/** Marks a statement of fixed text that runs on every command (the append, the stream reads): see `preparedNameOf`. */
export const PREPARED = '/* prepared */ ';

const preparedNames = new Map<string, string>();

/**
 * A server-side prepared statement's name for a statement marked PREPARED: each connection parses
 * and plans it once instead of on every command (issue #18: planning the append's statement took
 * longer than executing a plain insert). Only marked statements, whose texts are few and fixed,
 * so a connection never holds an unbounded number of them.
 */
function preparedNameOf(text: string): string | undefined {
  if (!text.startsWith(PREPARED)) return undefined;
  let name = preparedNames.get(text);
  if (!name) preparedNames.set(text, (name = `plantride_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`));
  return name;
}

const NOTIFY_SQL = `select pg_notify(channel, '') from unnest($1::text[]) as channel`;

const RELISTEN_MS = 1000;

/**
 * One LISTEN connection per channel for the whole process, however many readers listen on it: a
 * NOTIFY wakes them all in the same turn (`wake`: this process's listeners of the channel), so their
 * `$all` reads go out as one (shared reads), and PostgreSQL signals one backend per process instead
 * of one per reader. A NOTIFY from a backend `isOwn` names (this process's own, whose readers were
 * woken in memory) wakes nobody; a LISTEN back after a lost connection wakes everyone (what was
 * appended meanwhile was heard by nobody).
 */
function sharedListens(url: string, isOwn: (pid: number) => boolean, wake: (channel: string) => void) {
  const byChannel = new Map<string, { readers: number; readonly listening: Promise<{ stop(): Promise<void> }> }>();
  return {
    /** One more reader of `channel` (already among `wake`'s listeners); resolves once the LISTEN holds. */
    async add(channel: string): Promise<() => Promise<void>> {
      let group = byChannel.get(channel);
      if (!group) {
        const heard = (from?: number) => {
          if (from === undefined || !isOwn(from)) wake(channel);
        };
        const created = { readers: 0, listening: listenAgainAfterLoss(url, channel, heard) };
        created.listening.catch(() => {
          if (byChannel.get(channel) === created) byChannel.delete(channel);
        });
        byChannel.set(channel, (group = created));
      }
      const own = group;
      own.readers += 1;
      try {
        await own.listening;
      } catch (error) {
        own.readers -= 1;
        throw error;
      }
      // Called once per reader (`listen`'s stop).
      return async () => {
        own.readers -= 1;
        if (own.readers > 0) return;
        if (byChannel.get(channel) === own) byChannel.delete(channel);
        await (await own.listening).stop();
      };
    },
  };
}

/**
 * A LISTEN on a connection of its own. When PostgreSQL drops it (a restart), it is opened again
 * every second until it holds, and `onNotify` is called once it does: whatever was appended
 * meanwhile is read then, not at the readers' next poll.
 */
async function listenAgainAfterLoss(url: string, channel: string, onNotify: (from?: number) => void): Promise<{ stop(): Promise<void> }> {
  let current: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const open = async (): Promise<pg.Client> => {
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => undefined);
    client.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.processId);
    });
    client.on('end', () => {
      if (client !== current) return;
      current = undefined;
      if (!stopped) openLater();
    });
    try {
      await client.connect();
      await client.query(`listen "${channel}"`);
      return client;
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
  };
  const openLater = () => {
    retry = setTimeout(() => {
      open().then(
        (client) => {
          if (stopped) return void client.end().catch(() => undefined);
          current = client;
          onNotify();
        },
        () => openLater(),
      );
    }, RELISTEN_MS);
    retry.unref();
  };
  current = await open();
  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      const client = current;
      current = undefined;
      await client?.end().catch(() => undefined);
    },
  };
}

/** This process's listeners by channel, so a write here wakes readers here without a round trip. */
function localListeners() {
  const byChannel = new Map<string, Set<() => void>>();
  return {
    add(channel: string, onNotify: () => void): () => void {
      const set = byChannel.get(channel) ?? new Set();
      byChannel.set(channel, set);
      // Its own function, so the same callback listening twice is removed once per unlisten.
      const entry = () => onNotify();
      set.add(entry);
      return () => void set.delete(entry);
    },
    notify(channel: string): void {
      for (const onNotify of byChannel.get(channel) ?? []) {
        try {
          onNotify();
        } catch {
          // A listener's failure is its own; the others still hear it.
        }
      }
    },
  };
}

/**
 * Session advisory locks on one dedicated connection: PostgreSQL frees them when that connection
 * ends, so a crashed process cannot keep a lock. Losing the connection loses every lock on it.
 */
function postgresLocks(url: string, schema: string) {
  let connection: Promise<{ client: pg.Client; lost: Promise<void> }> | undefined;
  const connect = async () => {
    const client = new pg.Client({ connectionString: url });
    let markLost!: () => void;
    const lost = new Promise<void>((resolve) => (markLost = resolve));
    client.on('error', () => undefined);
    client.on('end', () => {
      connection = undefined;
      markLost();
    });
    await client.connect();
    return { client, lost };
  };
  return {
    async tryLock(key: string): Promise<SessionLock | null> {
      connection ??= connect().catch((error: unknown) => {
        connection = undefined;
        throw error;
      });
      const { client, lost } = await connection;
      const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock(hashtext($1), hashtext($2)) as locked', [
        schema,
        key,
      ]);
      if (!rows[0]?.locked) return null;
      return {
        lost,
        async release() {
          await client.query('select pg_advisory_unlock(hashtext($1), hashtext($2))', [schema, key]).catch(() => undefined);
        },
      };
    },
    async close() {
      const open = connection;
      connection = undefined;
      if (open) await (await open).client.end().catch(() => undefined);
    },
  };
}
