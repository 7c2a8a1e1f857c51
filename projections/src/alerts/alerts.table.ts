/**
 * One row per alert of the dispatcher board (issue #32 item 4): raised by a ride timer's event
 * (alertRaisedBy), open until an AlertAcknowledged names it.
 */
export interface AlertsTable {
  alert_id: string;
  /** 'waitingTooLong', 'targetMissed' or 'noAlternativeDriver'. */
  kind: string;
  ride_id: string;
  /** The missed target, or the breakdown nobody took the ride over after; null for a wait alert. */
  detail: string | null;
  raised_at: Date;
  acknowledged_at: Date | null;
  /** The staff member's token number; null on a closed alert the ride took back (RideSlaMissWithdrawn, issue #32 item 2). */
  acknowledged_by: string | null;
}
