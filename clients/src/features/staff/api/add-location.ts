import { useMutation, useQueryClient } from '@tanstack/react-query';
import { locationAnswerSchema } from '@plantride/schemas';
import { api } from '../../../lib/api-client';
import { siteKeys } from '../../../lib/query-keys';

export interface NewPlace {
  name: string;
  x: number;
  y: number;
}

/** POST /api/site/locations (admin): a new place; its routes are estimated from the plan. */
export function addLocation(place: NewPlace) {
  return api('/api/site/locations', { method: 'POST', body: place, schema: locationAnswerSchema });
}

export function useAddLocation() {
  const client = useQueryClient();
  return useMutation({ mutationFn: addLocation, onSettled: () => client.invalidateQueries({ queryKey: siteKeys.site }) });
}
