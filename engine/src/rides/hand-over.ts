import { RESUME_STATE_TO_RIDE_STATE, rideStreamId, type RideEvent, type RideStateName } from '@plantride/schemas';
import type { FastifyInstance } from 'fastify';
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
export async function handOverOf(app: FastifyInstance, rideId: string): Promise<HandOver | null> {
  const events = (await app.eventStore.readStream(rideStreamId(rideId))).map((e) => toDomainEvent(e) as RideEvent);
  const last = events.findLastIndex((e) => e.type === 'RideRedistributed');
  const redistributed = events[last];
  if (redistributed?.type !== 'RideRedistributed') return null;
  const { originalDriverId, resumeState } = redistributed.data;
  const took = events.slice(0, last).findLast((e) => (e.type === 'RideAccepted' || e.type === 'RideTakenOver') && e.data.driverId === originalDriverId);
  const originalDriverMobile = took?.type === 'RideAccepted' || took?.type === 'RideTakenOver' ? took.data.driverMobile || null : null;
  return { originalDriverMobile, rideState: RESUME_STATE_TO_RIDE_STATE[resumeState] };
}
