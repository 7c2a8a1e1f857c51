import { useQuery } from '@tanstack/react-query';
import { PAGE_SIZES, getDriversAnswerSchema, type DriverListRow } from '@plantride/schemas';
import { api } from '../../../lib/api-client';
import { driverKeys } from '../../../lib/query-keys';

export async function getDrivers(position: number): Promise<DriverListRow[]> {
  // The largest page: the Driver Information screen filters the whole list itself.
  const answer = await api(`/api/drivers/getDrivers?limit=${PAGE_SIZES.list.max}`, { schema: getDriversAnswerSchema, position });
  return answer.drivers;
}

/** Every driver record, newest first; a new position (our own save) reads it again. */
export function useDrivers(position: number, version: number) {
  return useQuery({
    queryKey: [...driverKeys.list, position, version],
    queryFn: () => getDrivers(position),
    placeholderData: (previous) => previous,
  });
}
