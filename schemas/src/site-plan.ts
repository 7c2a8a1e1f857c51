import { z } from 'zod';
import { wordedMessage } from './api/text-fields';
import { humanText } from './human-text';
import type { SiteEvent } from './events/site.events';
import type { PlaceCode, ScanStep } from './place-code';
import { DEFAULT_SITE, PLAN, ROUTE_MINUTES_CEILING, estimateRouteMinutes, routeMinutes, type DefaultLocation } from './site';

/*
 * The site as data (issue #20): the plant's places with their positions on the plan, and a complete
 * directed route table between them. It lives in the `site` stream; until its first event the site is
 * the default one (the spec's 19 places), which the engine writes as that first event when it starts.
 * Places are known by an id that never changes, so renaming one keeps its routes; a ride keeps the
 * names it was booked with.
 *
 * A route's minutes are the plan's estimate between its places (estimateBetween) unless the site holds
 * other minutes for it: set by hand, or the spec's own table. Only those are kept and sent (issue #31:
 * a full table of every pair made GET /api/site 4.2 MB at 241 places); events written before kept
 * every estimate, which the fold drops as it meets them, so the same minutes come out.
 */

/** The most places a site holds, retired ones included (they stay: old rides name them). */
export const MAX_PLACES = 500;
/** The most route minutes a site holds apart from the plan's estimates (hand-set, and the spec's table). */
export const MAX_ROUTE_ENTRIES = 2000;
export const placesFull = `The site holds at most ${MAX_PLACES} places, retired ones included; bring back a retired place instead of adding one.`;
export const routesFull = `The site holds at most ${MAX_ROUTE_ENTRIES} route times set by hand; change one already set instead.`;

/** Metres from the plan's south-west corner; the default plot is about 950 m × 500 m. */
export const PLAN_EXTENT_METRES = 5000;
export const PLACE_NAME_MAX = 60;

export const placeIdSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'A place id is 1 to 40 lower-case letters, digits and dashes.');
const metresSchema = z.number().finite().min(0).max(PLAN_EXTENT_METRES);
const nameMessage = wordedMessage(`A place's name is 1 to ${PLACE_NAME_MAX} characters.`);
/** A place's name: a human name (see humanText: nothing invisible, NFC), 1 to 60 characters. */
export const placeNameSchema = humanText({ label: 'Place name', typeMessage: nameMessage })
  .min(1, nameMessage)
  .max(PLACE_NAME_MAX, nameMessage);
const minutesMessage = wordedMessage(`Minutes must be a whole number from 1 to ${ROUTE_MINUTES_CEILING}.`);
export const routeMinutesSchema = z
  .number({ error: minutesMessage })
  .int(minutesMessage)
  .min(1, minutesMessage)
  .max(ROUTE_MINUTES_CEILING, minutesMessage);

export const sitePlaceSchema = z.object({ id: placeIdSchema, name: placeNameSchema, x: metresSchema, y: metresSchema });
export type SitePlace = z.infer<typeof sitePlaceSchema>;

/** One directed route between two places, by id. */
export const siteRouteSchema = z.object({ from: placeIdSchema, to: placeIdSchema, minutes: routeMinutesSchema });
export type SiteRoute = z.infer<typeof siteRouteSchema>;

/** A place as the site holds it now. */
export interface SiteLocation extends SitePlace {
  retired: boolean;
}

/** The site now: every place (retired ones too: old rides name them) and the route minutes the plan does not give. */
export interface SiteState {
  readonly locations: readonly SiteLocation[];
  /** `from>to` (ids) → minutes, for the routes whose minutes are not the plan's estimate (see siteMinutes). */
  readonly minutes: Readonly<Record<string, number>>;
  /** `from>to` of the routes an admin set by hand (a move re-estimates only the others). */
  readonly edited: Readonly<Record<string, true>>;
  /** Issue #34 item 2: each place's code by place id (a place made before has none until issued). */
  readonly codes?: Readonly<Record<string, Omit<PlaceCode, 'placeId'>>>;
  /** Issue #34 item 2: the steps needing a scan, by place id or SITE_WIDE; none: no scan anywhere. */
  readonly scanRules?: Readonly<Record<string, readonly ScanStep[]>>;
}

export const pairKey = (from: string, to: string) => `${from}>${to}`;

/** The default places' ids: their names in lower case, runs of anything else made one dash. */
export const defaultPlaceId = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The first event of a site stream that starts as the spec's plant. */
export function defaultSiteDefinition(): { places: SitePlace[]; routes: SiteRoute[] } {
  const places = DEFAULT_SITE.locations.map((name) => {
    const [x, y] = PLAN[name as DefaultLocation];
    return { id: defaultPlaceId(name), name, x, y };
  });
  const routes = places.flatMap((from) =>
    places
      .filter((to) => to !== from)
      .map((to) => ({ from: from.id, to: to.id, minutes: routeMinutes(DEFAULT_SITE, from.name, to.name)! })),
  );
  return { places, routes };
}

/** Travel minutes between two points of the plan, as the default table was estimated (see site.ts). */
export function estimateBetween(a: Pick<SitePlace, 'x' | 'y'>, b: Pick<SitePlace, 'x' | 'y'>): number {
  return estimateRouteMinutes(Math.abs(a.x - b.x) + Math.abs(a.y - b.y), ROUTE_MINUTES_CEILING);
}

/** Both directions between `place` and each of `others`, estimated from the plan. */
export function estimatedRoutes(place: SitePlace, others: readonly SitePlace[]): SiteRoute[] {
  return others
    .filter((other) => other.id !== place.id)
    .flatMap((other) => {
      const minutes = estimateBetween(place, other);
      return [
        { from: place.id, to: other.id, minutes },
        { from: other.id, to: place.id, minutes },
      ];
    });
}

const EMPTY: SiteState = { locations: [], minutes: {}, edited: {} };

type Fold = Pick<SiteState, 'locations' | 'minutes' | 'edited'>;

/** The minutes with `routes` written in, keeping only what the plan does not give: hand-set, or not its estimate. */
function withRoutes(site: Fold, routes: readonly SiteRoute[]): Record<string, number> {
  const next = { ...site.minutes };
  if (routes.length === 0) return next;
  const at = new Map(site.locations.map((place) => [place.id, place]));
  for (const route of routes) {
    const key = pairKey(route.from, route.to);
    const [from, to] = [at.get(route.from), at.get(route.to)];
    if (!site.edited[key] && from && to && estimateBetween(from, to) === route.minutes) delete next[key];
    else next[key] = route.minutes;
  }
  return next;
}

/** A moved place's routes not set by hand go back to the plan's estimate from where it is now. */
function withoutEstimatesOf(site: Fold, id: string): Record<string, number> {
  const next: Record<string, number> = {};
  for (const [key, minutes] of Object.entries(site.minutes)) {
    const [from, to] = key.split('>');
    if (site.edited[key] || (from !== id && to !== id)) next[key] = minutes;
  }
  return next;
}

/** The site events' fold; the engine and anything that replays the `site` stream use it. */
export function evolveSite(state: SiteState | null, event: SiteEvent): SiteState {
  const site = state ?? EMPTY;
  switch (event.type) {
    case 'SiteDefined': {
      const locations = event.data.places.map((place) => ({ ...place, retired: false }));
      return { locations, minutes: withRoutes({ locations, minutes: {}, edited: {} }, event.data.routes), edited: {} };
    }
    case 'LocationAdded': {
      const { routes, ...place } = event.data;
      const locations = [...site.locations, { ...place, retired: false }];
      return { ...site, locations, minutes: withRoutes({ ...site, locations }, routes) };
    }
    case 'LocationChanged': {
      const { id, routes = [], ...change } = event.data;
      const locations = site.locations.map((place) => (place.id === id ? { ...place, ...change } : place));
      const moved = change.x !== undefined || change.y !== undefined;
      const minutes = moved ? withoutEstimatesOf(site, id) : site.minutes;
      return { ...site, locations, minutes: withRoutes({ locations, minutes, edited: site.edited }, routes) };
    }
    case 'RouteTimeChanged': {
      const key = pairKey(event.data.from, event.data.to);
      return { ...site, minutes: { ...site.minutes, [key]: event.data.minutes }, edited: { ...site.edited, [key]: true } };
    }
    case 'PlaceCodesIssued': {
      const issued = event.data.codes.map(({ placeId, ...code }) => [placeId, code] as const);
      return { ...site, codes: { ...site.codes, ...Object.fromEntries(issued) } };
    }
    case 'ScanRequirementSet': {
      const { placeId, step, required } = event.data;
      const others = (site.scanRules?.[placeId] ?? []).filter((held) => held !== step);
      return { ...site, scanRules: { ...site.scanRules, [placeId]: required ? [...others, step] : others } };
    }
  }
}

let defaultState: SiteState | undefined;
/** The site before its stream has any event: the spec's plant. */
export function defaultSiteState(): SiteState {
  defaultState ??= evolveSite(null, { type: 'SiteDefined', data: defaultSiteDefinition() });
  return defaultState;
}

/** The site a stream's state stands for: the default one while the stream is empty. */
export const siteOf = (state: SiteState | null): SiteState => state ?? defaultSiteState();

const sameName = (a: string, b: string) => a.normalize('NFC').trim().toLowerCase() === b.normalize('NFC').trim().toLowerCase();

/** The place called `name` (case and surrounding spaces aside), retired or not. */
export const locationNamed = (site: SiteState, name: string) => site.locations.find((place) => sameName(place.name, name));

/** The place with this id, or else with this name. */
export const locationByIdOrName = (site: SiteState, key: string) =>
  site.locations.find((place) => place.id === key) ?? locationNamed(site, key);

export const activeLocations = (site: SiteState) => site.locations.filter((place) => !place.retired);

/** Minutes from one place to another, by id: those the site holds, else the plan's estimate between them. */
export function siteMinutes(site: SiteState, from: string, to: string): number | undefined {
  if (from === to) return undefined;
  const held = site.minutes[pairKey(from, to)];
  if (held !== undefined) return held;
  const [a, b] = [site.locations.find((place) => place.id === from), site.locations.find((place) => place.id === to)];
  return a && b ? estimateBetween(a, b) : undefined;
}

/** How many route minutes the site holds apart from the plan's estimates (at most MAX_ROUTE_ENTRIES). */
export const heldRouteCount = (site: SiteState): number => Object.keys(site.minutes).length;
