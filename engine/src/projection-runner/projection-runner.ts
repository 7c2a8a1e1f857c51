import type { Kysely, Transaction } from 'kysely';
import { applyMigrations } from '../database/migrate';
import { handlesEvent, type Projection, type ReadModels } from '@plantride/projections';
import type { Database, SessionLock } from '../database/database';
import { notifyChannel } from '../event-store/migrations';
import { checkpointOf, compareCheckpoints, type Checkpoint, type EventStore, type RecordedEvent, type Subscription } from '../event-store/event-store';
import { subscribeByPolling } from '../event-store/subscription';
import { toDomainEvent } from '../event-store/upcast';
import { CHECKPOINTS_MIGRATION_TABLE, checkpointMigrations, lockCheckpoint, readCheckpoint, readCheckpoints, writeCheckpoint } from './checkpoints';

export interface ProjectionRunnerOptions {
  database: Database;
  store: EventStore;
  projections: readonly Projection<ReadModels>[];
  batchSize?: number;
  pollIntervalMs?: number;
  /** How often a process that does not run a projection tries to take it over. */
  leaseRetryMs?: number;
  onError?: (error: unknown, projection: string) => void;
}

export interface ProjectionRunner {
  start(): Promise<void>;
  stop(): Promise<void>;
  /**
   * Resolves true once every projection has applied the event at `position` (read-your-writes),
   * or false after `timeoutMs` — the caller then serves what the read models hold.
   */
  waitForPosition(position: number, timeoutMs?: number): Promise<boolean>;
  /** Resolves once every projection this process runs has applied everything committed before the call. */
  caughtUp(): Promise<void>;
  /** Names of the projections this process runs now (the others run in another engine process). */
  leading(): string[];
}

export const migrationTableOf = (projection: Pick<Projection, 'name'>) => `projection_${projection.name}_migrations`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateProjectionsIn(trx: Transaction<any>, projections: readonly Projection<ReadModels>[]): Promise<void> {
  await applyMigrations(trx, CHECKPOINTS_MIGRATION_TABLE, checkpointMigrations);
  for (const projection of projections) await applyMigrations(trx, migrationTableOf(projection), projection.migrations);
}

export async function migrateProjections(db: Kysely<ReadModels>, projections: readonly Projection<ReadModels>[]): Promise<void> {
  await db.transaction().execute((trx) => migrateProjectionsIn(trx, projections));
}

/**
 * Applies a batch inside the caller's transaction and moves the checkpoint with it. Events at or
 * before the committed checkpoint are skipped, so a batch delivered twice, or after a rebuild
 * swapped the tables, changes nothing.
 */
export async function applyBatch(trx: Kysely<ReadModels>, projection: Projection<ReadModels>, batch: readonly RecordedEvent[]): Promise<Checkpoint> {
  const stored = await lockCheckpoint(trx, projection.name);
  let next = stored;
  for (const event of batch) {
    const at = checkpointOf(event);
    if (compareCheckpoints(at, stored) <= 0) continue;
    if (handlesEvent(projection, event.type)) await projection.apply(toDomainEvent(event), event, trx);
    next = at;
  }
  if (next !== stored) await writeCheckpoint(trx, projection.name, next);
  return next;
}

/**
 * Applies store events to each read model in `$all` order. A batch's row changes and the
 * projection's checkpoint commit in one transaction, so a crash neither loses nor repeats an event.
 * Among several engine processes on one database, each projection runs in the one holding its lock;
 * when that process dies its lock is freed and another takes the projection over.
 */
export function createProjectionRunner(options: ProjectionRunnerOptions): ProjectionRunner {
  const { database, store, projections } = options;
  const db = database.db as Kysely<ReadModels>;
  const leaseRetryMs = options.leaseRetryMs ?? 2000;
  const onError = options.onError ?? ((error, name) => console.error(`projection ${name} failed`, error));
  const applied = new Map<string, Checkpoint>();
  const running = new Map<string, Subscription>();
  const loops: Promise<void>[] = [];
  const waiters = new Set<() => void>();
  const notifyWaiters = () => waiters.forEach((wake) => wake());
  let stopped = false;
  let markStopped!: () => void;
  const stopping = new Promise<void>((resolve) => (markStopped = resolve));

  const record = (name: string, checkpoint: Checkpoint) => {
    const known = applied.get(name);
    if (!known || compareCheckpoints(checkpoint, known) > 0) applied.set(name, checkpoint);
  };

  function subscribe(projection: Projection<ReadModels>, from: Checkpoint): Subscription {
    return subscribeByPolling({
      from,
      read: (checkpoint, limit) => store.readAll(checkpoint, limit),
      listen: (onNotify) => database.listen(notifyChannel(database.schema), onNotify),
      batchSize: options.batchSize ?? 500,
      pollIntervalMs: options.pollIntervalMs ?? 1000,
      onError: (error) => onError(error, projection.name),
      async handleBatch(batch, advance) {
        const last = await db.transaction().execute((trx) => applyBatch(trx, projection, batch));
        advance(batch[batch.length - 1]!);
        record(projection.name, last);
        notifyWaiters();
      },
    });
  }

  const pause = (ms: number) => Promise.race([stopping, new Promise((resolve) => setTimeout(resolve, ms).unref())]);

  async function tryLead(projection: Projection<ReadModels>): Promise<SessionLock | null> {
    try {
      const lock = await database.tryLock(`projection:${projection.name}`);
      if (!lock) return null;
      if (stopped) {
        await lock.release();
        return null;
      }
      running.set(projection.name, subscribe(projection, await readCheckpoint(db, projection.name)));
      return lock;
    } catch (error) {
      onError(error, projection.name);
      return null;
    }
  }

  // Leads the projection while its lock holds; otherwise keeps trying to take it over.
  async function lead(projection: Projection<ReadModels>, first: SessionLock | null): Promise<void> {
    let lock = first;
    while (!stopped) {
      if (!lock) {
        await pause(leaseRetryMs);
        lock = await tryLead(projection);
        continue;
      }
      await Promise.race([lock.lost, stopping]);
      await running.get(projection.name)?.close();
      running.delete(projection.name);
      if (stopped) await lock.release();
      lock = null;
    }
  }

  const passed = (target: Checkpoint) =>
    projections.every((p) => {
      const checkpoint = applied.get(p.name);
      return checkpoint !== undefined && compareCheckpoints(checkpoint, target) >= 0;
    });

  // Projections run by another process: their progress is what they committed.
  async function refreshFollowed() {
    if (projections.every((p) => running.has(p.name))) return;
    for (const [name, checkpoint] of await readCheckpoints(db)) record(name, checkpoint);
  }

  return {
    async start() {
      await migrateProjections(db, projections);
      for (const [name, checkpoint] of await readCheckpoints(db)) record(name, checkpoint);
      for (const projection of projections) {
        const lock = await tryLead(projection);
        loops.push(lead(projection, lock));
      }
    },
    async stop() {
      stopped = true;
      markStopped();
      await Promise.all(loops.splice(0));
      notifyWaiters();
    },
    async waitForPosition(position, timeoutMs = 2000) {
      const deadline = Date.now() + timeoutMs;
      let target: Checkpoint | null = null;
      while (Date.now() < deadline) {
        target ??= await store.checkpointAt(position);
        if (target && passed(target)) return true;
        if (target) await refreshFollowed();
        if (target && passed(target)) return true;
        const following = projections.some((p) => !running.has(p.name));
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          // Until the event is visible, or while another process applies it, there is no local wake-up; look again shortly.
          const timer = setTimeout(wake, target && !following ? Math.max(0, deadline - Date.now()) : 20);
          waiters.add(wake);
        });
      }
      return false;
    },
    async caughtUp() {
      await Promise.all([...running.values()].map((s) => s.caughtUp()));
    },
    leading: () => projections.filter((p) => running.has(p.name)).map((p) => p.name),
  };
}
