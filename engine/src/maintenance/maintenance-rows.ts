import {
  breakdownTypeSchema,
  maintenanceStatusSchema,
  takesVehicleOutOfService,
  vehicleTypeSchema,
  type MaintenanceRequestRow,
} from '@plantride/schemas';
import type { MaintenanceRequestListing } from '@plantride/projections';
import type { InspectionSettings } from '@plantride/schemas';
import { inspectionDueOnClose } from './maintenance.decider';

/** The row's JSON array of photo ids; [] for anything else. */
function photoIdsOf(text: string | null | undefined): string[] {
  try {
    const ids: unknown = JSON.parse(text ?? '[]');
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

const iso = (date: Date | string | null): string | null => (date === null ? null : new Date(date).toISOString());

/**
 * The listed form of SPEC §3: upper-case fields, ISO dates, '' for a breakdown type never chosen; what a
 * close would leave due is the decider's rule on the plant's inspection settings as they stand.
 */
export function toMaintenanceRequestRow(row: MaintenanceRequestListing, inspections: InspectionSettings): MaintenanceRequestRow {
  const breakdown = breakdownTypeSchema.safeParse(row.breakdown_type);
  const request = { breakdownType: breakdown.success ? breakdown.data : null, rideId: row.ride_id ?? null };
  return {
    ID: row.request_id,
    DRIVER_ID: row.driver_id,
    DRIVER_NAME: row.driver_name,
    MOBILE_NUMBER: row.mobile ?? '',
    ROLE: row.role ?? 'Driver',
    STATUS: maintenanceStatusSchema.parse(row.status),
    COMMENT_TEXT: row.comment_text,
    VEHICLE_TYPE: vehicleTypeSchema.parse(row.vehicle_type),
    ISSUE: row.issue,
    REQUEST_DATE: iso(row.requested_at) ?? '',
    LAST_MAINTENANCE_DATE: iso(row.last_maintenance_date),
    BREAKDOWN_TYPE: breakdown.success ? breakdown.data : '',
    RIDE_ID: row.ride_id ?? null,
    DRIVER_COMMENT: row.driver_comment,
    HEAD_NOTES: row.head_notes ?? null,
    REJECTION_REASON: row.rejection_reason ?? null,
    VEHICLE_NUMBER: row.vehicle_number ?? null,
    OUT_OF_SERVICE: takesVehicleOutOfService(request),
    INSPECTION_DUE: row.inspection_due ?? false,
    INSPECTION_DUE_ON_CLOSE: inspectionDueOnClose(request, inspections),
    PHOTO_IDS: photoIdsOf(row.photo_ids),
  };
}
