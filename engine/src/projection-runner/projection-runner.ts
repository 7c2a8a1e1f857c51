import type { Kysely } from 'kysely';
import { runMigrations } from '../database/migrate';
import { handlesEvent, type Projection, type ReadModels } from '@plantride/projections';
import type { Database } from '../database/database';
import { notifyChannel } from '../event-store/migrations';
import { checkpointOf, compareCheckpoints, type Checkpoint, type EventStore, type RecordedEvent, type Subscription } from '../event-store/event-store';
import { subscribeByPolling } from '../event-store/subscription';
import { toDomainEvent } from '../event-store/upcast';
import { migrateCheckpoints, readCheckpoint, writeCheckpoint } from './checkpoints';

export interface ProjectionRunnerOptions {
  database: Database;
  store: EventStore;
  projections: readonly Projection<ReadModels>[];
  batchSize?: number;
  pollIntervalMs?: number;
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
  /** Resolves once every projection has applied everything committed before the call. */
  caughtUp(): Promise<void>;
}

export async function migrateProjections(db: Kysely<ReadModels>, projections: readonly Projection<ReadModels>[]): Promise<void> {
  await migrateCheckpoints(db);
  for (const projection of projections) await runMigrations(db, `projection_${projection.name}_migrations`, projection.migrations);
}

/**
 * Applies store events to each read model in `$all` order. A batch's row changes and the
 * projection's checkpoint commit in one transaction, so a crash neither loses nor repeats an event.
 */
export function createProjectionRunner(options: ProjectionRunnerOptions): ProjectionRunner {
  const { database, store, projections } = options;
  const db = database.db as Kysely<ReadModels>;
  const applied = new Map<string, Checkpoint>();
  const subscriptions: Subscription[] = [];
  const waiters = new Set<() => void>();
  const notifyWaiters = () => waiters.forEach((wake) => wake());

  async function applyBatch(projection: Projection<ReadModels>, batch: RecordedEvent[]): Promise<Checkpoint> {
    const last = checkpointOf(batch[batch.length - 1]!);
    await db.transaction().execute(async (trx) => {
      for (const event of batch) {
        if (!handlesEvent(projection, event.type)) continue;
        await projection.apply(toDomainEvent(event), event, trx);
      }
      await writeCheckpoint(trx, projection.name, last);
    });
    return last;
  }

  function run(projection: Projection<ReadModels>, from: Checkpoint): Subscription {
    return subscribeByPolling({
      from,
      read: (checkpoint, limit) => store.readAll(checkpoint, limit),
      listen: (onNotify) => database.listen(notifyChannel(database.schema), onNotify),
      batchSize: options.batchSize ?? 500,
      pollIntervalMs: options.pollIntervalMs ?? 1000,
      onError: (error) => (options.onError ?? ((e, name) => console.error(`projection ${name} failed`, e)))(error, projection.name),
      async handleBatch(batch, advance) {
        const last = await applyBatch(projection, batch);
        advance(batch[batch.length - 1]!);
        applied.set(projection.name, last);
        notifyWaiters();
      },
    });
  }

  const passed = (target: Checkpoint) =>
    projections.every((p) => {
      const checkpoint = applied.get(p.name);
      return checkpoint !== undefined && compareCheckpoints(checkpoint, target) >= 0;
    });

  return {
    async start() {
      await migrateProjections(db, projections);
      for (const projection of projections) {
        const from = await readCheckpoint(db, projection.name);
        applied.set(projection.name, from);
        subscriptions.push(run(projection, from));
      }
    },
    async stop() {
      await Promise.all(subscriptions.splice(0).map((s) => s.close()));
      notifyWaiters();
    },
    async waitForPosition(position, timeoutMs = 2000) {
      const deadline = Date.now() + timeoutMs;
      let target: Checkpoint | null = null;
      while (Date.now() < deadline) {
        target ??= await store.checkpointAt(position);
        if (target && passed(target)) return true;
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          // Until the event is visible there is no notification to wait for; look again shortly.
          const timer = setTimeout(wake, target ? Math.max(0, deadline - Date.now()) : 20);
          waiters.add(wake);
        });
      }
      return false;
    },
    async caughtUp() {
      await Promise.all(subscriptions.map((s) => s.caughtUp()));
    },
  };
}
