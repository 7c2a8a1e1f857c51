import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { driverStreamId, plantDayOf, type VehicleInspected } from '@plantride/schemas';
import { driverEvents as d } from '../../../engine/src/test-support/driver-events';
import { userEvents as u } from '../../../engine/src/test-support/user-events';
import { projectionSpec } from '../../../engine/src/test-support/projection-spec';
import { redeliver } from '../../../engine/src/test-support/redelivery';
import { testStoreKinds } from '../../../engine/src/test-support/test-database';
import { driversProjection } from '../drivers/drivers.projection';
import { usersProjection } from '../users/users.projection';
import { inspectionsProjection } from './inspections.projection';
import { defectsOf, listInspectionsPage, type InspectionFilter } from './inspections.queries';

const brakes = { id: 'brakes', text: 'Brakes work', critical: true };
const horn = { id: 'horn', text: 'Horn sounds', critical: false };

/** A VehicleInspected on the driver's stream at `iso`; `fail` names the items that failed. */
function inspected(
  inspectionId: string,
  operatorId: string,
  iso: string,
  fail: string[] = [],
  more: Partial<VehicleInspected['data']> = {},
) {
  const items = [brakes, horn].map((item) => ({
    ...item,
    ok: !fail.includes(item.id),
    note: fail.includes(item.id) ? `${item.id} bad` : null,
  }));
  const passed = !items.some((item) => item.critical && !item.ok);
  const data: VehicleInspected['data'] = {
    inspectionId,
    operatorId,
    vehicleType: 'Forklift',
    vehicleNumber: `MH12 ${operatorId}`,
    day: plantDayOf(iso),
    items,
    passed,
    inspectedAt: iso,
    ...more,
  };
  return { streamId: driverStreamId(operatorId), type: 'VehicleInspected' as const, data };
}

describe.each(testStoreKinds())('inspections read model on %s', (kind) => {
  let spec: Awaited<ReturnType<typeof projectionSpec>>;
  beforeEach(async () => {
    spec = await projectionSpec(kind, driversProjection, usersProjection, inspectionsProjection);
  });
  afterEach(() => spec.dispose());

  const list = async (filter: InspectionFilter = {}, page = { limit: 100, offset: 0 }) => listInspectionsPage(spec.db, filter, page);
  const ids = async (filter: InspectionFilter = {}) => (await list(filter)).rows.map((row) => row.inspection_id);
  const rows = () => spec.db.selectFrom('inspections').selectAll().orderBy('inspection_id').execute();
  const drivers = () =>
    spec.db
      .selectFrom('drivers')
      .select(['operator_id', 'last_inspected_at', 'last_inspection_day', 'last_inspection_passed'])
      .orderBy('operator_id')
      .execute();

  it('given a failed critical inspection, then its row keeps each item as answered, the defects and the request it filed', async () => {
    await spec.given(
      d.added('FL01'),
      inspected('I1', 'FL01', '2026-03-02T03:00:00.000Z', ['brakes', 'horn'], { maintenanceRequestId: 'M1' }),
    );
    const [row] = (await list()).rows;
    expect(row).toEqual({
      inspection_id: 'I1',
      operator_id: 'FL01',
      driver_name: 'Driver FL01',
      vehicle_type: 'Forklift',
      vehicle_number: 'MH12 FL01',
      day: '2026-03-02',
      passed: false,
      items: [
        { ...brakes, ok: false, note: 'brakes bad' },
        { ...horn, ok: false, note: 'horn bad' },
      ],
      inspected_at: new Date('2026-03-02T03:00:00.000Z'),
      maintenance_request_id: 'M1',
    });
    expect(defectsOf(row!)).toEqual(['Brakes work', 'Horn sounds']);
  });

  it('given inspections stored before requests were linked (no maintenanceRequestId), then the request reads null', async () => {
    await spec.given(inspected('I1', 'FL01', '2026-03-02T03:00:00.000Z', ['brakes']));
    expect((await rows())[0]).toMatchObject({ passed: false, maintenance_request_id: null });
  });

  it("given drivers with a record, with only an account, and with neither, then each inspection names him by his record as it is now, else his account, else ''", async () => {
    await spec.given(
      d.added('FL01'),
      u.signedUp('FL02', { name: 'Account Name' }),
      inspected('I1', 'FL01', '2026-03-02T03:00:00.000Z'),
      inspected('I2', 'FL02', '2026-03-02T03:01:00.000Z'),
      inspected('I3', 'FL03', '2026-03-02T03:02:00.000Z'),
      d.updated('FL01', 0, { name: 'Renamed' }),
    );
    expect((await list()).rows.map((row) => [row.inspection_id, row.driver_name])).toEqual([
      ['I3', ''],
      ['I2', 'Account Name'],
      ['I1', 'Renamed'],
    ]);
  });

  it('given inspections of several drivers, vehicles and days, then each filter narrows the list, newest first, days inclusive', async () => {
    await spec.given(
      inspected('A', 'FL01', '2026-03-01T03:00:00.000Z'),
      inspected('B', 'FL01', '2026-03-02T03:00:00.000Z', ['horn']),
      inspected('C', 'FL02', '2026-03-02T04:00:00.000Z', ['brakes'], { vehicleType: 'Crane', vehicleNumber: 'KA01 x_1' }),
      // 20:00 UTC is the next plant day (IST +05:30).
      inspected('D', 'FL02', '2026-03-02T20:00:00.000Z'),
    );
    expect(await ids()).toEqual(['D', 'C', 'B', 'A']);
    expect(await ids({ operatorId: 'FL01' })).toEqual(['B', 'A']);
    expect(await ids({ vehicleType: 'Crane' })).toEqual(['C']);
    expect(await ids({ vehicle: 'ka01 X_' })).toEqual(['C']);
    expect(await ids({ vehicle: '%' })).toEqual([]);
    expect(await ids({ from: '2026-03-03' })).toEqual(['D']);
    expect(await ids({ from: '2026-03-02', to: '2026-03-02' })).toEqual(['C', 'B']);
    expect(await ids({ from: '2026-03-02', to: '2026-03-03' })).toEqual(['D', 'C', 'B']);
    expect(await ids({ to: '2026-03-01' })).toEqual(['A']);
    expect(await ids({ passed: false })).toEqual(['C']);
    expect(await ids({ passed: true, operatorId: 'FL02' })).toEqual(['D']);
    expect(await list({}, { limit: 2, offset: 1 })).toMatchObject({ rows: [{ inspection_id: 'C' }, { inspection_id: 'B' }], total: 4 });
  });

  it('given inspections and driver records, when every event is delivered again, then no row changes', async () => {
    await spec.given(
      d.added('FL01'),
      inspected('I1', 'FL01', '2026-03-01T03:00:00.000Z'),
      inspected('I2', 'FL01', '2026-03-02T03:00:00.000Z', ['brakes'], { maintenanceRequestId: 'M1' }),
    );
    const before = [await rows(), await drivers()];
    await redeliver(spec.database, [driversProjection, inspectionsProjection]);
    await redeliver(
      spec.database,
      [driversProjection, inspectionsProjection],
      (event) => event.type === 'VehicleInspected' && (event.data as { inspectionId: string }).inspectionId === 'I1',
    );
    expect([await rows(), await drivers()]).toEqual(before);
  });

  it('given events folded live batch by batch, when the read models are dropped and the store replayed in one batch, then they are the same', async () => {
    await spec.given(d.added('FL01'), d.added('FL02'), inspected('I1', 'FL01', '2026-03-01T03:00:00.000Z'));
    await spec.given(
      inspected('I2', 'FL01', '2026-03-02T03:00:00.000Z', ['horn']),
      inspected('I3', 'FL02', '2026-03-02T04:00:00.000Z', ['brakes'], { maintenanceRequestId: 'M9' }),
    );
    await spec.given(d.updated('FL02', 0, { name: 'Renamed' }), inspected('I4', 'FL02', '2026-03-02T04:30:00.000Z'));
    const live = [await rows(), await drivers(), (await list()).rows];
    await sql`delete from inspections`.execute(spec.db);
    await sql`delete from drivers`.execute(spec.db);
    await sql`delete from users`.execute(spec.db);
    await redeliver(spec.database, [driversProjection, usersProjection, inspectionsProjection]);
    expect([await rows(), await drivers(), (await list()).rows]).toEqual(live);
    expect((await drivers()).map((row) => [row.operator_id, row.last_inspection_day, row.last_inspection_passed])).toEqual([
      ['FL01', '2026-03-02', true],
      ['FL02', '2026-03-02', true],
    ]);
  });
});
