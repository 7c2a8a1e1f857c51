import { useQuery } from '@tanstack/react-query';
import { getSpecificDriverAnswerSchema, type DashboardDriver } from '@plantride/schemas';
import { api } from '../../../lib/api-client';

export async function getDriver(tokenNo: string, position: number): Promise<DashboardDriver | null> {
  const answer = await api(`/api/drivers/getSpecificDriver/${encodeURIComponent(tokenNo)}`, {
    schema: getSpecificDriverAnswerSchema,
    position,
  });
  return answer.driver[0] ?? null;
}

/** The driver's record (name, vehicle type, maintenance block); read again when a block event moves `position`. */
export function useDriverRecord(tokenNo: string, position: number) {
  return useQuery({
    queryKey: ['driver', tokenNo, position],
    queryFn: () => getDriver(tokenNo, position),
    placeholderData: (previous) => previous,
  });
}
