import { z } from 'zod';
import { placeIdSchema, placeNameSchema, siteRouteSchema, sitePlaceSchema, PLAN_EXTENT_METRES } from '../site-plan';
import { SCAN_STEPS, SITE_WIDE, placeCodeSchema } from '../place-code';

/*
 * The `site` stream (issue #20): the plant's places and route times as data. Routes name places by
 * id, so a rename keeps them. A route's minutes are the plan's estimate between its places
 * (estimateBetween) unless an event gives others; since issue #31 an added or moved place's event
 * carries no estimate (the fold makes it from the positions), and events written before, which carry
 * every estimate, fold to the same minutes. Changing estimateBetween would change the minutes of past
 * routes: a new estimate needs a new event type, or the old one kept for the events before it.
 */

/** The whole site was defined: its places and complete route table (the engine's first event: the spec's plant). */
export const siteDefinedSchema = z.object({
  type: z.literal('SiteDefined'),
  data: z.object({ places: z.array(sitePlaceSchema).min(2), routes: z.array(siteRouteSchema) }),
});

/** An admin added a place; `routes`: empty since issue #31 (the plan's estimates), every estimate before. */
export const locationAddedSchema = z.object({
  type: z.literal('LocationAdded'),
  data: sitePlaceSchema.extend({ routes: z.array(siteRouteSchema) }),
});

/** An admin renamed, moved, retired or brought back a place; a move puts its routes not set by hand back on the plan (`routes`: written before issue #31). */
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

/**
 * Places were given their codes (issue #34 item 2): a new place in its own append, places made before
 * at the engine's start or when an admin first asks for scans. A place's code never changes.
 */
export const placeCodesIssuedSchema = z.object({
  type: z.literal('PlaceCodesIssued'),
  data: z.object({ codes: z.array(placeCodeSchema).min(1) }),
});

/** An admin said whether a step needs a scan of its place's code, for one place or (`placeId` '*') the whole site. */
export const scanRequirementSetSchema = z.object({
  type: z.literal('ScanRequirementSet'),
  data: z.object({ placeId: z.union([placeIdSchema, z.literal(SITE_WIDE)]), step: z.enum(SCAN_STEPS), required: z.boolean() }),
});

/** Any event of the `site` stream. */
export const siteEventSchema = z.discriminatedUnion('type', [
  siteDefinedSchema,
  locationAddedSchema,
  locationChangedSchema,
  routeTimeChangedSchema,
  placeCodesIssuedSchema,
  scanRequirementSetSchema,
]);

export type SiteDefined = z.infer<typeof siteDefinedSchema>;
export type LocationAdded = z.infer<typeof locationAddedSchema>;
export type LocationChanged = z.infer<typeof locationChangedSchema>;
export type RouteTimeChanged = z.infer<typeof routeTimeChangedSchema>;
export type PlaceCodesIssued = z.infer<typeof placeCodesIssuedSchema>;
export type ScanRequirementSet = z.infer<typeof scanRequirementSetSchema>;
export type SiteEvent = z.infer<typeof siteEventSchema>;
export type SiteEventType = SiteEvent['type'];

// Version 1 of SiteDefined and RouteTimeChanged named places by name; no store ever held one (nothing
// appended them before issue #20), so they were redefined rather than upcast.
export const SITE_EVENT_SCHEMA_VERSIONS = {
  SiteDefined: 1,
  LocationAdded: 1,
  LocationChanged: 1,
  RouteTimeChanged: 1,
  PlaceCodesIssued: 1,
  ScanRequirementSet: 1,
} as const satisfies Record<SiteEventType, number>;

export const SITE_EVENT_TYPES = Object.keys(SITE_EVENT_SCHEMA_VERSIONS) as SiteEventType[];
