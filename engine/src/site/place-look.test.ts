import { describe, expect, it } from 'vitest';
import { LOCATIONS } from '@plantride/schemas';
import { readAsOne, skeleton } from './place-look';

describe('place names that read as one (Unicode TR39 skeleton)', () => {
  it('given look-alike letters of other scripts, when compared, then they share a skeleton with the Latin ones', () => {
    expect(skeleton('m\u0430in gate')).toBe(skeleton('main gate'));
    expect(skeleton('\u0420\u041C\u0405')).toBe(skeleton('PMS'));
    expect(skeleton('Boiler Bay - l')).toBe(skeleton('Boiler Bay - 1'));
  });

  it('given NFC and NFD spellings, case and spacing, when compared as place names, then they are one; different names stay apart', () => {
    expect(readAsOne('Caf\u0065\u0301 Yard', 'caf\u00E9  yard')).toBe(true);
    expect(readAsOne('MAIN GATE', 'main gate')).toBe(true);
    expect(readAsOne('MAIN GAT\u0395', 'MAIN GATE')).toBe(true);
    expect(readAsOne('south gate', 'main gate')).toBe(false);
    expect(readAsOne('Boiler Bay - 1', 'Boiler Bay - 2')).toBe(false);
  });

  it("given the spec's 19 places, then no two read as one", () => {
    const pairs = LOCATIONS.flatMap((a, i) => LOCATIONS.slice(i + 1).map((b) => [a, b] as const));
    expect(pairs.filter(([a, b]) => readAsOne(a, b))).toEqual([]);
  });
});
