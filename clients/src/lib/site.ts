import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLiveSocket } from './socket.store';
import { siteAnswerSchema, type SiteAnswer, type SiteLocationAnswer } from '@plantride/schemas';
import { api } from './api-client';
import { siteKeys } from './query-keys';

/*
 * The plant's places and route times as the engine holds them now (issue #20). Shared by the booking
 * form and the admin's Site screen, under one query key, so a change the admin makes refreshes both.
 */

export const siteKey = siteKeys.site;

export function getSite(signal?: AbortSignal): Promise<SiteAnswer> {
  return api('/api/site', { schema: siteAnswerSchema, signal });
}

export function useSite() {
  return useQuery({ queryKey: siteKey, queryFn: ({ signal }) => getSite(signal) });
}

/** Reads the site again when an admin changes it (`siteChanged`, to every signed-in socket): open booking forms and Site screens follow. */
export function useSiteChanges(): void {
  const socket = useLiveSocket((s) => s.socket);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    const changed = () => void queryClient.invalidateQueries({ queryKey: siteKey });
    socket.on('siteChanged', changed);
    return () => {
      socket.off('siteChanged', changed);
    };
  }, [socket, queryClient]);
}

/** The places a ride may use, in the engine's order. */
export const activePlaces = (site: SiteAnswer): SiteLocationAnswer[] => site.locations.filter((place) => !place.retired);

/** Route minutes by place id: `from>to` → minutes. */
export function minutesIndex(site: SiteAnswer): ReadonlyMap<string, number> {
  return new Map(site.routes.map((route) => [`${route.from}>${route.to}`, route.minutes]));
}

/** Minutes between two places named as the booking names them; undefined when either is unknown. */
export function minutesBetweenNames(
  site: SiteAnswer,
  index: ReadonlyMap<string, number>,
  fromName: string,
  toName: string,
): number | undefined {
  const from = site.locations.find((place) => place.name === fromName);
  const to = site.locations.find((place) => place.name === toName);
  return from && to ? index.get(`${from.id}>${to.id}`) : undefined;
}
