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
  /**
   * Arms every open ride's timers again from the store, when leading: for an adapter that lost the
   * timers it held (a Redis that came back empty). Arming is idempotent, so timers still there stay once.
   */
  reconcileAgain(): void;
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
  // One leadership term: from taking the lock until losing or releasing it. A term's reader never
  // outlives it, so a term that ends while the store is down cannot close its successor's reader.
  interface Term {
    readonly lock: SessionLock;
    subscription?: Subscription;
    following: Promise<void>;
    ended: boolean;
  }
  let term: Term | null = null;
  let stopped = false;
  let markStopped!: () => void;
  const stopping = new Promise<void>((resolve) => (markStopped = resolve));
  let leadership: Promise<void> | undefined;
  // Reconciles asked for while following (timers lost by the adapter), one at a time.
  let reconciling: Promise<void> = Promise.resolve();

  const remember = (streamId: string, version: number, snapshot: RideSnapshot) => {
    rides.delete(streamId);
    rides.set(streamId, { version, snapshot });
    if (rides.size > CACHE_CAPACITY) rides.delete(rides.keys().next().value as string);
  };

  const fold = (events: readonly RecordedEvent[]) =>
    events.reduce(
      (snapshot, event) => (isEventType(event.type) ? evolveRide(snapshot, toDomainEvent(event) as RideEvent) : snapshot),
      initialRideSnapshot(),
    );

  /**
   * Cancels the timers `before` wanted and `after` does not, and arms the ones `after` wants. With
   * `armedBefore` (the previous event of the stream was handled here, so its timers were armed) only
   * the new ones are armed: a timer's id fixes its deadline, so one wanted before stands as armed.
   */
  async function sync(before: RideSnapshot | null, after: RideSnapshot, armedBefore = false): Promise<void> {
    const wanted = rideTimers(after, settings);
    const wantedIds = new Set(wanted.map((timer) => timer.id));
    const previous = before ? rideTimers(before, settings) : [];
    for (const timer of previous) if (!wantedIds.has(timer.id)) await port.cancel(timer.id);
    const armed = new Set(armedBefore ? previous.map((timer) => timer.id) : []);
    for (const timer of wanted) if (!armed.has(timer.id)) await port.arm(timer);
  }

  async function onEvent(event: RecordedEvent): Promise<void> {
    if (!isRideStream(event) || !isEventType(event.type)) return;
    const known = rides.get(event.streamId);
    // Remembered only once its timers were armed: then the previous event's timers stand.
    const armedBefore = known?.version === event.streamPosition - 1;
    const before = armedBefore
      ? known!.snapshot
      : fold((await store.readStream(event.streamId)).filter((e) => e.streamPosition < event.streamPosition));
    const after = evolveRide(before, toDomainEvent(event) as RideEvent);
    await sync(before, after, armedBefore);
    remember(event.streamId, event.streamPosition, after);
  }

  async function reconcile(head: Checkpoint, current: Term): Promise<void> {
    for (const rideId of await options.openRides(head.position)) {
      if (stopped || current.ended) return;
      const recorded = await store.readStream(rideStreamId(rideId));
      const snapshot = fold(recorded);
      await sync(null, snapshot);
      remember(rideStreamId(rideId), recorded.length, snapshot);
    }
  }

  const pause = () => Promise.race([stopping, new Promise((resolve) => setTimeout(resolve, leaseRetryMs).unref())]);

  async function follow(current: Term): Promise<void> {
    let head: Checkpoint | undefined;
    // Until it has gone through once, a reconcile that fails is tried again: a lost timer would be silent.
    for (;;) {
      try {
        head ??= await store.headCheckpoint();
        await reconcile(head, current);
        break;
      } catch (error) {
        onError(error);
        if (stopped || current.ended) return;
        await pause();
      }
    }
    if (stopped || current.ended) return;
    current.subscription = store.subscribe(head, onEvent, { pollIntervalMs: options.pollIntervalMs, onError });
  }

  async function end(current: Term): Promise<void> {
    current.ended = true;
    await current.following;
    await current.subscription?.close();
    current.subscription = undefined;
    rides.clear();
  }

  async function tryToLead(): Promise<void> {
    if (stopped || term) return;
    const taken = await database.tryLock('timers').catch((error: unknown) => void onError(error));
    if (!taken) return;
    const current: Term = { lock: taken, following: Promise.resolve(), ended: false };
    term = current;
    void taken.lost.then(async () => {
      if (term !== current) return;
      term = null;
      // Another process (or this one, once the store is back) takes over and reconciles; timers armed
      // here may fire too, and are then refused as repeats.
      await end(current);
    });
    // Not awaited: a reconcile waits for the read models, and boot must not wait for a rebuild.
    current.following = follow(current).catch(onError);
  }

  async function keepTryingToLead(): Promise<void> {
    while (!stopped) {
      await pause();
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
      await reconciling;
      const held = term;
      term = null;
      if (held) {
        await end(held);
        await held.lock.release();
      }
    },
    leading: () => term !== null,
    async caughtUp() {
      const current = term;
      await current?.following;
      await reconciling;
      await current?.subscription?.caughtUp();
    },
    reconcileAgain() {
      const current = term;
      if (!current || stopped) return;
      reconciling = reconciling.then(async () => {
        // Retried like the first one: the timers it re-arms would otherwise be lost silently.
        while (!stopped && !current.ended && term === current) {
          try {
            await current.following;
            await reconcile(await store.headCheckpoint(), current);
            return;
          } catch (error) {
            onError(error);
            await pause();
          }
        }
      });
    },
  };
}
