import { isEventType } from '@plantride/schemas';
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
function send(target: unknown, emit: LiveEmit): void {
  (target as Target).emit(emit.name, emit.payload);
}

interface CatchingUp {
  socket: LiveSocket;
  buffer: Array<{ checkpoint: Checkpoint; emit: LiveEmit }>;
}

// Account events after which the user's session tokens no longer hold (auth's session version).
const SESSION_ENDING = new Set(['UserSignedOut', 'UserBlocked', 'UserRoleChanged']);

export interface LiveGatewayOptions {
  io: LiveServer;
  store: EventStore;
  /** Read models and streams the mappings of some events need (maintenance, redistribution). */
  lookups: LiveLookups;
  pollIntervalMs?: number;
  onError: (error: unknown) => void;
}

/**
 * Turns `$all` into socket events. Each engine process reads the store itself and sends to its
 * own sockets only, so it behaves the same whichever process or timer appended the event.
 */
export class LiveGateway {
  private readonly index = new PositionIndex();
  private readonly facts: RideFactsCache;
  private readonly catchingUp = new Map<string, CatchingUp>();
  private subscription: Subscription | undefined;

  constructor(private readonly options: LiveGatewayOptions) {
    this.facts = new RideFactsCache(options.store);
  }

  /** Starts at the head: sockets get what happens from now on, or what they ask to catch up on. */
  async start(): Promise<void> {
    const head = await headCheckpoint(this.options.store, this.index);
    this.subscription = this.options.store.subscribe(head, (event) => this.deliver(event), {
      pollIntervalMs: this.options.pollIntervalMs,
      onError: this.options.onError,
    });
  }

  async stop(): Promise<void> {
    await this.subscription?.close();
  }

  /**
   * Sends `socket` every event after `lastPosition` its rooms would have received, then lets live
   * events through. Live events meanwhile are held for it and those the replay covered are dropped.
   * Resolves to false when the socket left before it was done.
   */
  async catchUp(socket: LiveSocket, lastPosition: number): Promise<boolean> {
    const entry: CatchingUp = { socket, buffer: [] };
    this.catchingUp.set(socket.id, entry);
    try {
      const { store } = this.options;
      const facts = new RideFactsCache(store);
      const from = await checkpointAt(store, this.index, lastPosition);
      const replayed = await readAllFrom(store, from, async (event) => {
        if (socket.disconnected) return false;
        for (const emit of await this.emitsOf(event, facts)) if (reaches(emit, socket.rooms)) send(socket, emit);
      });
      // Whatever the replay read, the subscription has now passed too: from here on it alone delivers.
      await this.subscription?.caughtUp();
      if (socket.disconnected) return false;
      for (const held of entry.buffer) if (compareCheckpoints(held.checkpoint, replayed) > 0) send(socket, held.emit);
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
    for (const emit of emits) {
      send(this.options.io.local.to(emit.rooms).except(holding), emit);
      for (const entry of this.catchingUp.values()) if (reaches(emit, entry.socket.rooms)) entry.buffer.push({ checkpoint, emit });
    }
    if (SESSION_ENDING.has(event.type)) this.endSessions(event);
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
    const context = await liveContextFor(domainEvent, before, this.options.lookups);
    return socketEventsFor({ ...domainEvent, position: event.globalPosition }, before, context);
  }

  // Sockets opened before the sign-out or block belonged to the sessions it ends.
  private endSessions(event: RecordedEvent): void {
    const tokenNo = (event.data as { tokenNo?: unknown }).tokenNo;
    if (typeof tokenNo !== 'string') return;
    const room = this.options.io.of('/').adapter.rooms.get(liveRooms.user(tokenNo));
    for (const id of room ?? []) {
      const socket = this.options.io.of('/').sockets.get(id);
      if (socket && socket.handshake.issued <= event.recordedAt.getTime()) socket.disconnect(true);
    }
  }
}
