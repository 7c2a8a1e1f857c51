import { INSPECTION_MESSAGES } from '@plantride/schemas';

/** Today's inspection as the driver's record says it (issue #21); null while the record does not say. */
export type InspectionToday = 'passed' | 'failed' | 'missing';

const STATES: readonly string[] = ['passed', 'failed', 'missing'] satisfies InspectionToday[];

/** Reads INSPECTION_TODAY off his record row, if the row carries it. */
export function inspectionTodayOf(row: object | null): InspectionToday | null {
  const value: unknown = row && 'INSPECTION_TODAY' in row ? row.INSPECTION_TODAY : null;
  return typeof value === 'string' && STATES.includes(value) ? (value as InspectionToday) : null;
}

export interface InspectionNotice {
  severity: 'success' | 'info' | 'warning' | 'error';
  title: string;
  text: string;
  /** Shown above everything else and with a large button: he cannot take rides until he inspects. */
  prominent: boolean;
}

/** What the dashboard's inspection card says, from today's state and whether the plant requires it. */
export function inspectionNotice(today: InspectionToday | null, required: boolean): InspectionNotice {
  switch (today) {
    case 'passed':
      return { severity: 'success', title: 'Vehicle inspected today', text: "Today's inspection passed.", prominent: false };
    case 'failed':
      return {
        severity: 'error',
        title: "Today's inspection failed",
        text: required ? `A critical fault was found. Once the maintenance is done, inspect again: ${INSPECTION_MESSAGES.inspectionRequired}` : 'A critical fault was found. Once the maintenance is done, inspect your vehicle again.',
        prominent: required,
      };
    default:
      return required
        ? { severity: 'warning', title: 'Inspection needed', text: INSPECTION_MESSAGES.inspectionRequired, prominent: true }
        : { severity: 'info', title: 'Daily vehicle inspection', text: today === 'missing' ? 'Not inspected today.' : 'Check your vehicle before you start.', prominent: false };
  }
}
