import { MESSAGES, type MaintenanceRequestRow } from '@plantride/schemas';

export interface MaintenanceIssue {
  /** What went wrong, in words: the chosen reason, or for a mid-ride request what the driver wrote. */
  text: string;
  /** The ride a mid-ride request was filed from; null for a request filed between rides. */
  midRideOf: string | null;
}

/**
 * The Issue a head reads. A request filed mid-ride has no reason or breakdown type (SPEC §5: a comment
 * only), so instead of 'N/A' it says it was mid-ride, on which ride, and what the driver wrote.
 */
export function maintenanceIssueOf(row: Pick<MaintenanceRequestRow, 'ISSUE' | 'COMMENT_TEXT' | 'RIDE_ID'>): MaintenanceIssue {
  if (row.ISSUE) return { text: row.ISSUE, midRideOf: row.RIDE_ID };
  if (row.RIDE_ID) return { text: row.COMMENT_TEXT.trim() || MESSAGES.notAvailable, midRideOf: row.RIDE_ID };
  return { text: MESSAGES.notAvailable, midRideOf: null };
}

/** 'Mid-ride, ride R1' for the issue's label line; null when it was not mid-ride. */
export const midRideLabel = (issue: MaintenanceIssue): string | null => (issue.midRideOf ? `Mid-ride, ride ${issue.midRideOf}` : null);
