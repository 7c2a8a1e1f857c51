import { z } from 'zod';
import { PLAN_EXTENT_METRES, estimateBetween, pairKey, placeIdSchema, placeNameSchema, routeMinutesSchema } from '../site-plan';

/*
 * The site screen's calls (issue #20; the spec has none). Positions are metres on the plant plan from
 * its south-west corner, x east and y north, as the default site lays the spec's 19 places out.
 */

const metres = z.number().finite().min(0).max(PLAN_EXTENT_METRES);

/** A place as GET /api/site answers it. */
export const siteLocationSchema = z.object({ id: z.string(), name: z.string(), x: z.number(), y: z.number(), retired: z.boolean() });
export type SiteLocationAnswer = z.infer<typeof siteLocationSchema>;

/** A directed route by place ids; `edited` when an admin set it by hand (else estimated from the plan). */
export const siteRouteAnswerSchema = z.object({ from: z.string(), to: z.string(), minutes: z.number(), edited: z.boolean() });
export type SiteRouteAnswer = z.infer<typeof siteRouteAnswerSchema>;

/**
 * GET /api/site: every place (retired ones flagged) and the routes whose minutes are not the plan's
 * estimate between their places (set by hand, or the spec's table); every other route takes that
 * estimate (answerRoutes). Its size grows with what the site holds, not with the square of its places.
 */
export const siteAnswerSchema = z.object({
  locations: z.array(siteLocationSchema),
  routes: z.array(siteRouteAnswerSchema),
  version: z.number(),
});
export type SiteAnswer = z.infer<typeof siteAnswerSchema>;

/** Every directed route of an answer, by place ids: its own entry, else the plan's estimate (undefined: same or unknown place). */
export function answerRoutes(site: SiteAnswer): (from: string, to: string) => SiteRouteAnswer | undefined {
  const held = new Map(site.routes.map((route) => [pairKey(route.from, route.to), route]));
  const at = new Map(site.locations.map((place) => [place.id, place]));
  return (from, to) => {
    if (from === to) return undefined;
    const route = held.get(pairKey(from, to));
    if (route) return route;
    const [a, b] = [at.get(from), at.get(to)];
    return a && b ? { from, to, minutes: estimateBetween(a, b), edited: false } : undefined;
  };
}

/**
 * The longest a screen waits before reading the site again after `siteChanged`. Every signed-in screen
 * hears it at once; spread over two seconds, their reads no longer arrive together (issue #31: ten at
 * once held /api/health up to 4.7 s), and the changes heard while one waits are read together.
 */
export const SITE_REREAD_SPREAD_MS = 2000;

/** POST /api/site/locations. */
export const addLocationBodySchema = z.object({ name: placeNameSchema, x: metres, y: metres });

/** PATCH /api/site/locations/{id}: any of the fields; what is left out stays. */
export const changeLocationBodySchema = z
  .object({ name: placeNameSchema.optional(), x: metres.optional(), y: metres.optional(), retired: z.boolean().optional() })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { error: 'Send at least one of name, x, y, retired.' });
export const locationParamsSchema = z.object({ id: placeIdSchema });

/** PUT /api/site/routes: places by name or id. */
export const setRouteBodySchema = z.object({
  from: z.string().trim().min(1).max(100),
  to: z.string().trim().min(1).max(100),
  minutes: routeMinutesSchema,
});

/** A site change's answer: the place or route as it stands now, and the store position for read-your-writes. */
export const locationAnswerSchema = siteLocationSchema.extend({ position: z.number() });
export const routeAnswerSchema = siteRouteAnswerSchema.extend({ position: z.number() });
