import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fleetAnswerSchema, type FleetAnswer } from '@plantride/schemas';
import { api } from '../../../lib/api-client';
import type { KpiFilters } from './get-kpis';
import { reportKeys } from '../../../lib/query-keys';

/** The query of /api/kpis/fleet and its CSV: the KPI page's range and vehicle type. */
export function fleetQueryString(filters: KpiFilters): string {
  const query = new URLSearchParams({ from: filters.from, to: filters.to });
  if (filters.vehicleType) query.set('vehicleType', filters.vehicleType);
  return query.toString();
}

export function getFleetKpis(filters: KpiFilters, signal?: AbortSignal): Promise<FleetAnswer> {
  return api(`/api/kpis/fleet?${fleetQueryString(filters)}`, { schema: fleetAnswerSchema, signal });
}

/** Breakdowns, MTBF, MTTR, downtime and inspection compliance per vehicle and vehicle type (issue #21). */
export function useFleetKpis(filters: KpiFilters) {
  return useQuery({
    queryKey: [...reportKeys.fleetKpis, filters],
    queryFn: ({ signal }) => getFleetKpis(filters, signal),
    placeholderData: keepPreviousData,
  });
}
