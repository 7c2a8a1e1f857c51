import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  formatAuditDateTime,
  formatDate,
  formatDateTime,
  formatPlantDay,
  formatShortDay,
  formatTime,
  PLANT_ZONE_NAME,
  scheduledText,
} from './format-date';

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
