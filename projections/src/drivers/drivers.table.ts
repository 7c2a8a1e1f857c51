/** One row per driver record (SPEC §3, admin form) with the blocks that stop him working. */
export interface DriversTable {
  operator_id: string;
  serial: number;
  vehicle: string;
  name: string;
  mobile: string;
  role: string;
  forklift: string;
  status: string;
  comments: string;
  vehicle_assigned: string;
  created_at: Date;
  /** Blocked since he asked for maintenance, until it is completed or rejected. */
  blocked_for_maintenance: boolean;
  /** The open maintenance request that blocks him, if any. */
  maintenance_request_id: string | null;
  access_active: boolean;
  last_maintenance_date: Date | null;
  /** His latest vehicle inspection (issue #21): when, on which plant day, and whether it passed; null if never. Today's standing is read against the clock at query time. */
  last_inspected_at: Date | null;
  last_inspection_day: string | null;
  last_inspection_passed: boolean | null;
  last_position: number;
}
