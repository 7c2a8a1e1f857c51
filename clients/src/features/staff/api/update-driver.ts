import { useMutation } from '@tanstack/react-query';
import { commandAnswerSchema, updateDriverAnswerSchema, type DriverRecord } from '@plantride/schemas';
import { api } from '../../../lib/api-client';

/**
 * PUT /api/drivers/update with the whole record. A record saved as Active also gets its access
 * back (PUT /api/drivers/toggle-access, active 1), as the spec's admin screen does.
 */
export async function updateDriver(record: DriverRecord): Promise<number> {
  const answer = await api('/api/drivers/update', { method: 'PUT', body: record, schema: updateDriverAnswerSchema });
  if (record.status !== 'Active') return answer.position;
  const access = await api('/api/drivers/toggle-access', {
    method: 'PUT',
    body: { driverId: record.operatorId, active: 1 },
    schema: commandAnswerSchema,
  });
  return Math.max(answer.position, access.position);
}

export function useUpdateDriver() {
  return useMutation({ mutationFn: updateDriver });
}
