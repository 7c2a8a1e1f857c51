import type { CommandCall } from '../load/load-parties';
import type { Arrival } from './dispatch-plan';

/** What one ride went through, in wall ms (nowMs()). */
export interface RideRecord {
  arrival: Arrival;
  rideId: string;
  bookedAt: number;
  acceptedAt: number | null;
  pickedAt: number | null;
  endedAt: number | null;
  /** Route minutes its drivers drove empty to its pickup (two drivers after a breakdown before the pick). */
  emptyMinutes: number;
  driverIds: string[];
  offers: number;
  /** How its first driver came to it: offered to him alone, or from the list every driver of the type sees. */
  acceptedVia: 'offer' | 'list' | null;
  brokeDown: boolean;
}

export interface DispatchCounts {
  arrivals: number;
  booked: number;
  /** Bookings the engine refused (status: count). */
  refused: Record<string, number>;
  accepted: number;
  takenOver: number;
  ended: number;
  breakdowns: number;
  /** rideOffered received (offer mode). */
  offers: number;
  /** Offers the offered driver declined: drawn (`declineShare`), or because he had tapped Accept on another ride. */
  declinedByChoice: number;
  declinedBusy: number;
  /** Accepts or take-overs another driver won first (409). */
  lostRaces: number;
  /** Distinct newRideRequest announcements to every driver of a type (broadcast bookings, offer fall-backs, wait alerts). */
  openedToAll: number;
  /** Steps the engine refused (the driver is left out of the shift), and the first messages. */
  stuck: number;
  stuckMessages: string[];
}

export const noCounts = (): DispatchCounts => ({
  arrivals: 0,
  booked: 0,
  refused: {},
  accepted: 0,
  takenOver: 0,
  ended: 0,
  breakdowns: 0,
  offers: 0,
  declinedByChoice: 0,
  declinedBusy: 0,
  lostRaces: 0,
  openedToAll: 0,
  stuck: 0,
  stuckMessages: [],
});

/** The shift's booked rides by id; socket events may name a ride before its booking is answered. */
export class RideBook {
  readonly rides = new Map<string, RideRecord>();
  private readonly waiting = new Map<string, Array<(ride: RideRecord) => void>>();

  booked(arrival: Arrival, rideId: string, bookedAt: number): RideRecord {
    const ride: RideRecord = {
      arrival,
      rideId,
      bookedAt,
      acceptedAt: null,
      pickedAt: null,
      endedAt: null,
      emptyMinutes: 0,
      driverIds: [],
      offers: 0,
      acceptedVia: null,
      brokeDown: false,
    };
    this.rides.set(rideId, ride);
    for (const done of this.waiting.get(rideId) ?? []) done(ride);
    this.waiting.delete(rideId);
    return ride;
  }

  /** The ride's record, once its booking was answered. */
  known(rideId: string): Promise<RideRecord> {
    const ride = this.rides.get(rideId);
    if (ride) return Promise.resolve(ride);
    return new Promise((resolve) => this.waiting.set(rideId, [...(this.waiting.get(rideId) ?? []), resolve]));
  }

  unfinished(): RideRecord[] {
    return [...this.rides.values()].filter((ride) => ride.endedAt === null);
  }
}

/** The commands this bench sends besides load-parties' `calls`. */
export const dispatchCalls = {
  book: (a: Arrival, userId: string): CommandCall => ({
    command: 'book',
    method: 'POST',
    path: '/api/bookings/book-ride',
    body: {
      userId,
      fromLocation: a.fromLocation,
      toLocation: a.toLocation,
      vehicleType: a.vehicleType,
      rideType: 'Regular',
      priority: a.priority,
    },
  }),
  step: (rideId: string, event: 'start' | 'materialPicked' | 'materialDropped'): CommandCall => ({
    command: event,
    method: 'PUT',
    path: '/api/bookings/update-timestamps',
    body: { rideId, event },
  }),
  complete: (rideId: string): CommandCall => ({
    command: 'complete',
    method: 'POST',
    path: '/api/tracking/complete-ride',
    body: { rideId },
  }),
  decline: (rideId: string): CommandCall => ({ command: 'decline', method: 'POST', path: '/api/tracking/decline-offer', body: { rideId } }),
};
