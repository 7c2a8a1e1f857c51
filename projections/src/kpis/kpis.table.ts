/**
 * One row per ride, on the plant day it was requested: the times the KPIs are measured
 * between, the per-ride durations once both ends are known, and who drives it now.
 */
export interface KpiRidesTable {
  ride_id: string;
  /** The plant day ('yyyy-MM-dd') of the request; every KPI of the ride counts on this day. */
  day: string;
  vehicle_type: string;
  /** Where the ride goes from and to, for the busiest routes; null only on rows the migration could not fill. */
  from_location: string | null;
  to_location: string | null;
  requested_at: Date;
  accepted_at: Date | null;
  picked_at: Date | null;
  dropped_at: Date | null;
  ended_at: Date | null;
  cancelled_at: Date | null;
  /** Request → first acceptance. */
  wait_seconds: number | null;
  /** First acceptance → material picked, breakdown delays included. */
  pickup_seconds: number | null;
  /** Material picked → dropped. */
  delivery_seconds: number | null;
  driver_id: string | null;
  driver_name: string | null;
  /** When the current driver accepted or took the ride over; null while it waits for one after a breakdown. */
  driver_since: Date | null;
  /** SLA_MET (slaMetOf, issue #20): false once a service target was missed, true when it ended with none missed, else null. */
  sla_met: boolean | null;
  /** Last stream position applied: a repeated event changes nothing, here or in the driver days. */
  last_position: number;
}

/** Per plant day (of the rides' requests), driver and vehicle type: rides he ended and seconds he was busy on them. */
export interface KpiDriverDaysTable {
  day: string;
  driver_id: string;
  vehicle_type: string;
  /** His name on the latest ride event counted here. */
  driver_name: string;
  rides_completed: number;
  busy_seconds: number;
}

/**
 * One driver shift (issue #32 item 6, utilisation): from its start to when it ends, `ends_at`, the
 * shift length after the start, or earlier when he ended it. The KPIs clip it to their range.
 */
export interface KpiDriverShiftsTable {
  driver_id: string;
  started_at: Date;
  ends_at: Date;
}
