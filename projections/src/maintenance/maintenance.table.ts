/** One row per maintenance request (SPEC §3, listed form, without what the drivers read model adds). */
export interface MaintenanceRequestsTable {
  request_id: string;
  driver_id: string;
  driver_name: string;
  vehicle_type: string;
  issue: string;
  /** SPEC §3's COMMENT_TEXT: the driver's comment, then the head's edits, then 'REJECTED: {reason}'. */
  comment_text: string;
  /** Issue #32: the driver's comment as he wrote it when he filed; nothing later changes it. */
  driver_comment: string;
  /** Issue #32: the maintenance head's notes (his last comment edit), or null. */
  head_notes: string | null;
  /** Issue #32: the vehicle's registration when the request was filed; null on requests recorded before it. */
  vehicle_number: string | null;
  status: string;
  /** partial, full, or null when the driver chose none. */
  breakdown_type: string | null;
  /** The ride he was on when he asked, if any. */
  ride_id: string | null;
  requested_at: Date;
  accepted_at: Date | null;
  rejected_at: Date | null;
  rejection_reason: string | null;
  /** Issue #32: closed with the vehicle back in service only after a passed inspection. */
  inspection_due: boolean;
  /** The maintenance head's completion date. */
  maintenance_date: Date | null;
  /** Issue #34: the photos filed with the request, a JSON array of photo ids. */
  photo_ids: string;
  /** Last stream position applied: a repeated event is a no-op. */
  last_position: number;
}
