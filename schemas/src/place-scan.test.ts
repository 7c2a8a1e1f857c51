import { describe, expect, it } from 'vitest';
import { defaultSiteDefinition, evolveSite, type SiteState } from './site-plan';
import { SCAN_MESSAGES, judgeScan, placeOfCode, scansNeeded, stepScanNote } from './place-scan';
import { normalizedCode, qrTextOf } from './place-code';

const site = (): SiteState => {
  let state = evolveSite(null, { type: 'SiteDefined', data: defaultSiteDefinition() });
  state = evolveSite(state, {
    type: 'PlaceCodesIssued',
    data: {
      codes: [
        { placeId: 'main-gate', token: 'aaaaaaaaaaaaaaaa', shortCode: 'ACDEFH' },
        { placeId: 'canteen', token: 'bbbbbbbbbbbbbbbb', shortCode: 'JKMNPR' },
      ],
    },
  });
  return state;
};
const ride = { rideType: 'Regular', fromLocation: 'Main Gate', toLocation: 'canteen' };

describe('scan-proof hand-over rule (issue #34 item 2)', () => {
  it('given codes as scanned or typed, then the QR text, the printed short code in any case and spacing, and nothing else find their place', () => {
    expect(normalizedCode('plantride:place:aaaaaaaaaaaaaaaa')).toEqual({ token: 'aaaaaaaaaaaaaaaa' });
    expect(normalizedCode(' acd-efh ')).toEqual({ shortCode: 'ACDEFH' });
    expect(placeOfCode(site(), qrTextOf({ token: 'bbbbbbbbbbbbbbbb' }))?.name).toBe('canteen');
    expect(placeOfCode(site(), 'acd efh')?.name).toBe('main gate');
    expect(placeOfCode(site(), 'main gate')).toBeUndefined();
    expect(placeOfCode(site(), 'ACDEFJ')).toBeUndefined();
  });

  it('given rules site-wide and per place, when turned on and off, then a ride needs the scans they name at its places', () => {
    let state = site();
    expect(scansNeeded(state, ride)).toEqual([]);
    state = evolveSite(state, { type: 'ScanRequirementSet', data: { placeId: 'canteen', step: 'materialDropped', required: true } });
    state = evolveSite(state, { type: 'ScanRequirementSet', data: { placeId: '*', step: 'start', required: true } });
    expect(scansNeeded(state, ride)).toEqual([{ step: 'materialDropped', place: 'canteen' }]);
    expect(scansNeeded(state, { ...ride, rideType: 'Special Task' })).toEqual([
      { step: 'start', place: 'main gate' },
      { step: 'materialDropped', place: 'canteen' },
    ]);
    state = evolveSite(state, { type: 'ScanRequirementSet', data: { placeId: 'canteen', step: 'materialDropped', required: false } });
    expect(scansNeeded(state, ride)).toEqual([]);
  });

  it('given the place main gate, then its code proves it, another place is named, and an override keeps the reason', () => {
    const gate = site().locations.find((place) => place.id === 'main-gate')!;
    expect(judgeScan(site(), gate, { code: 'ACDEFH', via: 'typed' })).toEqual({
      scan: { placeId: 'main-gate', place: 'main gate', via: 'typed' },
    });
    expect(judgeScan(site(), gate, { code: 'JKMNPR', via: 'camera' })).toEqual({
      refusal: SCAN_MESSAGES.wrongPlace('canteen', 'main gate'),
    });
    expect(judgeScan(site(), gate, undefined)).toEqual({ refusal: SCAN_MESSAGES.needed('main gate') });
    const override = judgeScan(site(), gate, { cannotScan: ' torn ' });
    expect(override).toEqual({ scan: { placeId: 'main-gate', place: 'main gate', via: 'override', reason: 'torn' } });
    expect(stepScanNote('scan' in override ? override : {})).toBe('Not scanned at main gate: override, "torn"');
    expect(stepScanNote({})).toBeNull();
  });
});
