import {
  DEFAULT_DISPATCH_SETTINGS,
  foldRide,
  rideStreamId,
  slaDueAt,
  type RideEvent,
  type SlaTarget,
  type VehicleType,
} from '@plantride/schemas';
import type { EventStore } from '../event-store/event-store';
import { toDomainEvent } from '../event-store/upcast';
import { bookRide, fireRideTimer } from '../rides/ride.decider';
import { changeDispatchSettings } from '../dispatch/dispatch.decider';
import { commandRunner, directRides } from '../test-support/direct-rides';
import { TIMER_ACTOR } from '../timers/fire-timer';
import type { TimerCommand } from '../timers/timer-commands';
import { countDriverOnRoster } from '../test-support/roster-events';

export { driverName } from '../test-support/direct-rides';
export type { RideTimes } from '../test-support/direct-rides';

/** KPI rides go through the real command handlers with exact times. */
export const kpiRides = directRides;

/**
 * Issue #20's timer work at chosen moments, through the real command pipeline (the deciders the
 * timers call, as the timer actor); each call answers the store position. A booking for later goes
 * through the booking decider with the release lead its times imply.
 */
export function timerFacts(store: EventStore) {
  const run = commandRunner(store);
  const rideOf = async (rideId: string) =>
    foldRide((await store.readStream(rideStreamId(rideId))).map((recorded) => toDomainEvent(recorded) as RideEvent));
  const fire = (command: TimerCommand, at: string) => run(fireRideTimer, command, at, TIMER_ACTOR);
  return {
    /** A ride booked at `requestedAt` by `requesterId` (an account already made) for `scheduledFor`, going to dispatch at `releaseAt`. */
    async bookLater(
      rideId: string,
      requesterId: string,
      vehicleType: VehicleType,
      times: { requestedAt: string; scheduledFor: string; releaseAt: string },
    ) {
      const releaseLeadMinutes = (Date.parse(times.scheduledFor) - Date.parse(times.releaseAt)) / 60_000;
      const data = {
        rideId,
        requesterId,
        requesterName: '',
        requesterMobile: '',
        fromLocation: 'main gate',
        toLocation: 'canteen',
        vehicleType,
        rideType: 'Regular' as const,
        durationMinutes: null,
        scheduledFor: times.scheduledFor,
      };
      // The lead is the dispatch settings' (their stream), as an admin would have set them.
      await run(
        changeDispatchSettings,
        { type: 'ChangeDispatchSettings', data: { ...DEFAULT_DISPATCH_SETTINGS, releaseLeadMinutes } },
        times.requestedAt,
        { tokenNo: 'AD01', role: 'admin' },
      );
      await countDriverOnRoster(store, vehicleType);
      return run(bookRide, { type: 'BookRide', data }, times.requestedAt, {
        tokenNo: requesterId,
        role: 'requester',
      });
    },
    release: (rideId: string, releasedAt: string) =>
      fire({ type: 'ReleaseScheduledRide', data: { rideId, dueAt: releasedAt } }, releasedAt),
    /** The ride missed `target` at the deadline and priority its own events give it (slaDueAt), as the statechart requires. */
    async missTarget(rideId: string, target: SlaTarget) {
      const { context } = await rideOf(rideId);
      const dueAt = slaDueAt(context, target);
      if (dueAt === null) throw new Error(`ride ${rideId} has not gone to dispatch`);
      return fire({ type: 'NoteMissedTarget', data: { rideId, target, priority: context.priority, dueAt } }, dueAt);
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
