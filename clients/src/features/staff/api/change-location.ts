import { useMutation, useQueryClient } from '@tanstack/react-query';
import { locationAnswerSchema } from '@plantride/schemas';
import { api } from '../../../lib/api-client';
import { siteKeys } from '../../../lib/query-keys';

export interface PlaceChange {
  id: string;
  name?: string;
  x?: number;
  y?: number;
  retired?: boolean;
}

/** PATCH /api/site/locations/{id} (admin): rename, move, retire or bring back; what is left out stays. */
export function changeLocation({ id, ...change }: PlaceChange) {
  return api(`/api/site/locations/${encodeURIComponent(id)}`, { method: 'PATCH', body: change, schema: locationAnswerSchema });
}

export function useChangeLocation() {
  const client = useQueryClient();
  return useMutation({ mutationFn: changeLocation, onSettled: () => client.invalidateQueries({ queryKey: siteKeys.site }) });
}
