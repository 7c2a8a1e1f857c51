/** One row per maintenance request (SPEC §3, listed form, without what the drivers read model adds). */
export interface MaintenanceRequestsTable {
  request_id: string;
  driver_id: string;
  driver_name: string;
  vehicle_type: string;
  issue: string;
  comment_text: string;
  status: string;
  /** partial, full, or null when the driver chose none. */
  breakdown_type: string | null;
  /** The ride he was on when he asked, if any. */
  ride_id: string | null;
  requested_at: Date;
  accepted_at: Date | null;
  rejected_at: Date | null;
  rejection_reason: string | null;
  /** The maintenance head's completion date. */
  maintenance_date: Date | null;
  /** Last stream position applied: a repeated event is a no-op. */
  last_position: number;
}
