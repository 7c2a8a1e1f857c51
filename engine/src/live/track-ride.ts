import { SERVER_MESSAGES, foldRide, rideStreamId, type RideEvent, type RideSnapshot } from '@plantride/schemas';
import type { AuthUser } from '../auth/jwt';
import type { EventStore } from '../event-store/event-store';
import { toDomainEvent } from '../event-store/upcast';
import { isStaff, liveRooms } from './live-rooms';
import { trackRideRequestSchema, type LiveSocket, type TrackRideAnswer } from './live-socket';

/** Who may follow a ride's room: its requester, its current or original driver, and staff. */
export function mayTrackRide(user: AuthUser, ride: RideSnapshot): boolean {
  if (ride.value === 'new') return false;
  const { requesterId, driverId, originalDriverId } = ride.context;
  return isStaff(user.role) || [requesterId, driverId, originalDriverId].includes(user.tokenNo);
}

export async function trackRide(store: EventStore, socket: LiveSocket, request: unknown): Promise<TrackRideAnswer> {
  const rideId = trackRideRequestSchema.safeParse(request);
  if (!rideId.success) return { ok: false, message: SERVER_MESSAGES.invalidRequest };
  const events = await store.readStream(rideStreamId(rideId.data));
  const ride = foldRide(events.map((event) => toDomainEvent(event) as RideEvent));
  // An unknown ride and someone else's ride answer alike, so ride ids cannot be probed.
  if (!mayTrackRide(socket.data.user, ride)) return { ok: false, message: SERVER_MESSAGES.forbidden };
  await socket.join(liveRooms.ride(rideId.data));
  return { ok: true };
}
