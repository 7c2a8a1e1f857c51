import type { ColumnType, Generated } from 'kysely';
import type { RideLoad } from '@plantride/schemas';

/**
 * One row per ride for the ride reports screen (SPEC §3, ride report row). The driver's vehicle
 * and forklift numbers are copied when he takes the ride: they are the ride's facts, not his current ones.
 */
export interface RideReportsTable {
  ride_id: string;
  requester_id: string;
  requester_name: string;
  from_location: string;
  to_location: string;
  vehicle_type: string;
  ride_type: string;
  status: string;
  created_at: Date;
  driver_id: string | null;
  driver_name: string | null;
  vehicle_number: string | null;
  /** vehicleNumberKey(vehicle_number): what the vehicle number filter matches. */
  vehicle_number_key: string | null;
  forklift_number: string | null;
  started_at: Date | null;
  picked_at: Date | null;
  dropped_at: Date | null;
  ended_at: Date | null;
  /** 'normal' or 'urgent', as it stands (issue #20). */
  priority: Generated<string>;
  /** SLA_MET (slaMetOf): false once a service target was missed, true when completed with none missed, else null. */
  sla_met: boolean | null;
  /** The statechart's snapshot of the ride (persistRide), to fold its next event from; null once it is over. */
  ride_state: string | null;
  /** What is being moved, as booked (issue #32 item 7); null when the booking said nothing. jsonb: written as its JSON text. */
  load: ColumnType<RideLoad | null, string | null, string | null>;
  /** Issue #34 item 2: the steps recorded without the scan they needed and the driver's reasons ('Material Picked at main gate: …; …'); null when none. */
  scan_overrides: string | null;
  /** Last stream position applied: a repeated event is a no-op. */
  last_position: number;
}

/** What the reports need to know of each driver, kept from driver and maintenance events (a projection reads only its own tables). */
export interface ReportDriversTable {
  operator_id: string;
  name: string | null;
  vehicle_number: string | null;
  forklift_number: string | null;
  /** Latest maintenance date of his completed requests. */
  completed_maintenance_date: Date | null;
  /** When staff last released him with reason maintenance_completed, for drivers without a completed request. */
  released_maintenance_date: Date | null;
  latest_request_id: string | null;
  /** Status of his latest maintenance request (pending, accepted, completed, rejected). */
  maintenance_status: string | null;
}

/** Every name each driver has driven under, so a driver name filter finds his rides through the driver index. */
export interface ReportDriverNamesTable {
  driver_id: string;
  driver_name: string;
}

/** Which driver each maintenance request is for, so its completion finds him. */
export interface ReportMaintenanceRequestsTable {
  request_id: string;
  driver_id: string;
}
