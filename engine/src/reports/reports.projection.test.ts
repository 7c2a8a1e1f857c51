import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import {
  countRideReports,
  reportsProjection,
  rideReportExportAfter,
  rideReportsAfter,
  rideReportsPage,
  type ReadModels,
} from '@plantride/projections';
import { MESSAGES, RIDE_EVENT_TYPES, toRideReport, type DomainEvent, type RideEvent, type RideReportFilter } from '@plantride/schemas';
import { openTestDatabase, testStoreKinds, type TestDatabase } from '../test-support/test-database';
import { toRideReportServerRow } from './report-rows';
import { toRideReportExportRecord } from '../test-support/report-export';

type Data<T extends DomainEvent['type']> = Extract<DomainEvent, { type: T }>['data'];
const at = (time: string) => `2026-11-25T${time}.000Z`;
const e = <T extends DomainEvent['type']>(type: T, data: Data<T>) => ({ type, data }) as Extract<DomainEvent, { type: T }>;

const driverRecord = (operatorId: string, vehicle: string, forklift: string, name = `Driver ${operatorId}`) =>
  ({
    operatorId,
    serial: 1,
    vehicle,
    name,
    mobile: '9876543210',
    role: 'Driver',
    forklift,
    status: 'Active',
    comments: '',
    vehicleAssigned: 'Forklift',
    createdAt: at('07:00:00'),
  }) as const;
const requested = (rideId: string, time = '08:00:00', more: Partial<Data<'RideRequested'>> = {}) =>
  e('RideRequested', {
    rideId,
    requesterId: 'RQ01',
    requesterName: 'Asha Rao',
    requesterMobile: '9000000001',
    fromLocation: 'main gate',
    toLocation: 'canteen',
    vehicleType: 'Forklift',
    rideType: 'Regular',
    estimatedMinutes: 11,
    durationMinutes: null,
    requestedAt: at(time),
    ...more,
  });
const accepted = (rideId: string, driverId: string, vehicleNumber: string | null = null) =>
  e('RideAccepted', {
    rideId,
    driverId,
    driverName: `Driver ${driverId}`,
    driverMobile: '9876543210',
    vehicleNumber,
    acceptedAt: at('08:01:00'),
  });
const steps = (rideId: string, driverId: string) => [
  e('RideStarted', { rideId, driverId, startedAt: at('08:02:00') }),
  e('MaterialPicked', { rideId, driverId, pickedAt: at('08:03:00') }),
  e('MaterialDropped', { rideId, driverId, droppedAt: at('08:04:00') }),
  e('RideEnded', { rideId, driverId, endedAt: at('08:05:00') }),
];
const breached = (rideId: string, target: 'accept' | 'deliver', time: string, priority: 'normal' | 'urgent' = 'normal') =>
  e('RideSlaBreached', { rideId, target, priority, dueAt: at(time), breachedAt: at(time) });
const maintenanceRequested = (requestId: string, driverId: string) =>
  e('MaintenanceRequested', {
    requestId,
    driverId,
    driverName: `Driver ${driverId}`,
    vehicleType: 'Forklift',
    vehicleNumber: null,
    issue: 'Engine Issue',
    commentText: '',
    breakdownType: 'full',
    rideId: null,
    requestedAt: at('09:00:00'),
  });

describe.each(testStoreKinds())('ride reports projection on %s', (kind) => {
  let database: TestDatabase;
  const db = () => database.db as Kysely<ReadModels>;
  const positions = new Map<string, number>();
  let global = 0;

  // Applies events the way the runner does: in order, each once, with its stream position.
  const given = async (...events: DomainEvent[]) => {
    for (const event of events) {
      const stream = (RIDE_EVENT_TYPES as string[]).includes(event.type)
        ? `ride-${(event as RideEvent).data.rideId}`
        : event.type.startsWith('Maintenance')
          ? `maintenance-${(event.data as { requestId: string }).requestId}`
          : `driver-${(event.data as { operatorId: string }).operatorId}`;
      const streamPosition = (positions.get(stream) ?? 0) + 1;
      positions.set(stream, streamPosition);
      global += 1;
      await reportsProjection.apply(
        event,
        { streamId: stream, streamPosition, globalPosition: global, recordedAt: new Date(at('12:00:00')) },
        db(),
      );
    }
  };
  const rows = async () => (await rideReportsAfter(db(), {}, null, 100)).map(toRideReportServerRow);
  const rowOf = async (rideId: string) => (await rows()).find((row) => row.RIDE_ID === rideId);

  beforeEach(async () => {
    database = await openTestDatabase(kind);
    for (const name of Object.keys(reportsProjection.migrations).sort()) await reportsProjection.migrations[name]!.up(database.db);
    positions.clear();
  });
  afterEach(async () => database.dispose());

  it('given a driver record, when he accepts a ride, then the row carries his name and the numbers of his vehicle and forklift', async () => {
    await given(e('DriverAdded', driverRecord('D001', 'MH12 AB 0001', '7')), requested('R1'), accepted('R1', 'D001'));
    expect(await rowOf('R1')).toMatchObject({
      STATUS: 'accepted',
      DRIVER_ID: 'D001',
      DRIVER_NAME: 'Driver D001',
      VEHICLE_NUMBER: 'MH12 AB 0001',
      FORKLIFT_NUMBER: '7',
      REQUESTER_NAME: 'Asha Rao',
      FROM_LOCATION: 'main gate',
      TO_LOCATION: 'canteen',
      VEHICLE_TYPE: 'Forklift',
      RIDE_TYPE: 'Regular',
      CREATED_AT: at('08:00:00'),
      START_TIME: null,
      GAP_PICK_DROP: null,
      GAP_PICK_START: null,
      LAST_MAINTENANCE_DATE: null,
      MAINTENANCE_STATUS: null,
    });
  });

  it('given a completed ride, then its gaps are drop − pick and pick − start in minutes to 2 decimals', async () => {
    await given(
      e('DriverAdded', driverRecord('D001', 'MH12 AB 0001', '7')),
      requested('R1'),
      accepted('R1', 'D001'),
      e('RideStarted', { rideId: 'R1', driverId: 'D001', startedAt: at('08:02:00') }),
      e('MaterialPicked', { rideId: 'R1', driverId: 'D001', pickedAt: at('08:07:20') }),
      e('MaterialDropped', { rideId: 'R1', driverId: 'D001', droppedAt: at('08:19:50') }),
      e('RideEnded', { rideId: 'R1', driverId: 'D001', endedAt: at('08:21:00') }),
    );
    expect(await rowOf('R1')).toMatchObject({
      STATUS: 'completed',
      START_TIME: at('08:02:00'),
      MATERIAL_PICK_TIME: at('08:07:20'),
      MATERIAL_DROP_TIME: at('08:19:50'),
      END_TIME: at('08:21:00'),
      GAP_PICK_START: 5.33,
      GAP_PICK_DROP: 12.5,
    });
  });

  it('given a ride redistributed after a breakdown, when another driver takes it over, then the row shows the new driver and his numbers', async () => {
    await given(
      e('DriverAdded', driverRecord('D001', 'MH12 AB 0001', '7')),
      e('DriverAdded', driverRecord('D002', 'MH12 AB 0002', '12')),
      requested('R1'),
      accepted('R1', 'D001'),
      e('RideStarted', { rideId: 'R1', driverId: 'D001', startedAt: at('08:02:00') }),
      e('RideRedistributed', {
        rideId: 'R1',
        originalDriverId: 'D001',
        originalDriverName: 'Driver D001',
        maintenanceComment: 'smoke',
        maintenanceRequestId: null,
        resumeState: 'started',
        redistributedAt: at('08:03:00'),
        openToAll: true,
        alternativeDrivers: 1,
      }),
    );
    expect(await rowOf('R1')).toMatchObject({
      STATUS: 'waiting_for_reassignment',
      DRIVER_ID: null,
      FORKLIFT_NUMBER: null,
      START_TIME: at('08:02:00'),
    });
    await given(
      e('RideTakenOver', {
        rideId: 'R1',
        driverId: 'D002',
        driverName: 'Driver D002',
        driverMobile: '9876500000',
        vehicleNumber: null,
        resumeState: 'started',
        takenOverAt: at('08:04:00'),
      }),
    );
    expect(await rowOf('R1')).toMatchObject({
      STATUS: 'started',
      DRIVER_ID: 'D002',
      DRIVER_NAME: 'Driver D002',
      VEHICLE_NUMBER: 'MH12 AB 0002',
      FORKLIFT_NUMBER: '12',
      START_TIME: at('08:02:00'),
    });
  });

  it('given a ride done, when the driver record is edited later, then the ride keeps the numbers it was driven with', async () => {
    await given(e('DriverAdded', driverRecord('D001', 'MH12 AB 0001', '7')), requested('R1'), accepted('R1', 'D001', 'MH12 XY 9999'));
    await given(e('DriverUpdated', driverRecord('D001', 'MH14 ZZ 0042', '42', 'Ravi Kumar')));
    expect(await rowOf('R1')).toMatchObject({ VEHICLE_NUMBER: 'MH12 XY 9999', FORKLIFT_NUMBER: '7', DRIVER_NAME: 'Driver D001' });
    await given(requested('R2', '10:00:00'), accepted('R2', 'D001'));
    expect(await rowOf('R2')).toMatchObject({ VEHICLE_NUMBER: 'MH14 ZZ 0042', FORKLIFT_NUMBER: '42' });
  });

  it('given a driver renamed between rides, when rides are filtered by a name part, then each ride matches by the name it was driven under', async () => {
    await given(
      e('DriverAdded', driverRecord('D001', 'MH12 AB 0001', '7')),
      requested('R1'),
      e('RideAccepted', {
        rideId: 'R1',
        driverId: 'D001',
        driverName: 'Ravi Kumar',
        driverMobile: '9876543210',
        vehicleNumber: null,
        acceptedAt: at('08:01:00'),
      }),
    );
    await given(
      requested('R2', '09:00:00'),
      e('RideAccepted', {
        rideId: 'R2',
        driverId: 'D001',
        driverName: 'Ravi Deshmukh',
        driverMobile: '9876543210',
        vehicleNumber: null,
        acceptedAt: at('09:01:00'),
      }),
    );
    const named = async (driverName: string) => (await rideReportsAfter(db(), { driverName }, null, 100)).map((row) => row.ride_id);
    expect(await named('kumar')).toEqual(['R1']);
    expect(await named('DESH')).toEqual(['R2']);
    expect(await named('ravi')).toEqual(['R2', 'R1']);
    expect(await named('_')).toEqual([]);
    expect(await countRideReports(db(), { driverName: 'ravi' })).toEqual({ total: 2, capped: false });
  });

  it('given a name part several drivers share, when it is paged and walked, then the pages are the matching rides in page order, counted up to the cap', async () => {
    const drove = (rideId: string, time: string, driverId: string, driverName: string) => [
      requested(rideId, time),
      e('RideAccepted', { rideId, driverId, driverName, driverMobile: '9876543210', vehicleNumber: null, acceptedAt: at(time) }),
    ];
    const drivers: Array<[string, string]> = [
      ['D001', 'Ravi Kumar'],
      ['D002', 'Ravina Shah'],
      ['D003', 'Asha Ravindran'],
      ['D004', 'Mohan Das'],
    ];
    const events: DomainEvent[] = [];
    // 24 rides across four drivers (the fourth never matches), some at one instant; D002 later drives under another name.
    for (let i = 0; i < 24; i += 1) {
      const [driverId, name] = drivers[(i * 7) % 4]!;
      const renamed = driverId === 'D002' && i > 15 ? 'Shah Mohan' : name;
      events.push(
        ...drove(`R${String(i).padStart(2, '0')}`, `08:${String(10 + Math.floor(i / 3)).padStart(2, '0')}:00`, driverId, renamed),
      );
    }
    await given(...events);
    const all = (await rideReportsAfter(db(), {}, null, 100))
      .filter((row) => (row.driver_name ?? '').toLowerCase().includes('ravi'))
      .map((row) => row.ride_id);
    expect(all.length).toBeGreaterThan(10);
    const pages: string[] = [];
    for (let page = 1; page <= 4; page += 1)
      pages.push(...(await rideReportsPage(db(), { driverName: 'RAVI' }, page, 4)).map((row) => row.ride_id));
    expect(pages).toEqual(all);
    const first = await rideReportsAfter(db(), { driverName: 'ravi' }, null, 5);
    const rest = await rideReportsAfter(
      db(),
      { driverName: 'ravi' },
      { createdAt: first.at(-1)!.created_at, rideId: first.at(-1)!.ride_id },
      100,
    );
    expect([...first, ...rest].map((row) => row.ride_id)).toEqual(all);
    expect(await countRideReports(db(), { driverName: 'ravi' })).toEqual({ total: all.length, capped: false });
    expect(await countRideReports(db(), { driverName: 'ravi' }, 5)).toEqual({ total: 5, capped: true });
    expect(await countRideReports(db(), { driverName: 'ravi' }, all.length)).toEqual({ total: all.length, capped: false });
    expect(await countRideReports(db(), {}, 23)).toEqual({ total: 23, capped: true });
  });

  it("given a driver's maintenance requests, then every ride of his shows his latest request status and last maintenance date as they are now", async () => {
    await given(
      e('DriverAdded', driverRecord('D001', 'MH12 AB 0001', '7')),
      requested('R1'),
      accepted('R1', 'D001'),
      maintenanceRequested('M1', 'D001'),
    );
    expect(await rowOf('R1')).toMatchObject({ MAINTENANCE_STATUS: 'pending', LAST_MAINTENANCE_DATE: null });
    await given(e('MaintenanceAccepted', { requestId: 'M1', acceptedAt: at('09:10:00') }));
    expect(await rowOf('R1')).toMatchObject({ MAINTENANCE_STATUS: 'accepted' });
    await given(
      e('MaintenanceCompleted', { requestId: 'M1', driverId: 'D001', maintenanceDate: '2026-11-24T10:30:00.000Z', inspectionDue: false }),
    );
    expect(await rowOf('R1')).toMatchObject({ MAINTENANCE_STATUS: 'completed', LAST_MAINTENANCE_DATE: '2026-11-24T10:30:00.000Z' });
    await given(
      maintenanceRequested('M2', 'D001'),
      e('MaintenanceRejected', { requestId: 'M2', driverId: 'D001', reason: 'fine', rejectedAt: at('09:30:00'), inspectionDue: false }),
    );
    expect(await rowOf('R1')).toMatchObject({ MAINTENANCE_STATUS: 'rejected', LAST_MAINTENANCE_DATE: '2026-11-24T10:30:00.000Z' });
  });

  it('given a completion stored before outcomes named the driver (read with driverId null), then his last maintenance date is found through its request; one that names him needs no request', async () => {
    await given(
      e('DriverAdded', driverRecord('D001', 'MH12 AB 0001', '7')),
      requested('R1'),
      accepted('R1', 'D001'),
      maintenanceRequested('M1', 'D001'),
    );
    await given(
      e('MaintenanceCompleted', { requestId: 'M1', driverId: null, maintenanceDate: '2026-11-20T10:30:00.000Z', inspectionDue: false }),
    );
    expect(await rowOf('R1')).toMatchObject({ MAINTENANCE_STATUS: 'completed', LAST_MAINTENANCE_DATE: '2026-11-20T10:30:00.000Z' });
    // A request the reports never saw filed: the completion's own driverId is all it takes.
    await given(
      e('MaintenanceCompleted', { requestId: 'M9', driverId: 'D001', maintenanceDate: '2026-11-22T10:30:00.000Z', inspectionDue: false }),
    );
    expect(await rowOf('R1')).toMatchObject({ LAST_MAINTENANCE_DATE: '2026-11-22T10:30:00.000Z' });
  });

  it('given a driver released as maintained by staff without a completed request, then that release is his last maintenance date', async () => {
    await given(
      e('DriverAdded', driverRecord('D003', 'MH12 AB 0003', '3')),
      requested('R1'),
      accepted('R1', 'D003'),
      maintenanceRequested('M3', 'D003'),
    );
    await given(e('DriverUnblocked', { operatorId: 'D003', reason: 'maintenance_completed', inspectionDue: false }));
    expect(await rowOf('R1')).toMatchObject({ MAINTENANCE_STATUS: 'pending', LAST_MAINTENANCE_DATE: at('12:00:00') });
  });

  it('given a ride cancelled before any driver took it, then its row reads Unknown and N/A where the spec says', async () => {
    await given(requested('R1'), e('RideCancelled', { rideId: 'R1', cancelledBy: 'RQ01', cancelledAt: at('08:01:00') }));
    const row = await rowOf('R1');
    expect(row).toMatchObject({ STATUS: 'cancelled', DRIVER_ID: null });
    expect(toRideReport(row!)).toMatchObject({
      driverId: MESSAGES.unknown,
      driverName: MESSAGES.unknown,
      vehicleNumber: MESSAGES.unknown,
      forkliftNumber: MESSAGES.unknown,
      gapPickDrop: MESSAGES.notAvailable,
      gapPickStart: MESSAGES.notAvailable,
      lastMaintenanceDate: MESSAGES.notAvailable,
      maintenanceStatus: MESSAGES.notAvailable,
      requesterName: 'Asha Rao',
      status: 'cancelled',
    });
  });

  it('given a ride event delivered twice, then the second changes nothing', async () => {
    const start = e('RideStarted', { rideId: 'R1', driverId: 'D001', startedAt: at('08:02:00') });
    await given(requested('R1'), accepted('R1', 'D001'), start);
    await reportsProjection.apply(
      accepted('R1', 'D009') as RideEvent,
      { streamId: 'ride-R1', streamPosition: 2, globalPosition: 99, recordedAt: new Date() },
      db(),
    );
    expect(await rowOf('R1')).toMatchObject({ STATUS: 'started', DRIVER_ID: 'D001' });
  });

  it('given rides in every state, then the export reads the same rows as the page query with each time as its epoch milliseconds, batch after batch', async () => {
    await given(
      e('DriverAdded', driverRecord('D001', 'MH12 AB 0001', '7')),
      e('DriverAdded', driverRecord('D003', 'MH12 AB 0003', '3')),
      requested('R1'),
      accepted('R1', 'D001'),
      e('RideStarted', { rideId: 'R1', driverId: 'D001', startedAt: '2026-11-25T08:02:00.123Z' }),
      e('MaterialPicked', { rideId: 'R1', driverId: 'D001', pickedAt: '2026-11-25T08:07:20.999Z' }),
      e('MaterialDropped', { rideId: 'R1', driverId: 'D001', droppedAt: at('08:19:50') }),
      e('RideEnded', { rideId: 'R1', driverId: 'D001', endedAt: at('08:21:00') }),
      maintenanceRequested('M1', 'D001'),
      e('MaintenanceCompleted', { requestId: 'M1', driverId: 'D001', maintenanceDate: '1931-02-03T04:05:06.007Z', inspectionDue: false }),
      requested('R2', '09:00:00'),
      e('RideCancelled', { rideId: 'R2', cancelledBy: 'RQ01', cancelledAt: at('09:01:00') }),
      requested('R3', '09:00:00'),
      accepted('R3', 'D003'),
      maintenanceRequested('M3', 'D003'),
      e('DriverUnblocked', { operatorId: 'D003', reason: 'maintenance_completed', inspectionDue: false }),
      requested('R4', '07:00:00'),
    );
    const expected = (await rideReportsAfter(db(), {}, null, 100)).map(toRideReportExportRecord);
    expect(expected.map((row) => row.ride_id)).toEqual(['R3', 'R2', 'R1', 'R4']);
    expect(await rideReportExportAfter(db(), {}, null, 100)).toEqual(expected);
    const first = await rideReportExportAfter(db(), {}, null, 2);
    const rest = await rideReportExportAfter(db(), {}, { createdAt: new Date(first[1]!.created_at), rideId: first[1]!.ride_id }, 10);
    expect([...first, ...rest]).toEqual(expected);
    expect(await rideReportExportAfter(db(), { driverId: 'D003' }, null, 10)).toEqual(expected.filter((row) => row.driver_id === 'D003'));
  });

  it("given more rides than a page, then every page past the first (read through the ride ids first) is the walk's next slice, filtered or not", async () => {
    const events: DomainEvent[] = [];
    for (let i = 0; i < 23; i += 1) {
      const rideId = `P${String(i).padStart(2, '0')}`;
      // Some rides share an instant, so the ride id decides their order.
      events.push(requested(rideId, `08:${String(10 + Math.floor(i / 3)).padStart(2, '0')}:00`));
      if (i % 3 === 0) events.push(e('RideCancelled', { rideId, cancelledBy: 'RQ01', cancelledAt: at('09:00:00') }));
    }
    await given(...events);
    const filters: RideReportFilter[] = [{}, { statuses: ['requested'] }, { statuses: ['cancelled'] }];
    for (const filter of filters) {
      const walk = (await rideReportsAfter(db(), filter, null, 100)).map((row) => row.ride_id);
      const pages: string[] = [];
      for (let page = 1; page <= Math.ceil(walk.length / 4) + 1; page += 1)
        pages.push(...(await rideReportsPage(db(), filter, page, 4)).map((row) => row.ride_id));
      expect(pages).toEqual(walk);
    }
  });

  it('given rides at one instant, then pages come newest first with the ride id breaking ties, and a keyset walk sees each once', async () => {
    await given(requested('A'), requested('C'), requested('B'), requested('Z', '07:00:00'));
    expect((await rows()).map((row) => row.RIDE_ID)).toEqual(['C', 'B', 'A', 'Z']);
    const first = await rideReportsAfter(db(), {}, null, 2);
    const rest = await rideReportsAfter(db(), {}, { createdAt: first[1]!.created_at, rideId: first[1]!.ride_id }, 10);
    expect([...first, ...rest].map((row) => row.ride_id)).toEqual(['C', 'B', 'A', 'Z']);
  });

  describe('issue #20: priority, booking for later and SLA_MET', () => {
    const service = async (rideId: string) => {
      const row = await rowOf(rideId);
      return row && [row.STATUS, row.PRIORITY, row.SLA_MET];
    };

    it('given a ride booked for later, then it is scheduled until released, then requested', async () => {
      await given(requested('R1', '08:00:00', { scheduledFor: at('12:00:00'), releaseAt: at('11:45:00') }));
      expect(await service('R1')).toEqual(['scheduled', 'normal', null]);
      expect(await rideReportsAfter(db(), { statuses: ['scheduled'] }, null, 10)).toMatchObject([{ ride_id: 'R1' }]);
      await given(e('RideReleased', { rideId: 'R1', releasedAt: at('11:45:00') }));
      expect(await service('R1')).toEqual(['requested', 'normal', null]);
    });

    it('given an urgent booking, when staff make it normal and back, then its row follows', async () => {
      await given(requested('R1', '08:00:00', { priority: 'urgent' }));
      expect(await service('R1')).toEqual(['requested', 'urgent', null]);
      await given(e('RidePriorityChanged', { rideId: 'R1', priority: 'normal', changedBy: 'AD01', changedAt: at('08:01:00') }));
      expect(await service('R1')).toEqual(['requested', 'normal', null]);
    });

    it('given rides completed in time, completed after a miss, missed then cancelled, cancelled in time and still open, then SLA_MET is true, false, false, null and null', async () => {
      await given(
        requested('MET'),
        accepted('MET', 'D001'),
        ...steps('MET', 'D001'),
        requested('LATE'),
        accepted('LATE', 'D002'),
        e('RideStarted', { rideId: 'LATE', driverId: 'D002', startedAt: at('08:02:00') }),
        breached('LATE', 'deliver', '08:30:00'),
        ...steps('LATE', 'D002').slice(1),
        requested('GONE', '08:00:00', { priority: 'urgent' }),
        breached('GONE', 'accept', '08:02:00', 'urgent'),
        e('RideCancelled', { rideId: 'GONE', cancelledBy: 'RQ01', cancelledAt: at('08:03:00') }),
        requested('CANCELLED'),
        e('RideCancelled', { rideId: 'CANCELLED', cancelledBy: 'RQ01', cancelledAt: at('08:01:00') }),
        requested('OPEN'),
        accepted('OPEN', 'D003'),
      );
      expect(await Promise.all(['MET', 'LATE', 'GONE', 'CANCELLED', 'OPEN'].map(service))).toEqual([
        ['completed', 'normal', true],
        ['completed', 'normal', false],
        ['cancelled', 'urgent', false],
        ['cancelled', 'normal', null],
        ['accepted', 'normal', null],
      ]);
      const matching = async (filter: RideReportFilter) =>
        (await rideReportsAfter(db(), filter, null, 100)).map((row) => row.ride_id).sort();
      expect(await matching({ slaMet: true })).toEqual(['MET']);
      expect(await matching({ slaMet: false })).toEqual(['GONE', 'LATE']);
      expect(await matching({ priority: 'urgent' })).toEqual(['GONE']);
      expect(await matching({ priority: 'normal', slaMet: false })).toEqual(['LATE']);
      expect(await countRideReports(db(), { slaMet: false })).toEqual({ total: 2, capped: false });
      expect((await rideReportsPage(db(), { priority: 'normal' }, 1, 2)).map((row) => row.ride_id)).toHaveLength(2);
      expect(
        (await rideReportExportAfter(db(), { slaMet: false }, null, 10)).map((row) => [row.ride_id, row.priority, row.sla_met]).sort(),
      ).toEqual([
        ['GONE', 'urgent', false],
        ['LATE', 'normal', false],
      ]);
    });

    it('given rides of every kind, when every ride event is applied again, then no row changes', async () => {
      const history = [
        requested('MET'),
        accepted('MET', 'D001'),
        ...steps('MET', 'D001'),
        requested('LATE', '08:00:00', { priority: 'urgent', scheduledFor: at('09:00:00'), releaseAt: at('08:45:00') }),
        e('RideReleased', { rideId: 'LATE', releasedAt: at('08:45:00') }),
        breached('LATE', 'accept', '08:47:00', 'urgent'),
        e('RidePriorityChanged', { rideId: 'LATE', priority: 'normal', changedBy: 'AD01', changedAt: at('08:48:00') }),
        requested('GONE'),
        breached('GONE', 'accept', '08:05:00'),
        e('RideCancelled', { rideId: 'GONE', cancelledBy: 'RQ01', cancelledAt: at('08:06:00') }),
      ];
      await given(...history);
      const rows = () => db().selectFrom('ride_reports').selectAll().orderBy('ride_id').execute();
      const before = await rows();
      expect(before.map((row) => [row.ride_id, row.status, row.priority, row.sla_met])).toEqual([
        ['GONE', 'cancelled', 'normal', false],
        ['LATE', 'requested', 'normal', false],
        ['MET', 'completed', 'normal', true],
      ]);
      // Each stream again from its start, at the positions it had: the row guard makes every event a no-op.
      const replayed = new Map<string, number>();
      for (const event of history) {
        const stream = `ride-${event.data.rideId}`;
        const streamPosition = (replayed.get(stream) ?? 0) + 1;
        replayed.set(stream, streamPosition);
        await reportsProjection.apply(
          event,
          { streamId: stream, streamPosition, globalPosition: 1000 + streamPosition, recordedAt: new Date() },
          db(),
        );
      }
      expect(await rows()).toEqual(before);
    });

    it('given rows projected before the priority and SLA migration, when it runs, then their priority comes from the rides read model and a completed ride met its targets', async () => {
      await sql`drop table ride_reports, report_drivers, report_driver_names, report_maintenance_requests`.execute(database.db);
      await reportsProjection.migrations['0001_ride_reports']!.up(database.db);
      await sql`create table rides (ride_id text primary key, priority text not null)`.execute(database.db);
      await sql`insert into rides values ('R1', 'urgent'), ('R2', 'normal')`.execute(database.db);
      await sql`insert into ride_reports (ride_id, requester_id, requester_name, from_location, to_location, vehicle_type, ride_type, status, created_at, last_position)
        values ('R1', 'RQ01', 'Asha', 'a', 'b', 'Forklift', 'Regular', 'completed', now(), 6), ('R2', 'RQ01', 'Asha', 'a', 'b', 'Forklift', 'Regular', 'cancelled', now(), 2),
               ('R3', 'RQ01', 'Asha', 'a', 'b', 'Forklift', 'Regular', 'requested', now(), 1)`.execute(database.db);
      await reportsProjection.migrations['0002_priority_and_sla']!.up(database.db);
      expect(await db().selectFrom('ride_reports').select(['ride_id', 'priority', 'sla_met']).orderBy('ride_id').execute()).toEqual([
        { ride_id: 'R1', priority: 'urgent', sla_met: true },
        { ride_id: 'R2', priority: 'normal', sla_met: null },
        { ride_id: 'R3', priority: 'normal', sla_met: null },
      ]);
    });
  });
});
