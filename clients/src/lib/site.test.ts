import { describe, expect, it } from 'vitest';
import { defaultSiteAnswer } from '../test/default-site';
import { activePlaces, minutesBetweenNames, minutesIndex } from './site';

describe('the site as the engine answers it', () => {
  it("given a retired place, when the places in use are listed, then it is left out and the order is the engine's", () => {
    const site = defaultSiteAnswer();
    site.locations[1] = { ...site.locations[1]!, retired: true };
    const names = activePlaces(site).map((place) => place.name);
    expect(names).toHaveLength(18);
    expect(names.slice(0, 2)).toEqual(['main gate', 'utility building']);
  });

  it("given two names, when their minutes are looked up, then the route is found by the places' ids, and an unknown name has none", () => {
    const site = defaultSiteAnswer();
    const index = minutesIndex(site);
    expect(minutesBetweenNames(site, index, 'main gate', 'canteen')).toBe(11);
    expect(minutesBetweenNames(site, index, 'main gate', 'car parking')).toBe(3);
    expect(minutesBetweenNames(site, index, 'main gate', 'nowhere')).toBeUndefined();
  });

  it('given an answer that sends only the routes not estimated from the plan, then an entry it sends wins and every other pair is estimated (issue #31)', () => {
    const site = defaultSiteAnswer();
    expect(site.routes.length).toBeLessThan(19 * 18);
    const set = { ...site, routes: [...site.routes, { from: 'main-gate', to: 'canteen', minutes: 42, edited: true }] };
    expect(minutesBetweenNames(set, minutesIndex(set), 'main gate', 'canteen')).toBe(42);
    expect(minutesIndex(set)('canteen', 'main-gate')).toEqual({ from: 'canteen', to: 'main-gate', minutes: 11, edited: false });
    expect(minutesIndex(set)('canteen', 'canteen')).toBeUndefined();
  });
});
