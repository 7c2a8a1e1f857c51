import { bookingTrackerStep, dashboardTrackerStep, type RideStatus, type RideTimestamps } from '@plantride/schemas';

import { trackerStep, type StepDef } from '../../components/ride-tracker';
import type { Catalogue } from '../../i18n/catalogue';
import { i18n } from '../../i18n/i18n';

export { BOOKING_STEPS, type StepDef } from '../../components/ride-tracker';

/** The four steps of the requester dashboard's tracker (SPEC §2). */
export const DASHBOARD_STEPS: readonly StepDef[] = [
  trackerStep('requested', null),
  trackerStep('driverAssigned', null),
  trackerStep('materialPicked', null),
  trackerStep('delivered', null),
];

/** The dashboard's status view lists these three times under its tracker. */
export const DASHBOARD_TIMES = [
  { label: 'Start', key: 'start_time' },
  { label: 'Pick', key: 'material_pick_time' },
  { label: 'Drop', key: 'material_drop_time' },
] as const satisfies readonly { label: string; key: keyof RideTimestamps }[];

export { bookingTrackerStep, dashboardTrackerStep };

/** Shown on the step a ride waits at after its vehicle broke down. */
export const breakdownStepNote = (): string => i18n.t('requester.breakdownNote');

const WAITING = 'waiting_for_reassignment';

// The step times in the booking tracker's order after Requested: accept, start, pick, drop.
const reachedAfterRequested = (times: RideTimestamps | null, acceptedAt: string | null): number => {
  const marks = [times?.accept_time ?? acceptedAt, times?.start_time, times?.material_pick_time, times?.material_drop_time];
  const gap = marks.findIndex((mark) => !mark);
  return gap === -1 ? marks.length : gap;
};

/**
 * The six-step tracker's step (SPEC §4). A ride waiting for another driver after a breakdown has no
 * step of its own in the spec (0: every step grey); it keeps the steps its step times say it reached.
 */
export function bookingStepOf(status: string | null | undefined, times: RideTimestamps | null, acceptedAt: string | null = null): number {
  if (status !== WAITING) return bookingTrackerStep(status);
  return 1 + reachedAfterRequested(times, acceptedAt);
}

/** The dashboard's four-step tracker, kept the same way through a breakdown (assigned, picked, delivered). */
export function dashboardStepOf(status: string | null | undefined, times: RideTimestamps | null): number {
  if (status !== WAITING) return dashboardTrackerStep(status);
  const reached = reachedAfterRequested(times, null);
  // accept/start → Driver Assigned (2), pick → 3, drop → 4.
  return reached === 0 ? 1 : Math.max(2, reached);
}

/** The tab title's words for a ride's state (document.title, e.g. 'Picked up · PlantRide'), as catalogue keys. */
const TITLE_OF_STATUS: Record<RideStatus, keyof Catalogue['requester']['tabTitle']> = {
  requested: 'requested',
  accepted: 'accepted',
  started: 'started',
  'material picked': 'picked',
  delivered: 'delivered',
  completed: 'completed',
  cancelled: 'cancelled',
  [WAITING]: 'brokeDown',
  redistributed_due_to_maintenance: 'brokeDown',
  scheduled: 'scheduled',
};

export const APP_TITLE = 'PlantRide';

export function rideTabTitle(status: string | null | undefined): string {
  const key = status && Object.hasOwn(TITLE_OF_STATUS, status) ? TITLE_OF_STATUS[status as RideStatus] : undefined;
  const words = key ? i18n.t(`requester.tabTitle.${key}`) : undefined;
  return words ? `${words} · ${APP_TITLE}` : APP_TITLE;
}
