import { z } from 'zod';
import { LIMITS } from './constants';

// Spelled exactly as SPEC §3 lists them (mixed case included): clients show and send these strings.
export const LOCATIONS = [
  'main gate',
  'car parking',
  'utility building',
  'south gate',
  'fgs',
  'chakan warehouse',
  'Boiler Bay - 1',
  'Boiler Bay - 2',
  'Boiler Bay - 3',
  'Boiler Bay - 4',
  'vendor park bay -1',
  'vendor park bay -2',
  'vendor park bay -3',
  'RMS',
  'rejection yard',
  'scrap yard',
  'ssd assembly',
  'electronics',
  'canteen',
] as const;
export type DefaultLocation = (typeof LOCATIONS)[number];

// A route edited by events may leave the spec's 3..11 band (a road closure); this only stops typos.
export const ROUTE_MINUTES_CEILING = 120;

/** One directed entry of the route table: travel minutes from one location to another. */
export const routeSchema = z
  .object({
    from: z.string().min(1),
    to: z.string().min(1),
    minutes: z.number().int().min(1).max(ROUTE_MINUTES_CEILING),
  })
  .readonly();
export type Route = z.infer<typeof routeSchema>;

/**
 * The site as data: its named locations and a complete directed route table.
 * Complete means one route for every ordered pair of distinct locations, so a
 * booking between any two known locations always has an estimate.
 */
export const siteDefinitionSchema = z
  .object({
    locations: z.array(z.string().trim().min(1)).min(2).readonly(),
    routes: z.array(routeSchema).readonly(),
  })
  .superRefine((site, ctx) => {
    const known = new Set(site.locations);
    if (known.size !== site.locations.length) {
      ctx.addIssue({ code: 'custom', path: ['locations'], message: 'Locations must be unique' });
    }
    const seen = new Set<string>();
    site.routes.forEach((route, i) => {
      const key = routeKey(route.from, route.to);
      if (route.from === route.to) {
        ctx.addIssue({ code: 'custom', path: ['routes', i], message: 'A route must join two different locations' });
      } else if (!known.has(route.from) || !known.has(route.to)) {
        ctx.addIssue({ code: 'custom', path: ['routes', i], message: `Route ${route.from} → ${route.to} names an unknown location` });
      } else if (seen.has(key)) {
        ctx.addIssue({ code: 'custom', path: ['routes', i], message: `Route ${route.from} → ${route.to} appears twice` });
      }
      seen.add(key);
    });
    const expected = known.size * (known.size - 1);
    if (seen.size < expected) {
      ctx.addIssue({ code: 'custom', path: ['routes'], message: `Route table is incomplete: ${seen.size} of ${expected} ordered pairs` });
    }
  });
export type SiteDefinition = z.infer<typeof siteDefinitionSchema>;

/*
 * Default plant plan. x runs west→east, y south→north, in metres from the south-west corner of a
 * roughly 950 m × 500 m plot. Vehicles follow the plant's rectangular road grid, so path length is
 * the Manhattan distance between two points.
 *
 * - Perimeter: main gate on the west fence (0, 250), south gate on the south fence (500, 0).
 * - West side by the main gate: car parking, the three vendor park bays side by side along the
 *   north fence (supplier unloading), RMS (raw material store) fed from them, utility building.
 * - Middle: the four boiler bays in one row on the boiler lane (y 430), the shop floor (ssd assembly,
 *   electronics) at y 260, chakan warehouse and fgs (finished goods, dispatch) near the south gate.
 * - East: rejection yard and scrap yard together at the south-east, canteen in the north-east corner.
 *
 * minutes = round(HANDLING + metres / SPEED), clamped to the spec's 3..11 band. SPEED is a loaded
 * forklift under the plant speed limit (7.2 km/h); HANDLING covers pulling in and out of bays.
 * The published pairs fall out of the plan: main gate↔car parking is 150 m (3 min) and
 * main gate↔canteen is 1090 m, across the whole plot (11 min both ways).
 */
export const PLAN: Record<DefaultLocation, readonly [x: number, y: number]> = {
  'main gate': [0, 250],
  'car parking': [80, 320],
  'vendor park bay -1': [60, 480],
  'vendor park bay -2': [130, 480],
  'vendor park bay -3': [200, 480],
  RMS: [240, 330],
  'utility building': [200, 120],
  'chakan warehouse': [380, 60],
  'south gate': [500, 0],
  fgs: [620, 80],
  'Boiler Bay - 1': [360, 430],
  'Boiler Bay - 2': [440, 430],
  'Boiler Bay - 3': [520, 430],
  'Boiler Bay - 4': [600, 430],
  'ssd assembly': [560, 260],
  electronics: [700, 260],
  'rejection yard': [820, 120],
  'scrap yard': [920, 60],
  canteen: [900, 440],
};
const SPEED_METRES_PER_MINUTE = 120;
const HANDLING_MINUTES = 2;

type Adjustment = { readonly from: DefaultLocation; readonly to: DefaultLocation; readonly extraMinutes: number };

const BOILER_BAYS = ['Boiler Bay - 1', 'Boiler Bay - 2', 'Boiler Bay - 3', 'Boiler Bay - 4'] as const;
const VENDOR_BAYS = ['vendor park bay -1', 'vendor park bay -2', 'vendor park bay -3'] as const;

// Directed extras that make the table mostly, not fully, symmetric.
const ONE_WAY_ADJUSTMENTS: readonly Adjustment[] = [
  // The boiler lane is one-way eastbound; going west between bays means looping round the boiler house.
  ...BOILER_BAYS.flatMap((to, i) => BOILER_BAYS.slice(i + 1).map((from) => ({ from, to, extraMinutes: 2 }))),
  // Entering the vendor park from the main gate passes the inbound security check; leaving does not.
  ...VENDOR_BAYS.map((to) => ({ from: 'main gate' as const, to, extraMinutes: 1 })),
  // Loads reaching the scrap yard off the south ring road stop at its weighbridge.
  ...(['rejection yard', 'fgs', 'south gate'] as const).map((from) => ({
    from,
    to: 'scrap yard' as const,
    extraMinutes: 1,
  })),
];

const clampMinutes = (minutes: number): number => Math.min(LIMITS.routeMaxMinutes, Math.max(LIMITS.routeMinMinutes, minutes));

const travelMinutes = (metres: number) => Math.round(HANDLING_MINUTES + metres / SPEED_METRES_PER_MINUTE);

/** A route's minutes estimated from its length on the plan, as the default table's were, up to `ceiling`. */
export function estimateRouteMinutes(metres: number, ceiling: number = LIMITS.routeMaxMinutes): number {
  return Math.min(ceiling, Math.max(LIMITS.routeMinMinutes, travelMinutes(metres)));
}

function planMinutes(from: DefaultLocation, to: DefaultLocation): number {
  const [x1, y1] = PLAN[from];
  const [x2, y2] = PLAN[to];
  const metres = Math.abs(x1 - x2) + Math.abs(y1 - y2);
  const extra = ONE_WAY_ADJUSTMENTS.find((a) => a.from === from && a.to === to)?.extraMinutes ?? 0;
  return clampMinutes(travelMinutes(metres) + extra);
}

// The spec's published examples; the default plan must reproduce them exactly.
export const PUBLISHED_ROUTES: readonly Route[] = [
  { from: 'main gate', to: 'car parking', minutes: 3 },
  { from: 'main gate', to: 'canteen', minutes: 11 },
  { from: 'canteen', to: 'main gate', minutes: 11 },
];

function buildDefaultSite(): SiteDefinition {
  const routes = LOCATIONS.flatMap((from) =>
    LOCATIONS.filter((to) => to !== from).map((to) => ({ from, to, minutes: planMinutes(from, to) })),
  );
  // Parsing validates completeness once at load and freezes the result.
  return siteDefinitionSchema.parse({ locations: [...LOCATIONS], routes });
}

// The plant as shipped; the engine seeds the `site` stream with it.
export const DEFAULT_SITE: SiteDefinition = buildDefaultSite();

// from → to → minutes.
export type RouteIndex = ReadonlyMap<string, ReadonlyMap<string, number>>;

export function routeKey(from: string, to: string): string {
  return `${from}\u0000${to}`;
}

export function buildRouteIndex(site: SiteDefinition): RouteIndex {
  const index = new Map<string, Map<string, number>>();
  for (const { from, to, minutes } of site.routes) {
    const row = index.get(from) ?? new Map<string, number>();
    row.set(to, minutes);
    index.set(from, row);
  }
  return index;
}

// Sites are immutable values, so an index built once per site object stays valid.
const indexCache = new WeakMap<SiteDefinition, RouteIndex>();

export function routeMinutes(site: SiteDefinition, from: string, to: string): number | undefined {
  let index = indexCache.get(site);
  if (!index) {
    index = buildRouteIndex(site);
    indexCache.set(site, index);
  }
  return index.get(from)?.get(to);
}

export function isKnownLocation(site: SiteDefinition, name: string): boolean {
  return site.locations.includes(name);
}

// Folds a RouteTimeChanged into a new site value; an unknown pair leaves the table as it was.
export function withRouteTime(site: SiteDefinition, change: Route): SiteDefinition {
  return siteDefinitionSchema.parse({
    locations: site.locations,
    routes: site.routes.map((r) => (r.from === change.from && r.to === change.to ? change : r)),
  });
}
