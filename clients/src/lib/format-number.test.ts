import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../i18n/i18n';
import { hi } from '../i18n/hi';
import { mr } from '../i18n/mr';
import { formatDuration, formatHours, formatPercent } from './format-number';

describe('durations and shares as the staff screens write them (issue #32 item 6)', () => {
  it('given minutes, when written, then seconds under a minute, whole minutes under an hour, hours and minutes above', () => {
    expect(formatDuration(0)).toBe('0 min');
    expect(formatDuration(0.03)).toBe('2 s');
    expect(formatDuration(0.004)).toBe('< 1 s');
    expect(formatDuration(0.75)).toBe('45 s');
    expect(formatDuration(0.995)).toBe('1 min');
    expect(formatDuration(7.4)).toBe('7 min');
    expect(formatDuration(59.6)).toBe('1 h 00 min');
    expect(formatDuration(65)).toBe('1 h 05 min');
    expect(formatDuration(1500)).toBe('25 h 00 min');
  });

  it('given no figure, when written, then the dash or the words the caller gives', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(undefined)).toBe('—');
    expect(formatDuration(Number.NaN)).toBe('—');
    expect(formatHours(null, 'no breakdowns')).toBe('no breakdowns');
    expect(formatPercent(null)).toBe('—');
  });

  it('given a mean in hours, when written, then one decimal with the unit from an hour up, minutes below, never "0.0 h"', () => {
    expect(formatHours(12.46)).toBe('12.5 h');
    expect(formatHours(1)).toBe('1.0 h');
    expect(formatHours(0.5)).toBe('30 min');
    expect(formatHours(0.01)).toBe('36 s');
    expect(formatHours(0)).toBe('0 min');
  });

  it('given a share, when written, then a whole percentage', () => {
    expect(formatPercent(0.857)).toBe('86%');
    expect(formatPercent(1)).toBe('100%');
    expect(formatPercent(0)).toBe('0%');
  });
});

describe('figures in Marathi and Hindi (issue #34 item 4)', () => {
  afterEach(() => applyLanguage('en'));

  it.each([
    ['mr', 'mr-IN', mr.units],
    ['hi', 'hi-IN', hi.units],
  ] as const)(
    "given %s, when durations and shares are written, then the numbers are Intl's in %s and the units its own",
    (language, locale, units) => {
      applyLanguage(language);
      const n = (value: number, fraction = 0) =>
        new Intl.NumberFormat(locale, { minimumFractionDigits: fraction, maximumFractionDigits: fraction }).format(value);
      expect(formatDuration(7.4)).toBe(`${n(7)} ${units.min}`);
      expect(formatDuration(0.75)).toBe(`${n(45)} ${units.s}`);
      expect(formatDuration(65)).toBe(
        `${n(1)} ${units.h} ${new Intl.NumberFormat(locale, { minimumIntegerDigits: 2 }).format(5)} ${units.min}`,
      );
      expect(formatHours(12.46)).toBe(`${n(12.5, 1)} ${units.h}`);
      expect(formatPercent(0.86)).toBe(new Intl.NumberFormat(locale, { style: 'percent' }).format(0.86));
      expect(formatDuration(null)).toBe('—');
    },
  );
});
