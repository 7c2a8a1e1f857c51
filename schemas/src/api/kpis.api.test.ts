import { describe, expect, it } from 'vitest';
import { format } from 'date-fns';
import { TZDate } from '@date-fns/tz';
import { SERVER_MESSAGES } from '../messages';
import {
  kpiRangeProblem,
  kpisQuerySchema,
  parseKpiDay,
  plantDayOf,
  resolveKpiRange,
  shiftDay,
  toKpiMinutes,
  toSlaMetShare,
} from './kpis.api';

describe('KPI query', () => {
  it.each([
    ['01/03/2026', '2026-03-01'],
    ['1/3/2026', '2026-03-01'],
    ['2026-03-01', '2026-03-01'],
    ['29/02/2028', '2028-02-29'],
    ['29/02/2026', null],
    ['2026-13-01', null],
    ['03-01-2026', null],
    ['', null],
  ])('when a day is written %j, then it reads as %j', (text, day) => {
    expect(parseKpiDay(text)).toBe(day);
  });

  it('when an instant is near the plant midnight, then its plant day follows Asia/Kolkata', () => {
    expect(plantDayOf('2026-03-01T18:29:59.999Z')).toBe('2026-03-01');
    expect(plantDayOf('2026-03-01T18:30:00Z')).toBe('2026-03-02');
  });

  it("when an instant is anywhere from 1900 to 9999, then its plant day is the time-zone database's (arithmetic on +05:30 where it holds)", () => {
    const zoneDay = (ms: number) => format(new TZDate(ms, 'Asia/Kolkata'), 'yyyy-MM-dd');
    const instants = [
      Date.UTC(1900, 0, 1),
      Date.UTC(1942, 8, 1, 18, 0),
      Date.UTC(1945, 11, 31, 18, 29, 59),
      Date.UTC(1946, 0, 1),
      Date.UTC(2024, 1, 28, 18, 30),
      Date.UTC(9999, 11, 31, 18, 29, 59),
    ];
    for (let ms = Date.UTC(1990, 0, 1); ms < Date.UTC(2040, 0, 1); ms += 7_777_777_777)
      instants.push(ms, ms - (ms % 86_400_000) + 66_600_000 - 1, ms - (ms % 86_400_000) + 66_600_000);
    for (const ms of instants) expect(plantDayOf(new Date(ms)), new Date(ms).toISOString()).toBe(zoneDay(ms));
  });

  it('when days are shifted over month and leap-year ends, then the calendar is followed', () => {
    expect(shiftDay('2028-03-01', -1)).toBe('2028-02-29');
    expect(shiftDay('2026-12-28', 6)).toBe('2027-01-03');
  });

  it('when no bounds are given, then the range is the seven days ending today; a lone to ends it', () => {
    expect(resolveKpiRange({}, '2026-03-03')).toEqual({ from: '2026-02-25', to: '2026-03-03' });
    expect(resolveKpiRange({ to: '2026-01-03' }, '2026-03-03')).toEqual({ from: '2025-12-28', to: '2026-01-03' });
    expect(resolveKpiRange({ from: '2026-03-01' }, '2026-03-03')).toEqual({ from: '2026-03-01', to: '2026-03-03' });
  });

  it('when a range is reversed or longer than 366 days, then it is refused with its message', () => {
    expect(kpiRangeProblem('2026-03-02', '2026-03-01')).toBe(SERVER_MESSAGES.kpiRangeReversed);
    expect(kpiRangeProblem('2024-01-01', '2024-12-31')).toBeNull();
    expect(kpiRangeProblem('2024-01-01', '2025-01-01')).toBe(SERVER_MESSAGES.kpiRangeTooLong);
    expect(kpiRangeProblem('2026-03-01', '2026-03-01')).toBeNull();
  });

  it('given blank fields, when the query is parsed, then they count as omitted', () => {
    expect(kpisQuerySchema.parse({ from: '', to: ' ', vehicleType: '' })).toEqual({});
  });

  it('when seconds are shown as minutes, then they keep two decimals', () => {
    expect(toKpiMinutes(100)).toBe(1.67);
    expect(toKpiMinutes(92)).toBe(1.53);
    expect(toKpiMinutes(0)).toBe(0);
  });

  it('when the share of rides that met their service targets is shown, then it has three decimals, and is null without completed rides', () => {
    expect(toSlaMetShare(2, 3)).toBe(0.667);
    expect(toSlaMetShare(1, 8)).toBe(0.125);
    expect(toSlaMetShare(5, 5)).toBe(1);
    expect(toSlaMetShare(0, 4)).toBe(0);
    expect(toSlaMetShare(0, 0)).toBeNull();
  });
});
