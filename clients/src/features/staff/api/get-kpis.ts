import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { kpisAnswerSchema, type KpisAnswer } from '@plantride/schemas';
import { api } from '../../../lib/api-client';
import { reportKeys } from '../../../lib/query-keys';

/** Inclusive plant days 'yyyy-MM-dd' and a vehicle type ('' for all). */
export interface KpiFilters {
  from: string;
  to: string;
  vehicleType: string;
}

export function getKpis(filters: KpiFilters, signal?: AbortSignal): Promise<KpisAnswer> {
  const query = new URLSearchParams({ from: filters.from, to: filters.to });
  if (filters.vehicleType) query.set('vehicleType', filters.vehicleType);
  return api(`/api/reports/kpis?${query}`, { schema: kpisAnswerSchema, signal });
}

export function useKpis(filters: KpiFilters) {
  return useQuery({
    queryKey: [...reportKeys.kpis, filters],
    queryFn: ({ signal }) => getKpis(filters, signal),
    placeholderData: keepPreviousData,
  });
}
