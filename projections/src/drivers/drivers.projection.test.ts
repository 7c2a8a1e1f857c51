import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { driverEvents as d } from '../../../engine/src/test-support/driver-events';
import { at } from '../../../engine/src/test-support/event-builder';
import { projectionSpec } from '../../../engine/src/test-support/projection-spec';
import { recordedEvents, redeliver } from '../../../engine/src/test-support/redelivery';
import { testStoreKinds } from '../../../engine/src/test-support/test-database';
import { driversProjection } from './drivers.projection';
import { availableDriversOfType, blockedDrivers, countDriversOfType, findDriver, isDriverBlocked, listDrivers, nextDriverSerial } from './drivers.queries';

const ids = (rows: { operator_id: string }[]) => rows.map((row) => row.operator_id);

describe.each(testStoreKinds())('drivers read model on %s', (kind) => {
  let spec: Awaited<ReturnType<typeof projectionSpec>>;
  beforeEach(async () => {
    spec = await projectionSpec(kind, driversProjection);
  });
  afterEach(() => spec.dispose());

  const driver = (operatorId = 'FL01') => findDriver(spec.db, operatorId);
  const recordedAtOf = async (type: string) => (await recordedEvents(spec.database)).filter((event) => event.type === type).at(-1)!.recordedAt;

  describe('rows', () => {
    it('given a driver added, then his row is the admin record, created when the record says, free to work', async () => {
      await spec.given(d.added('FL01', 5, { serial: 7, vehicle: 'MH12 AB 1234', name: 'Suresh Patil', forklift: '42', comments: 'night shift', vehicleAssigned: 'Cherry Picker' }));
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
        last_position: 1,
      });
    });

    it('given a driver record, when the admin saves an edit, then every record field changes but its creation time and blocks stay', async () => {
      await spec.given(d.added('FL01', 0), d.accessToggled('FL01', false), d.blockedForMaintenance('FL01', 'M1'));
      await spec.given(d.updated('FL01', 30, { serial: 9, vehicle: 'MH14 ZZ 9', name: 'Suresh P', mobile: '9000011111', forklift: '7', status: 'Not Active', comments: 'moved', vehicleAssigned: '' }));
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
      expect(await driver()).toMatchObject({ blocked_for_maintenance: false, maintenance_request_id: null, last_maintenance_date: await recordedAtOf('DriverUnblocked') });
    });

    it('given a driver once maintained, when a later request is rejected, then the block lifts and his last maintenance stays the earlier one', async () => {
      await spec.given(d.added('FL01'), d.blockedForMaintenance('FL01', 'M1'), d.unblocked('FL01', 'maintenance_completed'));
      const maintained = await recordedAtOf('DriverUnblocked');
      await spec.given(d.blockedForMaintenance('FL01', 'M2'), d.unblocked('FL01', 'maintenance_rejected'));
      expect(await driver()).toMatchObject({ blocked_for_maintenance: false, maintenance_request_id: null, last_maintenance_date: maintained });
    });

    it('given a blocked driver changed since, when his older events are applied again past the checkpoint, then his row is unchanged', async () => {
      await spec.given(d.added('FL01'), d.blockedForMaintenance('FL01', 'M1'), d.unblocked('FL01', 'maintenance_completed'), d.statusChanged('FL01', 'Not Active'), d.accessToggled('FL01', false), d.updated('FL01', 0, { name: 'Renamed', status: 'Not Active' }));
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

    it('given drivers of several types and states, then booking counts the Active ones of a type and only free ones of it may take a ride', async () => {
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
      expect(ids(await availableDriversOfType(spec.db, 'Forklift')).sort()).toEqual(['FL01', 'FL05']);
      expect(ids(await availableDriversOfType(spec.db, 'Forklift', 'FL01'))).toEqual(['FL05']);
      expect(ids(await availableDriversOfType(spec.db, 'Crane', 'FL01'))).toEqual(['CR01']);
    });

    it('given no drivers, then the next serial is 1, and given serials 1, 4 and 2, then it is 5', async () => {
      expect(await nextDriverSerial(spec.db)).toBe(1);
      await spec.given(d.added('FL01', 0, { serial: 1 }), d.added('FL02', 0, { serial: 4 }), d.added('FL03', 0, { serial: 2 }));
      expect(await nextDriverSerial(spec.db)).toBe(5);
    });
  });
});
