import { useMutation } from '@tanstack/react-query';
import { bookingCommandAnswerSchema, type CommandAnswer, type UpdateTimestampsBody } from '@plantride/schemas';
import { api } from '../../../lib/api-client';

/** One step of the driver's ride: start, materialPicked, materialDropped or end. */
export function updateTimestamps(body: UpdateTimestampsBody): Promise<CommandAnswer> {
  return api('/api/bookings/update-timestamps', { method: 'PUT', body, schema: bookingCommandAnswerSchema });
}

export function useUpdateTimestamps() {
  return useMutation({ mutationFn: updateTimestamps });
}
