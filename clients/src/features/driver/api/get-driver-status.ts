import { useQuery } from '@tanstack/react-query';
import { driverStatusAnswerSchema } from '@plantride/schemas';
import { api } from '../../../lib/api-client';
import { driverKeys } from '../../../lib/query-keys';
import { useReadAgainAt } from '../../../lib/use-read-again-at';

/** True while the admin keeps the driver Active (isActive 1). */
export async function getDriverActive(tokenNo: string, position: number): Promise<boolean> {
  const answer = await api(`/api/drivers/status/${encodeURIComponent(tokenNo)}`, { schema: driverStatusAnswerSchema, position });
  return answer.isActive === 1;
}

/** The admin block, checked on load and again whenever a status event moves `position` (SPEC §4). */
export function useDriverActive(tokenNo: string, position: number) {
  const query = useQuery({ queryKey: driverKeys.active(tokenNo), queryFn: () => getDriverActive(tokenNo, position) });
  useReadAgainAt(driverKeys.active(tokenNo), position);
  return query;
}
