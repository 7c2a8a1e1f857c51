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
});
