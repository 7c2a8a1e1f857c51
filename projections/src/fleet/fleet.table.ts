/**
 * Per driver record: what the fleet figures need to know at his next event: the vehicle he drives
 * now, the request that blocks him, the ride he holds (and on which vehicle and plant day he took
 * it) and the last plant day he recorded a vehicle inspection.
 */
export interface FleetDriversTable {
  operator_id: string;
  /** The record's registration number now; '' when it has none. */
  vehicle: string;
  /** The record's vehicle type (vehicleAssigned) now; '' when it has none. */
  vehicle_type: string;
  /** The maintenance request blocking him, if any. */
  blocked_for: string | null;
  /** The ride he holds, taken at `taken_at` (recorded time) on plant day `taken_day`, on this vehicle and type. */
  ride_id: string | null;
  taken_at: Date | null;
  taken_day: string | null;
  taken_vehicle: string | null;
  taken_vehicle_type: string | null;
  /** The plant day of his last recorded VehicleInspected. */
  inspected_day: string | null;
  /** Last position of his driver stream applied. */
  last_position: number;
}

/** One maintenance request: the block it caused and how it ended, at the times the store recorded them. */
export interface FleetBreakdownsTable {
  request_id: string;
  driver_id: string | null;
  /** The request's vehicle type (from MaintenanceRequested). */
  vehicle_type: string | null;
  /** The driver's registration number when he was blocked; '' when his record had none. */
  vehicle: string | null;
  /** Plant day of the block (the request's append); null while no block is known: then it is no breakdown. */
  day: string | null;
  blocked_at: Date | null;
  completed_at: Date | null;
  rejected_at: Date | null;
  unblocked_at: Date | null;
  /** Last position of the request's stream applied (driver events are guarded by his fleet_drivers row). */
  request_position: number;
}

/**
 * Per plant day, vehicle type and vehicle: the ride time (whole milliseconds) of the holds that began that day and ended,
 * and whether the driver of the day's first take had inspected the vehicle that day before it.
 * `unit` is the registration number, or `driver:{operatorId}` for a record without one.
 */
export interface FleetVehicleDaysTable {
  day: string;
  vehicle_type: string;
  unit: string;
  /** The registration number; '' for a record without one (counted in its type only). */
  vehicle: string;
  operating_ms: number;
  first_take_at: Date;
  inspected: boolean;
}
