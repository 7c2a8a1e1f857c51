import {
  plantDayOf,
  type DashboardDriver,
  type DriverListRow,
  type DriverRole,
  type DriverStatus,
  type InspectionToday,
  type VehicleType,
} from '@plantride/schemas';
import type { DriverRow } from '@plantride/projections';

// The read model stores what the events said; these casts only restore the types the events had.
const vehicleTypeOf = (row: DriverRow) => row.vehicle_assigned as VehicleType | '';

/** His latest inspection is today's when it fell on the plant day of `now`; an earlier one says nothing about today. */
export function inspectionToday(row: Pick<DriverRow, 'last_inspection_day' | 'last_inspection_passed'>, now: Date): InspectionToday {
  if (row.last_inspection_day === null || row.last_inspection_day !== plantDayOf(now)) return 'missing';
  return row.last_inspection_passed ? 'passed' : 'failed';
}

/** The admin list form of SPEC §3 (DRIVERID is the serial), plus the lower-case fields the spec's client reads. */
export function toDriverListRow(row: DriverRow, now: Date): DriverListRow {
  return {
    DRIVERID: row.serial,
    OPERATOR_ID: row.operator_id,
    VEHICLE: row.vehicle,
    NAME: row.name,
    MOBILE: row.mobile,
    ROLE: row.role as DriverRole,
    FORKLIFT: row.forklift,
    STATUS: row.status as DriverStatus,
    COMMENTS: row.comments,
    CREATED_AT: new Date(row.created_at).toISOString(),
    VEHICLE_TYPE: vehicleTypeOf(row),
    operator_id: row.operator_id,
    mobile: row.mobile,
    BLOCKED_FOR_MAINTENANCE: row.blocked_for_maintenance ? 1 : 0,
    INSPECTION_TODAY: inspectionToday(row, now),
    LAST_INSPECTED_AT: row.last_inspected_at === null ? null : new Date(row.last_inspected_at).toISOString(),
  };
}

/** The driver as his dashboard reads him. */
export function toDashboardDriver(row: DriverRow, now: Date): DashboardDriver {
  return {
    NAME: row.name,
    VEHICLE_TYPE: vehicleTypeOf(row),
    BLOCKED_FOR_MAINTENANCE: row.blocked_for_maintenance ? 1 : 0,
    OPERATOR_ID: row.operator_id,
    MOBILE: row.mobile,
    INSPECTION_TODAY: inspectionToday(row, now),
  };
}

/** isActive of the status call: 0 when the admin marked him Not Active or withdrew his access. */
export function isActiveFlag(row: Pick<DriverRow, 'status' | 'access_active'>): 0 | 1 {
  return row.status === 'Active' && row.access_active ? 1 : 0;
}
