import { endsSessions, isEventType } from '@plantride/schemas';
import { sessionEndOf } from './session-end';
import { checkpointOf, type Checkpoint, type EventStore, type RecordedEvent, type Subscription } from '../event-store/event-store';
import { toDomainEvent } from '../event-store/upcast';
import { liveRooms } from './live-rooms';
import { liveContextFor, type LiveLookups } from './live-lookups';
import { RideFactsCache, isRideEvent, type RideFacts } from './ride-facts';
import { reaches, socketEventsFor, type LiveEmit } from './ride-socket-events';
import { PositionIndex, checkpointAt, compareCheckpoints, headCheckpoint, readAllFrom } from './positions';
import type { LiveServer, LiveSocket } from './live-socket';

interface Target {
  emit(name: string, payload: unknown): unknown;
}

// The mapping table guarantees each name travels with its own payload; socket.io's typed emit cannot see it through a union.
export function send(target: unknown, emit: LiveEmit): void {
  (target as Target).emit(emit.name, emit.payload);
}

/** A socket to catch up: one of this process's, or (several engine processes) another's, reached by its id. */
export interface CatchUpTarget {
  readonly id: string;
  readonly rooms: ReadonlySet<string>;
  readonly disconnected: boolean;
  send(emit: LiveEmit): void;
  /** Called once the replay and the held-back events are sent, before live events reach it again. */
  resumeLive?(): void;
}

/** A socket of this process as a catch-up target. */
export function localTarget(socket: LiveSocket): CatchUpTarget {
  return {
    id: socket.id,
    rooms: socket.rooms,
    get disconnected() {
      return socket.disconnected;
    },
    send: (emit) => send(socket, emit),
  };
}

interface CatchingUp {
  socket: CatchUpTarget;
  buffer: Array<{ checkpoint: Checkpoint; emit: LiveEmit }>;
}

// How long a catch-up waits before reading $all again when it stopped short (see catchUp).
const REREAD_MS = 10;

export interface LiveGatewayOptions {
  io: LiveServer;
  store: EventStore;
  /** Streams the mappings of some stored events need (a maintenance outcome recorded before it named its driver). */
  lookups: LiveLookups;
  pollIntervalMs?: number;
  onError: (error: unknown) => void;
  /**
   * 'local' (default): every engine process reads `$all` and sends to its own sockets. 'cluster':
   * only this process sends, to every process's sockets through the socket.io adapter.
   */
  scope?: 'local' | 'cluster';
  /** Called with each event's checkpoint once its socket events are sent (where a successor resumes). */
  onDelivered?: (checkpoint: Checkpoint) => void;
  /** Hears each live event with the socket events it sent (not a catch-up's replays): Web Push follows them. */
  onEmits?: (event: RecordedEvent, emits: readonly LiveEmit[]) => void;
}

/**
 * Turns `$all` into socket events, so a socket hears the same whichever process or timer appended
 * the event. Locally each engine process reads the store itself and sends to its own sockets; in
 * 'cluster' scope one process (see live-delivery.ts) sends to all of them through the adapter.
 */
export class LiveGateway {
  private readonly index = new PositionIndex();
  private readonly facts: RideFactsCache;
  private readonly catchingUp = new Map<string, CatchingUp>();
  /** The last event whose socket events went out with no socket held back (see catchUp). */
  private sentLive: Checkpoint | undefined;
  private subscription: Subscription | undefined;
  private stopped = false;

  constructor(private readonly options: LiveGatewayOptions) {
    this.facts = new RideFactsCache(options.store);
  }

  /**
   * Starts at the head: sockets get what happens from now on, or what they ask to catch up on.
   * A process taking over from one that stopped starts where that one was (`from`). Resolves to
   * where it started.
   */
  async start(from?: Checkpoint): Promise<Checkpoint> {
    if (from) this.index.remember(from);
    const head = from ?? (await headCheckpoint(this.options.store, this.index));
    this.sentLive = head;
    this.subscription = this.options.store.subscribe(head, (event) => this.deliver(event), {
      pollIntervalMs: this.options.pollIntervalMs,
      onError: this.options.onError,
    });
    return head;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.subscription?.close();
  }

  /**
   * Sends `socket` every event after `lastPosition` its rooms would have received, then lets live
   * events through. Live events meanwhile are held for it and those the replay covered are dropped.
   * Resolves to false when the socket left before it was done.
   */
  async catchUp(socket: CatchUpTarget, lastPosition: number): Promise<boolean> {
    const entry: CatchingUp = { socket, buffer: [] };
    this.catchingUp.set(socket.id, entry);
    // What went out before now reached rooms this socket was not in (it joins them at the end):
    // the replay must go at least this far. What goes out from now on is held back for it.
    const sentBefore = this.sentLive;
    try {
      const { store } = this.options;
      const facts = new RideFactsCache(store);
      const from = await checkpointAt(store, this.index, lastPosition);
      const replay = async (event: RecordedEvent) => {
        if (socket.disconnected) return false;
        for (const emit of await this.emitsOf(event, facts)) if (reaches(emit, socket.rooms)) socket.send(emit);
      };
      let replayed = await readAllFrom(store, from, replay);
      // The replay relies on reading at least as far as live delivery did. Before migration 0005 a
      // later read of $all could stop lower (a transaction that ended just before its check), short
      // of events already sent live, and the socket never heard them (CI, two engines and a Redis
      // outage). The store no longer does that; should any read stop short, it is read again.
      while (sentBefore && compareCheckpoints(replayed, sentBefore) < 0 && !socket.disconnected && !this.stopped) {
        const stoppedAt = replayed;
        replayed = await readAllFrom(store, replayed, replay);
        if (compareCheckpoints(replayed, stoppedAt) === 0) await new Promise((resolve) => setTimeout(resolve, REREAD_MS));
      }
      // Whatever the replay read, the subscription has now passed too: from here on it alone delivers.
      await this.subscription?.caughtUp();
      // A gateway that stopped meanwhile (lost the lead) held back events it will never hand over.
      if (socket.disconnected || this.stopped) return false;
      for (const held of entry.buffer) if (compareCheckpoints(held.checkpoint, replayed) > 0) socket.send(held.emit);
      socket.resumeLive?.();
      return true;
    } finally {
      this.catchingUp.delete(socket.id);
    }
  }

  private async deliver(event: RecordedEvent): Promise<void> {
    const emits = await this.emitsOf(event, this.facts);
    this.index.record(event);
    const checkpoint = checkpointOf(event);
    const holding = [...this.catchingUp.keys()];
    this.sentLive = checkpoint;
    const everywhere = this.options.scope === 'cluster' ? this.options.io : this.options.io.local;
    for (const emit of emits) {
      send(everywhere.to(emit.rooms).except([...holding, ...(emit.except ?? [])]), emit);
      for (const entry of this.catchingUp.values()) if (reaches(emit, entry.socket.rooms)) entry.buffer.push({ checkpoint, emit });
    }
    // Without the role before it, any role change counts: a socket's rooms follow the role and vehicle type it connected with.
    if (endsSessions(event)) this.endSessions(event);
    this.options.onEmits?.(event, emits);
    this.options.onDelivered?.(checkpoint);
  }

  private async emitsOf(event: RecordedEvent, facts: RideFactsCache): Promise<LiveEmit[]> {
    // A type this process does not know was written by a newer one; it has nothing to send for it.
    if (!isEventType(event.type)) return [];
    const domainEvent = toDomainEvent(event);
    let before: RideFacts | null = null;
    if (isRideEvent(event)) {
      before = await facts.before(event);
      facts.apply(event, before, domainEvent);
    }
    const context = await liveContextFor(domainEvent, this.options.lookups);
    return socketEventsFor({ ...domainEvent, position: event.globalPosition }, before, context);
  }

  // Sockets opened before the sign-out or block belonged to the sessions it ends: told why, then closed.
  private endSessions(event: RecordedEvent): void {
    const tokenNo = (event.data as { tokenNo?: unknown }).tokenNo;
    if (typeof tokenNo !== 'string') return;
    const why = sessionEndOf(event);
    if (this.options.scope === 'cluster') {
      // Sockets of every process; asked in the background so one slow process does not hold up delivery.
      this.options.io
        .in(liveRooms.user(tokenNo))
        .fetchSockets()
        .then(
          (sockets) =>
            sockets
              .filter((socket) => socket.handshake.issued <= event.recordedAt.getTime())
              .forEach((socket) => {
                socket.emit('sessionEnded', why);
                socket.disconnect(true);
              }),
          this.options.onError,
        );
      return;
    }
    const room = this.options.io.of('/').adapter.rooms.get(liveRooms.user(tokenNo));
    for (const id of room ?? []) {
      const socket = this.options.io.of('/').sockets.get(id);
      if (!socket || socket.handshake.issued > event.recordedAt.getTime()) continue;
      socket.emit('sessionEnded', why);
      socket.disconnect(true);
    }
  }
}
