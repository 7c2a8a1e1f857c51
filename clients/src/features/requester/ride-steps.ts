import {
  bookingTrackerStep,
  dashboardTrackerStep,
  initialRideSnapshot,
  rideMachine,
  type RideEvent,
  type RideSnapshot,
  type RideStatus,
  type RideTimestamps,
} from '@plantride/schemas';

import type { StepDef } from '../../components/ride-tracker';

export { BOOKING_STEPS, type StepDef } from '../../components/ride-tracker';

/** The four steps of the requester dashboard's tracker (SPEC §2). */
export const DASHBOARD_STEPS: readonly StepDef[] = [
  { label: 'Requested', time: null },
  { label: 'Driver Assigned', time: null },
  { label: 'Material Picked', time: null },
  { label: 'Delivered', time: null },
];

/** The dashboard's status view lists these three times under its tracker. */
export const DASHBOARD_TIMES = [
  { label: 'Start', key: 'start_time' },
  { label: 'Pick', key: 'material_pick_time' },
  { label: 'Drop', key: 'material_drop_time' },
] as const satisfies readonly { label: string; key: keyof RideTimestamps }[];

export { bookingTrackerStep, dashboardTrackerStep };

const STATE_OF_STATUS: Partial<Record<RideStatus, RideSnapshot['value']>> = {
  requested: 'requested',
  accepted: { inProgress: 'accepted' },
  started: { inProgress: 'started' },
  'material picked': { inProgress: 'materialPicked' },
  delivered: { inProgress: 'delivered' },
  completed: 'completed',
  cancelled: 'cancelled',
  waiting_for_reassignment: 'waitingForReassignment',
};

/** The shared statechart at a status the server reported, so the screen asks it what is allowed. */
export function rideSnapshotAt(status: RideStatus | null | undefined): RideSnapshot | null {
  const value = status ? STATE_OF_STATUS[status] : undefined;
  if (value === undefined) return null;
  return rideMachine.resolveState({ value, context: initialRideSnapshot().context });
}

const CANCEL = { type: 'RideCancelled', data: {} } as unknown as RideEvent;

/** Whether the requester may cancel now: the statechart decides, as the engine does. */
export function canCancel(status: RideStatus | null | undefined): boolean {
  return rideSnapshotAt(status)?.can(CANCEL) ?? false;
}

/** Still going: the screen tracks it, polls it and offers no new booking. */
export function isOngoing(status: RideStatus | null | undefined): boolean {
  const snapshot = rideSnapshotAt(status);
  return snapshot !== null && snapshot.status === 'active';
}
