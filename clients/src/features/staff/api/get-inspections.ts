import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { inspectionListAnswerSchema, type InspectionListAnswer } from '@plantride/schemas';
import { api } from '../../../lib/api-client';
import { inspectionQueryString, type InspectionFilters } from '../inspection-history';
import { inspectionKeys } from '../../../lib/query-keys';

export function getInspections(
  filters: InspectionFilters,
  page: number,
  position: number,
  signal?: AbortSignal,
): Promise<InspectionListAnswer> {
  return api(`/api/inspections?${inspectionQueryString(filters, page)}`, { schema: inspectionListAnswerSchema, position, signal });
}

/** One page of vehicle inspections, newest first; read again at each new store position (a driver inspected). */
export function useInspections(filters: InspectionFilters, page: number, position: number, version: number) {
  return useQuery({
    queryKey: [...inspectionKeys.list, filters, page, position, version],
    queryFn: ({ signal }) => getInspections(filters, page, position, signal),
    placeholderData: keepPreviousData,
  });
}
