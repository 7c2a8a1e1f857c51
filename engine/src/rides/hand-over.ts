import { RESUME_STATE_TO_RIDE_STATE, rideStreamId, type RideEvent, type RideStateName } from '@plantride/schemas';
import type { EventStore, RecordedEvent } from '../event-store/event-store';
import { toDomainEvent } from '../event-store/upcast';

/** What the ride's last breakdown handed over: the first driver's mobile and where the ride stood. */
export interface HandOver {
  originalDriverMobile: string | null;
  rideState: RideStateName;
}

/**
 * From the ride's stream: its last `RideRedistributed`, and the mobile the driver who broke down
 * had when he accepted or took over the ride (the number its requester was given). Null if the
 * ride was never handed over.
 */
function handOverIn(recorded: readonly RecordedEvent[]): HandOver | null {
  const events = recorded.map((e) => toDomainEvent(e) as RideEvent);
  const last = events.findLastIndex((e) => e.type === 'RideRedistributed');
  const redistributed = events[last];
  if (redistributed?.type !== 'RideRedistributed') return null;
  const { originalDriverId, resumeState } = redistributed.data;
  const took = events
    .slice(0, last)
    .findLast((e) => (e.type === 'RideAccepted' || e.type === 'RideTakenOver') && e.data.driverId === originalDriverId);
  const originalDriverMobile = took?.type === 'RideAccepted' || took?.type === 'RideTakenOver' ? took.data.driverMobile || null : null;
  return { originalDriverMobile, rideState: RESUME_STATE_TO_RIDE_STATE[resumeState] };
}

/** The hand-over of each ride, by ride id, from one read of all their streams (a page of offered rides reads once). */
export async function handOversOf(store: EventStore, rideIds: readonly string[]): Promise<Map<string, HandOver | null>> {
  if (rideIds.length === 0) return new Map();
  const streams = await store.readStreams(rideIds.map(rideStreamId));
  return new Map(rideIds.map((rideId) => [rideId, handOverIn(streams.get(rideStreamId(rideId)) ?? [])]));
}
