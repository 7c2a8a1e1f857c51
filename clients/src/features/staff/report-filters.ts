import type { ReportFilterBy } from '@plantride/schemas';

/** The ride report filters the server understands (GET /api/reports/rides); dates as the date inputs write them, yyyy-MM-dd. */
export interface ReportFilters {
  vehicleType?: string;
  vehicleNumber?: string;
  forkliftNumber?: string;
  status?: string;
  driverId?: string;
  driverName?: string;
  from?: string;
  to?: string;
}

export type ReportFilterKey = keyof ReportFilters;
export const REPORT_FILTER_KEYS: readonly ReportFilterKey[] = ['vehicleType', 'vehicleNumber', 'forkliftNumber', 'status', 'driverId', 'driverName', 'from', 'to'];

/** Which filters each choice of the filter-by dropdown edits. */
export const FILTER_BY_KEYS: Record<ReportFilterBy, readonly ReportFilterKey[]> = {
  None: [],
  'Vehicle Type': ['vehicleType'],
  'Vehicle Number': ['vehicleNumber'],
  'Forklift Number': ['forkliftNumber'],
  Status: ['status'],
  'Driver ID': ['driverId'],
  'Driver Name': ['driverName'],
  Date: ['from', 'to'],
};

export const FILTER_LABELS: Record<ReportFilterKey, string> = {
  vehicleType: 'Vehicle Type',
  vehicleNumber: 'Vehicle Number',
  forkliftNumber: 'Forklift Number',
  status: 'Status',
  driverId: 'Driver ID',
  driverName: 'Driver Name',
  from: 'From',
  to: 'To',
};

/** 'yyyy-MM-dd' (a date input) as the report API's 'dd/MM/yyyy'. */
export function toReportDate(isoDay: string): string {
  const [year, month, day] = isoDay.split('-');
  return `${day}/${month}/${year}`;
}

/** The filters kept in the page's URL, so a reload or a shared link shows the same rows. */
export function filtersFromParams(params: URLSearchParams): ReportFilters {
  const filters: ReportFilters = {};
  for (const key of REPORT_FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (value) filters[key] = value;
  }
  return filters;
}

export function pageFromParams(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** The query string of the reports and CSV calls: blank filters left out, dates in the API's form. */
export function reportQueryString(filters: ReportFilters, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams();
  for (const key of REPORT_FILTER_KEYS) {
    const value = filters[key]?.trim();
    if (!value) continue;
    query.set(key, key === 'from' || key === 'to' ? toReportDate(value) : value);
  }
  for (const [key, value] of Object.entries(extra)) query.set(key, value);
  return query.toString();
}

/** The active filters as 'Label: value' pairs, for the summary chips. */
export function activeFilters(filters: ReportFilters): { key: ReportFilterKey; label: string }[] {
  return REPORT_FILTER_KEYS.filter((key) => filters[key]).map((key) => ({ key, label: `${FILTER_LABELS[key]}: ${filters[key]}` }));
}
