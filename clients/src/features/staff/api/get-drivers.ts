import { useQuery } from '@tanstack/react-query';
import { getDriversAnswerSchema, type DriverListRow } from '@plantride/schemas';
import { api } from '../../../lib/api-client';

export async function getDrivers(position: number): Promise<DriverListRow[]> {
  const answer = await api('/api/drivers/getDrivers', { schema: getDriversAnswerSchema, position });
  return answer.drivers;
}

/** Every driver record, newest first; a new position (our own save) reads it again. */
export function useDrivers(position: number, version: number) {
  return useQuery({
    queryKey: ['drivers', position, version],
    queryFn: () => getDrivers(position),
    placeholderData: (previous) => previous,
  });
}
