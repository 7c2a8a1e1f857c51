import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { driverStreamId, plantDayOf } from '@plantride/schemas';
import { driverEvents as d } from '../../../engine/src/test-support/driver-events';
import { at } from '../../../engine/src/test-support/event-builder';
import { projectionSpec } from '../../../engine/src/test-support/projection-spec';
import { recordedEvents, redeliver } from '../../../engine/src/test-support/redelivery';
import { testStoreKinds } from '../../../engine/src/test-support/test-database';
import { driversProjection } from './drivers.projection';
import { blockedDrivers, countDriversOfType, findDriver, isDriverBlocked, listDrivers } from './drivers.queries';

const ids = (rows: { operator_id: string }[]) => rows.map((row) => row.operator_id);
const inspected = (inspectionId: string, iso: string, passed: boolean, operatorId = 'FL01') => ({
  streamId: driverStreamId(operatorId),
  type: 'VehicleInspected' as const,
  data: {
    inspectionId,
    operatorId,
    vehicleType: 'Forklift' as const,
    vehicleNumber: 'MH12',
    day: plantDayOf(iso),
    items: [{ id: 'brakes', text: 'Brakes work', critical: true, ok: passed, note: passed ? null : 'soft' }],
    passed,
    inspectedAt: iso,
  },
});

describe.each(testStoreKinds())('drivers read model on %s', (kind) => {
  let spec: Awaited<ReturnType<typeof projectionSpec>>;
  beforeEach(async () => {
    spec = await projectionSpec(kind, driversProjection);
  });
  afterEach(() => spec.dispose());

  const driver = (operatorId = 'FL01') => findDriver(spec.db, operatorId);
  const recordedAtOf = async (type: string) =>
    (await recordedEvents(spec.database)).filter((event) => event.type === type).at(-1)!.recordedAt;

  describe('rows', () => {
    it('given a driver added, then his row is the admin record, created when the record says, free to work', async () => {
      await spec.given(
        d.added('FL01', 5, {
          serial: 7,
          vehicle: 'MH12 AB 1234',
          name: 'Suresh Patil',
          forklift: '42',
          comments: 'night shift',
          vehicleAssigned: 'Cherry Picker',
        }),
      );
      expect(await driver()).toEqual({
        operator_id: 'FL01',
        serial: 7,
        vehicle: 'MH12 AB 1234',
        name: 'Suresh Patil',
        mobile: '9876543210',
        role: 'Driver',
        forklift: '42',
        status: 'Active',
        comments: 'night shift',
        vehicle_assigned: 'Cherry Picker',
        created_at: new Date(at(5)),
        blocked_for_maintenance: false,
        maintenance_request_id: null,
        access_active: true,
        last_maintenance_date: null,
        last_inspected_at: null,
        last_inspection_day: null,
        last_inspection_passed: null,
        last_position: 1,
      });
    });

    it('given a driver record, when the admin saves an edit, then every record field changes but its creation time and blocks stay', async () => {
      await spec.given(d.added('FL01', 0), d.accessToggled('FL01', false), d.blockedForMaintenance('FL01', 'M1'));
      await spec.given(
        d.updated('FL01', 30, {
          serial: 9,
          vehicle: 'MH14 ZZ 9',
          name: 'Suresh P',
          mobile: '9000011111',
          forklift: '7',
          status: 'Not Active',
          comments: 'moved',
          vehicleAssigned: '',
        }),
      );
      expect(await driver()).toMatchObject({
        serial: 9,
        vehicle: 'MH14 ZZ 9',
        name: 'Suresh P',
        mobile: '9000011111',
        forklift: '7',
        status: 'Not Active',
        comments: 'moved',
        vehicle_assigned: '',
        created_at: new Date(at(0)),
        access_active: false,
        blocked_for_maintenance: true,
        maintenance_request_id: 'M1',
      });
    });

    it('given an active driver, when the admin marks him Not Active and then Active, then his status follows', async () => {
      await spec.given(d.added('FL01'), d.statusChanged('FL01', 'Not Active'));
      expect(await driver()).toMatchObject({ status: 'Not Active' });
      await spec.given(d.statusChanged('FL01', 'Active'));
      expect(await driver()).toMatchObject({ status: 'Active' });
    });

    it('given a driver, when the admin withdraws his access and grants it again, then access follows', async () => {
      await spec.given(d.added('FL01'), d.accessToggled('FL01', false));
      expect(await driver()).toMatchObject({ access_active: false });
      await spec.given(d.accessToggled('FL01', true));
      expect(await driver()).toMatchObject({ access_active: true });
    });

    it('given a driver, when he asks for maintenance, then he is blocked by that request', async () => {
      await spec.given(d.added('FL01'), d.blockedForMaintenance('FL01', 'M1'));
      expect(await driver()).toMatchObject({ blocked_for_maintenance: true, maintenance_request_id: 'M1', last_maintenance_date: null });
    });

    it('given a driver blocked for maintenance, when it is completed, then the block lifts and his last maintenance is when he was released', async () => {
      await spec.given(d.added('FL01'), d.blockedForMaintenance('FL01', 'M1'), d.unblocked('FL01', 'maintenance_completed'));
      expect(await driver()).toMatchObject({
        blocked_for_maintenance: false,
        maintenance_request_id: null,
        last_maintenance_date: await recordedAtOf('DriverUnblocked'),
      });
    });

    it('given a driver once maintained, when a later request is rejected, then the block lifts and his last maintenance stays the earlier one', async () => {
      await spec.given(d.added('FL01'), d.blockedForMaintenance('FL01', 'M1'), d.unblocked('FL01', 'maintenance_completed'));
      const maintained = await recordedAtOf('DriverUnblocked');
      await spec.given(d.blockedForMaintenance('FL01', 'M2'), d.unblocked('FL01', 'maintenance_rejected'));
      expect(await driver()).toMatchObject({
        blocked_for_maintenance: false,
        maintenance_request_id: null,
        last_maintenance_date: maintained,
      });
    });

    it('given a driver who inspected twice, then his row keeps the latest: when, its plant day and whether it passed', async () => {
      await spec.given(
        d.added('FL01'),
        inspected('I1', '2026-03-01T03:00:00.000Z', true),
        inspected('I2', '2026-03-02T20:00:00.000Z', false),
      );
      expect(await driver()).toMatchObject({
        last_inspected_at: new Date('2026-03-02T20:00:00.000Z'),
        last_inspection_day: '2026-03-03',
        last_inspection_passed: false,
      });
      await redeliver(
        spec.database,
        [driversProjection],
        (event) => event.type === 'VehicleInspected' && (event.data as { inspectionId: string }).inspectionId === 'I1',
      );
      expect(await driver()).toMatchObject({ last_inspection_day: '2026-03-03', last_inspection_passed: false });
    });

    it('given rows projected before the inspection columns, when the migration runs, then each takes his latest inspection among the events it had applied', async () => {
      await spec.given(
        d.added('FL01'),
        inspected('I1', '2026-03-01T03:00:00.000Z', true),
        inspected('I2', '2026-03-02T03:00:00.000Z', false),
        d.added('FL02'),
        d.added('FL03'),
        inspected('I3', '2026-03-02T04:00:00.000Z', true, 'FL03'),
      );
      await sql`alter table drivers drop column last_inspected_at, drop column last_inspection_day, drop column last_inspection_passed`.execute(
        spec.db,
      );
      // As if FL01's row had applied his first inspection only, and FL03's none yet (the runner applies them after the migration).
      await sql`update drivers set last_position = case operator_id when 'FL01' then 2 else 1 end`.execute(spec.db);
      await driversProjection.migrations['0002_last_inspection']!.up(spec.db);
      const rows = await spec.db
        .selectFrom('drivers')
        .select(['operator_id', 'last_inspected_at', 'last_inspection_day', 'last_inspection_passed'])
        .orderBy('operator_id')
        .execute();
      expect(rows).toEqual([
        {
          operator_id: 'FL01',
          last_inspected_at: new Date('2026-03-01T03:00:00.000Z'),
          last_inspection_day: '2026-03-01',
          last_inspection_passed: true,
        },
        { operator_id: 'FL02', last_inspected_at: null, last_inspection_day: null, last_inspection_passed: null },
        { operator_id: 'FL03', last_inspected_at: null, last_inspection_day: null, last_inspection_passed: null },
      ]);
    });

    it('given a blocked driver changed since, when his older events are applied again past the checkpoint, then his row is unchanged', async () => {
      await spec.given(
        d.added('FL01'),
        d.blockedForMaintenance('FL01', 'M1'),
        d.unblocked('FL01', 'maintenance_completed'),
        d.statusChanged('FL01', 'Not Active'),
        d.accessToggled('FL01', false),
        d.updated('FL01', 0, { name: 'Renamed', status: 'Not Active' }),
      );
      const before = await driver();
      await spec.given();
      expect(await driver()).toEqual(before);
      for (const type of ['DriverAdded', 'DriverBlockedForMaintenance', 'DriverStatusChanged', 'DriverAccessToggled']) {
        await redeliver(spec.database, [driversProjection], (event) => event.type === type);
        expect(await driver(), `after ${type} again`).toEqual(before);
      }
      expect(before).toMatchObject({ name: 'Renamed', blocked_for_maintenance: false, status: 'Not Active', access_active: false });
    });
  });

  describe('queries', () => {
    it('given drivers added at different times, then the list is newest first, ties by operator id', async () => {
      await spec.given(d.added('FL03', 1), d.added('FL01', 5), d.added('FL02', 5), d.added('FL04', 3));
      expect(ids(await listDrivers(spec.db))).toEqual(['FL01', 'FL02', 'FL04', 'FL03']);
    });

    it('given drivers blocked each way and free ones, then the blocked list names exactly the blocked, by operator id', async () => {
      await spec.given(
        d.added('FL05'),
        d.added('FL04'),
        d.added('FL03'),
        d.added('FL02'),
        d.added('FL01'),
        d.blockedForMaintenance('FL05', 'M1'),
        d.statusChanged('FL03', 'Not Active'),
        d.accessToggled('FL02', false),
        d.blockedForMaintenance('FL04', 'M2'),
        d.unblocked('FL04', 'maintenance_rejected'),
      );
      expect(ids(await blockedDrivers(spec.db))).toEqual(['FL02', 'FL03', 'FL05']);
      const rows = await listDrivers(spec.db);
      expect(ids(rows.filter(isDriverBlocked)).sort()).toEqual(['FL02', 'FL03', 'FL05']);
    });

    it('given drivers of several types and states, then booking counts the Active ones of a type', async () => {
      await spec.given(
        d.added('FL01'),
        d.added('FL02'),
        d.added('FL03'),
        d.added('FL04'),
        d.added('FL05'),
        d.added('CR01', 0, { vehicleAssigned: 'Crane' }),
        d.added('NO01', 0, { vehicleAssigned: '' }),
        d.statusChanged('FL02', 'Not Active'),
        d.accessToggled('FL03', false),
        d.blockedForMaintenance('FL04', 'M1'),
      );
      expect(await countDriversOfType(spec.db, 'Forklift')).toBe(4);
      expect(await countDriversOfType(spec.db, 'Crane')).toBe(1);
      expect(await countDriversOfType(spec.db, 'AMR')).toBe(0);
    });
  });
});
