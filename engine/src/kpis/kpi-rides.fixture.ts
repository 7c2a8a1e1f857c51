import { randomUUID } from 'node:crypto';
import { foldRide, rideEventSchema, rideStreamId, slaDueAt, type RideEvent, type SlaTarget, type VehicleType } from '@plantride/schemas';
import type { EventStore } from '../event-store/event-store';
import { toDomainEvent } from '../event-store/upcast';
import { directRides } from '../test-support/direct-rides';

export { driverName } from '../test-support/direct-rides';
export type { RideTimes } from '../test-support/direct-rides';

/** KPI rides go through the real command handlers with exact times. */
export const kpiRides = directRides;

/**
 * Issue #20's timer facts, appended straight to a ride's stream as its timers would append them
 * (the timers that do are built elsewhere), each checked against the event schema; each call
 * answers the store position. A booking for later is appended the same way.
 */
export function timerFacts(store: EventStore) {
  const append = async (event: RideEvent) => {
    const { type, data } = rideEventSchema.parse(event);
    const metadata = { commandId: randomUUID(), actor: { system: 'timer' } };
    return (await store.append(rideStreamId(data.rideId), 'any', [{ eventId: randomUUID(), type, schemaVersion: 1, data }], metadata)).position;
  };
  const rideOf = async (rideId: string) => foldRide((await store.readStream(rideStreamId(rideId))).map((recorded) => toDomainEvent(recorded) as RideEvent));
  return {
    /** A ride booked at `requestedAt` by `requesterId` for `scheduledFor`, going to dispatch at `releaseAt`. */
    bookLater: (rideId: string, requesterId: string, vehicleType: VehicleType, times: { requestedAt: string; scheduledFor: string; releaseAt: string }) =>
      append({
        type: 'RideRequested',
        data: { rideId, requesterId, requesterName: `${requesterId} Name`, requesterMobile: '9000000001', fromLocation: 'main gate', toLocation: 'canteen', vehicleType, rideType: 'Regular', estimatedMinutes: 11, durationMinutes: null, ...times },
      }),
    release: (rideId: string, releasedAt: string, dispatch?: 'offer') => append({ type: 'RideReleased', data: { rideId, releasedAt, ...(dispatch ? { dispatch } : {}) } }),
    /** The ride missed `target` at the deadline and priority its own events give it (slaDueAt), as the statechart requires. */
    async missTarget(rideId: string, target: SlaTarget) {
      const { context } = await rideOf(rideId);
      const dueAt = slaDueAt(context, target);
      if (dueAt === null) throw new Error(`ride ${rideId} has not gone to dispatch`);
      return append({ type: 'RideSlaBreached', data: { rideId, target, priority: context.priority, dueAt, breachedAt: dueAt } });
    },
  };
}

/** The 90th percentile as PostgreSQL's percentile_cont computes it: linear between the two nearest ranks. */
export function percentileCont(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = fraction * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (rank - low);
}
