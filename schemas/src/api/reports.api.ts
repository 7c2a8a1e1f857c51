import { z } from 'zod';
import { addDays, isValid, parse } from 'date-fns';
import { tz, type TZDate } from '@date-fns/tz';
import {
  LIMITS,
  PLANT_TIME_ZONE,
  REPORTS_CSV_FILE_NAME,
  RIDE_STATUS_FILTERS,
  REPORT_VEHICLE_FILTER_OPTIONS,
  type ReportVehicleFilter,
  type RideStatusFilter,
} from '../constants';
import { RIDE_STATUS_OF_STATE } from '../ride.machine';
import { IN_PROGRESS_STATUSES, PENDING_STATUSES, REDISTRIBUTED_HISTORY_STATUS, RIDE_STATUSES, type RideStatus } from '../ride-status';
import { RIDE_PRIORITIES, type RidePriority } from '../dispatch';
import { MESSAGES, SERVER_MESSAGES } from '../messages';
import { formatPlantDateTime } from '../plant-time';
import { formatLoadHandling, formatLoadQuantity, rideLoadSchema } from '../load';
import { TEXT_LIMITS, wordedMessage } from './text-fields';

const text = z.string().nullable();
const minutes = z.number().nullable();

/**
 * A ride report row in the server's upper-case form. The spec names the first twelve fields;
 * the ride fields after them are our additions so the screen's 20 columns can be filled.
 * Times are ISO instants; gaps are minutes rounded to 2 decimals, null when a time is missing.
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
  /**
   * Ours (issue #20): the ride's priority as it stands, and SLA_MET (slaMetOf: false once a service
   * target was missed, true when completed with none missed, else null). Always sent; optional only
   * so that an answer from an engine before them still reads.
   */
  PRIORITY: z.enum(RIDE_PRIORITIES).optional(),
  SLA_MET: z.boolean().nullable().optional(),
  /** Ours (issue #32 item 7): what is being moved, as booked; null when the booking said nothing. */
  LOAD: rideLoadSchema.nullable().optional(),
  /** Ours (issue #34 item 2): the steps recorded without the scan they needed, with the driver's reasons; null when none. */
  SCAN_OVERRIDES: z.string().nullable().optional(),
});
export type RideReportServerRow = z.infer<typeof rideReportServerRowSchema>;

/** Answer of GET /api/reports/rides: one page, newest ride first, and how many rows match (counted up to a cap). */
export const rideReportsAnswerSchema = z.object({
  rideReports: z.array(rideReportServerRowSchema),
  total: z.number().int().nonnegative(),
  /** True when more rows match than were counted: `total` is then a lower bound (the screen shows 'N+'). */
  totalCapped: z.boolean().optional(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});
export type RideReportsAnswer = z.infer<typeof rideReportsAnswerSchema>;
/** Answer of GET /api/reports/AllRides. */
export const allRidesAnswerSchema = z.array(rideReportServerRowSchema);

export const REPORT_MAX_PAGE_SIZE = 500;
// Deep enough for a million rides at the smallest page size, small enough that the offset stays an integer.
const REPORT_MAX_PAGE = 10_000_000;
const REPORT_DATE_FORMAT = 'dd/MM/yyyy';

/** Midnight (plant time) starting a dd/MM/yyyy day, or null when the text is not a real date in that form. */
export function parseReportDate(value: string): TZDate | null {
  if (!/^\d{2}\/\d{2}\/\d{4}$/.test(value)) return null;
  const day = parse(value, REPORT_DATE_FORMAT, new Date(), { in: tz(PLANT_TIME_ZONE) });
  return isValid(day) ? day : null;
}

// The spec's status values, plus the admin screens' buckets (pending, in-progress, completed), from the statechart:
// pending is every state no driver carries (booked for later included) and the spec's history-only label.
const REPORT_STATUS_BUCKETS: Record<RideStatusFilter, readonly RideStatus[]> = {
  pending: [...PENDING_STATUSES, REDISTRIBUTED_HISTORY_STATUS],
  'in-progress': IN_PROGRESS_STATUSES,
  completed: [RIDE_STATUS_OF_STATE.completed],
};
const REPORT_STATUS_INPUTS = [...new Set<string>([...RIDE_STATUSES, ...RIDE_STATUS_FILTERS])];
export const reportStatusesOf = (status: string): readonly RideStatus[] =>
  Object.hasOwn(REPORT_STATUS_BUCKETS, status) ? REPORT_STATUS_BUCKETS[status as RideStatusFilter] : [status as RideStatus];

// A query-string value: trimmed, and an empty one counts as not given (the screen sends its blank filters).
const blankAsMissing = (value: unknown) => (typeof value === 'string' ? value.trim() || undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankAsMissing, schema.optional());
const filterText = (max: number) =>
  optional(z.string({ error: SERVER_MESSAGES.invalidRequest }).max(max, SERVER_MESSAGES.reportFilterTooLong));
/** The 400 messages of the issue #20 report filters. */
export const REPORT_PRIORITY_MESSAGE = wordedMessage("Priority must be 'normal' or 'urgent'.");
export const REPORT_SLA_MET_MESSAGE = wordedMessage("slaMet must be 'true' or 'false'.");
const reportDateInput = optional(
  z.string({ error: SERVER_MESSAGES.invalidReportDate }).refine((v) => parseReportDate(v) !== null, SERVER_MESSAGES.invalidReportDate),
);
const wholeNumber = (message: string, max: number, fallback: number) =>
  z.preprocess(blankAsMissing, z.coerce.number({ error: message }).int(message).min(1, message).max(max, message).default(fallback));

/** Filters of the ride reports screen (GET /api/reports/rides, AllRides and rides.csv); dates are dd/MM/yyyy, whole days, plant time. */
export const rideReportFiltersQuerySchema = z
  .object({
    vehicleType: optional(z.enum(REPORT_VEHICLE_FILTER_OPTIONS, { error: SERVER_MESSAGES.invalidReportVehicleType })),
    vehicleNumber: filterText(TEXT_LIMITS.vehicleNumber).describe('Whole vehicle number; case, spaces and dashes ignored'),
    forkliftNumber: optional(
      z
        .string({ error: SERVER_MESSAGES.invalidForkliftNumber })
        .regex(new RegExp(`^\\d{1,${LIMITS.stickerMaxDigits}}$`), SERVER_MESSAGES.invalidForkliftNumber),
    ),
    status: optional(
      z
        .string({ error: SERVER_MESSAGES.invalidReportStatus })
        .toLowerCase()
        .refine((v) => REPORT_STATUS_INPUTS.includes(v), SERVER_MESSAGES.invalidReportStatus),
    ).describe(`A ride status, or ${RIDE_STATUS_FILTERS.join(', ')}`),
    driverId: filterText(20),
    driverName: filterText(TEXT_LIMITS.name).describe('Part of the driver name, any case'),
    priority: optional(
      z
        .string({ error: REPORT_PRIORITY_MESSAGE })
        .toLowerCase()
        .pipe(z.enum(RIDE_PRIORITIES, { error: REPORT_PRIORITY_MESSAGE })),
    ).describe("'normal' or 'urgent'"),
    slaMet: optional(
      z
        .string({ error: REPORT_SLA_MET_MESSAGE })
        .toLowerCase()
        .pipe(z.enum(['true', 'false'], { error: REPORT_SLA_MET_MESSAGE })),
    ).describe("'true': completed with no service target missed; 'false': a target missed"),
    from: reportDateInput.describe('First day, dd/MM/yyyy, plant time'),
    to: reportDateInput.describe('Last day (inclusive), dd/MM/yyyy, plant time'),
  })
  .superRefine((query, ctx) => {
    const from = query.from ? parseReportDate(query.from) : null;
    const to = query.to ? parseReportDate(query.to) : null;
    if (from && to && to < from) ctx.addIssue({ code: 'custom', path: ['to'], message: SERVER_MESSAGES.reportEndBeforeStart });
  });
export type RideReportFiltersQuery = z.infer<typeof rideReportFiltersQuerySchema>;

/** The match key of a vehicle number: 'MH-12 ab 0001' and 'mh12AB0001' are one vehicle. */
export const vehicleNumberKey = (vehicleNumber: string): string => vehicleNumber.replace(/[^A-Za-z0-9]/g, '').toLowerCase();

/** What a ride report row must match; each field given narrows the rows. */
export interface RideReportFilter {
  /** 'Other' matches rows of none of the bookable vehicle types. */
  vehicleType?: ReportVehicleFilter;
  vehicleNumberKey?: string;
  /** A forklift (sticker) number in each spelling it may be stored in ('7' and '07'). */
  forkliftNumbers?: readonly string[];
  statuses?: readonly RideStatus[];
  driverId?: string;
  /** Case-insensitive part of the driver's name. */
  driverName?: string;
  priority?: RidePriority;
  /** SLA_MET true or false (a ride with SLA_MET null matches neither). */
  slaMet?: boolean;
  createdFrom?: Date;
  createdBefore?: Date;
}

/** The row filter a valid query asks for: dates become whole plant days, `to` inclusive. */
export function rideReportFilterOf(query: RideReportFiltersQuery): RideReportFilter {
  const sticker = query.forkliftNumber ? String(Number(query.forkliftNumber)) : undefined;
  const from = query.from ? parseReportDate(query.from) : null;
  const to = query.to ? parseReportDate(query.to) : null;
  // Plain instants: the zone only decided where the days begin.
  const instant = (day: Date | null) => (day ? new Date(day.getTime()) : undefined);
  return {
    vehicleType: query.vehicleType,
    vehicleNumberKey: query.vehicleNumber === undefined ? undefined : vehicleNumberKey(query.vehicleNumber),
    forkliftNumbers: sticker === undefined ? undefined : [...new Set([sticker, sticker.padStart(LIMITS.stickerMaxDigits, '0')])],
    statuses: query.status === undefined ? undefined : reportStatusesOf(query.status),
    driverId: query.driverId?.toUpperCase(),
    driverName: query.driverName,
    priority: query.priority,
    slaMet: query.slaMet === undefined ? undefined : query.slaMet === 'true',
    createdFrom: instant(from),
    createdBefore: instant(to && addDays(to, 1)),
  };
}

/** GET /api/reports/rides: the filters plus the page (from 1) and its size. */
export const rideReportsQuerySchema = rideReportFiltersQuerySchema.safeExtend({
  page: wholeNumber(SERVER_MESSAGES.invalidReportPage, REPORT_MAX_PAGE, 1),
  pageSize: wholeNumber(SERVER_MESSAGES.invalidReportPageSize, REPORT_MAX_PAGE_SIZE, LIMITS.reportsPageSize),
});

const gap = z.union([z.number(), z.literal(MESSAGES.notAvailable)]);

/** The reports screen's 20-column row, in CSV column order; gaps are minutes or 'N/A'. */
const rideReportScreenSchema = z.object({
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

/** The screen's 20 fields, in its column order. */
export const RIDE_REPORT_FIELDS = rideReportScreenSchema.keyof().options;
export type RideReportField = (typeof RIDE_REPORT_FIELDS)[number];

/**
 * A report row: the screen's 20 fields, then (ours, issue #20) the ride's priority and SLA_MET, and (issue
 * #32 item 7) its load as text cells: description, quantity with unit ('12 pallets'), weight in kg ('350')
 * and handling notes ('fragile, hazardous'), '' where the booking said nothing, and (issue #34 item 2) the
 * steps recorded without the scan they needed, with the driver's reasons ('' when none); the CSV has all 27.
 */
export const rideReportSchema = rideReportScreenSchema.extend({
  priority: z.enum(RIDE_PRIORITIES),
  slaMet: z.boolean().nullable(),
  loadDescription: z.string(),
  loadQuantity: z.string(),
  loadWeightKg: z.string(),
  loadHandling: z.string(),
  scanOverrides: z.string(),
});
export type RideReport = z.infer<typeof rideReportSchema>;

/** The CSV's 27 fields, in its column order: the screen's 20, then priority, slaMet, the load's four and the scan overrides. */
export const RIDE_REPORT_CSV_FIELDS = rideReportSchema.keyof().options;
export type RideReportCsvField = (typeof RIDE_REPORT_CSV_FIELDS)[number];

/** A report field's CSV column name, upper case as in the spec's server form (gapPickDrop -> GAP_PICK_DROP). */
export const rideReportCsvColumn = (field: RideReportCsvField): string => field.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase();

/** The CSV header: RIDE_REPORT_CSV_FIELDS under their upper-case column names (… RIDE_TYPE, PRIORITY, SLA_MET, LOAD_DESCRIPTION, …). */
export const RIDE_REPORT_CSV_COLUMNS: readonly string[] = RIDE_REPORT_CSV_FIELDS.map(rideReportCsvColumn);

/** The export's file name with the plant's ISO day (yyyy-MM-dd) it was made on: ride_reports_2026-11-26.csv. */
export const rideReportsCsvFileName = (plantDay: string): string => `${REPORTS_CSV_FILE_NAME.replace(/\.csv$/, '')}_${plantDay}.csv`;

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
    priority: row.PRIORITY ?? 'normal',
    slaMet: row.SLA_MET ?? null,
    ...reportLoadCells(row.LOAD),
    scanOverrides: row.SCAN_OVERRIDES ?? '',
  };
}

/** The load's four report cells ({@link rideReportSchema}); all '' without a load. */
export function reportLoadCells(
  load: RideReportServerRow['LOAD'],
): Pick<RideReport, 'loadDescription' | 'loadQuantity' | 'loadWeightKg' | 'loadHandling'> {
  return {
    loadDescription: load?.description ?? '',
    loadQuantity: formatLoadQuantity(load),
    loadWeightKg: load?.weightKg === undefined ? '' : String(load.weightKg),
    loadHandling: formatLoadHandling(load),
  };
}

/** A report time as people at the plant read it (Indian English, plant time, 12-hour with seconds); 'N/A' when missing. */
export const formatReportDate = (iso: string | null): string => formatPlantDateTime(iso);

const REPORT_DATE_FIELDS = new Set<RideReportCsvField>([
  'createdAt',
  'startTime',
  'endTime',
  'materialPickTime',
  'materialDropTime',
  'lastMaintenanceDate',
]);

/** A gap cell: '12.50 mins', or 'N/A'. */
export const formatReportGap = (gapMinutes: number | typeof MESSAGES.notAvailable): string =>
  typeof gapMinutes === 'number' ? `${gapMinutes.toFixed(LIMITS.reportGapDecimals)} mins` : gapMinutes;

/** An SLA_MET cell: 'true', 'false', or 'N/A' while it is neither (an open ride, or one cancelled without a miss). */
export const formatReportSlaMet = (slaMet: boolean | null): string => (slaMet === null ? MESSAGES.notAvailable : String(slaMet));

/** One CSV line of the report, as text cells in RIDE_REPORT_CSV_FIELDS order (server export and client export alike). */
export function toRideReportCsvRecord(report: RideReport): Record<RideReportCsvField, string> {
  const cells = {} as Record<RideReportCsvField, string>;
  for (const field of RIDE_REPORT_CSV_FIELDS) {
    const value = report[field];
    if (field === 'gapPickDrop' || field === 'gapPickStart') cells[field] = formatReportGap(value as RideReport['gapPickDrop']);
    else if (field === 'slaMet') cells[field] = formatReportSlaMet(value as boolean | null);
    else if (REPORT_DATE_FIELDS.has(field) && value !== MESSAGES.notAvailable) cells[field] = formatReportDate(value as string | null);
    else cells[field] = String(value ?? '');
  }
  return cells;
}
