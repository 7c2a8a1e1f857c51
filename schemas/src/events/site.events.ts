import { z } from 'zod';
import { routeSchema, siteDefinitionSchema } from '../site';

/** The whole site was (re)defined: its locations and complete route table. */
export const siteDefinedSchema = z.object({ type: z.literal('SiteDefined'), data: siteDefinitionSchema });

/** One directed route's travel time changed; the opposite direction is untouched. */
export const routeTimeChangedSchema = z.object({ type: z.literal('RouteTimeChanged'), data: routeSchema });

/** Any event of the `site` stream. */
export const siteEventSchema = z.discriminatedUnion('type', [siteDefinedSchema, routeTimeChangedSchema]);

export type SiteDefined = z.infer<typeof siteDefinedSchema>;
export type RouteTimeChanged = z.infer<typeof routeTimeChangedSchema>;
export type SiteEvent = z.infer<typeof siteEventSchema>;
export type SiteEventType = SiteEvent['type'];

export const SITE_EVENT_SCHEMA_VERSIONS = {
  SiteDefined: 1,
  RouteTimeChanged: 1,
} as const satisfies Record<SiteEventType, number>;

export const SITE_EVENT_TYPES = Object.keys(SITE_EVENT_SCHEMA_VERSIONS) as SiteEventType[];
