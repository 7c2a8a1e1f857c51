import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  formatAuditDateTime,
  formatDate,
  formatDateTime,
  formatPlantDay,
  formatShortDay,
  formatTime,
  INTL_PARTS,
  PLANT_ZONE_NAME,
  scheduledText,
} from './format-date';
import { applyLanguage } from '../i18n/i18n';
import { mr } from '../i18n/mr';

// 14 Mar 2026, 14:05:09 at the plant (Asia/Kolkata, +05:30) is 08:35:09 UTC.
const AFTERNOON = '2026-03-14T08:35:09.000Z';
// 23:50 UTC on 31 Dec 2026 is already 05:20 on 1 Jan 2027 at the plant: another day, month and year.
const NEW_YEAR = '2026-12-31T23:50:00.000Z';

describe('the one formatter of times on screens (issue #32 item 6)', () => {
  it('given an instant, when formatted, then it is 24-hour HH:mm, dd MMM yyyy, and seconds only for the audit', () => {
    expect(formatTime(AFTERNOON)).toBe('14:05');
    expect(formatDate(AFTERNOON)).toBe('14 Mar 2026');
    expect(formatDateTime(AFTERNOON)).toBe('14 Mar 2026, 14:05');
    expect(formatAuditDateTime(AFTERNOON)).toBe('14 Mar 2026, 14:05:09');
    // Epoch ms as well as ISO text; midnight is 00, not 12.
    expect(formatDateTime(Date.parse('2026-03-13T18:30:00.000Z'))).toBe('14 Mar 2026, 00:00');
    expect(formatDateTime(NEW_YEAR)).toBe('01 Jan 2027, 05:20');
  });

  it('given nothing or something unreadable, when formatted, then it is N/A or Invalid Date (SPEC §2)', () => {
    for (const format of [formatTime, formatDate, formatDateTime, formatAuditDateTime]) {
      expect(format(null)).toBe('N/A');
      expect(format(undefined)).toBe('N/A');
      expect(format('')).toBe('N/A');
      expect(format('not a time')).toBe('Invalid Date');
      expect(format(Number.NaN)).toBe('Invalid Date');
    }
  });

  it('given a plant day as a date input writes it, when formatted, then it is dd MMM yyyy with no zone shift', () => {
    expect(formatPlantDay('2026-12-06')).toBe('06 Dec 2026');
    expect(formatPlantDay('2027-01-01')).toBe('01 Jan 2027');
    expect(formatPlantDay('')).toBe('N/A');
    expect(formatPlantDay('06/12/2026')).toBe('Invalid Date');
    expect(formatPlantDay('2026-13-01')).toBe('Invalid Date');
    expect(formatShortDay('2026-12-06')).toBe('06 Dec');
    expect(formatShortDay('bad')).toBe('Invalid Date');
  });

  it('given a ride booked for later, when described, then the day and time, and the release time without the day when the same day', () => {
    expect(scheduledText('2026-11-27T09:00:00.000Z', '2026-11-27T08:45:00.000Z')).toBe(
      'Scheduled for 27 Nov 2026, 14:30 · goes to drivers at 14:15',
    );
    // Released the evening before: the release says its day.
    expect(scheduledText('2026-11-27T18:35:00.000Z', '2026-11-27T18:20:00.000Z')).toBe(
      'Scheduled for 28 Nov 2026, 00:05 · goes to drivers at 27 Nov 2026, 23:50',
    );
    expect(scheduledText('2026-11-27T09:00:00.000Z', null)).toBe('Scheduled for 27 Nov 2026, 14:30');
    expect(scheduledText(null, null)).toBeNull();
    expect(scheduledText('not a time', null)).toBeNull();
  });

  it('gives the plant zone its short name', () => {
    expect(PLANT_ZONE_NAME).toBe('IST');
  });
});

describe('the formatter in a browser on another zone', () => {
  const zone = process.env.TZ;
  beforeEach(() => {
    // Node reads TZ again when it changes: this process now keeps New York's clock (UTC-5 in winter).
    process.env.TZ = 'America/New_York';
  });
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it("given the process zone is not the plant's, when formatted, then the plant's clock is shown, not the browser's", () => {
    const late = new Date(NEW_YEAR);
    // The process really is elsewhere: its own clock reads the evening of 31 Dec.
    expect([late.getDate(), late.getHours()]).toEqual([31, 18]);
    expect(formatDateTime(NEW_YEAR)).toBe('01 Jan 2027, 05:20');
    expect(formatDate(NEW_YEAR)).toBe('01 Jan 2027');
    expect(formatTime(NEW_YEAR)).toBe('05:20');
    expect(formatAuditDateTime(AFTERNOON)).toBe('14 Mar 2026, 14:05:09');
  });
});

describe('times in Marathi and Hindi (issue #34 item 4)', () => {
  afterEach(() => applyLanguage('en'));

  it.each([
    ['mr', 'mr-IN'],
    ['hi', 'hi-IN'],
  ] as const)(
    "given %s, when an instant is written, then its day and 24-hour time are Intl's in %s on the plant clock",
    (language, locale) => {
      applyLanguage(language);
      const at = Date.parse(AFTERNOON);
      const day = new Intl.DateTimeFormat(locale, INTL_PARTS.day).format(at);
      const time = new Intl.DateTimeFormat(locale, INTL_PARTS.time).format(at);
      expect(formatDate(AFTERNOON)).toBe(day);
      expect(formatTime(AFTERNOON)).toBe(time);
      expect(formatDateTime(AFTERNOON)).toBe(`${day}, ${time}`);
      expect(formatAuditDateTime(AFTERNOON)).toBe(`${day}, ${new Intl.DateTimeFormat(locale, INTL_PARTS.seconds).format(at)}`);
      // Midnight at the plant is hour 00 in the locale's digits, and New Year's Eve in UTC is already 1 Jan at the plant.
      const zero = new Intl.NumberFormat(locale, { minimumIntegerDigits: 2 }).format(0);
      expect(formatTime(Date.parse('2026-03-13T18:30:00.000Z'))).toBe(`${zero}:${zero}`);
      expect(formatDate(NEW_YEAR)).toBe(new Intl.DateTimeFormat(locale, INTL_PARTS.day).format(Date.parse('2027-01-01T06:00:00.000Z')));
      // A plant day from a date input: the same day, not shifted by the zone.
      expect(formatPlantDay('2026-03-14')).toBe(day);
    },
  );

  it("given Marathi, then the month is Marathi's and the digits are Devanagari", () => {
    applyLanguage('mr');
    const month = new Intl.DateTimeFormat('mr-IN', { month: 'short', timeZone: 'UTC' }).format(Date.UTC(2026, 2, 14));
    expect(formatDate(AFTERNOON)).toContain(month);
    expect(formatDate(AFTERNOON)).toMatch(/[०-९]/);
    expect(formatDate(null)).toBe(mr.messages.notAvailable);
    expect(formatDate('not a time')).toBe(mr.messages.invalidDate);
  });
});
