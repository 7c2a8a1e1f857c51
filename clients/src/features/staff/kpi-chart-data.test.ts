import { describe, expect, it } from 'vitest';
import type { KpiDay } from '@plantride/schemas';
import { driverUtilisation, kpiTotals, ridesPerDay, timesPerDay } from './kpi-chart-data';

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
        { day: '01/03', Crane: 2, Forklift: 5 },
        { day: '03/03', Crane: 0, Forklift: 1 },
      ],
    });
  });

  it('given several vehicle types, when shaped for the times chart, then each day and type keeps its own figures, labelled by both', () => {
    expect(timesPerDay(days, false)[0]).toEqual({ label: '01/03 Crane', waitAvg: 1.5, waitP90: 1.5, deliveryAvg: 4, deliveryP90: 6.5 });
    expect(timesPerDay(days.slice(2), true).map((row) => row.label)).toEqual(['03/03']);
  });

  it('given drivers and days, when summed and sorted, then the busiest driver is first and totals add up', () => {
    const drivers = [
      { driverId: 'FL01', driverName: 'Ravi', ridesCompleted: 2, busyMinutes: 20 },
      { driverId: 'FL02', driverName: 'FL02', ridesCompleted: 3, busyMinutes: 45.5 },
    ];
    expect(driverUtilisation(drivers)).toEqual([
      { name: 'FL02', busyMinutes: 45.5, ridesCompleted: 3 },
      { name: 'Ravi (FL01)', busyMinutes: 20, ridesCompleted: 2 },
    ]);
    expect(kpiTotals(days)).toEqual({ requested: 8, completed: 5, cancelled: 3 });
  });
});
