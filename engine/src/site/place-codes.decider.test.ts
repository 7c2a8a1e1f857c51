import { describe, expect, it } from 'vitest';
import { SERVER_MESSAGES, evolveSite, type Actor, type SiteEvent } from '@plantride/schemas';
import { commandSpec } from '../test-support/decider-spec';
import { addLocation, siteDefined } from './site.decider';
import { codesFor, drawPlaceCodes, issuePlaceCodes, setScanRequirement } from './place-codes';

// Issue #34 item 2: places' codes issued by events, and the scan rules.

const admin: Actor = { tokenNo: 'AD01', role: 'admin' };
const pool = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    token: `${'abcdefghjkmnpqrstuvwxyz'[i]!.repeat(16)}`,
    shortCode: `ACDEF${'HJKMNPRTUVWXY34679AC'[i]}`,
  }));
const defined = siteDefined();
const DEFAULT_PLACES = defined.type === 'SiteDefined' ? defined.data.places.map((place) => place.id) : [];

describe("places' codes", () => {
  it('given random draws, then tokens and short codes are of their alphabets and lengths', () => {
    for (const code of drawPlaceCodes(20)) {
      expect(code.token).toMatch(/^[abcdefghjkmnpqrstuvwxyz23456789]{16}$/);
      expect(code.shortCode).toMatch(/^[ACDEFHJKMNPRTUVWXY34679]{6}$/);
    }
  });

  it('given an empty site stream, when the engine starts, then the spec plant is written with a code for each place; a restart adds nothing', () => {
    const decided = issuePlaceCodes.decide(
      { type: 'IssuePlaceCodes', data: { pool: pool(19) } },
      { site: null },
      { now: new Date(), actor: { system: 'start-up' } },
    );
    expect(decided.site?.map((event) => event.type)).toEqual(['SiteDefined', 'PlaceCodesIssued']);
    const state = decided.site!.reduce<ReturnType<typeof evolveSite> | null>(evolveSite, null);
    expect(Object.keys(state?.codes ?? {}).sort()).toEqual([...DEFAULT_PLACES].sort());
    commandSpec(issuePlaceCodes)
      .given({ site: decided.site! })
      .when({ type: 'IssuePlaceCodes', data: { pool: pool(19) } })
      .then({});
  });

  it('given a drawn code another place holds, then it is passed over for the next', () => {
    const state = evolveSite(evolveSite(null, defined), {
      type: 'PlaceCodesIssued',
      data: { codes: [{ placeId: 'main-gate', ...pool(1)[0]! }] },
    });
    const issued = codesFor(state, [pool(1)[0]!, pool(2)[1]!]);
    expect(issued).toEqual([{ placeId: DEFAULT_PLACES.find((id) => id !== 'main-gate'), ...pool(2)[1]! }]);
  });

  it('given the site, when an admin adds a place, then its code comes in the same append', () => {
    const decided = addLocation.decide(
      { type: 'AddLocation', data: { id: 'paint-shop', name: 'Paint shop', x: 10, y: 10 }, pool: pool(1) },
      { site: evolveSite(null, defined) },
      { now: new Date(), actor: admin },
    );
    expect(decided.site?.[1]).toEqual({ type: 'PlaceCodesIssued', data: { codes: [{ placeId: 'paint-shop', ...pool(1)[0]! }] } });
  });
});

describe('scan rules', () => {
  const spec = commandSpec(setScanRequirement);
  const rule = (placeId: string, required = true, draws = 0) => ({
    type: 'SetScanRequirement' as const,
    data: { placeId, step: 'materialPicked' as const, required, pool: pool(draws) },
  });
  const set = (placeId: string, required = true): SiteEvent => ({
    type: 'ScanRequirementSet',
    data: { placeId, step: 'materialPicked', required },
  });

  it('given places with codes, when an admin asks a scan at pick-up at main gate, then the rule is set; the same again, or turning off what is off, changes nothing', () => {
    const coded = issuePlaceCodes.decide(
      { type: 'IssuePlaceCodes', data: { pool: pool(19) } },
      { site: null },
      { now: new Date(), actor: admin },
    ).site!;
    spec
      .given({ site: coded })
      .when(rule('main-gate'), admin)
      .then({ site: [set('main-gate')] });
    spec
      .given({ site: [...coded, set('main-gate')] })
      .when(rule('main-gate'), admin)
      .then({});
    spec.given({ site: coded }).when(rule('*', false), admin).then({});
  });

  it('given places without codes, when a scan is first asked, then they get their codes in the same append', () => {
    const decided = setScanRequirement.decide(rule('*', true, 19), { site: evolveSite(null, defined) }, { now: new Date(), actor: admin });
    expect(decided.site?.map((event) => event.type)).toEqual(['PlaceCodesIssued', 'ScanRequirementSet']);
  });

  it('given an unknown place or a driver asking, then it is refused', () => {
    spec
      .given({ site: [defined] })
      .when(rule('paint-shop'), admin)
      .thenThrows(404, SERVER_MESSAGES.placeNotFound);
    expect(() =>
      setScanRequirement.decide(rule('*'), { site: null }, { now: new Date(), actor: { tokenNo: 'D1', role: 'driver' } }),
    ).toThrow();
  });
});
