import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@plantride/schemas';
import { dropOptions } from '../../components/location-field';
import { bookingError } from './booking-validation';

const none = { hours: 0, minutes: 0 };

describe('booking rules (SPEC §5)', () => {
  it.each([
    ['fixed', null, 'canteen', MESSAGES.selectBothLocations],
    ['fixed', 'canteen', null, MESSAGES.selectBothLocations],
    ['special', null, null, MESSAGES.selectBothLocationsSpecialTask],
    ['fixed', 'canteen', 'canteen', MESSAGES.sameLocations],
    ['special', 'RMS', 'RMS', MESSAGES.sameLocations],
  ] as const)('given a %s booking from %j to %j, when it is checked, then it reads %j', (kind, from, to, message) => {
    expect(bookingError(kind, { fromLocation: from, toLocation: to, duration: none })).toBe(message);
  });

  it('given a special task of 00h 00m, when it is checked, then it must be longer', () => {
    expect(bookingError('special', { fromLocation: 'RMS', toLocation: 'fgs', duration: none })).toBe(MESSAGES.durationTooShort);
    expect(bookingError('special', { fromLocation: 'RMS', toLocation: 'fgs', duration: null })).toBe(MESSAGES.durationTooShort);
  });

  it('given valid places (and a duration for a special task), when checked, then there is no error; a fixed ride needs no duration', () => {
    expect(bookingError('fixed', { fromLocation: 'RMS', toLocation: 'fgs', duration: null })).toBeNull();
    expect(bookingError('special', { fromLocation: 'RMS', toLocation: 'fgs', duration: { hours: 0, minutes: 1 } })).toBeNull();
    expect(bookingError('special', { fromLocation: 'RMS', toLocation: 'fgs', duration: { hours: 1, minutes: 0 } })).toBeNull();
  });
});

describe('dropOptions', () => {
  it('given a chosen pickup, when the drop list is built, then it holds every other location in order and not the pickup', () => {
    expect(dropOptions(['RMS', 'canteen', 'fgs'], 'canteen')).toEqual(['RMS', 'fgs']);
  });

  it('given no pickup yet, when the drop list is built, then it holds every location', () => {
    expect(dropOptions(['RMS', 'canteen'], null)).toEqual(['RMS', 'canteen']);
  });
});
