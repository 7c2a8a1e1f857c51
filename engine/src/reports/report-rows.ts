import { LIMITS, type RidePriority, type RideReportServerRow } from '@plantride/schemas';
import type { RideReportRecord } from '@plantride/projections';

const iso = (date: Date | string | null): string | null => (date === null ? null : new Date(date).toISOString());

const SCALE = 10 ** LIMITS.reportGapDecimals;

/** Minutes from `fromMs` to `toMs` (epoch milliseconds), rounded to 2 decimals; NaN when either is not a finite time (as for an invalid Date). */
export function gapMinutesBetween(fromMs: number, toMs: number): number {
  const ms = (Number.isFinite(toMs) ? toMs : NaN) - (Number.isFinite(fromMs) ? fromMs : NaN);
  return Math.round((ms / 60_000) * SCALE) / SCALE;
}

/** Minutes from `from` to `to`, rounded to 2 decimals; null when either time is missing. */
export function gapMinutes(from: Date | string | null, to: Date | string | null): number | null {
  if (from === null || to === null) return null;
  return gapMinutesBetween(new Date(from).getTime(), new Date(to).getTime());
}

/** The server's upper-case row; gaps are computed from the ride's own times (drop − pick, pick − start). */
export function toRideReportServerRow(row: RideReportRecord): RideReportServerRow {
  return {
    DRIVER_NAME: row.driver_name,
    REQUESTER_NAME: row.requester_name,
    VEHICLE_NUMBER: row.vehicle_number,
    FORKLIFT_NUMBER: row.forklift_number,
    VEHICLE_TYPE: row.vehicle_type,
    START_TIME: iso(row.started_at),
    MATERIAL_PICK_TIME: iso(row.picked_at),
    END_TIME: iso(row.ended_at),
    GAP_PICK_DROP: gapMinutes(row.picked_at, row.dropped_at),
    GAP_PICK_START: gapMinutes(row.started_at, row.picked_at),
    LAST_MAINTENANCE_DATE: iso(row.last_maintenance_date),
    MAINTENANCE_STATUS: row.maintenance_status,
    RIDE_ID: row.ride_id,
    FROM_LOCATION: row.from_location,
    TO_LOCATION: row.to_location,
    STATUS: row.status,
    CREATED_AT: iso(row.created_at),
    DRIVER_ID: row.driver_id,
    MATERIAL_DROP_TIME: iso(row.dropped_at),
    RIDE_TYPE: row.ride_type,
    PRIORITY: row.priority as RidePriority,
    SLA_MET: row.sla_met,
    LOAD: row.load,
    SCAN_OVERRIDES: row.scan_overrides,
  };
}
