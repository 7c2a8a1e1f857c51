import { describe, expect, it } from 'vitest';
import { pageOf, showingRecords } from '@plantride/schemas';
import { reportCountTexts } from './report-counts';

describe('ride report counts (SPEC §2)', () => {
  it('given exact counts, then the texts are the spec ones and Next closes on the last page', () => {
    expect(reportCountTexts({ total: 40, capped: false }, { total: 900, capped: false }, 3, 15)).toEqual({
      showing: showingRecords(40, 900),
      pageOf: pageOf(3, 3),
      nextOpen: false,
    });
    expect(reportCountTexts({ total: 40, capped: false }, { total: 900, capped: false }, 2, 15).nextOpen).toBe(true);
    expect(reportCountTexts({ total: 0, capped: false }, { total: 0, capped: false }, 1, 15)).toEqual({
      showing: showingRecords(0, 0),
      pageOf: pageOf(1, 1),
      nextOpen: false,
    });
  });

  it('given counts the server stopped at its cap, then they read N+ and Next stays open past the pages counted', () => {
    expect(reportCountTexts({ total: 10_000, capped: true }, { total: 10_000, capped: true }, 667, 15)).toEqual({
      showing: 'Showing 10000+ of 10000+ records',
      pageOf: 'Page 667 of 667+',
      nextOpen: true,
    });
    // A narrow filter counted exactly, against all rides counted only up to the cap.
    expect(reportCountTexts({ total: 42, capped: false }, { total: 10_000, capped: true }, 1, 15)).toEqual({
      showing: 'Showing 42 of 10000+ records',
      pageOf: pageOf(1, 3),
      nextOpen: true,
    });
    // A deep page counts further than the all-rides figure: the larger lower bound is shown for both.
    expect(reportCountTexts({ total: 30_000, capped: true }, { total: 10_000, capped: true }, 2000, 15).showing).toBe(
      'Showing 30000+ of 30000+ records',
    );
  });
});
