import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routeAnswerSchema } from '@plantride/schemas';
import { api } from '../../../lib/api-client';
import { siteKeys } from '../../../lib/query-keys';

export interface RouteTime {
  from: string;
  to: string;
  minutes: number;
}

/** PUT /api/site/routes (admin): one direction's minutes, set by hand. */
export function setRouteTime(route: RouteTime) {
  return api('/api/site/routes', { method: 'PUT', body: route, schema: routeAnswerSchema });
}

export function useSetRouteTime() {
  const client = useQueryClient();
  return useMutation({ mutationFn: setRouteTime, onSettled: () => client.invalidateQueries({ queryKey: siteKeys.site }) });
}
