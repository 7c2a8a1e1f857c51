import { answerRoutes, siteAnswerSchema, type RIDE_PRIORITIES, type VehicleType } from '@plantride/schemas';
import { seededRandom } from '../../engine/src/test-support/seeded-random';
import { must } from '../support/api-client';

/** The site as GET /api/site answers it: the places' names and the route minutes between them. */
export interface SiteRoutes {
  places: string[];
  /** Route minutes from one place to another (0 when they are the same place). */
  minutes(from: string, to: string): number;
  /** The mean of every directed route: what an empty trip from a random place costs. */
  meanMinutes: number;
}

export async function fetchSite(url: string, token: string): Promise<SiteRoutes> {
  const site = siteAnswerSchema.parse(await must(url, 'GET', '/api/site', token));
  const live = site.locations.filter((place) => !place.retired);
  const idOf = new Map(live.map((place) => [place.name, place.id]));
  // The answer sends only the routes that are not the plan's estimate; answerRoutes estimates the rest.
  const routeOf = answerRoutes(site);
  const between = (from: string, to: string) => {
    const [a, b] = [idOf.get(from), idOf.get(to)];
    return a !== undefined && b !== undefined ? routeOf(a, b)?.minutes : undefined;
  };
  const all = live.flatMap((from) => live.filter((to) => to !== from).map((to) => between(from.name, to.name) ?? 0));
  return {
    places: live.map((place) => place.name),
    minutes(from, to) {
      if (from === to) return 0;
      const minutes = between(from, to);
      if (minutes === undefined) throw new Error(`the site has no route from ${from} to ${to}`);
      return minutes;
    },
    meanMinutes: all.reduce((sum, m) => sum + m, 0) / Math.max(1, all.length),
  };
}

export type Priority = (typeof RIDE_PRIORITIES)[number];
/** Where a ride's first driver breaks down, if he does: on his way to the pickup, or just after picking the load. */
export type BreakdownPoint = 'started' | 'material_picked';

/** One booking of the shift, the same in both dispatch modes. */
export interface Arrival {
  index: number;
  /** Wall ms after the shift's start. */
  atMs: number;
  requester: number;
  fromLocation: string;
  toLocation: string;
  vehicleType: VehicleType;
  priority: Priority;
  breakdown: BreakdownPoint | null;
}

export interface DispatchPlan {
  seed: number;
  /** Wall ms one site route-minute lasts. */
  minuteMs: number;
  /** Bookings a wall second (Poisson). */
  ratePerSecond: number;
  /** Arrivals stop after this many wall ms, or after `rides` bookings, whichever is first. */
  durationMs: number;
  rides: number;
  urgentShare: number;
  breakdownShare: number;
  /** Share of offers the offered driver declines (drawn per ride and driver). */
  declineShare: number;
  /** A driver's reaction to a ride he hears of (uniform between the two), wall ms. */
  reactionMinMs: number;
  reactionMaxMs: number;
  /** Site minutes the maintenance head takes to repair a broken-down vehicle. */
  repairMinutes: number;
  offerSeconds: number;
  /** After the last booking, how long (wall ms) the bench waits for rides still open. */
  drainMs: number;
}

/**
 * The arrival rate that keeps `drivers` busy `utilisation` of the time, counting a ride as a reaction,
 * an empty trip and a loaded trip of the site's mean route each, and four commands (start, pick, drop,
 * end) at ~30 ms: the broadcast estimate (offer should need less).
 */
export function rateFor(
  utilisation: number,
  drivers: number,
  site: Pick<SiteRoutes, 'meanMinutes'>,
  plan: Pick<DispatchPlan, 'minuteMs' | 'reactionMinMs' | 'reactionMaxMs'>,
): number {
  const rideMs = (plan.reactionMinMs + plan.reactionMaxMs) / 2 + 2 * site.meanMinutes * plan.minuteMs + 4 * 30;
  return (utilisation * drivers * 1000) / rideMs;
}

/** The shift's bookings: Poisson arrivals, random routes, vehicle types spread over the drivers', a share urgent, a few breakdowns. */
export function arrivalsOf(plan: DispatchPlan, site: SiteRoutes, vehicleTypes: readonly VehicleType[], requesters: number): Arrival[] {
  const gaps = seededRandom(plan.seed);
  const random = seededRandom(plan.seed + 1);
  const arrivals: Arrival[] = [];
  for (let at = 0, index = 0; index < plan.rides; index += 1) {
    at += (-Math.log(1 - gaps.next()) * 1000) / plan.ratePerSecond;
    if (at >= plan.durationMs) break;
    const fromLocation = random.pick(site.places)!;
    const toLocation = random.pick(site.places.filter((place) => place !== fromLocation))!;
    const broken = random.next() < plan.breakdownShare;
    arrivals.push({
      index,
      atMs: Math.round(at),
      requester: Math.floor(random.next() * requesters),
      fromLocation,
      toLocation,
      vehicleType: random.pick(vehicleTypes)!,
      priority: random.next() < plan.urgentShare ? 'urgent' : 'normal',
      breakdown: broken ? (random.next() < 0.5 ? 'started' : 'material_picked') : null,
    });
  }
  return arrivals;
}

/** Where each driver starts his shift: a seeded place per driver. */
export function shiftPlaces(plan: Pick<DispatchPlan, 'seed'>, site: SiteRoutes, drivers: number): string[] {
  const random = seededRandom(plan.seed + 2);
  return Array.from({ length: drivers }, () => random.pick(site.places)!);
}

/**
 * A draw in [0, 1) fixed by the seed and the keys alone (ride, driver, kind), whatever happened before
 * it: a driver reacts to a ride, and declines its offer or not, alike in both dispatch modes.
 */
export function drawFor(seed: number, ...keys: number[]): number {
  let h = (seed ^ 0x9e3779b9) >>> 0;
  for (const key of keys) {
    h = Math.imul(h ^ (key >>> 0), 0x85ebca6b) >>> 0;
    h = (h ^ (h >>> 13)) >>> 0;
    h = Math.imul(h, 0xc2b2ae35) >>> 0;
  }
  return seededRandom(h ^ (h >>> 16)).next();
}
