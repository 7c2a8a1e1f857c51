import { describe, expect, it } from 'vitest';
import { downtimeBars, fleetCell, nextSort, sortFleetRows, type FleetFigures } from './fleet-figures';

const vehicle = (name: string, figures: Partial<FleetFigures>) => ({
  vehicle: name,
  vehicleType: 'Forklift',
  breakdowns: 0,
  operatingHours: 0,
  operatingMinutes: 0,
  mtbfHours: null,
  mttrHours: null,
  downtimeHours: 0,
  downtimeMinutes: 0,
  inspectionCompliance: null,
  ...figures,
});
const label = (row: { vehicle: string }) => row.vehicle;

describe('Fleet figures', () => {
  const rows = [
    vehicle('MH12 C', { mtbfHours: 40 }),
    vehicle('MH12 A', { mtbfHours: null }),
    vehicle('MH12 B', { mtbfHours: 12.5 }),
    vehicle('MH12 D', { mtbfHours: 12.5 }),
  ];

  it('given vehicles, when sorted by MTBF ascending, then the shortest comes first, ties by name, and those never broken down last', () => {
    expect(sortFleetRows(rows, 'mtbfHours', 'asc', label).map(label)).toEqual(['MH12 B', 'MH12 D', 'MH12 C', 'MH12 A']);
  });

  it('given vehicles, when sorted by MTBF descending, then the longest comes first and the unmeasured still go last', () => {
    expect(sortFleetRows(rows, 'mtbfHours', 'desc', label).map(label)).toEqual(['MH12 C', 'MH12 B', 'MH12 D', 'MH12 A']);
  });

  it('given vehicles, when sorted by name, then A to Z and back; the input is left as it was', () => {
    expect(sortFleetRows(rows, 'label', 'asc', label).map(label)).toEqual(['MH12 A', 'MH12 B', 'MH12 C', 'MH12 D']);
    expect(sortFleetRows(rows, 'label', 'desc', label).map(label)).toEqual(['MH12 D', 'MH12 C', 'MH12 B', 'MH12 A']);
    expect(rows.map(label)).toEqual(['MH12 C', 'MH12 A', 'MH12 B', 'MH12 D']);
  });

  it('given a sort, when the same header is clicked, then it flips; a new header starts at its worst end', () => {
    expect(nextSort({ key: 'mtbfHours', direction: 'asc' }, 'mtbfHours')).toEqual({ key: 'mtbfHours', direction: 'desc' });
    expect(nextSort({ key: 'label', direction: 'asc' }, 'mtbfHours')).toEqual({ key: 'mtbfHours', direction: 'asc' });
    expect(nextSort({ key: 'label', direction: 'asc' }, 'downtimeMinutes')).toEqual({ key: 'downtimeMinutes', direction: 'desc' });
    expect(nextSort({ key: 'mtbfHours', direction: 'asc' }, 'label')).toEqual({ key: 'label', direction: 'asc' });
  });

  it('given figures, when shown, then every duration has its unit, compliance is a percentage, and what was not measured is said in words', () => {
    const row = vehicle('X', {
      breakdowns: 2,
      operatingMinutes: 1_230,
      mtbfHours: 10.25,
      mttrHours: 0.5,
      downtimeMinutes: 2,
      inspectionCompliance: 0.857,
    });
    const cells = (figures: FleetFigures) =>
      (['breakdowns', 'operatingMinutes', 'mtbfHours', 'mttrHours', 'downtimeMinutes', 'inspectionCompliance'] as const).map((key) =>
        fleetCell(figures, key),
      );
    expect(cells(row)).toEqual(['2', '20 h 30 min', '10.3 h', '30 min', '2 min', '86%']);
    // Never broken down, never driven: no "0.0 h" anywhere.
    expect(cells(vehicle('Y', {}))).toEqual(['0', '0 min', 'no breakdowns', '—', '0 min', '—']);
    // Broke down before any ride: MTBF 0 says nothing; the repair is still open.
    expect(cells(vehicle('Z', { breakdowns: 1, mtbfHours: 0, downtimeMinutes: 95 }))).toEqual([
      '1',
      '0 min',
      'no ride time',
      'none repaired',
      '1 h 35 min',
      '—',
    ]);
  });

  it('given vehicles, when charted, then only those that were down show, longest first', () => {
    const bars = downtimeBars([
      vehicle('A', { downtimeMinutes: 0 }),
      vehicle('B', { downtimeMinutes: 76 }),
      vehicle('C', { downtimeMinutes: 240 }),
    ]);
    expect(bars).toEqual([
      { vehicle: 'C', vehicleType: 'Forklift', downtime: 4, minutes: 240 },
      { vehicle: 'B', vehicleType: 'Forklift', downtime: 1.27, minutes: 76 },
    ]);
    expect(downtimeBars([])).toEqual([]);
  });
});
