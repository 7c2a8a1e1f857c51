import { REPORT_FILTER_BY_OPTIONS, type ReportFilterBy } from '@plantride/schemas';
import { formatPlantDay } from '../../lib/format-date';
import type { ParseKeys } from 'i18next';
import { i18n } from '../../i18n/i18n';

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
  /** Issue #20: 'normal' or 'urgent'. */
  priority?: string;
  /** Issue #20: 'true' (on target) or 'false' (a target missed). */
  slaMet?: string;
}

export type ReportFilterKey = keyof ReportFilters;
export const REPORT_FILTER_KEYS: readonly ReportFilterKey[] = [
  'vehicleType',
  'vehicleNumber',
  'forkliftNumber',
  'status',
  'driverId',
  'driverName',
  'from',
  'to',
  'priority',
  'slaMet',
];

/** The spec's filter-by choices and issue #20's two after them. */
export const FILTER_BY_OPTIONS = [...REPORT_FILTER_BY_OPTIONS, 'Priority', 'SLA'] as const;
export type FilterBy = ReportFilterBy | 'Priority' | 'SLA';

/** The values of the two issue #20 filters, as the server takes them, and as the screen names them. */
/** A choice of a filter: the value the server takes, and its label read in the language spoken then. */
export const filterOption = <V extends string>(value: V, key: ParseKeys) => ({
  value,
  get label() {
    return i18n.t(key);
  },
});

export const PRIORITY_FILTER_OPTIONS = [
  filterOption('normal', 'staff.reports.priorities.normal'),
  filterOption('urgent', 'staff.reports.priorities.urgent'),
] as const;
export const SLA_FILTER_OPTIONS = [
  filterOption('true', 'staff.reports.sla.met'),
  filterOption('false', 'staff.reports.sla.missed'),
] as const;

/** The filter-by choices as the dropdown names them: the spec's 'Forklift Number' is the sticker number (docs/GLOSSARY.md). */
const FILTER_BY_LABEL_KEYS = {
  None: 'none',
  'Vehicle Type': 'vehicleType',
  'Vehicle Number': 'vehicleNumber',
  'Forklift Number': 'stickerNumber',
  Status: 'status',
  'Driver ID': 'driverId',
  'Driver Name': 'driverName',
  Date: 'date',
  Priority: 'priority',
  SLA: 'sla',
} as const satisfies Record<FilterBy, string>;
export const filterByLabel = (option: FilterBy): string => i18n.t(`staff.reports.filterByOptions.${FILTER_BY_LABEL_KEYS[option]}`);

/** Which filters each choice of the filter-by dropdown edits. */
export const FILTER_BY_KEYS: Record<FilterBy, readonly ReportFilterKey[]> = {
  None: [],
  'Vehicle Type': ['vehicleType'],
  'Vehicle Number': ['vehicleNumber'],
  'Forklift Number': ['forkliftNumber'],
  Status: ['status'],
  'Driver ID': ['driverId'],
  'Driver Name': ['driverName'],
  Date: ['from', 'to'],
  Priority: ['priority'],
  SLA: ['slaMet'],
};

/** A filter's name as the screen writes it, in the language spoken now. */
export const filterLabel = (key: ReportFilterKey): string => i18n.t(`staff.reports.filterLabels.${key}`);

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

// A chip names an option filter by its label ('SLA: Missed', not 'SLA: false').
const OPTION_LABELS: Partial<Record<ReportFilterKey, readonly { value: string; label: string }[]>> = {
  priority: PRIORITY_FILTER_OPTIONS,
  slaMet: SLA_FILTER_OPTIONS,
};
const shownValue = (key: ReportFilterKey, value: string) =>
  key === 'from' || key === 'to' ? formatPlantDay(value) : (OPTION_LABELS[key]?.find((option) => option.value === value)?.label ?? value);

/** The active filters as 'Label: value' pairs, for the summary chips. */
export function activeFilters(filters: ReportFilters): { key: ReportFilterKey; label: string }[] {
  return REPORT_FILTER_KEYS.filter((key) => filters[key]).map((key) => ({
    key,
    label: `${filterLabel(key)}: ${shownValue(key, filters[key] as string)}`,
  }));
}
