import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  SERVER_MESSAGES,
  defaultSiteState,
  estimateBetween,
  evolveSite,
  placeNameLooksLike,
  placeNameTaken,
  siteMinutes,
  type Actor,
  type SiteEvent,
} from '@plantride/schemas';
import { commandSpec } from '../test-support/decider-spec';
import { addLocation, bookedRoute, changeLocation, defineDefaultSite, setRouteTime, siteDefined } from './site.decider';

const admin: Actor = { tokenNo: 'AD01', role: 'admin' };
const requester: Actor = { tokenNo: 'AB12', role: 'requester' };
const defined = siteDefined();
const paintShop = { id: 'paint-shop', name: 'Paint Shop', x: 0, y: 310 };

describe('the default site', () => {
  it('is the spec plant: 19 places with the published route times, every pair in both directions', () => {
    const site = defaultSiteState();
    expect(site.locations).toHaveLength(19);
    // Held: only the spec's minutes that are not the plan's estimate; every pair has minutes.
    expect(Object.keys(site.minutes).length).toBeLessThan(19 * 18);
    for (const from of site.locations)
      for (const to of site.locations) if (from !== to) expect(siteMinutes(site, from.id, to.id), `${from.id}>${to.id}`).toBeGreaterThan(0);
    expect(siteMinutes(site, 'main-gate', 'car-parking')).toBe(3);
    expect(siteMinutes(site, 'main-gate', 'canteen')).toBe(11);
    expect(site.locations.find((place) => place.id === 'boiler-bay-1')).toEqual({
      id: 'boiler-bay-1',
      name: 'Boiler Bay - 1',
      x: 360,
      y: 430,
      retired: false,
    });
  });

  const spec = commandSpec(defineDefaultSite);
  it('given an empty site stream, when the engine starts, then it writes the spec plant; once written, a restart adds nothing', () => {
    spec
      .given({})
      .when({ type: 'DefineDefaultSite' })
      .then({ site: [defined] });
    spec
      .given({ site: [defined] })
      .when({ type: 'DefineDefaultSite' })
      .then({});
  });
});

describe('add a place', () => {
  const spec = commandSpec(addLocation);
  const add = (data = paintShop) => ({ type: 'AddLocation' as const, data });

  it('given the site, when an admin adds a place, then it gets estimated route times to and from every other place', () => {
    const decided = addLocation.decide(add(), { site: evolveSite(null, defined) }, { now: new Date(), actor: admin }).site!;
    expect(decided).toHaveLength(1);
    const event = decided[0]!;
    if (event.type !== 'LocationAdded') throw new Error(`expected LocationAdded, got ${event.type}`);
    // The event carries no estimate: the plan gives it from the positions.
    expect(event.data).toEqual({ ...paintShop, routes: [] });
    const site = evolveSite(evolveSite(null, defined), event);
    // Main gate (0, 250) to the paint shop (0, 310): 60 m, the plan's handling minutes and the spec's floor.
    expect(siteMinutes(site, 'main-gate', 'paint-shop')).toBe(3);
    // Canteen (900, 440): 1,030 m.
    expect(siteMinutes(site, 'paint-shop', 'canteen')).toBe(estimateBetween(paintShop, { x: 900, y: 440 }));
    expect(site.locations.filter((place) => place.id !== 'paint-shop').every((other) => siteMinutes(site, other.id, 'paint-shop'))).toBe(
      true,
    );
  });

  it('given a site stream not yet written, when an admin adds a place, then the default site is written first in the same append', () => {
    const decided = addLocation.decide(add(), { site: null }, { now: new Date(), actor: admin }).site!;
    expect(decided.map((event) => event.type)).toEqual(['SiteDefined', 'LocationAdded']);
  });

  it('given a place of that name (case aside, retired or not), when another is added, then it is refused', () => {
    spec
      .given({ site: [defined] })
      .when(add({ ...paintShop, name: 'CANTEEN' }), admin)
      .thenThrows(409, placeNameTaken('canteen'));
    spec
      .given({ site: [defined, { type: 'LocationChanged', data: { id: 'canteen', retired: true } }] })
      .when(add({ ...paintShop, name: 'canteen' }), admin)
      .thenThrows(409, placeNameTaken('canteen'));
  });

  it('given "main gate", when a place is added whose name reads the same (a Cyrillic "а", a Roman numeral "Ⅿ", doubled spaces, "rn" for "m"), then it is refused naming the place it looks like (issue #31)', () => {
    for (const name of ['m\u0430in gate', '\u216Fain gate', 'main  gate', 'rnain gate', 'M\u0430in Gate']) {
      spec
        .given({ site: [defined] })
        .when(add({ ...paintShop, name }), admin)
        .thenThrows(400, placeNameLooksLike('main gate'));
    }
    spec
      .given({ site: [defined, { type: 'LocationChanged', data: { id: 'main-gate', retired: true } }] })
      .when(add({ ...paintShop, name: 'm\u0430in gate' }), admin)
      .thenThrows(400, placeNameLooksLike('main gate'));
    spec
      .given({ site: [defined] })
      .when(add({ ...paintShop, name: 'R\u041CS' }), admin)
      .thenThrows(400, placeNameLooksLike('RMS'));
    spec
      .given({ site: [defined] })
      .when(add({ ...paintShop, name: 'main gate 2' }), admin)
      .then({ site: [expect.objectContaining({ type: 'LocationAdded' }) as SiteEvent] });
  });

  it('given anyone but an admin, when he adds a place, then he is refused', () => {
    spec
      .given({ site: [defined] })
      .when(add(), requester)
      .thenThrows(403, SERVER_MESSAGES.forbidden);
  });
});

describe('change a place', () => {
  const spec = commandSpec(changeLocation);
  const change = (data: { id: string; name?: string; x?: number; y?: number; retired?: boolean }) => ({
    type: 'ChangeLocation' as const,
    data,
  });

  it('given a place, when an admin renames it, then only the name changes (its routes are kept by id)', () => {
    spec
      .given({ site: [defined] })
      .when(change({ id: 'canteen', name: 'Staff Canteen', x: 900 }), admin)
      .then({ site: [{ type: 'LocationChanged', data: { id: 'canteen', name: 'Staff Canteen' } }] });
  });

  it('given a place with one route set by hand, when it is moved, then its other routes are estimated again and the hand-set one stays', () => {
    const edited: SiteEvent = { type: 'RouteTimeChanged', data: { from: 'canteen', to: 'main-gate', minutes: 30 } };
    const decided = changeLocation.decide(
      change({ id: 'canteen', x: 100, y: 250 }),
      { site: [defined, edited].reduce(evolveSite, null) },
      { now: new Date(), actor: admin },
    ).site!;
    const event = decided[0]!;
    if (event.type !== 'LocationChanged') throw new Error(`expected LocationChanged, got ${event.type}`);
    expect(event.data).toEqual({ id: 'canteen', x: 100, y: 250 });
    const site = decided.reduce(evolveSite, evolveSite(evolveSite(null, defined), edited));
    expect(siteMinutes(site, 'main-gate', 'canteen')).toBe(3);
    expect(siteMinutes(site, 'canteen', 'main-gate')).toBe(30);
  });

  it('given a place, when it is retired and brought back, then each is recorded; a change to what it already is appends nothing', () => {
    spec
      .given({ site: [defined] })
      .when(change({ id: 'scrap-yard', retired: true }), admin)
      .then({ site: [{ type: 'LocationChanged', data: { id: 'scrap-yard', retired: true } }] });
    spec
      .given({ site: [defined, { type: 'LocationChanged', data: { id: 'scrap-yard', retired: true } }] })
      .when(change({ id: 'scrap-yard', retired: false }), admin)
      .then({ site: [{ type: 'LocationChanged', data: { id: 'scrap-yard', retired: false } }] });
    spec
      .given({ site: [defined] })
      .when(change({ id: 'scrap-yard', retired: false, name: 'scrap yard' }), admin)
      .then({});
  });

  it('given two places in use, when one is retired, then it is refused: a booking needs two', () => {
    const tiny: SiteEvent = { type: 'SiteDefined', data: { places: [paintShop, { id: 'dock', name: 'Dock', x: 10, y: 10 }], routes: [] } };
    spec
      .given({ site: [tiny] })
      .when(change({ id: 'dock', retired: true }), admin)
      .thenThrows(400, SERVER_MESSAGES.tooFewPlaces);
  });

  it("given a place, when it is renamed to a name that reads as another place's, then it is refused; to one that reads as its own, it is renamed", () => {
    spec
      .given({ site: [defined] })
      .when(change({ id: 'canteen', name: 'f\u0261s' }), admin)
      .thenThrows(400, placeNameLooksLike('fgs'));
    spec
      .given({ site: [defined] })
      .when(change({ id: 'canteen', name: 'c\u0430nteen' }), admin)
      .then({ site: [{ type: 'LocationChanged', data: { id: 'canteen', name: 'c\u0430nteen' } }] });
  });

  it('given an unknown id or a name another place has, when a place is changed, then it is refused', () => {
    spec
      .given({ site: [defined] })
      .when(change({ id: 'moon-base', name: 'Moon' }), admin)
      .thenThrows(404, SERVER_MESSAGES.placeNotFound);
    spec
      .given({ site: [defined] })
      .when(change({ id: 'canteen', name: 'fgs' }), admin)
      .thenThrows(409, placeNameTaken('fgs'));
  });
});

describe('set a route time', () => {
  const spec = commandSpec(setRouteTime);
  const set = (from: string, to: string, minutes: number) => ({ type: 'SetRouteTime' as const, data: { from, to, minutes } });

  it('given the site, when an admin sets a route by names or ids, then that one direction changes and is marked set by hand', () => {
    spec
      .given({ site: [defined] })
      .when(set('Main Gate', 'canteen', 14), admin)
      .then({ site: [{ type: 'RouteTimeChanged', data: { from: 'main-gate', to: 'canteen', minutes: 14 } }] });
    const site = [defined, { type: 'RouteTimeChanged', data: { from: 'main-gate', to: 'canteen', minutes: 14 } } as SiteEvent].reduce(
      evolveSite,
      null,
    )!;
    expect(siteMinutes(site, 'main-gate', 'canteen')).toBe(14);
    expect(siteMinutes(site, 'canteen', 'main-gate')).toBe(11);
    expect(site.edited).toEqual({ 'main-gate>canteen': true });
  });

  it('given a route, when it is set to one place itself or an unknown place, then it is refused', () => {
    spec
      .given({ site: [defined] })
      .when(set('canteen', 'canteen', 5), admin)
      .thenThrows(400, SERVER_MESSAGES.routeNeedsTwoPlaces);
    spec
      .given({ site: [defined] })
      .when(set('canteen', 'moon base', 5), admin)
      .thenThrows(404, SERVER_MESSAGES.placeNotFound);
  });
});

describe('a booked route', () => {
  it('given the site stream not yet written, then the spec places hold', () => {
    expect(bookedRoute(null, 'main gate', 'canteen')).toEqual({ fromLocation: 'main gate', toLocation: 'canteen', estimatedMinutes: 11 });
    expect(() => bookedRoute(null, 'canteen', 'CANTEEN')).toThrow(MESSAGES.sameLocations);
  });
});
