import { useMutation } from '@tanstack/react-query';
import { declineOfferAnswerSchema } from '@plantride/schemas';
import { api } from '../../../lib/api-client';

/** POST /api/tracking/decline-offer (issue #20): the driver a ride is offered to passes it on. */
export function declineOffer(rideId: string) {
  return api('/api/tracking/decline-offer', { method: 'POST', body: { rideId }, schema: declineOfferAnswerSchema });
}

export function useDeclineOffer() {
  return useMutation({ mutationFn: declineOffer });
}
