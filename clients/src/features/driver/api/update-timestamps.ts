import { useMutation } from '@tanstack/react-query';
import { bookingCommandAnswerSchema, type CommandAnswer, type UpdateTimestampsBody } from '@plantride/schemas';
import { api } from '../../../lib/api-client';
import { enqueue, type QueuedCommand } from '../../../lib/offline-queue';

const PATH = '/api/bookings/update-timestamps';

/** One step of the driver's ride: start, materialPicked, materialDropped or end. */
export function updateTimestamps(body: UpdateTimestampsBody): Promise<CommandAnswer> {
  return api(PATH, { method: 'PUT', body, schema: bookingCommandAnswerSchema });
}

/** What the offline queue looks a ride's step up by. */
export const stepTag = (rideId: string) => `step:${rideId}`;

/** A step tapped with no network: kept, under the same key, and sent when the connection returns. */
export function queueTimestamps(
  driverId: string,
  body: UpdateTimestampsBody,
  label: string,
  doneMessage = 'connection.sent',
): QueuedCommand {
  return enqueue({ owner: driverId, method: 'PUT', path: PATH, body, label, tag: stepTag(body.rideId), doneMessage });
}

export function useUpdateTimestamps() {
  return useMutation({ mutationFn: updateTimestamps });
}
