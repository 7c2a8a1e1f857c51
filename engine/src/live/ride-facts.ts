import type { DomainEvent, RidePriority, RideType, VehicleType } from '@plantride/schemas';
import type { EventStore, RecordedEvent } from '../event-store/event-store';
import { toDomainEvent } from '../event-store/upcast';

/** What routing a ride's later events needs: who booked it, which drivers may see it, who drives it. */
export interface RideFacts {
  requesterId: string;
  vehicleType: VehicleType;
  driverId: string | null;
  originalDriverId: string | null;
  /** What drivers are shown again when the ride is redistributed. */
  requesterName: string;
  requesterMobile: string;
  fromLocation: string;
  toLocation: string;
  rideType: RideType;
  /** Issue #20: 'urgent' or 'normal', and whether every driver of the type may take it (broadcast, or an offer that fell back). */
  priority: RidePriority;
  openToAll: boolean;
}

export function evolveRideFacts(facts: RideFacts | null, event: DomainEvent): RideFacts | null {
  switch (event.type) {
    case 'RideRequested':
      return {
        requesterId: event.data.requesterId,
        vehicleType: event.data.vehicleType,
        driverId: null,
        originalDriverId: null,
        requesterName: event.data.requesterName,
        requesterMobile: event.data.requesterMobile,
        fromLocation: event.data.fromLocation,
        toLocation: event.data.toLocation,
        rideType: event.data.rideType,
        priority: event.data.priority ?? 'normal',
        openToAll: event.data.dispatch !== 'offer',
      };
    case 'RideOpenedToAll':
      return facts && { ...facts, openToAll: true };
    case 'RideReleased':
      return facts && { ...facts, openToAll: event.data.dispatch !== 'offer' };
    case 'RidePriorityChanged':
      return facts && { ...facts, priority: event.data.priority };
    case 'RideAccepted':
    case 'RideTakenOver':
      return facts && { ...facts, driverId: event.data.driverId };
    case 'RideRedistributed':
      return facts && { ...facts, driverId: null, originalDriverId: event.data.originalDriverId, openToAll: event.data.openToAll };
    default:
      return facts;
  }
}

export function isRideEvent(event: RecordedEvent): boolean {
  return event.streamId.startsWith('ride-');
}

const DEFAULT_CAPACITY = 10_000;

/**
 * Ride stream → facts as of the last event applied. Fed by the reader that owns it, in store
 * order; a ride it has not seen (evicted, or booked before it started) or that it sees out of
 * stream order is folded from its stream up to the event at hand, so the answer is the same either way.
 */
export class RideFactsCache {
  private readonly entries = new Map<string, { facts: RideFacts | null; version: number }>();

  constructor(
    private readonly store: EventStore,
    private readonly capacity = DEFAULT_CAPACITY,
  ) {}

  /** Facts as they stood just before `event`. */
  async before(event: RecordedEvent): Promise<RideFacts | null> {
    // A ride's first event has nothing before it: no read (each would wait its turn for a connection).
    if (event.streamPosition === 1) return null;
    const entry = this.entries.get(event.streamId);
    if (entry && entry.version === event.streamPosition - 1) return entry.facts;
    const earlier = (await this.store.readStream(event.streamId)).filter((e) => e.streamPosition < event.streamPosition);
    return earlier.reduce<RideFacts | null>((facts, e) => evolveRideFacts(facts, toDomainEvent(e)), null);
  }

  /** Records `event` on top of the facts `before` returned for it. */
  apply(event: RecordedEvent, before: RideFacts | null, domainEvent: DomainEvent): void {
    this.entries.delete(event.streamId);
    this.entries.set(event.streamId, { facts: evolveRideFacts(before, domainEvent), version: event.streamPosition });
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }
}
