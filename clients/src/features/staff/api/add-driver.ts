import { useMutation } from '@tanstack/react-query';
import { addDriverAnswerSchema, type DriverRecord } from '@plantride/schemas';
import { api } from '../../../lib/api-client';

export function addDriver(record: DriverRecord) {
  return api('/api/drivers/add', { method: 'POST', body: record, schema: addDriverAnswerSchema });
}

export function useAddDriver() {
  return useMutation({ mutationFn: addDriver });
}
