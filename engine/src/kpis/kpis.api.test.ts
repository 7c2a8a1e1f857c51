import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES, plantDayOf, shiftDay, type Role } from '@plantride/schemas';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds } from '../test-support/test-database';
import { driverName, kpiRides, timerFacts } from './kpi-rides.fixture';
import { commandRunner } from '../test-support/direct-rides';
import { setShift } from '../drivers/driver.decider';

// Rides run on a past clock fall due for their service targets at once (issue #20): the server's timers may
// note a miss between the fixture's commands, so on those rides only the count of completed rides is fixed;
// the SLA figures are checked on rides of now below.
const pastSla = (completed: number) => ({
  slaRides: completed,
  slaMetRides: expect.toBeOneOf(Array.from({ length: completed + 1 }, (_, n) => n)),
  slaMetShare: completed === 0 ? null : expect.any(Number),
});

describe.each(testStoreKinds())('KPI API on %s', (kind) => {
  let t: TestApp;
  let position = 0;
  const tokens: Record<string, string> = {};
  const people: Array<[string, Role]> = [
    ['AD01', 'admin'],
    ['MH01', 'maintenanceHead'],
    ['AB12', 'requester'],
    ['D001', 'driver'],
  ];
  const kpis = (tokenNo: string | null, query: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/reports/kpis?${query}&position=${position}`,
      headers: tokenNo ? { authorization: `Bearer ${tokens[tokenNo]}` } : {},
    });

  const rmsToFgs = { from: 'RMS', to: 'fgs' };
  // Plant days 1 and 2 April 2026 (UTC+05:30); durations picked so minutes need rounding.
  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const [tokenNo, role] of people) tokens[tokenNo] = await t.tokenFor(tokenNo, role);
    const rides = kpiRides(t.app.eventStore);
    await rides.complete('A1', 'Forklift', 'D001', {
      requested: '2026-04-01T03:30:00Z',
      accepted: '2026-04-01T03:31:40Z',
      picked: '2026-04-01T03:36:40Z',
      dropped: '2026-04-01T03:44:00Z',
      ended: '2026-04-01T03:45:00Z',
    });
    await rides.complete('A2', 'Forklift', 'D002', {
      requested: '2026-04-01T04:00:00Z',
      accepted: '2026-04-01T04:00:20Z',
      picked: '2026-04-01T04:10:20Z',
      dropped: '2026-04-01T04:12:20Z',
      ended: '2026-04-01T04:13:20Z',
    });
    await rides.book('A3', 'Forklift', '2026-04-01T04:30:00Z', rmsToFgs);
    await rides.cancel('A3', '2026-04-01T04:31:00Z');
    await rides.complete('A4', 'Crane', 'C001', {
      requested: '2026-04-01T05:00:00Z',
      accepted: '2026-04-01T05:02:00Z',
      picked: '2026-04-01T05:05:00Z',
      dropped: '2026-04-01T05:09:00Z',
      ended: '2026-04-01T05:10:00Z',
    });
    await rides.book('A5', 'Forklift', '2026-04-02T06:00:00Z', rmsToFgs);
    await rides.accept('A5', 'D001', 'Forklift', '2026-04-02T06:01:00Z');
    // Shifts (issue #32 item 6): D001 one hour on day 1, ended by him; C001 eight hours that ran out,
    // then eight more from 23:00 plant time, an hour of them on day 1 (plant midnight is 18:30 UTC).
    const run = commandRunner(t.app.eventStore);
    const shift = (operatorId: string, on: boolean, at: string) =>
      run(setShift, { type: 'SetShift', data: { operatorId, on, location: null }, shiftMs: 8 * 3_600_000, site: null }, at, {
        tokenNo: operatorId,
        role: 'driver',
      });
    await shift('D001', true, '2026-04-01T03:00:00Z');
    await shift('D001', false, '2026-04-01T04:00:00Z');
    await shift('C001', true, '2026-04-01T04:50:00Z');
    // D003, a Forklift driver, two hours on shift on day 1 and no ride.
    await rides.driver('D003', 'Forklift');
    await shift('D003', true, '2026-04-01T06:00:00Z');
    await shift('D003', false, '2026-04-01T08:00:00Z');
    position = await shift('C001', true, '2026-04-01T17:30:00Z');
  });
  afterAll(async () => t.close());

  const forkliftFirstDay = {
    day: '2026-04-01',
    vehicleType: 'Forklift',
    requested: 3,
    completed: 2,
    cancelled: 1,
    ...pastSla(2),
    // Waits 100 s and 20 s: p90 = 20 + 0.9 × 80 = 92 s.
    waitMinutes: { avg: 1, p90: 1.53 },
    pickupMinutes: { avg: 7.5, p90: 9.5 },
    deliveryMinutes: { avg: 4.67, p90: 6.8 },
  };
  const craneFirstDay = {
    day: '2026-04-01',
    vehicleType: 'Crane',
    requested: 1,
    completed: 1,
    cancelled: 0,
    ...pastSla(1),
    waitMinutes: { avg: 2, p90: 2 },
    pickupMinutes: { avg: 3, p90: 3 },
    deliveryMinutes: { avg: 4, p90: 4 },
  };
  const forkliftSecondDay = {
    day: '2026-04-02',
    vehicleType: 'Forklift',
    requested: 1,
    completed: 0,
    cancelled: 0,
    ...pastSla(0),
    waitMinutes: { avg: 1, p90: 1 },
    pickupMinutes: { avg: null, p90: null },
    deliveryMinutes: { avg: null, p90: null },
  };
  // Day 1 and 2: 8 busy minutes over 8 + 8 hours on shift.
  const craneDriver = {
    driverId: 'C001',
    driverName: driverName('C001'),
    ridesCompleted: 1,
    busyMinutes: 8,
    shiftMinutes: 960,
    utilisation: 0.008,
  };

  it('given rides over two plant days, when an admin asks for both days as dd/MM/yyyy, then he gets each day and vehicle type and each driver', async () => {
    const answer = await kpis('AD01', 'from=01/04/2026&to=02/04/2026');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      from: '2026-04-01',
      to: '2026-04-02',
      days: [craneFirstDay, forkliftFirstDay, forkliftSecondDay],
      // D001's second ride is still under way, so only his first counts.
      drivers: [
        craneDriver,
        // 13 min 20 s busy in his hour on shift; D002 recorded no shift.
        {
          driverId: 'D001',
          driverName: driverName('D001'),
          ridesCompleted: 1,
          busyMinutes: 13.33,
          shiftMinutes: 60,
          utilisation: 0.222,
        },
        {
          driverId: 'D002',
          driverName: driverName('D002'),
          ridesCompleted: 1,
          busyMinutes: 13,
          shiftMinutes: null,
          utilisation: null,
        },
        // On shift, no ride completed: listed last, 0 % busy.
        { driverId: 'D003', driverName: driverName('D003'), ridesCompleted: 0, busyMinutes: 0, shiftMinutes: 120, utilisation: 0 },
      ],
      // Every requested ride counts for its route, cancelled or not.
      routes: [
        { from: 'main gate', to: 'canteen', rides: 3 },
        { from: 'RMS', to: 'fgs', rides: 2 },
      ],
    });
  });

  it('given the same rides, when the maintenance head filters on Crane with ISO dates, then only Crane days and drivers come back', async () => {
    const answer = await kpis('MH01', 'from=2026-04-01&to=2026-04-02&vehicleType=Crane');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      from: '2026-04-01',
      to: '2026-04-02',
      days: [craneFirstDay],
      drivers: [craneDriver],
      routes: [{ from: 'main gate', to: 'canteen', rides: 1 }],
    });
  });

  it("given shifts across plant midnight, when only the first day is asked, then each driver's time on shift is the part of it inside that day, and utilisation is busy over it", async () => {
    const answer = await kpis('AD01', 'from=2026-04-01&to=2026-04-01&vehicleType=Crane');
    expect(answer.statusCode).toBe(200);
    // 8 h that ran out at 18:20 plant time, and the first hour of the night shift: 540 min, 8 of them busy.
    expect(answer.json().drivers).toEqual([{ ...craneDriver, shiftMinutes: 540, utilisation: 0.015 }]);
  });

  it('given the same rides, when the range is only the second day, then the first day and its drivers are left out', async () => {
    const answer = await kpis('AD01', 'from=02/04/2026&to=2026-04-02&vehicleType=Forklift');
    expect(answer.json()).toEqual({
      from: '2026-04-02',
      to: '2026-04-02',
      days: [forkliftSecondDay],
      drivers: [],
      routes: [{ from: 'RMS', to: 'fgs', rides: 1 }],
    });
  });

  it('given a ride requested now, when no dates are given, then the last seven plant days up to today are reported and include it', async () => {
    const requestedAt = new Date();
    position = await kpiRides(t.app.eventStore).book('NOW1', 'Cherry Picker', requestedAt.toISOString());
    const answer = await kpis('AD01', 'vehicleType=Cherry%20Picker');
    const after = plantDayOf(new Date());
    expect(answer.statusCode).toBe(200);
    const { from, to, days } = answer.json();
    expect([plantDayOf(requestedAt), after]).toContain(to);
    expect(from).toBe(shiftDay(to, -6));
    expect(days).toEqual([
      expect.objectContaining({
        day: plantDayOf(requestedAt),
        vehicleType: 'Cherry Picker',
        requested: 1,
        completed: 0,
        slaRides: 0,
        slaMetRides: 0,
        slaMetShare: null,
      }),
    ]);
  });

  it('given AMR rides of now, two completed in time, one completed after missing its delivery target and one open, when the day is asked for, then 3 count for SLA, 2 met it, a share of 0.667', async () => {
    const rides = kpiRides(t.app.eventStore);
    const start = Date.now();
    // On the clock of now: no target falls due while the test runs; the miss is appended as its timer would.
    const time = (seconds: number) => new Date(start + seconds * 1000).toISOString();
    await rides.complete('SLA1', 'AMR', 'M001', {
      requested: time(0),
      accepted: time(10),
      picked: time(20),
      dropped: time(30),
      ended: time(40),
    });
    await rides.complete('SLA2', 'AMR', 'M002', {
      requested: time(1),
      accepted: time(11),
      picked: time(21),
      dropped: time(31),
      ended: time(41),
    });
    await rides.book('SLA3', 'AMR', time(2));
    await rides.accept('SLA3', 'M003', 'AMR', time(12));
    await rides.step('SLA3', 'StartRide', 'M003', time(13));
    await timerFacts(t.app.eventStore).missTarget('SLA3', 'deliver');
    // After its deadline (booked at time(2), 30 min to deliver): a drop in time would take the miss back (issue #32 item 2).
    for (const [step, at] of [
      ['PickMaterial', 1822],
      ['DropMaterial', 1832],
      ['EndRide', 1842],
    ] as const)
      await rides.step('SLA3', step, 'M003', time(at));
    position = await rides.book('SLA4', 'AMR', time(3));
    const day = plantDayOf(time(0));
    const answer = await kpis('MH01', `from=${day}&to=${day}&vehicleType=AMR`);
    expect(answer.statusCode).toBe(200);
    // Booked within seconds of each other, the four share a plant day unless the test straddles plant midnight.
    const [row] = answer.json().days;
    if (plantDayOf(time(3)) === day)
      expect(row).toMatchObject({ day, vehicleType: 'AMR', requested: 4, completed: 3, slaRides: 3, slaMetRides: 2, slaMetShare: 0.667 });
  });

  it('when only a start date is given, then the range runs from it to today', async () => {
    const before = plantDayOf(new Date());
    const answer = await kpis('AD01', `from=${shiftDay(before, -2)}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ from: shiftDay(before, -2) });
    expect([before, plantDayOf(new Date())]).toContain(answer.json().to);
  });

  it.each([
    ['from=10/04/2026&to=01/04/2026', SERVER_MESSAGES.kpiRangeReversed],
    ['from=01/01/2025&to=02/01/2026', SERVER_MESSAGES.kpiRangeTooLong],
    ['from=31/02/2026&to=01/03/2026', SERVER_MESSAGES.kpiInvalidDate],
    ['from=2026-4-1', SERVER_MESSAGES.kpiInvalidDate],
    ['to=yesterday', SERVER_MESSAGES.kpiInvalidDate],
    ['vehicleType=Other', SERVER_MESSAGES.kpiUnknownVehicleType],
    // With `to` left to default to today, a start in the future is a reversed range.
    ['from=01/01/2999', SERVER_MESSAGES.kpiRangeReversed],
  ])('when the query is %s, then the answer is 400 with a clear message', async (query, message) => {
    const answer = await kpis('AD01', query);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ message });
  });

  it('given the largest allowed range of 366 days, when an admin asks for it, then it is answered', async () => {
    const answer = await kpis('AD01', 'from=01/01/2025&to=01/01/2026');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ from: '2025-01-01', to: '2026-01-01', days: [], drivers: [], routes: [] });
  });

  it.each(['AB12', 'D001'])('when %s (not staff) asks for KPIs, even with a bad query, then the answer is 403', async (tokenNo) => {
    for (const query of ['from=01/04/2026&to=02/04/2026', 'from=not-a-date']) {
      const answer = await kpis(tokenNo, query);
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toEqual({ message: SERVER_MESSAGES.forbidden });
    }
  });

  it('when nobody is signed in, then the answer is 401', async () => {
    expect((await kpis(null, 'from=01/04/2026')).statusCode).toBe(401);
  });
});
