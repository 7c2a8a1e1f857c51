import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { LIMITS, rideReportsAnswerSchema, type RideReportsAnswer } from '@plantride/schemas';
import { api } from '../../../lib/api-client';
import { reportQueryString, type ReportFilters } from '../report-filters';
import { reportKeys } from '../../../lib/query-keys';

export function getRideReports(filters: ReportFilters, page: number, pageSize: number, signal?: AbortSignal): Promise<RideReportsAnswer> {
  const query = reportQueryString(filters, { page: String(page), pageSize: String(pageSize) });
  return api(`/api/reports/rides?${query}`, { schema: rideReportsAnswerSchema, signal });
}

/** One page of ride reports; the server filters and pages, so the screen stays fast at any size. */
export function useRideReports(filters: ReportFilters, page: number) {
  return useQuery({
    queryKey: [...reportKeys.rides, filters, page],
    queryFn: ({ signal }) => getRideReports(filters, page, LIMITS.reportsPageSize, signal),
    placeholderData: keepPreviousData,
  });
}

/** How many rides there are with no filter: the Y of 'Showing X of Y records' (`capped`: at least that many). */
export function useRideReportsTotal() {
  return useQuery({
    queryKey: [...reportKeys.rides, 'total'],
    queryFn: async ({ signal }) => {
      const answer = await getRideReports({}, 1, 1, signal);
      return { total: answer.total, capped: answer.totalCapped === true };
    },
  });
}
