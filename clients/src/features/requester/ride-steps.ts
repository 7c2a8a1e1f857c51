import { bookingTrackerStep, dashboardTrackerStep, type RideTimestamps } from '@plantride/schemas';

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
