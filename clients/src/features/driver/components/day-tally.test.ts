import { describe, expect, it } from 'vitest';
import { dayTallyText } from './day-tally';

describe("the driver's tally for the day (issue #32 item 7)", () => {
  it('given no ride, one or several, then the line says so with the driving minutes and the right plural', () => {
    expect(dayTallyText({ rides: 0, drivingMinutes: 0 })).toBe('Today: no rides yet');
    expect(dayTallyText({ rides: 1, drivingMinutes: 12 })).toBe('Today: 1 ride · 12 min driving');
    expect(dayTallyText({ rides: 4, drivingMinutes: 75 })).toBe('Today: 4 rides · 75 min driving');
  });
});
