import { useQuery } from '@tanstack/react-query';
import { getSpecificDriverAnswerSchema, type DashboardDriver } from '@plantride/schemas';
import { api } from '../../../lib/api-client';
import { driverKeys } from '../../../lib/query-keys';

export async function getOwnDriver(tokenNo: string, signal?: AbortSignal): Promise<DashboardDriver | null> {
  const answer = await api(`/api/drivers/getSpecificDriver/${encodeURIComponent(tokenNo)}`, {
    schema: getSpecificDriverAnswerSchema,
    signal,
  });
  return answer.driver[0] ?? null;
}

/** The signed-in driver's record: which vehicle type's checklist he answers. */
export function useOwnDriver(tokenNo: string) {
  return useQuery({
    queryKey: driverKeys.ownForInspection(tokenNo),
    queryFn: ({ signal }) => getOwnDriver(tokenNo, signal),
    refetchOnWindowFocus: false,
  });
}
