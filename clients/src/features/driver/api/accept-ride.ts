import { useMutation } from '@tanstack/react-query';
import { acceptRideAnswerSchema, type AcceptRideAnswer, type AcceptRideBody } from '@plantride/schemas';
import { api } from '../../../lib/api-client';

export function acceptRide(body: AcceptRideBody): Promise<AcceptRideAnswer> {
  return api('/api/tracking/accept-ride', { method: 'POST', body, schema: acceptRideAnswerSchema });
}

export function useAcceptRide() {
  return useMutation({ mutationFn: acceptRide });
}
