import type { Kysely, Transaction } from 'kysely';
import { applyMigrations } from '../database/migrate';
import { handlesEvent, type PositionedEvent, type Projection, type ReadModels } from '@plantride/projections';
import type { DomainEvent } from '@plantride/schemas';
import type { Database, SessionLock } from '../database/database';
import { notifyChannel } from '../event-store/migrations';
import { START, checkpointOf, compareCheckpoints, type Checkpoint, type EventStore, type RecordedEvent } from '../event-store/event-store';
import { subscribeByPolling, type PollingSubscription } from '../event-store/subscription';
import { toDomainEvent } from '../event-store/upcast';
import { CHECKPOINTS_MIGRATION_TABLE, checkpointMigrations, lockCheckpoints, readCheckpoints, writeCheckpoints } from './checkpoints';

export interface ProjectionRunnerOptions {
  database: Database;
  store: EventStore;
  projections: readonly Projection<ReadModels>[];
  batchSize?: number;
  pollIntervalMs?: number;
  /** How long a batch gathers events once caught up (GATHER_MS); 0 applies each wake-up's events at once. */
  gatherMs?: number;
  /** How often a process tries to take over projections another process runs. */
  leaseRetryMs?: number;
  onError?: (error: unknown) => void;
}

export interface ProjectionRunner {
  start(): Promise<void>;
  stop(): Promise<void>;
  /**
   * Resolves true once every projection has applied the event at `position` (read-your-writes),
   * or false after `timeoutMs` — the caller then serves what the read models hold.
   */
  waitForPosition(position: number, timeoutMs?: number): Promise<boolean>;
  /** Resolves once the projections this process runs have applied everything committed before the call. */
  caughtUp(): Promise<void>;
  /** Names of the projections this process runs now (the others run in another engine process). */
  leading(): string[];
}

/** What applying an event needs of it: a rebuild reads no event ids and no metadata. */
export type ReplayedEvent = Pick<
  RecordedEvent,
  'streamId' | 'streamPosition' | 'globalPosition' | 'transactionId' | 'type' | 'schemaVersion' | 'data' | 'recordedAt'
>;

/**
 * At a shift's pace each append made a batch of its own, about two events, and a batch costs a
 * transaction, the checkpoints and a read and a write per table (issue #18: a third of the engine's
 * statements). Gathered for this long, several appends share one. Nobody waits for it: a read with
 * `position` (read-your-writes) and the timers hurry the batch they wait for.
 */
export const GATHER_MS = 50;

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
 * Applies a batch to each projection inside the caller's transaction and moves their checkpoints
 * with it. Events at or before a projection's committed checkpoint are skipped, so a batch
 * delivered twice, or after a rebuild swapped the tables, changes nothing. A projection with
 * `applyBatch` gets its events in one call (a few statements for the whole batch).
 */
export async function applyBatch(
  trx: Kysely<ReadModels>,
  projections: readonly Projection<ReadModels>[],
  batch: readonly ReplayedEvent[],
): Promise<Map<string, Checkpoint>> {
  const stored = await lockCheckpoints(
    trx,
    projections.map((p) => p.name),
  );
  const moved = new Map<string, Checkpoint>();
  const domainEvents = new Map<ReplayedEvent, DomainEvent>();
  const domainEventOf = (event: ReplayedEvent) => {
    let domainEvent = domainEvents.get(event);
    if (!domainEvent) domainEvents.set(event, (domainEvent = toDomainEvent(event)));
    return domainEvent;
  };
  const last = batch[batch.length - 1];
  for (const projection of projections) {
    if (!last) break;
    const from = stored.get(projection.name) ?? START;
    // The batch is in $all order: past the first event beyond the checkpoint, every event is.
    let first = 0;
    while (first < batch.length && compareCheckpoints(checkpointOf(batch[first]!), from) <= 0) first++;
    if (first === batch.length) continue;
    moved.set(projection.name, checkpointOf(last));
    const events: PositionedEvent[] = [];
    for (let i = first; i < batch.length; i++) {
      const event = batch[i]!;
      if (handlesEvent(projection, event.type)) events.push({ event: domainEventOf(event), position: event });
    }
    if (events.length === 0) continue;
    if (projection.applyBatch) await projection.applyBatch(events, trx);
    else for (const { event, position } of events) await projection.apply(event, position, trx);
  }
  await writeCheckpoints(trx, moved);
  return new Map([...stored, ...moved]);
}

/**
 * Applies store events to the read models in `$all` order: one reader for every projection this
 * process runs, and each batch's row changes commit in one transaction with the checkpoints, so a
 * crash neither loses nor repeats an event. Among several engine processes on one database, each
 * projection runs in the one holding its lock; when that process dies its locks are freed and
 * another takes its projections over.
 */
export function createProjectionRunner(options: ProjectionRunnerOptions): ProjectionRunner {
  const { database, store, projections } = options;
  const db = database.db as Kysely<ReadModels>;
  const leaseRetryMs = options.leaseRetryMs ?? 2000;
  const onError = options.onError ?? ((error) => console.error('projections failed', error));
  const applied = new Map<string, Checkpoint>();
  const locks = new Map<string, SessionLock>();
  const waiters = new Set<() => void>();
  const notifyWaiters = () => waiters.forEach((wake) => wake());
  let subscription: PollingSubscription | undefined;
  let led: readonly Projection<ReadModels>[] = [];
  let stopped = false;
  let markStopped!: () => void;
  const stopping = new Promise<void>((resolve) => (markStopped = resolve));
  let leadership: Promise<void> | undefined;
  // Changes of the led set and of the reader happen one at a time.
  let changing = Promise.resolve();
  const serially = (change: () => Promise<void>) => (changing = changing.then(change, change));

  const record = (name: string, checkpoint: Checkpoint) => {
    const known = applied.get(name);
    if (!known || compareCheckpoints(checkpoint, known) > 0) applied.set(name, checkpoint);
  };

  // The reader starts from the oldest checkpoint among the led projections; the others skip what they have.
  const restartReader = () =>
    serially(async () => {
      await subscription?.close();
      subscription = undefined;
      led = stopped ? [] : projections.filter((p) => locks.has(p.name));
      if (led.length === 0) return;
      const stored = await readCheckpoints(db);
      const from = led.map((p) => stored.get(p.name) ?? START).reduce((a, b) => (compareCheckpoints(a, b) <= 0 ? a : b));
      const batchOf = led;
      subscription = subscribeByPolling({
        from,
        read: (checkpoint, limit) => store.readAll(checkpoint, limit),
        listen: (onNotify) => database.listen(notifyChannel(database.schema), onNotify),
        batchSize: options.batchSize ?? 500,
        pollIntervalMs: options.pollIntervalMs ?? 1000,
        gatherMs: options.gatherMs ?? GATHER_MS,
        onError,
        async handleBatch(batch, advance) {
          const checkpoints = await db.transaction().execute((trx) => applyBatch(trx, batchOf, batch));
          advance(batch[batch.length - 1]!);
          for (const [name, checkpoint] of checkpoints) record(name, checkpoint);
          notifyWaiters();
        },
      });
    });

  async function takeFreeLocks(): Promise<boolean> {
    let gained = false;
    for (const projection of projections) {
      if (stopped || locks.has(projection.name)) continue;
      const lock = await database.tryLock(`projection:${projection.name}`).catch((error: unknown) => void onError(error));
      if (!lock) continue;
      locks.set(projection.name, lock);
      gained = true;
      void lock.lost.then(() => {
        if (locks.get(projection.name) !== lock) return;
        locks.delete(projection.name);
        void restartReader();
      });
    }
    return gained;
  }

  async function keepTakingOver() {
    while (!stopped) {
      await Promise.race([stopping, new Promise((resolve) => setTimeout(resolve, leaseRetryMs).unref())]);
      if (!stopped && (await takeFreeLocks())) await restartReader();
    }
  }

  const passed = (target: Checkpoint) =>
    projections.every((p) => {
      const checkpoint = applied.get(p.name);
      return checkpoint !== undefined && compareCheckpoints(checkpoint, target) >= 0;
    });
  const followsSome = () => led.length < projections.length;

  return {
    async start() {
      await migrateProjections(db, projections);
      for (const [name, checkpoint] of await readCheckpoints(db)) record(name, checkpoint);
      await takeFreeLocks();
      await restartReader();
      leadership = keepTakingOver();
    },
    async stop() {
      stopped = true;
      markStopped();
      await leadership;
      await restartReader();
      // One lock connection: releases go one after another.
      for (const lock of locks.values()) await lock.release();
      locks.clear();
      notifyWaiters();
    },
    async waitForPosition(position, timeoutMs = 2000) {
      const deadline = Date.now() + timeoutMs;
      let target: Checkpoint | null = null;
      while (Date.now() < deadline) {
        target ??= await store.checkpointAt(position);
        if (target && passed(target)) return true;
        // Projections run by another process: their progress is what they committed.
        if (target && followsSome()) for (const [name, checkpoint] of await readCheckpoints(db)) record(name, checkpoint);
        if (target && passed(target)) return true;
        // A reader waits for the read models: the next batch goes out now, not after gathering.
        subscription?.hurry();
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          // Until the event is visible, or while another process applies it, nothing here wakes us; look again shortly.
          const timer = setTimeout(wake, target && !followsSome() ? Math.max(0, deadline - Date.now()) : 20);
          waiters.add(wake);
        });
      }
      return false;
    },
    async caughtUp() {
      await changing;
      await subscription?.caughtUp();
    },
    leading: () => led.map((p) => p.name),
  };
}
