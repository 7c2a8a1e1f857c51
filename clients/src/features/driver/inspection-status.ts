import { INSPECTION_MESSAGES, type DashboardDriver } from '@plantride/schemas';

/** Today's inspection as the driver's record says it (issue #21). */
export type InspectionToday = DashboardDriver['INSPECTION_TODAY'];

export interface InspectionNotice {
  severity: 'success' | 'info' | 'warning' | 'error';
  title: string;
  text: string;
  /** Shown above everything else and with a large button: he cannot take rides until he inspects. */
  prominent: boolean;
}

/** What the dashboard's inspection card says, from today's state and whether the plant requires it. */
export function inspectionNotice(today: InspectionToday, required: boolean): InspectionNotice {
  switch (today) {
    case 'passed':
      return { severity: 'success', title: 'Vehicle inspected today', text: "Today's inspection passed.", prominent: false };
    case 'failed':
      return {
        severity: 'error',
        title: "Today's inspection failed",
        text: required
          ? `A critical fault was found. Once the maintenance is done, inspect again: ${INSPECTION_MESSAGES.inspectionRequired}`
          : 'A critical fault was found. Once the maintenance is done, inspect your vehicle again.',
        prominent: required,
      };
    default:
      return required
        ? { severity: 'warning', title: 'Inspection needed', text: INSPECTION_MESSAGES.inspectionRequired, prominent: true }
        : { severity: 'info', title: 'Daily vehicle inspection', text: 'Not inspected today.', prominent: false };
  }
}
