import { evolveRide, initialRideSnapshot, isEventType, rideStreamId, type RideEvent, type RideSnapshot } from '@plantride/schemas';
import type { Database, SessionLock } from '../database/database';
import type { Checkpoint, EventStore, RecordedEvent, Subscription } from '../event-store/event-store';
import { toDomainEvent } from '../event-store/upcast';
import { rideTimers, type RideTimerSettings } from './ride-timers';
import type { TimerPort } from './timer-port';

export interface TimerReactorOptions {
  database: Database;
  store: EventStore;
  port: TimerPort;
  settings: RideTimerSettings;
  /** Rides that may need a timer (not completed or cancelled), once the read models include `position`. */
  openRides(position: number): Promise<string[]>;
  pollIntervalMs?: number;
  /** How often a process that does not lead tries to take the reactor over. */
  leaseRetryMs?: number;
  onError: (error: unknown) => void;
}

export interface TimerReactor {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Whether this process arms timers now (it holds the `timers` lock). */
  leading(): boolean;
  /** Resolves once this process has armed the timers of everything committed before the call (and reconciled). */
  caughtUp(): Promise<void>;
}

const CACHE_CAPACITY = 10_000;
const isRideStream = (event: RecordedEvent) => event.streamId.startsWith('ride-');

/**
 * Arms and cancels ride timers as ride events happen. One process leads (the `timers` session lock):
 * it reconciles first — every open ride's timers armed from its stream, which is what re-arms
 * in-process timers after a restart and BullMQ ones after a lost Redis — then follows `$all` from the
 * head it started at. Each ride event cancels the timers the ride no longer needs and arms the ones
 * it does; arming is idempotent by timer id.
 */
export function createTimerReactor(options: TimerReactorOptions): TimerReactor {
  const { database, store, port, settings, onError } = options;
  const leaseRetryMs = options.leaseRetryMs ?? 2000;
  const rides = new Map<string, { version: number; snapshot: RideSnapshot }>();
  let lock: SessionLock | null = null;
  let subscription: Subscription | undefined;
  let following: Promise<void> = Promise.resolve();
  let stopped = false;
  let markStopped!: () => void;
  const stopping = new Promise<void>((resolve) => (markStopped = resolve));
  let leadership: Promise<void> | undefined;

  const remember = (streamId: string, version: number, snapshot: RideSnapshot) => {
    rides.delete(streamId);
    rides.set(streamId, { version, snapshot });
    if (rides.size > CACHE_CAPACITY) rides.delete(rides.keys().next().value as string);
  };

  const fold = (events: readonly RecordedEvent[]) =>
    events.reduce((snapshot, event) => (isEventType(event.type) ? evolveRide(snapshot, toDomainEvent(event) as RideEvent) : snapshot), initialRideSnapshot());

  async function sync(before: RideSnapshot | null, after: RideSnapshot): Promise<void> {
    const wanted = rideTimers(after, settings);
    const wantedIds = new Set(wanted.map((timer) => timer.id));
    for (const timer of before ? rideTimers(before, settings) : []) if (!wantedIds.has(timer.id)) await port.cancel(timer.id);
    for (const timer of wanted) await port.arm(timer);
  }

  async function onEvent(event: RecordedEvent): Promise<void> {
    if (!isRideStream(event) || !isEventType(event.type)) return;
    const known = rides.get(event.streamId);
    const before = known?.version === event.streamPosition - 1
      ? known.snapshot
      : fold((await store.readStream(event.streamId)).filter((e) => e.streamPosition < event.streamPosition));
    const after = evolveRide(before, toDomainEvent(event) as RideEvent);
    await sync(before, after);
    remember(event.streamId, event.streamPosition, after);
  }

  async function reconcile(head: Checkpoint): Promise<void> {
    for (const rideId of await options.openRides(head.position)) {
      if (stopped) return;
      const recorded = await store.readStream(rideStreamId(rideId));
      const snapshot = fold(recorded);
      await sync(null, snapshot);
      remember(rideStreamId(rideId), recorded.length, snapshot);
    }
  }

  async function follow(): Promise<void> {
    const head = await store.headCheckpoint();
    // Until it has gone through once, a reconcile that fails is tried again: a lost timer would be silent.
    for (;;) {
      try {
        await reconcile(head);
        break;
      } catch (error) {
        onError(error);
        if (stopped) return;
        await Promise.race([stopping, new Promise((resolve) => setTimeout(resolve, leaseRetryMs).unref())]);
      }
    }
    if (stopped) return;
    subscription = store.subscribe(head, onEvent, { pollIntervalMs: options.pollIntervalMs, onError });
  }

  async function unfollow(): Promise<void> {
    await following;
    await subscription?.close();
    subscription = undefined;
    rides.clear();
  }

  async function tryToLead(): Promise<void> {
    if (stopped || lock) return;
    const taken = await database.tryLock('timers').catch((error: unknown) => void onError(error));
    if (!taken) return;
    lock = taken;
    void taken.lost.then(async () => {
      if (lock !== taken) return;
      lock = null;
      // Another process takes over and reconciles; timers armed here may fire too, and are then refused as repeats.
      await unfollow();
    });
    // Not awaited: a reconcile waits for the read models, and boot must not wait for a rebuild.
    following = follow().catch(onError);
  }

  async function keepTryingToLead(): Promise<void> {
    while (!stopped) {
      await Promise.race([stopping, new Promise((resolve) => setTimeout(resolve, leaseRetryMs).unref())]);
      if (!stopped) await tryToLead();
    }
  }

  return {
    async start() {
      await tryToLead();
      leadership = keepTryingToLead();
    },
    async stop() {
      stopped = true;
      markStopped();
      await leadership;
      await unfollow();
      const held = lock;
      lock = null;
      await held?.release();
    },
    leading: () => lock !== null,
    async caughtUp() {
      await following;
      await subscription?.caughtUp();
    },
  };
}
