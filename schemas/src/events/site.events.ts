import { z } from 'zod';
import { placeIdSchema, placeNameSchema, siteRouteSchema, sitePlaceSchema, PLAN_EXTENT_METRES } from '../site-plan';

/*
 * The `site` stream (issue #20): the plant's places and route times as data. Routes name places by
 * id, so a rename keeps them. Each event carries its outcome (the routes a new or moved place gets),
 * so folding it needs no estimate of its own.
 */

/** The whole site was defined: its places and complete route table (the engine's first event: the spec's plant). */
export const siteDefinedSchema = z.object({
  type: z.literal('SiteDefined'),
  data: z.object({ places: z.array(sitePlaceSchema).min(2), routes: z.array(siteRouteSchema) }),
});

/** An admin added a place; `routes` are its estimated times to and from every other place. */
export const locationAddedSchema = z.object({
  type: z.literal('LocationAdded'),
  data: sitePlaceSchema.extend({ routes: z.array(siteRouteSchema) }),
});

/** An admin renamed, moved, retired or brought back a place; a move re-estimates its routes not set by hand (`routes`). */
export const locationChangedSchema = z.object({
  type: z.literal('LocationChanged'),
  data: z.object({
    id: placeIdSchema,
    name: placeNameSchema.optional(),
    x: z.number().finite().min(0).max(PLAN_EXTENT_METRES).optional(),
    y: z.number().finite().min(0).max(PLAN_EXTENT_METRES).optional(),
    retired: z.boolean().optional(),
    routes: z.array(siteRouteSchema).optional(),
  }),
});

/** An admin set one directed route's travel time; the opposite direction is untouched. */
export const routeTimeChangedSchema = z.object({ type: z.literal('RouteTimeChanged'), data: siteRouteSchema });

/** Any event of the `site` stream. */
export const siteEventSchema = z.discriminatedUnion('type', [
  siteDefinedSchema,
  locationAddedSchema,
  locationChangedSchema,
  routeTimeChangedSchema,
]);

export type SiteDefined = z.infer<typeof siteDefinedSchema>;
export type LocationAdded = z.infer<typeof locationAddedSchema>;
export type LocationChanged = z.infer<typeof locationChangedSchema>;
export type RouteTimeChanged = z.infer<typeof routeTimeChangedSchema>;
export type SiteEvent = z.infer<typeof siteEventSchema>;
export type SiteEventType = SiteEvent['type'];

// Version 1 of SiteDefined and RouteTimeChanged named places by name; no store ever held one (nothing
// appended them before issue #20), so they were redefined rather than upcast.
export const SITE_EVENT_SCHEMA_VERSIONS = {
  SiteDefined: 1,
  LocationAdded: 1,
  LocationChanged: 1,
  RouteTimeChanged: 1,
} as const satisfies Record<SiteEventType, number>;

export const SITE_EVENT_TYPES = Object.keys(SITE_EVENT_SCHEMA_VERSIONS) as SiteEventType[];
