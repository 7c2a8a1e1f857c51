import { describe, expect, it } from 'vitest';
import { DATE_LOCALE, PLANT_TIME_ZONE } from './constants';
import { MESSAGES } from './messages';
import { PLANT_TIME_FORMATTER, formatPlantDateTime, formatPlantInstant } from './plant-time';

// The reference: Intl itself, built here with the options of SPEC §2, never through the module's own formatter.
const intl = new Intl.DateTimeFormat(DATE_LOCALE, {
  timeZone: PLANT_TIME_ZONE,
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: true,
});

// A small deterministic generator (mulberry32), so a failure names an instant that fails again.
function generator(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const mismatches = (instants: number[]) =>
  instants.filter((ms) => formatPlantInstant(ms) !== intl.format(ms)).map((ms) => new Date(ms).toISOString());

describe('formatPlantInstant', () => {
  it('formats by arithmetic on this runtime (its check against Intl passed)', () => {
    expect(PLANT_TIME_FORMATTER).toBe('fixed-offset');
  });

  it('matches Intl on 100,000 random instants from 1900 to 2200, milliseconds included', () => {
    const random = generator(9);
    const from = Date.UTC(1900, 0, 1);
    const to = Date.UTC(2200, 0, 1);
    const instants = Array.from({ length: 100_000 }, () => from + Math.floor(random() * (to - from)));
    expect(mismatches(instants)).toEqual([]);
  });

  it('matches Intl on every hour of a leap year and around each midnight, noon and month end', () => {
    const instants: number[] = [];
    for (let ms = Date.UTC(2024, 0, 1) - 6 * 3600_000; ms < Date.UTC(2025, 0, 2); ms += 3600_000)
      instants.push(ms, ms + 29 * 60_000 + 59_999, ms + 30 * 60_000);
    for (let year = 1940; year <= 2100; year += 1) {
      for (let month = 0; month < 12; month += 1) {
        const plantMidnight = Date.UTC(year, month, 1) - 330 * 60_000;
        instants.push(plantMidnight - 1, plantMidnight, plantMidnight + 12 * 3600_000 - 1, plantMidnight + 12 * 3600_000);
      }
    }
    expect(mismatches(instants)).toEqual([]);
  });

  it('matches Intl at the ends of the fixed-offset range and beyond them', () => {
    const edges = [
      Date.UTC(1945, 9, 14),
      Date.UTC(1945, 11, 31, 23, 59, 59),
      Date.UTC(1946, 0, 1),
      Date.UTC(1942, 5, 1),
      0,
      -1,
      Date.UTC(9999, 11, 31, 18, 29, 59),
      Date.UTC(9999, 11, 31, 18, 30),
      Date.UTC(12000, 0, 1),
    ];
    expect(mismatches(edges)).toEqual([]);
  });
});

describe('formatPlantDateTime', () => {
  it("reads ISO text on the plant's clock, 'N/A' when missing and 'Invalid Date' when unreadable", () => {
    expect(formatPlantDateTime('2026-09-05T18:30:00.000Z')).toBe(intl.format(new Date('2026-09-05T18:30:00.000Z')));
    expect(formatPlantDateTime('2026-01-01T06:45:07Z')).toBe(intl.format(Date.UTC(2026, 0, 1, 6, 45, 7)));
    for (const missing of [null, undefined, '']) expect(formatPlantDateTime(missing)).toBe(MESSAGES.notAvailable);
    expect(formatPlantDateTime('not a date')).toBe(MESSAGES.invalidDate);
  });
});
