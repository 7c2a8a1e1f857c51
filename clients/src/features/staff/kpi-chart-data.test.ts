import { describe, expect, it } from 'vitest';
import type { KpiDay } from '@plantride/schemas';
import {
  MINUTES,
  SECONDS,
  driverUtilisation,
  durationUnitFor,
  kpiTotals,
  onTargetPerDay,
  ridesPerDay,
  timesInUnit,
  timesPerDay,
} from './kpi-chart-data';

const day = (date: string, vehicleType: string, requested: number, wait: number | null = null): KpiDay => ({
  day: date,
  vehicleType,
  requested,
  completed: requested - 1,
  cancelled: 1,
  waitMinutes: { avg: wait, p90: wait },
  pickupMinutes: { avg: null, p90: null },
  deliveryMinutes: { avg: 4, p90: 6.5 },
});

describe('KPI chart data', () => {
  const days = [day('2026-03-01', 'Crane', 2, 1.5), day('2026-03-01', 'Forklift', 5), day('2026-03-03', 'Forklift', 1)];

  it('given days per vehicle type, when shaped for the stacked chart, then each day has every type seen, zero where none, in the spec order', () => {
    expect(ridesPerDay(days)).toEqual({
      vehicleTypes: ['Forklift', 'Crane'],
      rows: [
        { day: '01 Mar', Crane: 2, Forklift: 5 },
        { day: '03 Mar', Crane: 0, Forklift: 1 },
      ],
    });
  });

  it('given several vehicle types, when shaped for the times chart, then each day and type keeps its own figures, labelled by both', () => {
    expect(timesPerDay(days, false)[0]).toEqual({ label: '01 Mar Crane', waitAvg: 1.5, waitP90: 1.5, deliveryAvg: 4, deliveryP90: 6.5 });
    expect(timesPerDay(days.slice(2), true).map((row) => row.label)).toEqual(['03 Mar']);
  });

  it('given drivers with and without shifts, when shaped, then utilisation is a percentage of time on shift, most utilised first, with both times in words; no raw seconds', () => {
    const drivers = [
      { driverId: 'FL01', driverName: 'Ravi', ridesCompleted: 2, busyMinutes: 20, shiftMinutes: 480, utilisation: 0.042 },
      { driverId: 'FL02', driverName: 'FL02', ridesCompleted: 3, busyMinutes: 0.03, shiftMinutes: null, utilisation: null },
      { driverId: 'FL03', driverName: 'Meera', ridesCompleted: 4, busyMinutes: 95, shiftMinutes: 125.5, utilisation: 0.757 },
      // An engine from before utilisation: busy time only.
      { driverId: 'FL04', driverName: 'Asha', ridesCompleted: 1, busyMinutes: 7 },
    ];
    expect(driverUtilisation(drivers)).toEqual([
      {
        name: 'Meera (FL03)',
        ridesCompleted: 4,
        percent: 76,
        busy: '1 h 35 min',
        onShift: '2 h 06 min',
        note: '76% · 1 h 35 min of 2 h 06 min',
      },
      { name: 'Ravi (FL01)', ridesCompleted: 2, percent: 4, busy: '20 min', onShift: '8 h 00 min', note: '4% · 20 min of 8 h 00 min' },
      {
        name: 'Asha (FL04)',
        ridesCompleted: 1,
        percent: null,
        busy: '7 min',
        onShift: 'no shift recorded',
        note: '7 min busy, no shift recorded',
      },
      { name: 'FL02', ridesCompleted: 3, percent: null, busy: '2 s', onShift: 'no shift recorded', note: '2 s busy, no shift recorded' },
    ]);
    expect(kpiTotals(days)).toEqual({ requested: 8, completed: 5, cancelled: 3 });
  });

  it('given durations all under two minutes, when a unit is chosen, then it is whole seconds: 0.0025 min reads 0 s and 1.5 min 90 s', () => {
    expect(durationUnitFor([0.0025, null, 1.5])).toBe(SECONDS);
    const quick = (date: string, wait: number, delivery: number | null): KpiDay => ({
      ...day(date, 'Crane', 1, wait),
      deliveryMinutes: { avg: delivery, p90: delivery },
    });
    const { rows, unit } = timesInUnit(timesPerDay([quick('2026-03-01', 0.0025, 0.75), quick('2026-03-02', 1.5, null)], true));
    expect(unit.name).toBe('seconds');
    expect(rows.map((row) => [row.waitAvg, row.deliveryAvg, row.deliveryP90])).toEqual([
      [0, 45, 45],
      [90, null, null],
    ]);
  });

  it('given a figure of two minutes or more, when a unit is chosen, then it is minutes to one decimal', () => {
    expect(durationUnitFor([2])).toBe(MINUTES);
    expect(durationUnitFor([])).toBe(SECONDS);
    const { rows, unit } = timesInUnit(timesPerDay(days, true));
    expect(unit).toBe(MINUTES);
    expect(rows[0]).toMatchObject({ waitAvg: 1.5, deliveryAvg: 4, deliveryP90: 6.5 });
  });
});

describe('on-target share per day and vehicle type (issue #20)', () => {
  const sla = (date: string, vehicleType: string, slaRides: number, slaMetRides: number): KpiDay => ({
    ...day(date, vehicleType, slaRides + 1),
    slaRides,
    slaMetRides,
    slaMetShare: slaRides === 0 ? null : Math.round((slaMetRides / slaRides) * 1000) / 1000,
  });

  it('given completed rides on and off target, when shaped for the chart, then each day has a percentage per vehicle type, null where none completed, and the range has its own', () => {
    const { rows, cells, vehicleTypes, overall } = onTargetPerDay([
      sla('2026-03-02', 'Forklift', 3, 2),
      sla('2026-03-01', 'Crane', 4, 4),
      sla('2026-03-01', 'Forklift', 0, 0),
    ]);
    expect(vehicleTypes).toEqual(['Forklift', 'Crane']);
    expect(rows).toEqual([
      { day: '01 Mar', Crane: 100, Forklift: null },
      { day: '02 Mar', Forklift: 67, Crane: null },
    ]);
    expect(cells.get('02 Mar')?.get('Forklift')).toBe('67% (2 of 3)');
    expect(overall).toEqual({ met: 6, rides: 7, percent: 86 });
  });

  it('given an engine that does not count service targets yet, when shaped, then there is nothing to draw', () => {
    expect(onTargetPerDay([day('2026-03-01', 'Crane', 2)])).toMatchObject({
      rows: [],
      vehicleTypes: [],
      overall: { rides: 0, percent: null },
    });
  });
});
