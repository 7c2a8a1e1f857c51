import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLEET_NO_REGISTRATION, fleetFiguresByGroup, type FleetFigures, type VehicleType } from '@plantride/schemas';
import { fleetProjection, fleetTotals, type ReadModels } from '@plantride/projections';
import { applyFleet, clearFleet, fleetHistory } from '../../../projections/src/fleet/fleet.fixture';
import { migrateProjections } from '../projection-runner/projection-runner';
import { openTestDatabase, testStoreKinds, type TestDatabase } from '../test-support/test-database';
import { replayParameters } from '../reliability/support/fuzz-settings';

/**
 * For any history of driver records, inspections, rides taken and released, breakdowns, repairs
 * and rejections, the fleet query over any range equals a direct computation over the same facts,
 * and the per-type and total rows are the per-vehicle rows added up (issue #32 item 6).
 * CI runs a few histories; FLEET_RUNS=500 raises it locally (FUZZ_SEED / FUZZ_PATH replay one).
 */
const RUNS = Number(process.env.FLEET_RUNS) || 12;

const DRIVERS = ['D1', 'D2', 'D3'];
const VEHICLES = ['MH01', 'MH02', ''];
const TYPES: Array<VehicleType | ''> = ['Forklift', 'Crane', ''];
const KINDS = ['update', 'inspect', 'take', 'release', 'breakdown', 'accept', 'complete', 'reject'] as const;

const stepArb = fc.record({
  kind: fc.constantFrom(...KINDS),
  driver: fc.nat(DRIVERS.length - 1),
  vehicle: fc.nat(VEHICLES.length - 1),
  type: fc.nat(TYPES.length - 1),
  // Up to ten hours between steps: histories cross plant midnights.
  gapMinutes: fc.integer({ min: 1, max: 600 }),
});
const historyArb = fc.record({
  start: fc.integer({ min: 0, max: 24 * 60 }),
  initial: fc.array(fc.record({ vehicle: fc.nat(VEHICLES.length - 1), type: fc.nat(1) }), {
    minLength: DRIVERS.length,
    maxLength: DRIVERS.length,
  }),
  steps: fc.array(stepArb, { maxLength: 45 }),
  batches: fc.array(fc.integer({ min: 1, max: 12 }), { maxLength: 8 }),
  nowGapMinutes: fc.integer({ min: 0, max: 600 }),
  ranges: fc.array(fc.tuple(fc.nat(6), fc.nat(6)), { minLength: 1, maxLength: 3 }),
});

type History = typeof historyArb extends fc.Arbitrary<infer T> ? T : never;

// The plant's clock is UTC+05:30 all year (Asia/Kolkata).
const plantDay = (ms: number) => new Date(ms + 330 * 60_000).toISOString().slice(0, 10);

interface Hold {
  op: string;
  start: number;
  end: number | null;
  vehicle: string;
  type: string;
}
interface Breakdown {
  block: number;
  vehicle: string;
  type: string;
  completed: number | null;
  unblocked: number | null;
}
interface Facts {
  holds: Hold[];
  breakdowns: Breakdown[];
  inspections: Array<{ op: string; at: number }>;
}

/** The history as events (only what the engine would accept), and the facts it stands for, noted as it goes. */
function play(history: Pick<History, 'start' | 'initial' | 'steps'>) {
  const f = fleetHistory();
  const facts: Facts = { holds: [], breakdowns: [], inspections: [] };
  let now = Date.UTC(2026, 3, 1, 0, 0) + history.start * 60_000;
  const drivers = new Map(
    DRIVERS.map((op, i) => {
      const { vehicle, type } = history.initial[i]!;
      f.added(op, VEHICLES[vehicle]!, TYPES[type]!, now);
      return [
        op,
        {
          vehicle: VEHICLES[vehicle]!,
          type: TYPES[type]!,
          hold: null as Hold | null,
          ride: 0,
          blocked: null as { id: string; breakdown: Breakdown } | null,
        },
      ];
    }),
  );
  let requests = 0;
  for (const step of history.steps) {
    now += step.gapMinutes * 60_000;
    const op = DRIVERS[step.driver]!;
    const d = drivers.get(op)!;
    switch (step.kind) {
      case 'update':
        d.vehicle = VEHICLES[step.vehicle]!;
        d.type = TYPES[step.type]!;
        f.updated(op, d.vehicle, d.type, now);
        break;
      case 'inspect':
        if (d.type === '') break;
        f.inspected(op, d.type, now);
        facts.inspections.push({ op, at: now });
        break;
      case 'take':
        if (d.hold || d.blocked || d.type === '') break;
        d.ride += 1;
        d.hold = { op, start: now, end: null, vehicle: d.vehicle, type: d.type };
        facts.holds.push(d.hold);
        f.took(op, `${op}-R${d.ride}`, now);
        break;
      case 'release':
        if (!d.hold) break;
        d.hold.end = now;
        d.hold = null;
        f.released(op, `${op}-R${d.ride}`, now);
        break;
      case 'breakdown': {
        if (d.blocked || d.type === '') break;
        requests += 1;
        const id = `M${requests}`;
        const breakdown = { block: now, vehicle: d.vehicle, type: d.type, completed: null, unblocked: null };
        facts.breakdowns.push(breakdown);
        d.blocked = { id, breakdown };
        f.brokeDown(op, id, d.type, now);
        // Mid-ride, the ride goes to the others in the same append.
        if (d.hold) {
          d.hold.end = now;
          d.hold = null;
          f.released(op, `${op}-R${d.ride}`, now, 'redistributed');
        }
        break;
      }
      case 'accept':
        if (d.blocked) f.accepted(d.blocked.id, now);
        break;
      case 'complete':
      case 'reject':
        if (!d.blocked) break;
        d.blocked.breakdown.unblocked = now;
        if (step.kind === 'complete') {
          d.blocked.breakdown.completed = now;
          f.completed(d.blocked.id, op, now);
        } else f.rejected(d.blocked.id, op, now);
        d.blocked = null;
        break;
    }
  }
  return { events: f.events, facts, last: now };
}

interface Expected {
  breakdowns: number;
  operatingMs: number;
  repairMs: number[];
  downtimeMs: number;
  operatingDays: number;
  inspectedDays: number;
}

/** The figures straight from the facts, per vehicle type and per (type, registration number). */
function expected(facts: Facts, from: string, to: string, now: number) {
  const inRange = (day: string) => day >= from && day <= to;
  const groups = new Map<string, Expected>();
  const group = (key: string) => {
    if (!groups.has(key))
      groups.set(key, { breakdowns: 0, operatingMs: 0, repairMs: [], downtimeMs: 0, operatingDays: 0, inspectedDays: 0 });
    return groups.get(key)!;
  };
  const keysOf = (type: string, vehicle: string) => [`type ${type}`, `vehicle ${type} ${vehicle === '' ? FLEET_NO_REGISTRATION : vehicle}`];
  for (const b of facts.breakdowns.filter((b) => inRange(plantDay(b.block)))) {
    for (const key of keysOf(b.type, b.vehicle)) {
      const g = group(key);
      g.breakdowns += 1;
      g.downtimeMs += (b.unblocked ?? now) - b.block;
      if (b.completed !== null) g.repairMs.push(b.completed - b.block);
    }
  }
  const firstTakes = new Map<string, Hold>();
  for (const hold of facts.holds.filter((h) => inRange(plantDay(h.start)))) {
    for (const key of keysOf(hold.type, hold.vehicle)) group(key).operatingMs += (hold.end ?? now) - hold.start;
    const unit = `${plantDay(hold.start)} ${hold.type} ${hold.vehicle === '' ? `driver ${hold.op}` : hold.vehicle}`;
    const first = firstTakes.get(unit);
    if (!first || hold.start < first.start) firstTakes.set(unit, hold);
  }
  for (const hold of firstTakes.values()) {
    const inspected = facts.inspections.some((i) => i.op === hold.op && i.at < hold.start && plantDay(i.at) === plantDay(hold.start));
    for (const key of keysOf(hold.type, hold.vehicle)) {
      group(key).operatingDays += 1;
      if (inspected) group(key).inspectedDays += 1;
    }
  }
  return groups;
}

const hours = (ms: number) => ms / 3_600_000;

describe.each(testStoreKinds())('fleet figures as a property on %s', (kind) => {
  let database: TestDatabase;
  let db: Kysely<ReadModels>;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    db = database.db as Kysely<ReadModels>;
    await migrateProjections(db, [fleetProjection]);
  });
  afterAll(() => database.dispose());

  it("for any history and range, each vehicle's facts equal a direct computation, every figure is within its rounding of it, and a type is the sum of its vehicles, the total the sum of the types", async () => {
    await fc.assert(
      fc.asyncProperty(historyArb, async (history) => {
        const { events, facts, last } = play(history);
        await clearFleet(db);
        await applyFleet(db, events, history.batches);
        const now = last + history.nowGapMinutes * 60_000;
        const firstDay = plantDay(Date.UTC(2026, 3, 1, 0, 0) + history.start * 60_000);
        for (const [a, b] of [[0, 6] as const, ...history.ranges]) {
          const day = (n: number) => new Date(Date.parse(`${firstDay}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
          const [from, to] = [day(Math.min(a, b)), day(Math.max(a, b))];
          const vehicles = await fleetTotals(db, { from, to }, new Date(now));
          const want = expected(facts, from, to, now);
          const wantVehicles = [...want].filter(([key]) => key.startsWith('vehicle '));
          const got = new Map<string, Expected>(vehicles.map(({ vehicleType, vehicle, ...t }) => [`vehicle ${vehicleType} ${vehicle}`, t]));
          // Every fact counts once, on its vehicle (records without a registration number on their type's Unknown row).
          expect([...got.keys()].sort(), `${from}..${to}`).toEqual(wantVehicles.map(([key]) => key).sort());
          for (const [key, w] of wantVehicles) {
            const g = got.get(key)!;
            expect({ ...g, repairMs: [...g.repairMs].sort((x, y) => x - y) }, `${key} ${from}..${to}`).toEqual({
              ...w,
              repairMs: [...w.repairMs].sort((x, y) => x - y),
            });
          }

          const answer = fleetFiguresByGroup(vehicles);
          const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
          // Each row against the facts: whole minutes are one rounding away (half a minute per vehicle summed).
          const near = (key: string, figures: FleetFigures, w: Expected, rows: number) => {
            const close = (actual: number | null, value: number | null, within: number) => {
              if (value === null) expect(actual, key).toBeNull();
              else expect(Math.abs(actual! - value), `${key}: ${actual} vs ${value}`).toBeLessThanOrEqual(within);
            };
            const slack = (rows * 0.5) / 60 + 0.005001;
            expect(figures.breakdowns).toBe(w.breakdowns);
            close(figures.operatingMinutes, w.operatingMs / 60_000, rows * 0.5);
            close(figures.downtimeMinutes, w.downtimeMs / 60_000, rows * 0.5);
            close(figures.operatingHours, hours(w.operatingMs), slack);
            close(figures.mtbfHours, w.breakdowns === 0 ? null : hours(w.operatingMs) / w.breakdowns, slack);
            close(figures.mttrHours, w.repairMs.length === 0 ? null : hours(mean(w.repairMs)), 0.005001);
            close(figures.downtimeHours, hours(w.downtimeMs), slack);
            close(figures.inspectionCompliance, w.operatingDays === 0 ? null : w.inspectedDays / w.operatingDays, 0.0005001);
          };
          for (const row of answer.vehicles)
            near(`vehicle ${row.vehicleType} ${row.vehicle}`, row, want.get(`vehicle ${row.vehicleType} ${row.vehicle}`)!, 1);
          expect(answer.vehicleTypes.map((t) => `type ${t.vehicleType}`).sort()).toEqual(
            [...want.keys()].filter((k) => k.startsWith('type ')).sort(),
          );
          for (const type of answer.vehicleTypes) {
            const rows = answer.vehicles.filter((row) => row.vehicleType === type.vehicleType);
            near(`type ${type.vehicleType}`, type, want.get(`type ${type.vehicleType}`)!, rows.length);
          }

          // Issue #32 item 6: a type is its vehicles added up, and the total its types.
          const sum = (rows: readonly FleetFigures[], key: 'breakdowns' | 'operatingMinutes' | 'downtimeMinutes') =>
            rows.reduce((s, row) => s + row[key], 0);
          for (const type of answer.vehicleTypes) {
            const rows = answer.vehicles.filter((row) => row.vehicleType === type.vehicleType);
            for (const key of ['breakdowns', 'operatingMinutes', 'downtimeMinutes'] as const)
              expect(type[key], `${type.vehicleType} ${key}`).toBe(sum(rows, key));
          }
          for (const key of ['breakdowns', 'operatingMinutes', 'downtimeMinutes'] as const)
            expect(answer.total[key], `total ${key}`).toBe(sum(answer.vehicleTypes, key));
        }
      }),
      { numRuns: RUNS, ...replayParameters() },
    );
  }, 120_000);
});
