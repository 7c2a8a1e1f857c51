import type { InspectionRow, InspectionToday } from '@plantride/schemas';
import { i18n } from '../../i18n/i18n';
import { filterOption } from './report-filters';

/** The inspection list's filters as the URL and GET /api/inspections hold them; dates yyyy-MM-dd, `passed` 'true' or 'false'. */
export interface InspectionFilters {
  operatorId?: string;
  vehicleType?: string;
  from?: string;
  to?: string;
  passed?: string;
}
export type InspectionFilterKey = keyof InspectionFilters;
export const INSPECTION_FILTER_KEYS: readonly InspectionFilterKey[] = ['operatorId', 'vehicleType', 'from', 'to', 'passed'];

/** Rows per page of the history. */
export const INSPECTION_PAGE_SIZE = 20;

export const RESULT_OPTIONS = [filterOption('true', 'staff.audit.passed'), filterOption('false', 'staff.audit.failed')] as const;

/** The filters kept in the page's URL, so a reload or a shared link shows the same rows. */
export function inspectionFiltersOf(params: URLSearchParams): InspectionFilters {
  const filters: InspectionFilters = {};
  for (const key of INSPECTION_FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (value) filters[key] = value;
  }
  return filters;
}

/** The list call's query: blank filters left out, the page as limit and offset. */
export function inspectionQueryString(filters: InspectionFilters, page: number, limit = INSPECTION_PAGE_SIZE): string {
  const query = new URLSearchParams();
  for (const key of INSPECTION_FILTER_KEYS) {
    const value = filters[key]?.trim();
    if (value) query.set(key, value);
  }
  query.set('limit', String(limit));
  query.set('offset', String((Math.max(1, page) - 1) * limit));
  return query.toString();
}

/** 'Page 2 of 3', and whether there is a next one; an empty list is page 1 of 1. */
export function pageInfo(total: number, limit: number, page: number): { pageOf: string; pages: number; nextOpen: boolean } {
  const pages = Math.max(1, Math.ceil(total / Math.max(1, limit)));
  return { pageOf: i18n.t('staff.reports.pageOf', { page, pages }), pages, nextOpen: page < pages };
}

/** 'Ravi Kumar (DR1)', or the id alone for a driver with no name. */
export const driverLabel = (row: Pick<InspectionRow, 'driverName' | 'operatorId'>): string =>
  row.driverName.trim() ? `${row.driverName.trim()} (${row.operatorId})` : row.operatorId;

/** How many items failed, in words. */
export const defectsText = (defects: readonly string[]): string =>
  defects.length === 0 ? i18n.t('staff.inspections.noDefects') : i18n.t('staff.inspections.defects', { count: defects.length });

/** The Driver Information chip of his inspection today. */
export function inspectionTodayChip(status: InspectionToday): {
  label: string;
  color: 'success' | 'error' | 'default';
  variant: 'outlined' | 'filled';
} {
  switch (status) {
    case 'passed':
      return { label: i18n.t('staff.drivers.inspectedToday'), color: 'success', variant: 'outlined' };
    case 'failed':
      return { label: i18n.t('staff.drivers.inspectionFailed'), color: 'error', variant: 'filled' };
    default:
      return { label: i18n.t('staff.drivers.notInspectedToday'), color: 'default', variant: 'outlined' };
  }
}
