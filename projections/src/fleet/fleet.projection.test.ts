import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fleetFiguresByGroup, type FleetFigures } from '@plantride/schemas';
import { migrateProjections } from '../../../engine/src/projection-runner/projection-runner';
import { openTestDatabase, testStoreKinds, type TestDatabase } from '../../../engine/src/test-support/test-database';
import type { ReadModels } from '../read-models';
import { fleetProjection } from './fleet.projection';
import { applyFleet, clearFleet, dumpFleet, fleetHistory } from './fleet.fixture';
import { fleetTotals, type FleetFilter } from './fleet.queries';

// 09:00 on plant day 2026-04-01 (UTC+05:30); h(24) is 09:00 on 2026-04-02.
const T0 = Date.UTC(2026, 3, 1, 3, 30);
const h = (hours: number) => T0 + hours * 3_600_000;

/** Two plant days of a small fleet; every figure below is worked out by hand in the comments. */
function twoDays() {
  const f = fleetHistory();
  f.added('D1', 'MH12 A', 'Forklift', h(-1));
  f.added('D2', '', 'Forklift', h(-1));
  f.added('D3', 'MH12 C', 'Crane', h(-1));
  // Day 1. D1 inspects, then drives 2 h; breaks down at 3 h, repaired at 5 h.
  f.inspected('D1', 'Forklift', h(0));
  f.took('D1', 'R1', h(0.5));
  f.released('D1', 'R1', h(2.5));
  f.brokeDown('D1', 'M1', 'Forklift', h(3));
  f.accepted('M1', h(4));
  f.completed('M1', 'D1', h(5));
  // D2 has no registration number: 1 h in Forklift only, not inspected.
  f.took('D2', 'R2', h(1));
  f.released('D2', 'R2', h(2));
  // D3 breaks down mid-ride after 1 h; the request is rejected half an hour later.
  f.took('D3', 'R3', h(1));
  f.brokeDown('D3', 'M2', 'Crane', h(2));
  f.released('D3', 'R3', h(2), 'redistributed');
  f.rejected('M2', 'D3', h(2.5));
  // Day 2. D1 drives 1 h uninspected, breaks down at 26 h (still open); D3 holds a ride from 28 h.
  f.took('D1', 'R4', h(24));
  f.released('D1', 'R4', h(25));
  f.brokeDown('D1', 'M3', 'Forklift', h(26));
  f.updated('D1', 'MH12 B', 'Forklift', h(27));
  f.took('D3', 'R5', h(28));
  return f.events;
}

const NOW = new Date(h(30));

/** Figures worked out in hours, with the same times in whole minutes beside them. */
const F = <T extends Omit<FleetFigures, 'operatingMinutes' | 'downtimeMinutes'>>(figures: T) => ({
  ...figures,
  operatingMinutes: figures.operatingHours * 60,
  downtimeMinutes: figures.downtimeHours * 60,
});

describe.each(testStoreKinds())('fleet reliability read model on %s', (kind) => {
  let database: TestDatabase;
  let db: Kysely<ReadModels>;
  beforeEach(async () => {
    database = await openTestDatabase(kind);
    db = database.db as Kysely<ReadModels>;
    await migrateProjections(db, [fleetProjection]);
  });
  afterEach(() => database.dispose());

  const figures = async (filter: FleetFilter) => fleetFiguresByGroup(await fleetTotals(db, filter, NOW));

  it('given two plant days of rides, breakdowns and repairs, when both days are asked, then each vehicle has its figures, open ones counted until now, and each type and the total are their rows added up', async () => {
    await applyFleet(db, twoDays());
    const crane = F({ breakdowns: 1, operatingHours: 3, mtbfHours: 3, mttrHours: null, downtimeHours: 0.5, inspectionCompliance: 0 });
    expect(await figures({ from: '2026-04-01', to: '2026-04-02' })).toEqual({
      vehicleTypes: [
        // Rides 1 h + the open one 2 h; one rejected breakdown (0.5 h blocked); two operating days, none inspected.
        { vehicleType: 'Crane', ...crane },
        // MH12 A and the Unknown row: rides 2 + 1 + 1 h; M1 repaired in 2 h, M3 blocked 4 h until now; three days, one inspected.
        {
          vehicleType: 'Forklift',
          ...F({ breakdowns: 2, operatingHours: 4, mtbfHours: 2, mttrHours: 2, downtimeHours: 6, inspectionCompliance: 0.333 }),
        },
      ],
      vehicles: [
        { vehicle: 'MH12 C', vehicleType: 'Crane', ...crane },
        // M3 stays on MH12 A, the vehicle he drove when blocked, though his record says MH12 B since.
        {
          vehicle: 'MH12 A',
          vehicleType: 'Forklift',
          ...F({ breakdowns: 2, operatingHours: 3, mtbfHours: 1.5, mttrHours: 2, downtimeHours: 6, inspectionCompliance: 0.5 }),
        },
        // D2 has no registration number: his hour is the type's Unknown row, so the type adds up.
        {
          vehicle: 'Unknown',
          vehicleType: 'Forklift',
          ...F({ breakdowns: 0, operatingHours: 1, mtbfHours: null, mttrHours: null, downtimeHours: 0, inspectionCompliance: 0 }),
        },
      ],
      // 3 breakdowns over 7 h; M1 the only repair; 6.5 h down; five operating days, one inspected.
      total: F({ breakdowns: 3, operatingHours: 7, mtbfHours: 2.33, mttrHours: 2, downtimeHours: 6.5, inspectionCompliance: 0.2 }),
    });
  });

  it('given the same history, when one type and one day are asked, then only they count', async () => {
    await applyFleet(db, twoDays());
    const forklift = F({ breakdowns: 1, operatingHours: 1, mtbfHours: 1, mttrHours: null, downtimeHours: 4, inspectionCompliance: 0 });
    expect(await figures({ from: '2026-04-02', to: '2026-04-02', vehicleType: 'Forklift' })).toEqual({
      vehicleTypes: [{ vehicleType: 'Forklift', ...forklift }],
      vehicles: [{ vehicle: 'MH12 A', vehicleType: 'Forklift', ...forklift }],
      total: forklift,
    });
    expect(await figures({ from: '2026-04-03', to: '2026-04-09' })).toEqual({
      vehicleTypes: [],
      vehicles: [],
      total: F({ breakdowns: 0, operatingHours: 0, mtbfHours: null, mttrHours: null, downtimeHours: 0, inspectionCompliance: null }),
    });
  });

  it('given the same history, when it comes in batches of any size or twice, then the rows are those of one batch', async () => {
    const events = twoDays();
    await applyFleet(db, events);
    const once = await dumpFleet(db);
    expect(once.fleet_breakdowns).toHaveLength(3);
    await applyFleet(db, events.slice(0, 20));
    expect(await dumpFleet(db)).toEqual(once);
    for (const size of [1, 2, 3, 7]) {
      await clearFleet(db);
      await applyFleet(
        db,
        events,
        Array.from({ length: events.length }, () => size),
      );
      expect(await dumpFleet(db), `batches of ${size}`).toEqual(once);
    }
  });
});
