import { z } from 'zod';
import { LANGUAGES, LIMITS, ROLES, VEHICLE_TYPES } from './plain-constants';

// The web client's sign-in path reads these without zod (plain-constants.ts); they are still exported from here.
export { LANGUAGES, LIMITS, ROLES, VEHICLE_TYPES };
export type { Language } from './plain-constants';
export const languageSchema = z.enum(LANGUAGES);

/** A vehicle type a ride can be booked for and a driver can be assigned to. */
export const vehicleTypeSchema = z.enum(VEHICLE_TYPES);
export type VehicleType = z.infer<typeof vehicleTypeSchema>;
export const DEFAULT_VEHICLE_TYPE: VehicleType = 'Forklift';

// 'Other' only exists as a reports filter bucket for rows whose type is unknown.
export const REPORT_VEHICLE_FILTER_OPTIONS = [...VEHICLE_TYPES, 'Other'] as const;
/** A vehicle-type choice in the ride reports filter. */
export const reportVehicleFilterSchema = z.enum(REPORT_VEHICLE_FILTER_OPTIONS);
export type ReportVehicleFilter = z.infer<typeof reportVehicleFilterSchema>;

export const REPORT_FILTER_BY_OPTIONS = [
  'None',
  'Vehicle Type',
  'Vehicle Number',
  'Forklift Number',
  'Status',
  'Driver ID',
  'Driver Name',
  'Date',
] as const;
/** The "filter by" dropdown of the ride reports screen. */
export const reportFilterBySchema = z.enum(REPORT_FILTER_BY_OPTIONS);
export type ReportFilterBy = z.infer<typeof reportFilterBySchema>;

export const MAINTENANCE_REASONS = ['Engine Issue', 'Hydraulic Problem', 'Tire Replacement', 'Electrical Fault', 'Others'] as const;
/** A reason a driver picks when requesting maintenance; 'Others' is replaced by custom text. */
export const maintenanceReasonSchema = z.enum(MAINTENANCE_REASONS);
export type MaintenanceReason = z.infer<typeof maintenanceReasonSchema>;

export const BREAKDOWN_TYPES = ['partial', 'full'] as const;
/** How badly a vehicle broke down; a mid-ride request is always partial. */
export const breakdownTypeSchema = z.enum(BREAKDOWN_TYPES);
export type BreakdownType = z.infer<typeof breakdownTypeSchema>;

// Ride statuses, resume states and their RIDE_STATE spelling are read from the statechart: ride-status.ts.

export const RIDE_TYPES = ['Regular', 'Special Task'] as const;
/** Fixed (Regular) or Special Task ride. */
export const rideTypeSchema = z.enum(RIDE_TYPES);
export type RideType = z.infer<typeof rideTypeSchema>;

export const MAINTENANCE_STATUSES = ['pending', 'accepted', 'completed', 'rejected'] as const;
/** A maintenance request's status. */
export const maintenanceStatusSchema = z.enum(MAINTENANCE_STATUSES);
export type MaintenanceStatus = z.infer<typeof maintenanceStatusSchema>;

/** A user's role; the route guard compares it exactly. */
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const DRIVER_STATUSES = ['Active', 'Not Active'] as const;
/** A driver's admin status; Not Active blocks the driver. */
export const driverStatusSchema = z.enum(DRIVER_STATUSES);
export type DriverStatus = z.infer<typeof driverStatusSchema>;
export const DEFAULT_DRIVER_STATUS: DriverStatus = 'Active';

export const DRIVER_ROLES = ['Driver'] as const;
/** The role field of a driver record; the spec offers only Driver. */
export const driverRoleSchema = z.enum(DRIVER_ROLES);
export type DriverRole = z.infer<typeof driverRoleSchema>;
export const DEFAULT_DRIVER_ROLE: DriverRole = 'Driver';

export const UNBLOCK_REASONS = ['maintenance_completed', 'maintenance_rejected'] as const;
/** Why a driver blocked for maintenance was released. */
export const unblockReasonSchema = z.enum(UNBLOCK_REASONS);
export type UnblockReason = z.infer<typeof unblockReasonSchema>;

export const TIMESTAMP_EVENTS = ['start', 'materialPicked', 'materialDropped', 'end'] as const;
/** The event names of PUT /api/bookings/update-timestamps. */
export const timestampEventSchema = z.enum(TIMESTAMP_EVENTS);
export type TimestampEvent = z.infer<typeof timestampEventSchema>;

export const RIDE_STATUS_FILTERS = ['pending', 'in-progress', 'completed'] as const;
/** The ride status filter values of the admin screens. */
export const rideStatusFilterSchema = z.enum(RIDE_STATUS_FILTERS);
export type RideStatusFilter = z.infer<typeof rideStatusFilterSchema>;

export const MAINTENANCE_FILTER_OPTIONS = [
  'pending',
  'accepted',
  'completed',
  'rejected',
  'date',
  'breakdown type',
  'driver ID',
  'driver name',
] as const;
/** A filter of the maintenance requests screen. */
export const maintenanceFilterSchema = z.enum(MAINTENANCE_FILTER_OPTIONS);
export type MaintenanceFilter = z.infer<typeof maintenanceFilterSchema>;

export const DATE_LOCALE = 'en-IN';
export const REPORTS_CSV_FILE_NAME = 'ride_reports.csv';
// The maintenance head writes a rejection reason into the comment with this prefix.
export const REJECTION_COMMENT_PREFIX = 'REJECTED: ';
/**
 * The plant's clock: report dates (dd/MM/yyyy filters), KPI days and displayed local times
 * are all in this zone, whatever the server's own zone is.
 */
export const PLANT_TIME_ZONE = 'Asia/Kolkata';
