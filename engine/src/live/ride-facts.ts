import {
  evolveRide,
  foldRide,
  initialRideSnapshot,
  type DomainEvent,
  type RideContext,
  type RideEvent,
  type RideSnapshot,
  type VehicleType,
} from '@plantride/schemas';
import type { EventStore, RecordedEvent } from '../event-store/event-store';
import { toDomainEvent } from '../event-store/upcast';

/**
 * What routing a ride's later events needs (who booked it, which drivers may see it, who drives it),
 * as the statechart's fold of its events has it: the ride's context once it is booked.
 */
export type RideFacts = Readonly<RideContext> & { vehicleType: VehicleType };

/** The facts of a ride folded this far; null before its booking. */
export function rideFactsOf(snapshot: RideSnapshot): RideFacts | null {
  // Booked, the context holds the booking's vehicle type.
  return snapshot.context.requestedAt === null ? null : (snapshot.context as RideFacts);
}

export function isRideEvent(event: RecordedEvent): boolean {
  return event.streamId.startsWith('ride-');
}

const DEFAULT_CAPACITY = 10_000;

/**
 * Ride stream → its fold as of the last event applied. Fed by the reader that owns it, in store
 * order; a ride it has not seen (evicted, or booked before it started) or that it sees out of
 * stream order is folded from its stream up to the event at hand, so the answer is the same either way.
 */
export class RideFactsCache {
  private readonly entries = new Map<string, { snapshot: RideSnapshot; version: number }>();

  constructor(
    private readonly store: EventStore,
    private readonly capacity = DEFAULT_CAPACITY,
  ) {}

  /** Facts as they stood just before `event`. */
  async before(event: RecordedEvent): Promise<RideFacts | null> {
    // A ride's first event has nothing before it: no read (each would wait its turn for a connection).
    if (event.streamPosition === 1) return null;
    const entry = this.entries.get(event.streamId);
    if (entry && entry.version === event.streamPosition - 1) return rideFactsOf(entry.snapshot);
    const earlier = (await this.store.readStream(event.streamId)).filter((e) => e.streamPosition < event.streamPosition);
    const snapshot = foldRide(earlier.map((e) => toDomainEvent(e) as RideEvent));
    this.remember(event.streamId, snapshot, event.streamPosition - 1);
    return rideFactsOf(snapshot);
  }

  /** Records `event` on top of the fold `before` answered from. */
  apply(event: RecordedEvent, _before: RideFacts | null, domainEvent: DomainEvent): void {
    const entry = this.entries.get(event.streamId);
    const from = event.streamPosition === 1 ? initialRideSnapshot() : entry?.version === event.streamPosition - 1 ? entry.snapshot : null;
    // Evicted meanwhile: the next event folds the stream again.
    if (from === null) this.entries.delete(event.streamId);
    else this.remember(event.streamId, evolveRide(from, domainEvent as RideEvent), event.streamPosition);
  }

  private remember(streamId: string, snapshot: RideSnapshot, version: number): void {
    this.entries.delete(streamId);
    this.entries.set(streamId, { snapshot, version });
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }
}
