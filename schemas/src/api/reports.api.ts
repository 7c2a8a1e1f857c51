import { z } from 'zod';
import { MESSAGES } from '../messages';

const text = z.string().nullable();
const minutes = z.number().nullable();

/**
 * A ride report row in the server's upper-case form. The spec names the first twelve fields;
 * the ride fields after them are our additions so the screen's 20 columns can be filled.
 */
export const rideReportServerRowSchema = z.object({
  DRIVER_NAME: text,
  REQUESTER_NAME: text,
  VEHICLE_NUMBER: text,
  FORKLIFT_NUMBER: text,
  VEHICLE_TYPE: text,
  START_TIME: text,
  MATERIAL_PICK_TIME: text,
  END_TIME: text,
  GAP_PICK_DROP: minutes,
  GAP_PICK_START: minutes,
  LAST_MAINTENANCE_DATE: text,
  MAINTENANCE_STATUS: text,
  RIDE_ID: z.string(),
  FROM_LOCATION: text,
  TO_LOCATION: text,
  STATUS: text,
  CREATED_AT: text,
  DRIVER_ID: text,
  MATERIAL_DROP_TIME: text,
  RIDE_TYPE: text,
});
export type RideReportServerRow = z.infer<typeof rideReportServerRowSchema>;

/** Answer of GET /api/reports/rides. */
export const rideReportsAnswerSchema = z.object({ rideReports: z.array(rideReportServerRowSchema) });
/** Answer of GET /api/reports/AllRides. */
export const allRidesAnswerSchema = z.array(rideReportServerRowSchema);

const gap = z.union([z.number(), z.literal(MESSAGES.notAvailable)]);

/** The reports screen's 20-column row, in CSV column order; gaps are minutes or 'N/A'. */
export const rideReportSchema = z.object({
  rideId: z.string(),
  requesterName: z.string(),
  fromLocation: z.string(),
  toLocation: z.string(),
  vehicleType: z.string(),
  vehicleNumber: z.string(),
  forkliftNumber: z.string(),
  status: z.string(),
  createdAt: z.string().nullable(),
  driverId: z.string(),
  driverName: z.string(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  materialPickTime: z.string().nullable(),
  materialDropTime: z.string().nullable(),
  gapPickDrop: gap,
  gapPickStart: gap,
  lastMaintenanceDate: z.string(),
  maintenanceStatus: z.string(),
  rideType: z.string(),
});
export type RideReport = z.infer<typeof rideReportSchema>;

export const RIDE_REPORT_FIELDS = rideReportSchema.keyof().options;

// Defaults of SPEC §3: 'Unknown' for names, numbers and type; 'N/A' for maintenance fields and gaps.
export function toRideReport(row: RideReportServerRow): RideReport {
  const unknown = (v: string | null) => v || MESSAGES.unknown;
  const na = (v: string | null) => v || MESSAGES.notAvailable;
  return {
    rideId: row.RIDE_ID,
    requesterName: unknown(row.REQUESTER_NAME),
    fromLocation: row.FROM_LOCATION ?? '',
    toLocation: row.TO_LOCATION ?? '',
    vehicleType: unknown(row.VEHICLE_TYPE),
    vehicleNumber: unknown(row.VEHICLE_NUMBER),
    forkliftNumber: unknown(row.FORKLIFT_NUMBER),
    status: row.STATUS ?? '',
    createdAt: row.CREATED_AT,
    driverId: unknown(row.DRIVER_ID),
    driverName: unknown(row.DRIVER_NAME),
    startTime: row.START_TIME,
    endTime: row.END_TIME,
    materialPickTime: row.MATERIAL_PICK_TIME,
    materialDropTime: row.MATERIAL_DROP_TIME,
    gapPickDrop: row.GAP_PICK_DROP ?? MESSAGES.notAvailable,
    gapPickStart: row.GAP_PICK_START ?? MESSAGES.notAvailable,
    lastMaintenanceDate: na(row.LAST_MAINTENANCE_DATE),
    maintenanceStatus: na(row.MAINTENANCE_STATUS),
    rideType: unknown(row.RIDE_TYPE),
  };
}
