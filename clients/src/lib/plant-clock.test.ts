import { describe, expect, it } from 'vitest';
import { firstLaterSlot, laterDayOf, plantClockAt, plantInstant } from './plant-clock';

// Friday 27 Nov 2026, 10:00 at the plant (Asia/Kolkata, +05:30) is 04:30 UTC.
const FRIDAY_10 = Date.parse('2026-11-27T04:30:00.000Z');

describe('the plant clock of rides booked for later (issue #20)', () => {
  it('given an instant, when read on the plant clock, then it is its day and time at +05:30, whatever the browser zone', () => {
    expect(plantClockAt(FRIDAY_10)).toEqual({ day: '2026-11-27', time: '10:00' });
    expect(plantClockAt(Date.parse('2026-11-27T18:45:00.000Z'))).toEqual({ day: '2026-11-28', time: '00:15' });
  });

  it('given a plant day and time, when turned into an instant, then it is the same moment back', () => {
    expect(new Date(plantInstant('2026-11-27', '14:30')).toISOString()).toBe('2026-11-27T09:00:00.000Z');
    expect(new Date(plantInstant('2026-11-28', '00:05')).toISOString()).toBe('2026-11-27T18:35:00.000Z');
    expect(plantInstant('2026-11-27', '2:30')).toBeNaN();
    expect(plantInstant('27/11/2026', '14:30')).toBeNaN();
  });

  it('given now, when today or tomorrow is asked for, then they are plant days, tomorrow past midnight at the plant', () => {
    expect(laterDayOf('today', FRIDAY_10)).toBe('2026-11-27');
    expect(laterDayOf('tomorrow', FRIDAY_10)).toBe('2026-11-28');
    // 23:50 at the plant on the 30th: tomorrow is December.
    expect(laterDayOf('tomorrow', Date.parse('2026-11-30T18:20:00.000Z'))).toBe('2026-12-01');
  });

  it('given now, when Later is chosen, then it offers the first quarter hour at least half an hour away, tomorrow when that is past midnight', () => {
    expect(firstLaterSlot(FRIDAY_10)).toEqual({ day: 'today', time: '10:30' });
    expect(firstLaterSlot(FRIDAY_10 + 60_000)).toEqual({ day: 'today', time: '10:45' });
    expect(firstLaterSlot(Date.parse('2026-11-27T18:10:00.000Z'))).toEqual({ day: 'tomorrow', time: '00:15' });
  });
});
