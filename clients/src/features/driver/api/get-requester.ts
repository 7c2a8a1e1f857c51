import { useQuery } from '@tanstack/react-query';
import { getSpecificRequesterAnswerSchema, type RequesterRow } from '@plantride/schemas';
import { api } from '../../../lib/api-client';
import { requesterKeys } from '../../../lib/query-keys';

/** Who booked the driver's ride, for the Requester Details popup; fetched when the popup opens. */
export function useRequesterDetails(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: requesterKeys.details(userId),
    queryFn: async (): Promise<RequesterRow> =>
      (await api(`/api/drivers/getSpecificRequester/${encodeURIComponent(userId)}`, { schema: getSpecificRequesterAnswerSchema }))
        .requester,
    enabled,
    staleTime: 5 * 60_000,
  });
}
