import { describe, expect, it } from 'vitest';
import { TIMESTAMP_EVENTS } from './constants';
import { RIDE_EVENT_TYPES } from './events/ride.events';
import { rideStatusOf } from './ride.machine';
import { IN_PROGRESS_STATUSES, RIDE_LIFECYCLE_STATUSES, RIDE_STATUSES } from './ride-status';
import { isAheadOf, nextDriverStep, rideSnapshotAt, statusAfterFact, statusAfterStep } from './ride-walk';

describe('ride status helpers, read from the statechart', () => {
  it('given every status the lifecycle produces, when its snapshot is asked for, then the statechart reports that same status', () => {
    for (const status of RIDE_LIFECYCLE_STATUSES) expect(rideStatusOf(rideSnapshotAt(status)!)).toBe(status);
    expect(RIDE_STATUSES).toContain('redistributed_due_to_maintenance');
    expect(rideSnapshotAt('redistributed_due_to_maintenance')).toBeNull();
    expect(rideSnapshotAt(null)).toBeNull();
    expect(rideSnapshotAt('nonsense')).toBeNull();
  });

  it.each([
    ['accepted', 'start', 'started'],
    ['started', 'materialPicked', 'material picked'],
    ['material picked', 'materialDropped', 'delivered'],
    ['delivered', 'end', 'completed'],
  ] as const)("given a ride at %s, then the driver's one next step is %s and it leaves the ride %s", (status, step, after) => {
    expect(nextDriverStep(status)).toBe(step);
    expect(statusAfterStep(step)).toBe(after);
  });

  it('given a ride nobody carries out, then the driver has no step to report', () => {
    for (const status of ['requested', 'waiting_for_reassignment', 'completed', 'cancelled', null] as const)
      expect(nextDriverStep(status)).toBeNull();
    expect(TIMESTAMP_EVENTS.map(statusAfterStep)).toEqual(['started', 'material picked', 'delivered', 'completed']);
  });

  it('then each fact leaves the ride at its status; a take-over resumes where the vehicle broke down; timer notices and offers move nothing', () => {
    const after = Object.fromEntries(RIDE_EVENT_TYPES.map((type) => [type, statusAfterFact(type)]));
    expect(after).toEqual({
      RideRequested: 'requested',
      RideAccepted: 'accepted',
      RideStarted: 'started',
      MaterialPicked: 'material picked',
      MaterialDropped: 'delivered',
      RideEnded: 'completed',
      RideCancelled: 'cancelled',
      RideRedistributed: 'waiting_for_reassignment',
      RideTakenOver: 'accepted',
      RideWaitAlerted: null,
      ReassignmentOverdue: null,
      SpecialTaskOverran: null,
      RideOffered: null,
      RideOfferDeclined: null,
      RideOfferExpired: null,
      RideOpenedToAll: null,
      RidePriorityChanged: null,
      RideReleased: 'requested',
      RideSlaBreached: null,
      RideOfferWithdrawn: null,
      // Staff's assignment (issue #32 item 4) has no one status after it: accepted from requested, else where the ride stood.
      RideAssigned: null,
      RideSlaMissWithdrawn: null,
    });
    for (const resumeState of IN_PROGRESS_STATUSES) expect(statusAfterFact('RideTakenOver', resumeState)).toBe(resumeState);
  });

  it('given a ride waiting after a breakdown at material picked, then its snapshot remembers where it resumes', () => {
    expect(rideSnapshotAt('waiting_for_reassignment', 'material picked')?.context.resumeState).toBe('material picked');
    expect(rideSnapshotAt('waiting_for_reassignment')?.context.resumeState).toBe('accepted');
  });

  it('then statuses compare along the way from booked for later to completed, and nothing off it is ahead or behind', () => {
    expect(isAheadOf('requested', 'scheduled')).toBe(true);
    expect(isAheadOf('scheduled', 'requested')).toBe(false);
    expect(isAheadOf('material picked', 'started')).toBe(true);
    expect(isAheadOf('completed', 'delivered')).toBe(true);
    expect(isAheadOf('started', 'material picked')).toBe(false);
    expect(isAheadOf('started', 'started')).toBe(false);
    expect(isAheadOf('waiting_for_reassignment', 'started')).toBe(false);
    expect(isAheadOf('started', 'waiting_for_reassignment')).toBe(false);
    expect(isAheadOf('started', null)).toBe(false);
  });
});
