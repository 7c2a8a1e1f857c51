import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLiveSocket } from './socket.store';
import {
  SITE_REREAD_SPREAD_MS,
  answerRoutes,
  siteAnswerSchema,
  type SiteAnswer,
  type SiteLocationAnswer,
  type SiteRouteAnswer,
} from '@plantride/schemas';
import { api } from './api-client';
import { siteKeys } from './query-keys';

/*
 * The plant's places and route times as the engine holds them now (issue #20). Shared by the booking
 * form and the admin's Site screen, under one query key, so a change the admin makes refreshes both.
 */

export const siteKey = siteKeys.site;

/**
 * The engine answers with an ETag and `Cache-Control: private, no-cache`: the browser keeps the answer,
 * asks again with If-None-Match, and hands fetch the kept body when the engine says 304 (unchanged).
 */
export function getSite(signal?: AbortSignal): Promise<SiteAnswer> {
  return api('/api/site', { schema: siteAnswerSchema, signal });
}

export function useSite() {
  return useQuery({ queryKey: siteKey, queryFn: ({ signal }) => getSite(signal) });
}

export { SITE_REREAD_SPREAD_MS };

/** Reads the site again when an admin changes it (`siteChanged`, to every signed-in socket): open booking forms and Site screens follow. */
export function useSiteChanges(random: () => number = Math.random): void {
  const socket = useLiveSocket((s) => s.socket);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    let waiting: ReturnType<typeof setTimeout> | undefined;
    const changed = () => {
      if (waiting !== undefined) return;
      waiting = setTimeout(() => {
        waiting = undefined;
        void queryClient.invalidateQueries({ queryKey: siteKey });
      }, random() * SITE_REREAD_SPREAD_MS);
    };
    socket.on('siteChanged', changed);
    return () => {
      socket.off('siteChanged', changed);
      clearTimeout(waiting);
    };
  }, [socket, queryClient, random]);
}

/** The places a ride may use, in the engine's order. */
export const activePlaces = (site: SiteAnswer): SiteLocationAnswer[] => site.locations.filter((place) => !place.retired);

/** A route by place ids: the answer's own entry, else the plan's estimate between the places. */
export type RouteLookup = (from: string, to: string) => SiteRouteAnswer | undefined;

/** Every route of the answer by place ids (it sends only the routes that are not the plan's estimate). */
export const minutesIndex = (site: SiteAnswer): RouteLookup => answerRoutes(site);

/** Minutes between two places named as the booking names them; undefined when either is unknown. */
export function minutesBetweenNames(site: SiteAnswer, index: RouteLookup, fromName: string, toName: string): number | undefined {
  const from = site.locations.find((place) => place.name === fromName);
  const to = site.locations.find((place) => place.name === toName);
  return from && to ? index(from.id, to.id)?.minutes : undefined;
}
