import { describe, expect, it } from 'vitest';
import { fleetFiguresByGroup, type FleetVehicleTotals } from './fleet.api';

const S = 1000;
const vehicle = (vehicle: string, vehicleType: string, facts: Partial<FleetVehicleTotals>): FleetVehicleTotals => ({
  vehicle,
  vehicleType,
  breakdowns: 0,
  operatingMs: 0,
  repairMs: [],
  downtimeMs: 0,
  operatingDays: 0,
  inspectedDays: 0,
  ...facts,
});

describe('fleet figures per type and in total (issue #32 item 6)', () => {
  it('given vehicles whose times fall between whole minutes, when grouped, then each type is the sum of its rows as they read, not a rounding of its own', () => {
    const answer = fleetFiguresByGroup([
      // 1 min 30 s and 1 min 30 s read 2 min each: the type says 4 min, not the 3 min measured apart.
      vehicle('MH12 A', 'Forklift', { breakdowns: 1, downtimeMs: 90 * S, operatingMs: 29 * S, operatingDays: 1 }),
      vehicle('Unknown', 'Forklift', { breakdowns: 1, downtimeMs: 90 * S, operatingMs: 29 * S, operatingDays: 1, inspectedDays: 1 }),
      vehicle('MH12 C', 'Crane', { downtimeMs: 0, operatingMs: 3_600 * S, repairMs: [600 * S], operatingDays: 2, inspectedDays: 2 }),
    ]);
    expect(answer.vehicles.map((row) => [row.vehicle, row.downtimeMinutes, row.operatingMinutes])).toEqual([
      ['MH12 A', 2, 0],
      ['Unknown', 2, 0],
      ['MH12 C', 0, 60],
    ]);
    expect(answer.vehicleTypes.map((row) => [row.vehicleType, row.breakdowns, row.downtimeMinutes, row.operatingMinutes])).toEqual([
      ['Crane', 0, 0, 60],
      ['Forklift', 2, 4, 0],
    ]);
    expect(answer.vehicleTypes[1]).toMatchObject({ downtimeHours: 0.07, mtbfHours: 0, mttrHours: null, inspectionCompliance: 0.5 });
    expect(answer.total).toMatchObject({
      breakdowns: 2,
      downtimeMinutes: 4,
      operatingMinutes: 60,
      operatingHours: 1,
      mtbfHours: 0.5,
      mttrHours: 0.17,
      inspectionCompliance: 0.75,
    });
  });

  it('given no vehicle, then no type and a total of nothing measured', () => {
    expect(fleetFiguresByGroup([])).toEqual({
      vehicleTypes: [],
      vehicles: [],
      total: {
        breakdowns: 0,
        operatingHours: 0,
        operatingMinutes: 0,
        mtbfHours: null,
        mttrHours: null,
        downtimeHours: 0,
        downtimeMinutes: 0,
        inspectionCompliance: null,
      },
    });
  });
});
