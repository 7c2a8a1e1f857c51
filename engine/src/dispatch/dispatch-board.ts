import type { RecordedEvent } from '../event-store/event-store';

interface RideEntry {
  version: number;
  toLocation: string | null;
  urgent: boolean;
  /** The offer standing on the ride, if any. */
  offer: { driverId: string; expiresAt: number } | null;
}

/** Where a driver last dropped a load, and when he was freed. */
export interface LastDrop {
  location: string | null;
  at: string;
}

// Rides remembered at most (the oldest forgotten first): enough for a shift's open rides many times over.
const CAPACITY = 20_000;

/**
 * What offer dispatch needs of the rides, kept in memory from the events this engine hears (issue
 * #20): each driver's last drop (where the ride he ended was going, and when he was freed) and which
 * drivers hold a standing offer. A ride booked before the engine started is unknown to it: its
 * driver's last drop is then where his shift started, and an offer standing across a restart may be
 * made twice (each expires on its own).
 */
export class DispatchBoard {
  private readonly rides = new Map<string, RideEntry>();
  private readonly drops = new Map<string, LastDrop>();
  /** Driver → the ride offered to him, while the offer stands (the rides' entries say it too; this finds it by driver). */
  private readonly offered = new Map<string, { rideId: string; expiresAt: number }>();

  /** Applies a ride event (by stream position: one heard twice changes nothing) or a driver's release. */
  apply(event: RecordedEvent): void {
    if (event.streamId.startsWith('ride-')) this.applyRide(event);
    else if (event.type === 'DriverReleasedFromRide') this.applyRelease(event);
  }

  lastDrop(operatorId: string): LastDrop | undefined {
    return this.drops.get(operatorId);
  }

  /** Whether the driver holds an offer that has not expired by `now`. */
  holdsOffer(operatorId: string, now: Date): boolean {
    const offer = this.offered.get(operatorId);
    return offer !== undefined && offer.expiresAt > now.getTime();
  }

  /** The normal ride whose offer the driver holds at `now`, which an urgent ride may take him from; else null. */
  heldNormalOffer(operatorId: string, now: Date): string | null {
    const offer = this.offered.get(operatorId);
    if (!offer || offer.expiresAt <= now.getTime()) return null;
    return this.rides.get(offer.rideId)?.urgent === false ? offer.rideId.slice('ride-'.length) : null;
  }

  private applyRide(event: RecordedEvent): void {
    const entry = this.rides.get(event.streamId) ?? { version: 0, toLocation: null, urgent: false, offer: null };
    if (event.streamPosition <= entry.version) return;
    const data = event.data as { toLocation?: string; driverId?: string; expiresAt?: string; priority?: string };
    let { toLocation, urgent, offer } = entry;
    switch (event.type) {
      case 'RideRequested':
        toLocation = data.toLocation ?? null;
        urgent = data.priority === 'urgent';
        break;
      case 'RidePriorityChanged':
        urgent = data.priority === 'urgent';
        break;
      case 'RideOffered':
        offer = { driverId: data.driverId!, expiresAt: Date.parse(data.expiresAt!) };
        break;
      case 'RideOfferDeclined':
      case 'RideOfferExpired':
      case 'RideOfferWithdrawn':
      case 'RideOpenedToAll':
      case 'RideAccepted':
      case 'RideAssigned':
      case 'RideCancelled':
        offer = null;
        break;
    }
    if (entry.offer && entry.offer !== offer && this.offered.get(entry.offer.driverId)?.rideId === event.streamId)
      this.offered.delete(entry.offer.driverId);
    if (offer && offer !== entry.offer) this.offered.set(offer.driverId, { rideId: event.streamId, expiresAt: offer.expiresAt });
    this.rides.delete(event.streamId);
    this.rides.set(event.streamId, { version: event.streamPosition, toLocation, urgent, offer });
    if (this.rides.size > CAPACITY) this.rides.delete(this.rides.keys().next().value as string);
  }

  private applyRelease(event: RecordedEvent): void {
    const { operatorId, rideId, reason } = event.data as { operatorId: string; rideId: string; reason: string };
    const previous = this.drops.get(operatorId);
    // After a breakdown his vehicle stands where it broke down, which no event says: keep the last known place.
    const location = reason === 'ended' ? (this.rides.get(`ride-${rideId}`)?.toLocation ?? null) : (previous?.location ?? null);
    this.drops.set(operatorId, { location, at: event.recordedAt.toISOString() });
  }
}
