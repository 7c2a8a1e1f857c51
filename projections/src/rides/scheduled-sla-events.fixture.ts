import { rideStreamId, type RideEvent, type RidePriority, type SlaTarget } from '@plantride/schemas';
import { at, eventsOf } from '../../../engine/src/test-support/event-builder';
import { rideEvents } from '../../../engine/src/test-support/ride-events';

const rideEvent = eventsOf<RideEvent>((data) => rideStreamId(data.rideId));

/**
 * Issue #20's scheduling and service-target facts for given-events tests, beside rideEvents (same
 * day, `minute` past 08:00 UTC): the timers that write RideReleased and RideSlaBreached live elsewhere.
 */
export const scheduledSlaEvents = {
  /** A ride booked at `minute`, wanted at `forMinute`, going to dispatch at `releaseMinute`. */
  scheduled: (
    rideId: string,
    requesterId: string,
    minute: number,
    forMinute: number,
    releaseMinute: number,
    more: Partial<Extract<RideEvent, { type: 'RideRequested' }>['data']> = {},
  ) => rideEvents.requested(rideId, requesterId, minute, { scheduledFor: at(forMinute), releaseAt: at(releaseMinute), ...more }),
  released: (rideId: string, minute: number, dispatch?: 'offer') =>
    rideEvent('RideReleased', { rideId, releasedAt: at(minute), ...(dispatch ? { dispatch } : {}) }),
  slaBreached: (rideId: string, target: SlaTarget, minute: number, priority: RidePriority = 'normal') =>
    rideEvent('RideSlaBreached', { rideId, target, priority, dueAt: at(minute), breachedAt: at(minute) }),
  /** Issue #32 item 2: the deliver miss at `dueMinute` taken back by a drop tapped at `droppedMinute`. */
  missWithdrawn: (rideId: string, dueMinute: number, droppedMinute: number, acceptMissed = false) =>
    rideEvent('RideSlaMissWithdrawn', {
      rideId,
      target: 'deliver',
      dueAt: at(dueMinute),
      droppedAt: at(droppedMinute),
      acceptMissed,
      withdrawnAt: at(dueMinute + 1),
    }),
};
