import { describe, expect, it } from 'vitest';
import {
  MAX_PLACES,
  MAX_ROUTE_ENTRIES,
  estimateBetween,
  estimatedRoutes,
  evolveSite,
  heldRouteCount,
  pairKey,
  placesFull,
  routesFull,
  siteMinutes,
  type Actor,
  type SiteEvent,
  type SitePlace,
  type SiteRoute,
  type SiteState,
} from '@plantride/schemas';
import { commandSpec } from '../test-support/decider-spec';
import { addLocation, changeLocation, setRouteTime, siteDefined } from './site.decider';

/*
 * Issue #31 item 2: sixty POST /api/site/locations were all answered 200 and GET /api/site grew with the
 * square of the places (4.2 MB at 241). A site now holds at most MAX_PLACES places and MAX_ROUTE_ENTRIES
 * route minutes besides the plan's estimates; the store is append-only, so the bound is checked before.
 */

const admin: Actor = { tokenNo: 'AD01', role: 'admin' };
const defined = siteDefined();
const place = (i: number): SitePlace => ({ id: `dock-${i}`, name: `Dock ${i}`, x: (i * 37) % 5000, y: (i * 53) % 5000 });
const added = (i: number): SiteEvent => ({ type: 'LocationAdded', data: { ...place(i), routes: [] } });
/** The site the events make (the first defines it). */
const fold = ([first, ...rest]: SiteEvent[]): SiteState => rest.reduce(evolveSite, evolveSite(null, first!));
/** Places added until the site has `count`, the default's 19 among them. */
const siteWith = (count: number): SiteEvent[] => [defined, ...Array.from({ length: count - 19 }, (_, i) => added(i))];

describe('the most places a site holds', () => {
  const spec = commandSpec(addLocation);
  const add = (data: SitePlace) => ({ type: 'AddLocation' as const, data });

  it(`given a site of ${MAX_PLACES - 1} places, when an admin adds one, then it is added`, () => {
    spec
      .given({ site: siteWith(MAX_PLACES - 1) })
      .when(add(place(9999)), admin)
      .then({ site: [{ type: 'LocationAdded', data: { ...place(9999), routes: [] } }] });
  });

  it(`given a site of ${MAX_PLACES} places, one of them retired, when an admin adds one more, then 409 saying so, and nothing is decided`, () => {
    const retired: SiteEvent = { type: 'LocationChanged', data: { id: 'dock-0', retired: true } };
    spec
      .given({ site: [...siteWith(MAX_PLACES), retired] })
      .when(add(place(9999)), admin)
      .thenThrows(409, placesFull);
  });
});

describe('the most route minutes a site holds besides the plan', () => {
  const spec = commandSpec(setRouteTime);
  // Fifty places with MAX_ROUTE_ENTRIES routes whose minutes are not the plan's: all of them held.
  const places = Array.from({ length: 50 }, (_, i) => place(i));
  const routes: SiteRoute[] = places
    .flatMap((from) => places.filter((to) => to !== from).map((to) => ({ from, to })))
    .slice(0, MAX_ROUTE_ENTRIES)
    .map(({ from, to }) => {
      const estimate = estimateBetween(from, to);
      return { from: from.id, to: to.id, minutes: estimate < 120 ? estimate + 1 : estimate - 1 };
    });
  const full: SiteEvent = { type: 'SiteDefined', data: { places, routes } };
  const unheld = places
    .flatMap((from) => places.map((to) => [from.id, to.id] as const))
    .find(([from, to]) => from !== to && !routes.some((route) => route.from === from && route.to === to))!;

  it('given a site holding the most route minutes, when an admin sets a route not held, then 409 saying so; one already held can still change', () => {
    expect(heldRouteCount(evolveSite(null, full))).toBe(MAX_ROUTE_ENTRIES);
    spec
      .given({ site: [full] })
      .when({ type: 'SetRouteTime', data: { from: unheld[0], to: unheld[1], minutes: 7 } }, admin)
      .thenThrows(409, routesFull);
    const held = routes[0]!;
    spec
      .given({ site: [full] })
      .when({ type: 'SetRouteTime', data: { from: held.from, to: held.to, minutes: 99 } }, admin)
      .then({ site: [{ type: 'RouteTimeChanged', data: { from: held.from, to: held.to, minutes: 99 } }] });
  });

  it('given a site one short of the most, when an admin sets a route not held, then it is set', () => {
    const short: SiteEvent = { type: 'SiteDefined', data: { places, routes: routes.slice(1) } };
    spec
      .given({ site: [short] })
      .when({ type: 'SetRouteTime', data: { from: unheld[0], to: unheld[1], minutes: 7 } }, admin)
      .then({ site: [{ type: 'RouteTimeChanged', data: { from: unheld[0], to: unheld[1], minutes: 7 } }] });
  });
});

describe('what the site holds', () => {
  const paintShop = { id: 'paint-shop', name: 'Paint Shop', x: 0, y: 310 };

  it('given places added and moved, then the site holds no estimate: only what an admin set and the spec minutes that are not the plan', () => {
    const before = heldRouteCount(evolveSite(null, defined));
    const events = [
      ...siteWith(200),
      { type: 'RouteTimeChanged', data: { from: 'dock-1', to: 'dock-2', minutes: 44 } } satisfies SiteEvent,
    ];
    const site = fold(events);
    expect(site.locations).toHaveLength(200);
    expect(heldRouteCount(site)).toBe(before + 1);
    expect(siteMinutes(site, 'dock-1', 'dock-2')).toBe(44);
    expect(siteMinutes(site, 'dock-2', 'dock-1')).toBe(estimateBetween(place(2), place(1)));
  });

  it('given events written before (an added place with every estimate, a move with its estimates again), then they fold to the same minutes as now', () => {
    const edited: SiteEvent = { type: 'RouteTimeChanged', data: { from: 'canteen', to: 'main-gate', minutes: 30 } };
    const site = fold([defined, edited]);
    const oldAdd: SiteEvent = { type: 'LocationAdded', data: { ...paintShop, routes: estimatedRoutes(paintShop, site.locations) } };
    const moved = { ...site.locations.find((candidate) => candidate.id === 'canteen')!, x: 100, y: 250 };
    const oldMove: SiteEvent = {
      type: 'LocationChanged',
      data: {
        id: 'canteen',
        x: 100,
        y: 250,
        routes: estimatedRoutes(moved, [...site.locations, { ...paintShop, retired: false }]).filter(
          (route) => !site.edited[pairKey(route.from, route.to)],
        ),
      },
    };
    const oldWay = fold([defined, edited, oldAdd, oldMove]);
    const decidedAdd = addLocation.decide({ type: 'AddLocation', data: paintShop }, { site }, { now: new Date(), actor: admin }).site!;
    const afterAdd = decidedAdd.reduce(evolveSite, site);
    const decidedMove = changeLocation.decide(
      { type: 'ChangeLocation', data: { id: 'canteen', x: 100, y: 250 } },
      { site: afterAdd },
      { now: new Date(), actor: admin },
    ).site!;
    const now = decidedMove.reduce(evolveSite, afterAdd);
    expect(now.minutes).toEqual(oldWay.minutes);
    expect(now.locations).toEqual(oldWay.locations);
    expect(siteMinutes(now, 'canteen', 'main-gate')).toBe(30);
    expect(siteMinutes(now, 'main-gate', 'canteen')).toBe(3);
  });
});
