import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'csv-stringify/sync';
import {
  FLEET_CSV_COLUMNS,
  SERVER_MESSAGES,
  driverStreamId,
  fleetCsvFileName,
  maintenanceStreamId,
  plantDayOf,
  shiftDay,
  type DomainEvent,
  type Role,
  type VehicleType,
} from '@plantride/schemas';
import { PROJECTIONS } from '@plantride/projections';
import { rebuildProjections } from '../projection-runner/rebuild';
import { dumpReadModels } from '../test-support/read-model-dump';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds } from '../test-support/test-database';

describe.each(testStoreKinds())('fleet reliability API on %s', (kind) => {
  let t: TestApp;
  let position = 0;
  let today = '';
  const tokens: Record<string, string> = {};
  const people: Array<[string, Role]> = [
    ['AD01', 'admin'],
    ['MH01', 'maintenanceHead'],
    ['AB12', 'requester'],
    ['D001', 'driver'],
  ];
  const get = (url: string, tokenNo: string | null, query: string) =>
    t.app.inject({
      method: 'GET',
      url: `${url}?${query}&position=${position}`,
      headers: tokenNo ? { authorization: `Bearer ${tokens[tokenNo]}` } : {},
    });
  const fleet = (tokenNo: string | null, query: string) => get('/api/kpis/fleet', tokenNo, query);
  const fleetCsv = (tokenNo: string | null, query: string) => get('/api/kpis/fleet.csv', tokenNo, query);

  // One append per fact, as the engine's commands write them (a breakdown blocks and files in one transaction).
  const append = async (...writes: Array<[string, DomainEvent]>) => {
    const result = await t.app.eventStore.appendToStreams(
      writes.map(([streamId, { type, data }]) => ({
        streamId,
        expectedVersion: 'any' as const,
        events: [{ eventId: randomUUID(), type, schemaVersion: 1, data }],
      })),
      { actor: { system: 'test' } },
    );
    position = result.position;
  };
  const driver = (operatorId: string, event: DomainEvent): [string, DomainEvent] => [driverStreamId(operatorId), event];
  const added = (operatorId: string, vehicle: string, vehicleAssigned: VehicleType) =>
    append(
      driver(operatorId, {
        type: 'DriverAdded',
        data: {
          operatorId,
          serial: 1,
          vehicle,
          name: operatorId,
          mobile: '9876543210',
          role: 'Driver',
          forklift: '',
          status: 'Active',
          comments: '',
          vehicleAssigned,
          createdAt: new Date().toISOString(),
        },
      }),
    );
  const brokeDown = (operatorId: string, requestId: string, vehicleType: VehicleType) =>
    append(
      [
        maintenanceStreamId(requestId),
        {
          type: 'MaintenanceRequested',
          data: {
            requestId,
            driverId: operatorId,
            driverName: operatorId,
            vehicleType,
            vehicleNumber: null,
            issue: 'Engine Issue',
            commentText: '',
            breakdownType: 'full',
            rideId: null,
            requestedAt: new Date().toISOString(),
          },
        },
      ],
      driver(operatorId, { type: 'DriverBlockedForMaintenance', data: { operatorId, maintenanceRequestId: requestId } }),
    );

  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const [tokenNo, role] of people) tokens[tokenNo] = await t.tokenFor(tokenNo, role);
    await added('F1', 'MH12 AB 1234', 'Forklift');
    await added('C1', '=MH12 C', 'Crane');
    await append(
      driver('F1', {
        type: 'VehicleInspected',
        data: {
          inspectionId: 'I1',
          operatorId: 'F1',
          vehicleType: 'Forklift',
          vehicleNumber: 'MH12 AB 1234',
          day: plantDayOf(new Date()),
          items: [],
          passed: true,
          inspectedAt: new Date().toISOString(),
        },
      }),
    );
    await append(driver('F1', { type: 'DriverAssignedToRide', data: { operatorId: 'F1', rideId: 'R1' } }));
    await append(driver('F1', { type: 'DriverReleasedFromRide', data: { operatorId: 'F1', rideId: 'R1', reason: 'ended' } }));
    await brokeDown('F1', 'M1', 'Forklift');
    await append(
      [
        maintenanceStreamId('M1'),
        {
          type: 'MaintenanceCompleted',
          data: { requestId: 'M1', driverId: 'F1', maintenanceDate: '2020-01-01T00:00:00.000Z', inspectionDue: false },
        },
      ],
      driver('F1', { type: 'DriverUnblocked', data: { operatorId: 'F1', reason: 'maintenance_completed', inspectionDue: false } }),
    );
    await brokeDown('C1', 'M2', 'Crane');
    today = plantDayOf(new Date());
  });
  afterAll(async () => t.close());

  // Everything above happened within a second or two of now: every duration rounds to 0 h.
  const zero = { operatingHours: 0, operatingMinutes: 0, downtimeHours: 0, downtimeMinutes: 0 };
  const crane = { ...zero, breakdowns: 1, mtbfHours: 0, mttrHours: null, inspectionCompliance: null };
  const forklift = { ...zero, breakdowns: 1, mtbfHours: 0, mttrHours: 0, inspectionCompliance: 1 };

  it('given a repaired forklift and a crane still blocked, when an admin asks for the last days, then each type and vehicle has its figures', async () => {
    const from = shiftDay(today, -1);
    const answer = await fleet('AD01', `from=${from}&to=${today}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      from,
      to: today,
      vehicleTypes: [
        { vehicleType: 'Crane', ...crane },
        { vehicleType: 'Forklift', ...forklift },
      ],
      vehicles: [
        { vehicle: '=MH12 C', vehicleType: 'Crane', ...crane },
        { vehicle: 'MH12 AB 1234', vehicleType: 'Forklift', ...forklift },
      ],
      // Both vehicles together: the forklift's repair is the only one, its inspected day one of one.
      total: { ...zero, breakdowns: 2, mtbfHours: 0, mttrHours: 0, inspectionCompliance: 1 },
    });
  });

  it('given the same fleet, when the maintenance head filters on Forklift with no dates, then the last seven days of forklifts come back', async () => {
    const answer = await fleet('MH01', 'vehicleType=Forklift');
    expect(answer.statusCode).toBe(200);
    const { from, to } = answer.json();
    expect(from).toBe(shiftDay(to, -6));
    expect(answer.json()).toEqual({
      from,
      to,
      vehicleTypes: [{ vehicleType: 'Forklift', ...forklift }],
      vehicles: [{ vehicle: 'MH12 AB 1234', vehicleType: 'Forklift', ...forklift }],
      total: forklift,
    });
  });

  it('given the same fleet, when the CSV is asked for, then it has the header, a row per vehicle (formulas defused, nulls empty) and a dated file name', async () => {
    const from = shiftDay(today, -1);
    const answer = await fleetCsv('MH01', `from=${from}&to=${today}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/csv/);
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="${fleetCsvFileName(from, today)}"`);
    expect(answer.body.split('\n')[0]).toBe(
      'VEHICLE,VEHICLE_TYPE,BREAKDOWNS,OPERATING_HOURS,MTBF_HOURS,MTTR_HOURS,DOWNTIME_HOURS,INSPECTION_COMPLIANCE',
    );
    expect(answer.body).toBe(
      stringify([
        [...FLEET_CSV_COLUMNS],
        ["'=MH12 C", 'Crane', '1', '0', '0', '', '0', ''],
        ['MH12 AB 1234', 'Forklift', '1', '0', '0', '0', '0', '1'],
      ]),
    );
    const crane = await fleetCsv('AD01', `from=${from}&to=${today}&vehicleType=Crane`);
    expect(crane.body.trim().split('\n')).toEqual([
      'VEHICLE,VEHICLE_TYPE,BREAKDOWNS,OPERATING_HOURS,MTBF_HOURS,MTTR_HOURS,DOWNTIME_HOURS,INSPECTION_COMPLIANCE',
      "'=MH12 C,Crane,1,0,0,,0,",
    ]);
  });

  it('given the same fleet, when the read models are rebuilt from the store, then the fleet tables are the same', async () => {
    expect(await t.app.projections.waitForPosition(position, 10_000)).toBe(true);
    const fleetTables = (dump: Record<string, string[]>) =>
      Object.fromEntries(Object.entries(dump).filter(([table]) => table.startsWith('fleet_')));
    const served = fleetTables(await dumpReadModels(t.database));
    expect(served.fleet_breakdowns).toHaveLength(2);
    await rebuildProjections({ database: t.database, store: t.app.eventStore, projections: PROJECTIONS, batchSize: 3 });
    expect(fleetTables(await dumpReadModels(t.database))).toEqual(served);
  });

  it.each([
    ['from=10/04/2026&to=01/04/2026', SERVER_MESSAGES.kpiRangeReversed],
    ['from=01/01/2025&to=02/01/2026', SERVER_MESSAGES.kpiRangeTooLong],
    ['from=31/02/2026&to=01/03/2026', SERVER_MESSAGES.kpiInvalidDate],
    ['to=yesterday', SERVER_MESSAGES.kpiInvalidDate],
    ['vehicleType=Other', SERVER_MESSAGES.kpiUnknownVehicleType],
    ['from=01/01/2999', SERVER_MESSAGES.kpiRangeReversed],
  ])('when the query is %s, then both answers are 400 with a clear message', async (query, message) => {
    for (const answer of [await fleet('AD01', query), await fleetCsv('AD01', query)]) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ message });
    }
  });

  it.each(['AB12', 'D001'])('when %s (not staff) asks, even with a bad query, then both answers are 403', async (tokenNo) => {
    for (const query of ['from=01/04/2026&to=02/04/2026', 'from=not-a-date']) {
      for (const answer of [await fleet(tokenNo, query), await fleetCsv(tokenNo, query)]) {
        expect(answer.statusCode).toBe(403);
        expect(answer.json()).toEqual({ message: SERVER_MESSAGES.forbidden });
      }
    }
  });

  it('when nobody is signed in, then both answers are 401', async () => {
    expect((await fleet(null, 'from=01/04/2026')).statusCode).toBe(401);
    expect((await fleetCsv(null, 'from=01/04/2026')).statusCode).toBe(401);
  });
});
