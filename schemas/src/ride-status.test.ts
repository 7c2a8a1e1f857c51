import { describe, expect, it } from 'vitest';
import { getStateNodes } from '@xstate/graph';
import type { RideEvent } from './events/ride.events';
import { RIDE_STATUS_OF_STATE, rideMachine, statusOfState } from './ride.machine';
import {
  AWAITING_DRIVER_STATUSES,
  CANCELLABLE_STATUSES,
  FINAL_STATUSES,
  IN_PROGRESS_STATUSES,
  OPEN_STATUSES,
  PENDING_STATUSES,
  RESUME_STATE_TO_RIDE_STATE,
  RIDE_LIFECYCLE_STATUSES,
  RIDE_STATE_NAMES,
  RIDE_STATE_TO_RESUME_STATE,
  RIDE_STATUSES,
  bookingTrackerStep,
  isAwaitingDriver,
  isCancellable,
  isInProgress,
  isOngoing,
  toResumeState,
} from './ride-status';
import { rideSnapshotAt } from './ride-walk';
import { reportStatusesOf } from './api/reports.api';

const cancel: RideEvent = {
  type: 'RideCancelled',
  data: { rideId: 'walk', cancelledBy: 'requester', cancelledAt: new Date(0).toISOString() },
};
// The walked ride at each status the lifecycle produces (a ride waiting after a breakdown, at each resume point).
const snapshotsAt = (status: string) =>
  status === RIDE_STATUS_OF_STATE.waitingForReassignment
    ? IN_PROGRESS_STATUSES.map((resumeState) => rideSnapshotAt(status, resumeState)!)
    : [rideSnapshotAt(status)!];
const holds = (test: (snapshot: NonNullable<ReturnType<typeof rideSnapshotAt>>) => boolean) =>
  RIDE_LIFECYCLE_STATUSES.filter((status) => snapshotsAt(status).every(test));

describe('status lists, read from the statechart', () => {
  it('given the machine, then every state a ride can rest in but new has a status, and the lifecycle lists exactly those', () => {
    const resting = getStateNodes(rideMachine).filter((node) => node.type === 'atomic' || node.type === 'final');
    expect(resting.filter((node) => statusOfState(node.key) === null).map((node) => node.key)).toEqual(['new']);
    expect([...RIDE_LIFECYCLE_STATUSES].sort()).toEqual(resting.flatMap((node) => statusOfState(node.key) ?? []).sort());
    expect(new Set(RIDE_LIFECYCLE_STATUSES).size).toBe(RIDE_LIFECYCLE_STATUSES.length);
    expect(RIDE_STATUSES).toEqual([...RIDE_LIFECYCLE_STATUSES, 'redistributed_due_to_maintenance']);
  });

  it('then each list holds exactly the statuses whose snapshots have its tag', () => {
    expect(AWAITING_DRIVER_STATUSES).toEqual(holds((s) => s.hasTag('awaitingDriver')));
    expect(PENDING_STATUSES).toEqual(holds((s) => s.hasTag('pending')));
    expect(IN_PROGRESS_STATUSES).toEqual(holds((s) => s.hasTag('inProgress')));
  });

  it('then the open statuses are the active snapshots, the final ones the done, and the cancellable those that can take RideCancelled', () => {
    expect(OPEN_STATUSES).toEqual(holds((s) => s.status === 'active'));
    expect(FINAL_STATUSES).toEqual(holds((s) => s.status === 'done'));
    expect(CANCELLABLE_STATUSES).toEqual(holds((s) => s.can(cancel)));
  });

  it('then every status is pending, in progress or final, and only one of them', () => {
    for (const status of RIDE_LIFECYCLE_STATUSES)
      expect(
        [PENDING_STATUSES, IN_PROGRESS_STATUSES, FINAL_STATUSES].filter((list) => (list as readonly string[]).includes(status)),
      ).toHaveLength(1);
    expect(AWAITING_DRIVER_STATUSES.every((status) => PENDING_STATUSES.includes(status))).toBe(true);
  });

  it('then the lists are the ones the spec describes', () => {
    expect(AWAITING_DRIVER_STATUSES).toEqual(['requested', 'waiting_for_reassignment']);
    expect(PENDING_STATUSES).toEqual(['scheduled', 'requested', 'waiting_for_reassignment']);
    expect(IN_PROGRESS_STATUSES).toEqual(['accepted', 'started', 'material picked', 'delivered']);
    expect(FINAL_STATUSES).toEqual(['completed', 'cancelled']);
    expect(OPEN_STATUSES).toEqual(RIDE_LIFECYCLE_STATUSES.filter((status) => !FINAL_STATUSES.includes(status)));
    expect(CANCELLABLE_STATUSES).toEqual(['scheduled', 'requested', 'waiting_for_reassignment']);
  });

  it('then the predicates answer from the lists, and no status outside them', () => {
    expect(RIDE_STATUSES.filter(isInProgress)).toEqual(IN_PROGRESS_STATUSES);
    expect(RIDE_STATUSES.filter(isAwaitingDriver)).toEqual(AWAITING_DRIVER_STATUSES);
    expect(RIDE_STATUSES.filter(isOngoing)).toEqual(OPEN_STATUSES);
    expect(RIDE_STATUSES.filter(isCancellable)).toEqual(CANCELLABLE_STATUSES);
    for (const status of [null, undefined, '', 'toString', 'redistributed_due_to_maintenance'])
      expect([isInProgress, isAwaitingDriver, isOngoing, isCancellable].some((is) => is(status))).toBe(false);
  });

  it("then the spec's RIDE_STATE spelling names the in-progress states, both ways", () => {
    expect(RIDE_STATE_NAMES).toEqual(['accepted', 'started', 'material_picked', 'material_dropped']);
    for (const name of RIDE_STATE_NAMES) expect(RESUME_STATE_TO_RIDE_STATE[RIDE_STATE_TO_RESUME_STATE[name]]).toBe(name);
    expect(RIDE_STATE_NAMES.map(toResumeState)).toEqual(IN_PROGRESS_STATUSES);
    expect(IN_PROGRESS_STATUSES.map(toResumeState)).toEqual(IN_PROGRESS_STATUSES);
  });

  it('given a ride booked for later, then the reports count it pending, with every ride no driver carries', () => {
    expect(reportStatusesOf('pending')).toEqual(['scheduled', 'requested', 'waiting_for_reassignment', 'redistributed_due_to_maintenance']);
    expect(reportStatusesOf('in-progress')).toEqual(IN_PROGRESS_STATUSES);
    expect(reportStatusesOf('completed')).toEqual(['completed']);
    expect(reportStatusesOf('scheduled')).toEqual(['scheduled']);
  });

  it('then the trackers step through the way a ride goes, and a status off it shows no step', () => {
    expect(['requested', ...IN_PROGRESS_STATUSES, 'completed'].map(bookingTrackerStep)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(['scheduled', 'cancelled', 'waiting_for_reassignment'].map(bookingTrackerStep)).toEqual([0, 0, 0]);
  });
});
