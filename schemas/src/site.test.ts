import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE, LOCATIONS, PUBLISHED_ROUTES, buildRouteIndex, routeMinutes, siteDefinitionSchema, withRouteTime } from './site';

const { locations, routes } = DEFAULT_SITE;

describe('default site', () => {
  it('given the spec list, then the site has its 19 named locations, each once', () => {
    expect(locations).toHaveLength(19);
    expect(new Set(locations).size).toBe(19);
    expect([...locations]).toEqual([...LOCATIONS]);
    expect(locations).toContain('Boiler Bay - 4');
    expect(locations).toContain('vendor park bay -3');
  });

  it('given the route table, then every ordered pair of distinct locations appears exactly once', () => {
    expect(routes).toHaveLength(19 * 18);
    const counts = new Map<string, number>();
    for (const r of routes) counts.set(`${r.from}|${r.to}`, (counts.get(`${r.from}|${r.to}`) ?? 0) + 1);
    for (const from of locations) {
      for (const to of locations) {
        if (from !== to) expect(counts.get(`${from}|${to}`), `${from} → ${to}`).toBe(1);
      }
    }
  });

  it('given the route table, then no location has a route to itself', () => {
    expect(routes.filter((r) => r.from === r.to)).toEqual([]);
  });

  it('given the route table, then every time is a whole number of minutes from 3 to 11', () => {
    for (const r of routes) {
      expect(Number.isInteger(r.minutes), `${r.from} → ${r.to}`).toBe(true);
      expect(r.minutes).toBeGreaterThanOrEqual(3);
      expect(r.minutes).toBeLessThanOrEqual(11);
    }
  });

  it('when the published pairs are looked up, then they match the spec exactly', () => {
    expect(routeMinutes(DEFAULT_SITE, 'main gate', 'car parking')).toBe(3);
    expect(routeMinutes(DEFAULT_SITE, 'main gate', 'canteen')).toBe(11);
    expect(routeMinutes(DEFAULT_SITE, 'canteen', 'main gate')).toBe(11);
    for (const p of PUBLISHED_ROUTES) expect(routeMinutes(DEFAULT_SITE, p.from, p.to)).toBe(p.minutes);
  });

  it('given the route table, then it is mostly symmetric (at least 80%) but not fully', () => {
    const index = buildRouteIndex(DEFAULT_SITE);
    const symmetric = routes.filter((r) => index.get(r.to)?.get(r.from) === r.minutes).length;
    expect(symmetric / routes.length).toBeGreaterThanOrEqual(0.8);
    expect(symmetric).toBeLessThan(routes.length);
  });

  it('given the spread of times, then the table uses most of the 3..11 band, not one value', () => {
    expect(new Set(routes.map((r) => r.minutes)).size).toBeGreaterThanOrEqual(7);
  });

  it('when an unknown pair is looked up, then there is no estimate', () => {
    expect(routeMinutes(DEFAULT_SITE, 'main gate', 'moon base')).toBeUndefined();
    expect(routeMinutes(DEFAULT_SITE, 'main gate', 'main gate')).toBeUndefined();
  });
});

describe('site definition schema', () => {
  const tiny = {
    locations: ['a', 'b'],
    routes: [
      { from: 'a', to: 'b', minutes: 4 },
      { from: 'b', to: 'a', minutes: 5 },
    ],
  };

  it('given a complete two-location site, then it parses', () => {
    expect(siteDefinitionSchema.safeParse(tiny).success).toBe(true);
  });

  it('given a missing direction, then the site is refused as incomplete', () => {
    const result = siteDefinitionSchema.safeParse({ ...tiny, routes: tiny.routes.slice(0, 1) });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/incomplete/);
  });

  it('given a self-pair, a duplicate or an unknown location, then the site is refused', () => {
    for (const extra of [
      { from: 'a', to: 'a', minutes: 3 },
      { from: 'a', to: 'b', minutes: 6 },
      { from: 'a', to: 'c', minutes: 3 },
    ]) {
      expect(siteDefinitionSchema.safeParse({ ...tiny, routes: [...tiny.routes, extra] }).success).toBe(false);
    }
  });

  it('given duplicate location names, then the site is refused', () => {
    expect(siteDefinitionSchema.safeParse({ ...tiny, locations: ['a', 'b', 'a'] }).success).toBe(false);
  });

  it('when one route time changes, then only that direction changes and the old site is untouched', () => {
    const next = withRouteTime(DEFAULT_SITE, { from: 'canteen', to: 'fgs', minutes: 9 });
    expect(routeMinutes(next, 'canteen', 'fgs')).toBe(9);
    expect(routeMinutes(next, 'fgs', 'canteen')).toBe(routeMinutes(DEFAULT_SITE, 'fgs', 'canteen'));
    expect(routeMinutes(DEFAULT_SITE, 'canteen', 'fgs')).not.toBe(9);
  });
});
