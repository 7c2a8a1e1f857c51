import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MESSAGES,
  REPORT_PRIORITY_MESSAGE,
  REPORT_SLA_MET_MESSAGE,
  RIDE_REPORT_CSV_COLUMNS,
  RIDE_REPORT_CSV_FIELDS,
  SERVER_MESSAGES,
  plantDayOf,
  rideReportServerRowSchema,
  type Role,
  type RideReportServerRow,
  type VehicleType,
} from '@plantride/schemas';
import { handle } from '../commands/command-handler';
import { acceptRide, bookRide, cancelRide, rideStep } from '../rides/ride.decider';
import { readModels } from '../rides/ride-access';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds } from '../test-support/test-database';
import { seedUsers } from '../test-support/seed';
import { reportBatches } from './report-streams';
import { timerFacts } from '../kpis/kpi-rides.fixture';
import { countDriverOnRoster } from '../test-support/roster-events';

type Row = RideReportServerRow;
const ids = (rows: Row[]) => rows.map((row) => row.RIDE_ID);
// The 23 rides of 01/06/2025, newest first.
const PAGE_RIDES = Array.from({ length: 23 }, (_, i) => `P${String(22 - i).padStart(2, '0')}`);
// Plant time is UTC+05:30: these are instants on given plant days.
const ist = (date: string, time: string) => new Date(`${date}T${time}+05:30`);
// Rides run on a past clock fall due for their service targets at once: the server's timers may note a
// miss between the fixture's commands (issue #20), so their SLA_MET is true or false (or null while open);
// SLA_MET is checked on rides run on the clock of now.
const PAST_SLA = expect.toBeOneOf([true, false]);

/** Cells of one CSV line (quoted cells may hold commas and doubled quotes; our rows hold no newlines). */
function csvCells(line: string): string[] {
  const cells: string[] = [];
  const pattern = /("(?:[^"]|"")*"|[^,]*)(,|$)/g;
  for (const match of line.matchAll(pattern)) {
    const cell = match[1]!;
    cells.push(cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell);
    if (match[2] === '') break;
  }
  return cells;
}

describe.each(testStoreKinds())('ride reports API on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const as = (tokenNo: string) => ({ authorization: `Bearer ${tokens[tokenNo]}` });
  const people: Array<[string, Role, string, VehicleType?, string?]> = [
    ['RQ01', 'requester', 'Asha Rao'],
    ['F001', 'driver', 'Ravi Kumar', 'Forklift', 'MH12 AB 0001'],
    ['F002', 'driver', 'Suresh Patil', 'Forklift', 'MH12 AB 0002'],
    ['C001', 'driver', 'Imran Shaikh', 'Crane', 'MH14 CR 0003'],
    ['AD01', 'admin', 'Admin One'],
    ['MH01', 'maintenanceHead', 'Head One'],
    ['F003', 'driver', 'Meena Joshi', 'Forklift', 'MH12 AB 0003'],
  ];
  const head = () => t.app.eventStore.headPosition();
  const get = async (who: string | null, url: string) => t.app.inject({ method: 'GET', url, headers: who ? as(who) : {} });
  const reports = async (query: string, who = 'MH01') => {
    const answer = await get(who, `/api/reports/rides?${query}&position=${await head()}`);
    expect(answer.statusCode).toBe(200);
    return answer.json() as { rideReports: Row[]; total: number; totalCapped?: boolean; page: number; pageSize: number };
  };
  const historical = new Map<string, string>();
  const named = (rows: Row[]) => ids(rows).filter((id) => [...historical.values()].includes(id));
  const idOf = (name: string) => historical.get(name)!;

  // Rides of past days go through the ride decider with the clock set, as the routes would have run them then.
  const ride = async (
    name: string,
    at: Date,
    vehicleType: VehicleType,
    requesterName: string,
    steps: Array<['accept' | 'start' | 'pick' | 'drop' | 'end', string, Date]> = [],
    cancelAt?: Date,
  ) => {
    const rideId = `${name}-${randomUUID().slice(0, 8)}`;
    historical.set(name, rideId);
    const context = (now: Date, actor: { tokenNo: string; role: Role }) => ({ now, actor, commandId: randomUUID() });
    const store = t.app.eventStore;
    const data = {
      rideId,
      requesterId: 'RQ01',
      requesterName,
      requesterMobile: '9000000001',
      fromLocation: 'main gate',
      toLocation: 'canteen',
      vehicleType,
      rideType: 'Regular' as const,
      durationMinutes: null,
    };
    await countDriverOnRoster(store, vehicleType);
    await handle(store, bookRide, { type: 'BookRide', data }, context(at, { tokenNo: 'RQ01', role: 'requester' }));
    const types = { start: 'StartRide', pick: 'PickMaterial', drop: 'DropMaterial', end: 'EndRide' } as const;
    for (const [step, driverId, now] of steps) {
      const actor = { tokenNo: driverId, role: 'driver' as const };
      if (step === 'accept') await handle(store, acceptRide, { type: 'AcceptRide', data: { rideId, driverId } }, context(now, actor));
      else await handle(store, rideStep, { type: types[step], data: { rideId, driverId } }, context(now, actor));
    }
    if (cancelAt)
      await handle(store, cancelRide, { type: 'CancelRide', data: { rideId } }, context(cancelAt, { tokenNo: 'RQ01', role: 'requester' }));
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedUsers(
      t.app,
      people.map(([tokenNo, role, name, vehicleType, vehicle]) => ({ tokenNo, role, name, vehicleType, vehicle, mobile: '9876543210' })),
    );
    for (const [tokenNo, role] of people) tokens[tokenNo] = await t.tokenFor(tokenNo, role);
    const d10 = (time: string) => ist('2026-01-10', time);
    await ride('H1', d10('09:00:00'), 'Forklift', 'Rao, Asha', [
      ['accept', 'F001', d10('09:01:00')],
      ['start', 'F001', d10('09:05:00')],
      ['pick', 'F001', d10('09:10:30')],
      ['drop', 'F001', d10('09:22:45')],
      ['end', 'F001', d10('09:25:00')],
    ]);
    await ride('H2', d10('23:59:00'), 'Crane', 'Asha Rao', [
      ['accept', 'C001', d10('23:59:10')],
      ['start', 'C001', d10('23:59:20')],
    ]);
    await ride('H3', ist('2026-01-11', '00:00:30'), 'Forklift', 'Asha Rao');
    await ride('H4', ist('2026-01-12', '10:00:00'), 'Forklift', 'Asha Rao', [
      ['accept', 'F002', ist('2026-01-12', '10:01:00')],
      ['start', 'F002', ist('2026-01-12', '10:02:00')],
      ['pick', 'F002', ist('2026-01-12', '10:04:00')],
      ['drop', 'F002', ist('2026-01-12', '10:10:00')],
      ['end', 'F002', ist('2026-01-12', '10:11:00')],
    ]);
    await ride('H5', ist('2026-01-12', '11:00:00'), 'Forklift', '=HYPERLINK("x")', [], ist('2026-01-12', '11:01:00'));
    for (let i = 0; i < 23; i += 1)
      await ride(`P${String(i).padStart(2, '0')}`, ist('2025-06-01', `10:${String(i).padStart(2, '0')}:00`), 'Forklift', 'Page Tester');
  });
  afterAll(async () => t.close());

  it("given a ride broken down mid-way and taken over over HTTP, when staff read the reports, then it shows the new driver, and the first driver's rides show his maintenance", async () => {
    const call = (who: string, method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>) =>
      t.app.inject({ method, url, payload, headers: as(who) });
    const { rideId } = (
      await call('RQ01', 'POST', '/api/bookings/book-ride', {
        userId: 'RQ01',
        fromLocation: 'fgs',
        toLocation: 'RMS',
        vehicleType: 'Forklift',
        rideType: 'Regular',
        reqName: 'Asha Rao',
        reqMobileNo: '9000000001',
      })
    ).json();
    expect((await call('F001', 'POST', '/api/tracking/accept-ride', { driverId: 'F001', rideId })).statusCode).toBe(200);
    const request = await call('F001', 'POST', '/api/requests/maintenanceReq', {
      driver_id: 'F001',
      driver_name: 'Ravi Kumar',
      vehicle_type: 'Forklift',
      issue: '',
      comment_text: 'engine died',
      status: 'pending',
      breakdown_type: null,
      ride_id: rideId,
    });
    expect(request.statusCode).toBe(200);
    const requestId = request.json().id as string;
    expect((await reports(`driverId=F001`)).rideReports.find((row) => row.RIDE_ID === idOf('H1'))).toMatchObject({
      MAINTENANCE_STATUS: 'pending',
      LAST_MAINTENANCE_DATE: null,
    });

    expect(
      (await call('F002', 'POST', '/api/maintenance/accept-redistributed-ride', { rideId, newDriverId: 'F002', currentState: 'accepted' }))
        .statusCode,
    ).toBe(200);
    for (const event of ['start', 'materialPicked', 'materialDropped', 'end'])
      expect((await call('F002', 'PUT', '/api/bookings/update-timestamps', { rideId, event })).statusCode).toBe(200);
    expect(
      (await call('MH01', 'PUT', `/api/requests/${requestId}/status`, { status: 'accepted', maintenance_date: null })).statusCode,
    ).toBe(200);
    expect(
      (
        await call('MH01', 'PUT', `/api/requests/${requestId}/status`, {
          status: 'completed',
          maintenance_date: '2026-01-05T10:30:00.000Z',
        })
      ).statusCode,
    ).toBe(200);

    const taken = (await reports('driverId=F002')).rideReports.find((row) => row.RIDE_ID === rideId);
    expect(rideReportServerRowSchema.strict().parse(taken)).toMatchObject({
      STATUS: 'completed',
      DRIVER_ID: 'F002',
      DRIVER_NAME: 'Suresh Patil',
      VEHICLE_NUMBER: 'MH12 AB 0002',
      FORKLIFT_NUMBER: '3',
      REQUESTER_NAME: 'Asha Rao',
      FROM_LOCATION: 'fgs',
      TO_LOCATION: 'RMS',
      GAP_PICK_DROP: expect.any(Number),
      GAP_PICK_START: expect.any(Number),
    });
    expect((await reports('driverId=F001')).rideReports.find((row) => row.RIDE_ID === idOf('H1'))).toMatchObject({
      MAINTENANCE_STATUS: 'completed',
      LAST_MAINTENANCE_DATE: '2026-01-05T10:30:00.000Z',
    });
  });

  it('given past rides, when one is read, then it has the 20 fields and our 3, its times and its gaps in minutes', async () => {
    const { rideReports } = await reports('from=10/01/2026&to=10/01/2026');
    expect(rideReports.find((row) => row.RIDE_ID === idOf('H1'))).toEqual({
      RIDE_ID: idOf('H1'),
      REQUESTER_NAME: 'Rao, Asha',
      FROM_LOCATION: 'main gate',
      TO_LOCATION: 'canteen',
      VEHICLE_TYPE: 'Forklift',
      VEHICLE_NUMBER: 'MH12 AB 0001',
      FORKLIFT_NUMBER: '2',
      STATUS: 'completed',
      CREATED_AT: '2026-01-10T03:30:00.000Z',
      DRIVER_ID: 'F001',
      DRIVER_NAME: 'Ravi Kumar',
      START_TIME: '2026-01-10T03:35:00.000Z',
      END_TIME: '2026-01-10T03:55:00.000Z',
      MATERIAL_PICK_TIME: '2026-01-10T03:40:30.000Z',
      MATERIAL_DROP_TIME: '2026-01-10T03:52:45.000Z',
      GAP_PICK_DROP: 12.25,
      GAP_PICK_START: 5.5,
      LAST_MAINTENANCE_DATE: expect.toBeOneOf([null, '2026-01-05T10:30:00.000Z']),
      MAINTENANCE_STATUS: expect.toBeOneOf([null, 'pending', 'completed']),
      RIDE_TYPE: 'Regular',
      PRIORITY: 'normal',
      SLA_MET: PAST_SLA,
      // Booked without saying what is moved (issue #32 item 7).
      LOAD: null,
      // No step recorded without the scan it needed (issue #34 item 2).
      SCAN_OVERRIDES: null,
    });
  });

  it.each([
    ['vehicleType=Crane', ['H2'], (row: Row) => row.VEHICLE_TYPE === 'Crane'],
    ['vehicleNumber=mh12-ab-0001', ['H1'], (row: Row) => row.VEHICLE_NUMBER === 'MH12 AB 0001'],
    ['forkliftNumber=02', ['H1'], (row: Row) => row.FORKLIFT_NUMBER === '2'],
    ['status=completed', ['H4', 'H1'], (row: Row) => row.STATUS === 'completed'],
    ['status=in-progress', ['H2'], (row: Row) => ['accepted', 'started', 'material picked', 'delivered'].includes(row.STATUS!)],
    ['status=Cancelled', ['H5'], (row: Row) => row.STATUS === 'cancelled'],
    ['status=pending', ['H3', ...PAGE_RIDES], (row: Row) => ['requested', 'waiting_for_reassignment'].includes(row.STATUS!)],
    ['driverId=c001', ['H2'], (row: Row) => row.DRIVER_ID === 'C001'],
    ['driverName=KUM', ['H1'], (row: Row) => row.DRIVER_NAME === 'Ravi Kumar'],
    ['driverName=a%25', [], null],
    ['from=10/01/2026&to=10/01/2026', ['H2', 'H1'], (row: Row) => row.CREATED_AT!.startsWith('2026-01-10')],
    ['from=11/01/2026&to=11/01/2026', ['H3'], (row: Row) => row.CREATED_AT === '2026-01-10T18:30:30.000Z'],
    [
      'vehicleType=Forklift&status=completed&from=10/01/2026&to=12/01/2026',
      ['H4', 'H1'],
      (row: Row) => row.VEHICLE_TYPE === 'Forklift' && row.STATUS === 'completed',
    ],
    [
      'vehicleType=Forklift&driverName=ravi&forkliftNumber=2&vehicleNumber=MH12AB0001&to=11/01/2026',
      ['H1'],
      (row: Row) => row.DRIVER_ID === 'F001',
    ],
    ['vehicleType=Other', [], null],
    ['vehicleType=&status=%20&driverName=', ['H5', 'H4', 'H3', 'H2', 'H1', ...PAGE_RIDES], null],
  ] as Array<[string, string[], ((row: Row) => boolean) | null]>)(
    'when staff filter by %s, then exactly the matching rides come back, newest first',
    async (query, expected, matches) => {
      const { rideReports, total } = await reports(`${query}&pageSize=500`);
      expect(named(rideReports)).toEqual(expected.map(idOf));
      expect(total).toBe(rideReports.length);
      if (expected.length === 0) expect(total).toBe(0);
      // Rides driven over HTTP in another test may match too; they must match the filter.
      if (matches) expect(rideReports.filter((row) => !matches(row))).toEqual([]);
    },
  );

  it('given 23 rides on one day, when staff page through them, then totals, page sizes and order hold and no ride repeats', async () => {
    const day = 'from=01/06/2025&to=01/06/2025';
    const first = await reports(day);
    expect([first.total, first.totalCapped, first.page, first.pageSize, first.rideReports.length]).toEqual([23, false, 1, 15, 15]);
    const pages = await Promise.all([1, 2, 3, 4].map((page) => reports(`${day}&page=${page}&pageSize=10`)));
    expect(pages.map((p) => [p.total, p.page, p.pageSize, p.rideReports.length])).toEqual([
      [23, 1, 10, 10],
      [23, 2, 10, 10],
      [23, 3, 10, 3],
      [23, 4, 10, 0],
    ]);
    const walked = pages.flatMap((p) => ids(p.rideReports));
    expect(walked).toEqual(PAGE_RIDES.map(idOf));
  });

  it.each([
    ['from=2026-01-10', SERVER_MESSAGES.invalidReportDate],
    ['from=31/02/2026', SERVER_MESSAGES.invalidReportDate],
    ['to=1/1/2026', SERVER_MESSAGES.invalidReportDate],
    ['from=12/01/2026&to=10/01/2026', SERVER_MESSAGES.reportEndBeforeStart],
    ['page=0', SERVER_MESSAGES.invalidReportPage],
    ['page=-2', SERVER_MESSAGES.invalidReportPage],
    ['page=1.5', SERVER_MESSAGES.invalidReportPage],
    ['page=abc', SERVER_MESSAGES.invalidReportPage],
    ['page=99999999999999999999', SERVER_MESSAGES.invalidReportPage],
    ['pageSize=0', SERVER_MESSAGES.invalidReportPageSize],
    ['pageSize=501', SERVER_MESSAGES.invalidReportPageSize],
    ['vehicleType=Bus', SERVER_MESSAGES.invalidReportVehicleType],
    ['status=flying', SERVER_MESSAGES.invalidReportStatus],
    ['status=completed&status=cancelled', SERVER_MESSAGES.invalidReportStatus],
    ['forkliftNumber=123', SERVER_MESSAGES.invalidForkliftNumber],
    ['forkliftNumber=7a', SERVER_MESSAGES.invalidForkliftNumber],
    [`driverName=${'x'.repeat(101)}`, SERVER_MESSAGES.reportFilterTooLong],
    ['priority=high', REPORT_PRIORITY_MESSAGE],
    ['priority=urgent&priority=normal', REPORT_PRIORITY_MESSAGE],
    ['slaMet=yes', REPORT_SLA_MET_MESSAGE],
    ['slaMet=1', REPORT_SLA_MET_MESSAGE],
  ])('when staff ask for rides with %s, then it is 400 with a clear message', async (query, message) => {
    const answer = await get('AD01', `/api/reports/rides?${query}`);
    expect([answer.statusCode, answer.json()]).toEqual([400, { message }]);
  });

  it.each(['/api/reports/AllRides', '/api/reports/rides.csv'])(
    'when %s is asked with a bad filter, then it is 400 with a clear message, not a file',
    async (url) => {
      const answer = await get('MH01', `${url}?from=10/01/2026&to=09/01/2026`);
      expect([answer.statusCode, answer.json()]).toEqual([400, { message: SERVER_MESSAGES.reportEndBeforeStart }]);
      for (const [query, message] of [
        ['priority=soon', REPORT_PRIORITY_MESSAGE],
        ['slaMet=maybe', REPORT_SLA_MET_MESSAGE],
      ]) {
        const refused = await get('MH01', `${url}?${query}`);
        expect([refused.statusCode, refused.json()]).toEqual([400, { message }]);
      }
    },
  );

  describe('role rules', () => {
    const urls = ['/api/reports/rides', '/api/reports/AllRides', '/api/reports/rides.csv'];
    it.each(
      urls.flatMap((url) => [
        ['RQ01', url],
        ['F001', url],
      ]),
    )('when %s asks for %s, then it is 403', async (who, url) => {
      expect((await get(who, url)).statusCode).toBe(403);
    });
    it.each(urls)('when %s is asked without a token, then it is 401', async (url) => {
      expect((await get(null, url)).statusCode).toBe(401);
    });
    it.each(urls)(
      'when %s is asked with a bad filter by a requester, or without a token, then roles are judged first (403, 401)',
      async (url) => {
        expect((await get('RQ01', `${url}?from=nonsense`)).statusCode).toBe(403);
        expect((await get(null, `${url}?page=0`)).statusCode).toBe(401);
      },
    );
    it.each(
      urls.flatMap((url) => [
        ['AD01', url],
        ['MH01', url],
      ]),
    )('when %s asks for %s, then it is served', async (who, url) => {
      expect((await get(who, url)).statusCode).toBe(200);
    });
  });

  it('when staff download the CSV, then it is ride_reports_<plant day>.csv with the upper-case header and the 27 columns, the defaults, en-IN plant times and quoted commas', async () => {
    const dayBefore = plantDayOf(new Date());
    const answer = await get('MH01', `/api/reports/rides.csv?from=10/01/2026&to=12/01/2026&position=${await head()}`);
    const dayAfter = plantDayOf(new Date());
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/csv/);
    expect([dayBefore, dayAfter].map((day) => `attachment; filename="ride_reports_${day}.csv"`)).toContain(
      answer.headers['content-disposition'],
    );
    const lines = answer.body.trimEnd().split('\n');
    expect(lines[0]).toBe(RIDE_REPORT_CSV_COLUMNS.join(','));
    expect(lines[0]).toMatch(
      /^RIDE_ID,REQUESTER_NAME,.*,GAP_PICK_DROP,GAP_PICK_START,.*,RIDE_TYPE,PRIORITY,SLA_MET,LOAD_DESCRIPTION,LOAD_QUANTITY,LOAD_WEIGHT_KG,LOAD_HANDLING,SCAN_OVERRIDES$/,
    );
    const records = lines.slice(1).map(csvCells);
    expect(records.map((cells) => cells.length)).toEqual([27, 27, 27, 27, 27]);
    const byId = new Map(
      records.map((cells) => [cells[0], Object.fromEntries(RIDE_REPORT_CSV_FIELDS.map((field, i) => [field, cells[i]]))]),
    );
    expect([...byId.keys()]).toEqual(['H5', 'H4', 'H3', 'H2', 'H1'].map(idOf));
    expect(lines.find((line) => line.startsWith(idOf('H1')))).toContain('"Rao, Asha"');
    expect(byId.get(idOf('H1'))).toMatchObject({
      requesterName: 'Rao, Asha',
      createdAt: '10 Jan 2026, 09:00:00 am',
      startTime: '10 Jan 2026, 09:05:00 am',
      materialDropTime: '10 Jan 2026, 09:22:45 am',
      gapPickDrop: '12.25 mins',
      gapPickStart: '5.50 mins',
      forkliftNumber: '2',
      vehicleNumber: 'MH12 AB 0001',
      driverName: 'Ravi Kumar',
      status: 'completed',
      priority: 'normal',
      slaMet: expect.toBeOneOf(['true', 'false']),
    });
    expect(byId.get(idOf('H5'))).toMatchObject({
      requesterName: `'=HYPERLINK("x")`,
      status: 'cancelled',
      driverId: MESSAGES.unknown,
      driverName: MESSAGES.unknown,
      vehicleNumber: MESSAGES.unknown,
      forkliftNumber: MESSAGES.unknown,
      startTime: MESSAGES.notAvailable,
      gapPickDrop: MESSAGES.notAvailable,
      gapPickStart: MESSAGES.notAvailable,
      lastMaintenanceDate: MESSAGES.notAvailable,
      maintenanceStatus: MESSAGES.notAvailable,
      priority: 'normal',
      slaMet: expect.toBeOneOf([MESSAGES.notAvailable, 'false']),
    });
  });

  // Issue #20, on the clock of now so that no service target falls due while the test runs; a miss is appended as its timer would.
  it('given rides of now of each priority and outcome, when staff filter by priority and slaMet, then the pages, AllRides and the CSV hold exactly the matching ones with PRIORITY and SLA_MET', async () => {
    const call = async (who: string, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) => {
      const answer = await t.app.inject({ method, url, payload, headers: as(who) });
      expect(answer.statusCode, `${method} ${url}: ${answer.body}`).toBe(200);
      return answer.json() as { rideId: string; position: number };
    };
    const book = (priority: 'normal' | 'urgent') =>
      call('RQ01', 'POST', '/api/bookings/book-ride', {
        userId: 'RQ01',
        fromLocation: 'fgs',
        toLocation: 'RMS',
        vehicleType: 'Forklift',
        rideType: 'Regular',
        reqName: 'Asha Rao',
        reqMobileNo: '9000000001',
        priority,
      });
    const met = (await book('urgent')).rideId;
    await call('F003', 'POST', '/api/tracking/accept-ride', { driverId: 'F003', rideId: met });
    for (const event of ['start', 'materialPicked', 'materialDropped'])
      await call('F003', 'PUT', '/api/bookings/update-timestamps', { rideId: met, event });
    await call('F003', 'POST', '/api/tracking/complete-ride', { rideId: met });
    const missed = (await book('normal')).rideId;
    await timerFacts(t.app.eventStore).missTarget(missed, 'accept');
    await call('RQ01', 'DELETE', `/api/bookings/cancel/${missed}`);
    const open = (await book('urgent')).rideId;
    const ours = [met, missed, open];
    const service = (row: Row) => [row.RIDE_ID, row.PRIORITY, row.SLA_MET];

    const rows = new Map((await reports('pageSize=500')).rideReports.map((row) => [row.RIDE_ID, row]));
    expect(ours.map((id) => service(rows.get(id)!))).toEqual([
      [met, 'urgent', true],
      [missed, 'normal', false],
      [open, 'urgent', null],
    ]);
    for (const [query, expected, matches] of [
      ['priority=urgent', [open, met], (row: Row) => row.PRIORITY === 'urgent'],
      ['priority=NORMAL', [missed], (row: Row) => row.PRIORITY === 'normal'],
      ['slaMet=true', [met], (row: Row) => row.SLA_MET === true],
      ['slaMet=false', [missed], (row: Row) => row.SLA_MET === false],
      ['priority=urgent&slaMet=false', [], (row: Row) => row.PRIORITY === 'urgent' && row.SLA_MET === false],
      ['priority=normal&slaMet=false&status=cancelled', [missed], (row: Row) => row.STATUS === 'cancelled' && row.SLA_MET === false],
    ] as Array<[string, string[], (row: Row) => boolean]>) {
      const { rideReports, total } = await reports(`${query}&pageSize=500`);
      expect(
        ids(rideReports).filter((id) => ours.includes(id)),
        query,
      ).toEqual(expected);
      expect(
        rideReports.filter((row) => !matches(row)),
        query,
      ).toEqual([]);
      expect(total, query).toBe(rideReports.length);
      const all = await get('AD01', `/api/reports/AllRides?${query}`);
      expect(ids(all.json()), query).toEqual(ids(rideReports));
    }
    const csv = await get('MH01', `/api/reports/rides.csv?priority=urgent&position=${await head()}`);
    const cells = new Map(
      csv.body
        .trimEnd()
        .split('\n')
        .slice(1)
        .map(csvCells)
        // PRIORITY and SLA_MET, before the load's four cells and the scan overrides.
        .map((line) => [line[0], line.slice(-7, -5)]),
    );
    expect([cells.get(met), cells.get(open), cells.get(missed)]).toEqual([
      ['urgent', 'true'],
      ['urgent', MESSAGES.notAvailable],
      undefined,
    ]);
  });

  it('when staff ask for AllRides, then every row comes back in the server form, the same rows as the pages hold', async () => {
    const all = await get('AD01', `/api/reports/AllRides?position=${await head()}`);
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-type']).toMatch(/^application\/json/);
    const rows = (all.json() as unknown[]).map((row) => rideReportServerRowSchema.strict().parse(row));
    const { rideReports, total } = await reports('pageSize=500');
    expect(rows).toEqual(rideReports);
    expect(rows).toHaveLength(total);
    const filtered = await get('AD01', '/api/reports/AllRides?vehicleType=Crane&from=10/01/2026');
    expect(ids(filtered.json())).toEqual([idOf('H2')]);
    expect((await get('AD01', '/api/reports/AllRides?vehicleType=Other')).body).toBe('[]');
  });

  it('given more rows than one batch, when an export walks them, then it reads them all in page order, each once', async () => {
    const walked: string[] = [];
    for await (const batch of await reportBatches(readModels(t.app), {}, 4)) walked.push(...batch.map((row) => row.ride_id));
    expect(walked).toEqual(ids((await reports('pageSize=500')).rideReports));
    expect(new Set(walked).size).toBe(walked.length);
  });
});
