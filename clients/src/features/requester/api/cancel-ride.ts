import { useMutation } from '@tanstack/react-query';
import { bookingCommandAnswerSchema, type CommandAnswer } from '@plantride/schemas';
import { api } from '../../../lib/api-client';

export function cancelRide(rideId: string): Promise<CommandAnswer> {
  return api(`/api/bookings/cancel/${encodeURIComponent(rideId)}`, { method: 'DELETE', schema: bookingCommandAnswerSchema });
}

export function useCancelRide() {
  return useMutation({ mutationFn: cancelRide });
}
