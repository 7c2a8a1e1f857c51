import { useQuery } from '@tanstack/react-query';
import { getSpecificDriverAnswerSchema, type DashboardDriver } from '@plantride/schemas';
import { api } from '../../../lib/api-client';
import { driverKeys } from '../../../lib/query-keys';
import { useReadAgainAt } from '../../../lib/use-read-again-at';

export async function getDriver(tokenNo: string, position: number): Promise<DashboardDriver | null> {
  const answer = await api(`/api/drivers/getSpecificDriver/${encodeURIComponent(tokenNo)}`, {
    schema: getSpecificDriverAnswerSchema,
    position,
  });
  return answer.driver[0] ?? null;
}

/** The driver's record (name, vehicle type, maintenance block); read again when a block event moves `position`. */
export function useDriverRecord(tokenNo: string, position: number) {
  const query = useQuery({ queryKey: driverKeys.record(tokenNo), queryFn: () => getDriver(tokenNo, position) });
  useReadAgainAt(driverKeys.record(tokenNo), position);
  return query;
}
