import { describe, expect, it } from 'vitest';
import { complianceText, downtimeBars, fleetCell, hoursText, nextSort, sortFleetRows, type FleetFigures } from './fleet-figures';

const vehicle = (name: string, figures: Partial<FleetFigures>) => ({
  vehicle: name,
  vehicleType: 'Forklift',
  breakdowns: 0,
  operatingHours: 0,
  mtbfHours: null,
  mttrHours: null,
  downtimeHours: 0,
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
    expect(nextSort({ key: 'label', direction: 'asc' }, 'downtimeHours')).toEqual({ key: 'downtimeHours', direction: 'desc' });
    expect(nextSort({ key: 'mtbfHours', direction: 'asc' }, 'label')).toEqual({ key: 'label', direction: 'asc' });
  });

  it('given figures, when shown, then hours have one decimal, compliance a whole percentage, and missing ones a dash', () => {
    expect(hoursText(3)).toBe('3.0');
    expect(hoursText(2.449)).toBe('2.4');
    expect(hoursText(null)).toBe('—');
    expect(complianceText(0.857)).toBe('86%');
    expect(complianceText(1)).toBe('100%');
    expect(complianceText(null)).toBe('—');
    const row = vehicle('X', { breakdowns: 2, mttrHours: 1.25, inspectionCompliance: 0.5 });
    expect([
      fleetCell(row, 'breakdowns'),
      fleetCell(row, 'mttrHours'),
      fleetCell(row, 'mtbfHours'),
      fleetCell(row, 'inspectionCompliance'),
    ]).toEqual(['2', '1.3', '—', '50%']);
  });

  it('given vehicles, when charted, then only those that were down show, longest first', () => {
    const bars = downtimeBars([
      vehicle('A', { downtimeHours: 0 }),
      vehicle('B', { downtimeHours: 1.26 }),
      vehicle('C', { downtimeHours: 4 }),
    ]);
    expect(bars).toEqual([
      { vehicle: 'C', vehicleType: 'Forklift', downtime: 4 },
      { vehicle: 'B', vehicleType: 'Forklift', downtime: 1.3 },
    ]);
    expect(downtimeBars([])).toEqual([]);
  });
});
