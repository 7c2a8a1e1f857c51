import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { kpiDays, kpiDrivers, kpiRoutes, kpisProjection } from '@plantride/projections';
import { sql } from 'kysely';
import { rideStreamId } from '@plantride/schemas';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds } from '../test-support/test-database';
import { toDomainEvent } from '../event-store/upcast';
import { readModels } from '../rides/ride-access';
import { driverName, kpiRides, percentileCont } from './kpi-rides.fixture';

const at = (time: string) => new Date(time);
const DECADE_MS = 10 * 365 * 24 * 3600 * 1000;
// Rides run on a past clock fall due for their service targets at once (issue #20): the server's timers may
// note a miss between the fixture's commands, so their SLA_MET is not fixed here; projections/src/kpis/kpis.sla.test.ts
// checks it on given events, and kpis.api.test on rides of now.
const PAST_SLA_MET = expect.toBeOneOf([true, false]);
const PAST_SLA_OPEN = expect.toBeOneOf([null, false]);
// A noted miss is a ride event the KPIs handle: it moves the row's last position by one per target, and
// by one more when the drop, in time on the fixture's clock, takes the delivery miss back (issue #32 item 2).
const lastPosition = (withoutMisses: number) => expect.toBeOneOf([withoutMisses, withoutMisses + 1, withoutMisses + 2, withoutMisses + 3]);

describe.each(testStoreKinds())('kpis projection on %s', (kind) => {
  let t: TestApp;
  const db = () => readModels(t.app);
  const caughtUp = async (position: number) => expect(await t.app.projections.waitForPosition(position, 10_000)).toBe(true);

  beforeEach(async () => {
    // The rides run on a chosen clock months back: the server's timers would find them overdue at
    // once and append wait alerts between the fixture's commands.
    t = await createTestApp(kind, { timers: { reassignTimeoutMs: DECADE_MS, rideWaitAlertMs: DECADE_MS } });
  });
  afterEach(async () => t.close());

  // Plant time is UTC+05:30: 18:29Z is 23:59 on the 10th there, 19:00Z is already the 11th.
  async function givenTwoDaysOfRides() {
    const rides = kpiRides(t.app.eventStore);
    await rides.complete('R1', 'Forklift', 'D001', {
      requested: '2026-03-10T04:00:00Z',
      accepted: '2026-03-10T04:02:00Z',
      picked: '2026-03-10T04:07:00Z',
      dropped: '2026-03-10T04:12:00Z',
      ended: '2026-03-10T04:13:00Z',
    });
    await rides.book('R2', 'Forklift', '2026-03-10T18:29:00Z');
    await rides.cancel('R2', '2026-03-10T18:31:00Z');
    await rides.book('R3', 'Crane', '2026-03-10T05:00:00Z');
    await rides.accept('R3', 'C001', 'Crane', '2026-03-10T05:01:00Z');
    await rides.step('R3', 'StartRide', 'C001', '2026-03-10T05:02:00Z');
    await rides.redistribute('R3', 'C001', 'Crane', '2026-03-10T05:04:00Z');
    await rides.takeOver('R3', 'C002', 'Crane', '2026-03-10T05:10:00Z');
    await rides.step('R3', 'PickMaterial', 'C002', '2026-03-10T05:12:00Z');
    await rides.step('R3', 'DropMaterial', 'C002', '2026-03-10T05:20:00Z');
    await rides.step('R3', 'EndRide', 'C002', '2026-03-10T05:21:00Z');
    return rides.complete('R4', 'Forklift', 'D001', {
      requested: '2026-03-10T19:00:00Z',
      accepted: '2026-03-10T19:05:00Z',
      picked: '2026-03-10T19:15:30Z',
      dropped: '2026-03-10T19:20:00Z',
      ended: '2026-03-10T19:21:00Z',
    });
  }

  it('given a completed, a cancelled and a redistributed-then-taken-over ride over two plant days, when the projection catches up, then each ride row has its day, times and durations', async () => {
    await caughtUp(await givenTwoDaysOfRides());
    const rows = await db().selectFrom('kpi_rides').selectAll().orderBy('ride_id').execute();
    expect(rows).toEqual([
      {
        ride_id: 'R1',
        day: '2026-03-10',
        vehicle_type: 'Forklift',
        from_location: 'main gate',
        to_location: 'canteen',
        requested_at: at('2026-03-10T04:00:00Z'),
        accepted_at: at('2026-03-10T04:02:00Z'),
        picked_at: at('2026-03-10T04:07:00Z'),
        dropped_at: at('2026-03-10T04:12:00Z'),
        ended_at: at('2026-03-10T04:13:00Z'),
        cancelled_at: null,
        wait_seconds: 120,
        pickup_seconds: 300,
        delivery_seconds: 300,
        driver_id: 'D001',
        driver_name: driverName('D001'),
        driver_since: at('2026-03-10T04:02:00Z'),
        sla_met: PAST_SLA_MET,
        last_position: lastPosition(6),
      },
      {
        ride_id: 'R2',
        day: '2026-03-10',
        vehicle_type: 'Forklift',
        from_location: 'main gate',
        to_location: 'canteen',
        requested_at: at('2026-03-10T18:29:00Z'),
        accepted_at: null,
        picked_at: null,
        dropped_at: null,
        ended_at: null,
        cancelled_at: at('2026-03-10T18:31:00Z'),
        wait_seconds: null,
        pickup_seconds: null,
        delivery_seconds: null,
        driver_id: null,
        driver_name: null,
        driver_since: null,
        sla_met: PAST_SLA_OPEN,
        last_position: lastPosition(2),
      },
      // Pick-up runs from the first acceptance, so the breakdown's delay is in it.
      {
        ride_id: 'R3',
        day: '2026-03-10',
        vehicle_type: 'Crane',
        from_location: 'main gate',
        to_location: 'canteen',
        requested_at: at('2026-03-10T05:00:00Z'),
        accepted_at: at('2026-03-10T05:01:00Z'),
        picked_at: at('2026-03-10T05:12:00Z'),
        dropped_at: at('2026-03-10T05:20:00Z'),
        ended_at: at('2026-03-10T05:21:00Z'),
        cancelled_at: null,
        wait_seconds: 60,
        pickup_seconds: 660,
        delivery_seconds: 480,
        driver_id: 'C002',
        driver_name: driverName('C002'),
        driver_since: at('2026-03-10T05:10:00Z'),
        sla_met: PAST_SLA_MET,
        last_position: lastPosition(8),
      },
      {
        ride_id: 'R4',
        day: '2026-03-11',
        vehicle_type: 'Forklift',
        from_location: 'main gate',
        to_location: 'canteen',
        requested_at: at('2026-03-10T19:00:00Z'),
        accepted_at: at('2026-03-10T19:05:00Z'),
        picked_at: at('2026-03-10T19:15:30Z'),
        dropped_at: at('2026-03-10T19:20:00Z'),
        ended_at: at('2026-03-10T19:21:00Z'),
        cancelled_at: null,
        wait_seconds: 300,
        pickup_seconds: 630,
        delivery_seconds: 270,
        driver_id: 'D001',
        driver_name: driverName('D001'),
        driver_since: at('2026-03-10T19:05:00Z'),
        sla_met: PAST_SLA_MET,
        last_position: lastPosition(6),
      },
    ]);
  });

  it('given the same rides, when the projection catches up, then each driver day counts the rides he ended and his busy time, the broken-down driver until redistribution', async () => {
    await caughtUp(await givenTwoDaysOfRides());
    const rows = await db().selectFrom('kpi_driver_days').selectAll().orderBy('day').orderBy('driver_id').execute();
    expect(rows).toEqual([
      {
        day: '2026-03-10',
        driver_id: 'C001',
        vehicle_type: 'Crane',
        driver_name: driverName('C001'),
        rides_completed: 0,
        busy_seconds: 180,
      },
      {
        day: '2026-03-10',
        driver_id: 'C002',
        vehicle_type: 'Crane',
        driver_name: driverName('C002'),
        rides_completed: 1,
        busy_seconds: 660,
      },
      {
        day: '2026-03-10',
        driver_id: 'D001',
        vehicle_type: 'Forklift',
        driver_name: driverName('D001'),
        rides_completed: 1,
        busy_seconds: 660,
      },
      {
        day: '2026-03-11',
        driver_id: 'D001',
        vehicle_type: 'Forklift',
        driver_name: driverName('D001'),
        rides_completed: 1,
        busy_seconds: 960,
      },
    ]);
  });

  it('given the same rides, when KPIs are queried per day and vehicle type, then counts and statistics group by plant day', async () => {
    await caughtUp(await givenTwoDaysOfRides());
    const stat = (seconds: number) => ({ avg: seconds, p90: seconds });
    const sla = (completed: number) => ({
      slaRides: completed,
      slaMetRides: expect.toBeOneOf(Array.from({ length: completed + 1 }, (_, n) => n)),
    });
    expect(await kpiDays(db(), { from: '2026-03-10', to: '2026-03-11' })).toEqual([
      {
        day: '2026-03-10',
        vehicleType: 'Crane',
        requested: 1,
        completed: 1,
        cancelled: 0,
        ...sla(1),
        waitSeconds: stat(60),
        pickupSeconds: stat(660),
        deliverySeconds: stat(480),
      },
      {
        day: '2026-03-10',
        vehicleType: 'Forklift',
        requested: 2,
        completed: 1,
        cancelled: 1,
        ...sla(1),
        waitSeconds: stat(120),
        pickupSeconds: stat(300),
        deliverySeconds: stat(300),
      },
      {
        day: '2026-03-11',
        vehicleType: 'Forklift',
        requested: 1,
        completed: 1,
        cancelled: 0,
        ...sla(1),
        waitSeconds: stat(300),
        pickupSeconds: stat(630),
        deliverySeconds: stat(270),
      },
    ]);
    expect(await kpiDays(db(), { from: '2026-03-11', to: '2026-03-11', vehicleType: 'Crane' })).toEqual([]);
    expect(await kpiDrivers(db(), { from: '2026-03-10', to: '2026-03-11' })).toEqual([
      { driverId: 'D001', driverName: driverName('D001'), ridesCompleted: 2, busySeconds: 1620 },
      { driverId: 'C002', driverName: driverName('C002'), ridesCompleted: 1, busySeconds: 660 },
      { driverId: 'C001', driverName: driverName('C001'), ridesCompleted: 0, busySeconds: 180 },
    ]);
    expect(await kpiDrivers(db(), { from: '2026-03-11', to: '2026-03-11', vehicleType: 'Forklift' })).toEqual([
      { driverId: 'D001', driverName: driverName('D001'), ridesCompleted: 1, busySeconds: 960 },
    ]);
  });

  it('given twelve accepted rides and some still waiting, when KPIs are queried, then average and 90th percentile of the wait match those computed here', async () => {
    const rides = kpiRides(t.app.eventStore);
    const waits = [30, 45, 60, 90, 120, 150, 200, 240, 300, 420, 600, 905];
    const requested = Date.parse('2026-03-12T06:00:00Z');
    for (const [index, wait] of waits.entries()) {
      const rideId = `P${index}`;
      const requestedAt = new Date(requested + index * 60_000);
      await rides.book(rideId, 'AMR', requestedAt.toISOString());
      // A driver holds one ride at a time: each is accepted by a driver of its own.
      await rides.accept(rideId, `A${String(index).padStart(3, '0')}`, 'AMR', new Date(requestedAt.getTime() + wait * 1000).toISOString());
    }
    const last = await rides.book('P-waiting', 'AMR', '2026-03-12T07:00:00Z');
    await caughtUp(last);
    const [day] = await kpiDays(db(), { from: '2026-03-12', to: '2026-03-12' });
    expect(day).toMatchObject({
      day: '2026-03-12',
      vehicleType: 'AMR',
      requested: 13,
      completed: 0,
      cancelled: 0,
      pickupSeconds: { avg: null, p90: null },
    });
    expect(day!.waitSeconds.avg).toBeCloseTo(waits.reduce((sum, wait) => sum + wait, 0) / waits.length, 9);
    // rank 0.9 × 11 = 9.9: between 420 and 600, nine tenths of the way.
    expect(percentileCont(waits, 0.9)).toBeCloseTo(582, 9);
    expect(day!.waitSeconds.p90).toBeCloseTo(percentileCont(waits, 0.9), 9);
  });

  it('given a ride already projected, when one of its events is applied again, then neither its row nor the driver day counts it twice', async () => {
    const rides = kpiRides(t.app.eventStore);
    await caughtUp(
      await rides.complete('R9', 'Forklift', 'D001', {
        requested: '2026-03-13T04:00:00Z',
        accepted: '2026-03-13T04:01:00Z',
        picked: '2026-03-13T04:02:00Z',
        dropped: '2026-03-13T04:03:00Z',
        ended: '2026-03-13T04:04:00Z',
      }),
    );
    const before = {
      rides: await db().selectFrom('kpi_rides').selectAll().execute(),
      days: await db().selectFrom('kpi_driver_days').selectAll().execute(),
    };
    for (const recorded of await t.app.eventStore.readStream(rideStreamId('R9'))) {
      await kpisProjection.apply(toDomainEvent(recorded), recorded, db());
    }
    expect({
      rides: await db().selectFrom('kpi_rides').selectAll().execute(),
      days: await db().selectFrom('kpi_driver_days').selectAll().execute(),
    }).toEqual(before);
    expect(before.days).toEqual([
      {
        day: '2026-03-13',
        driver_id: 'D001',
        vehicle_type: 'Forklift',
        driver_name: driverName('D001'),
        rides_completed: 1,
        busy_seconds: 180,
      },
    ]);
  });

  it('given rides on several routes over two days, when the busiest routes are queried, then they count rides per ordered pair in the range, busiest first', async () => {
    const rides = kpiRides(t.app.eventStore);
    const route = (from: string, to: string) => ({ from, to });
    await rides.book('B1', 'Forklift', '2026-03-20T04:00:00Z', route('RMS', 'fgs'));
    await rides.book('B2', 'Forklift', '2026-03-20T05:00:00Z', route('RMS', 'fgs'));
    await rides.book('B3', 'Crane', '2026-03-20T06:00:00Z', route('RMS', 'fgs'));
    await rides.book('B4', 'Forklift', '2026-03-20T07:00:00Z', route('fgs', 'RMS'));
    await rides.book('B5', 'Crane', '2026-03-20T08:00:00Z', route('canteen', 'main gate'));
    await rides.cancel('B5', '2026-03-20T08:01:00Z');
    await caughtUp(await rides.book('B6', 'Forklift', '2026-03-21T04:00:00Z', route('fgs', 'RMS')));
    const both = { from: '2026-03-20', to: '2026-03-21' };
    expect(await kpiRoutes(db(), both)).toEqual([
      { from: 'RMS', to: 'fgs', rides: 3 },
      { from: 'fgs', to: 'RMS', rides: 2 },
      { from: 'canteen', to: 'main gate', rides: 1 },
    ]);
    expect(await kpiRoutes(db(), { ...both, vehicleType: 'Crane' })).toEqual([
      { from: 'RMS', to: 'fgs', rides: 1 },
      { from: 'canteen', to: 'main gate', rides: 1 },
    ]);
    expect(await kpiRoutes(db(), { from: '2026-03-21', to: '2026-03-21' })).toEqual([{ from: 'fgs', to: 'RMS', rides: 1 }]);
    expect(await kpiRoutes(db(), both, 1)).toEqual([{ from: 'RMS', to: 'fgs', rides: 3 }]);
  });

  it('given KPI rows projected before the routes migration, when it runs, then their places are filled from the rides read model', async () => {
    await caughtUp(await kpiRides(t.app.eventStore).book('M1', 'AMR', '2026-03-22T04:00:00Z', { from: 'RMS', to: 'canteen' }));
    await sql`alter table kpi_rides drop column from_location, drop column to_location`.execute(db());
    await kpisProjection.migrations['0002_kpi_routes']!.up(db());
    expect(await db().selectFrom('kpi_rides').select(['ride_id', 'from_location', 'to_location']).execute()).toEqual([
      { ride_id: 'M1', from_location: 'RMS', to_location: 'canteen' },
    ]);
  });

  it('given KPI rows projected before the SLA migration, when it runs, then a ride that ended met its targets and the others are not judged', async () => {
    const rides = kpiRides(t.app.eventStore);
    await rides.complete('S1', 'AMR', 'A001', {
      requested: '2026-03-23T04:00:00Z',
      accepted: '2026-03-23T04:01:00Z',
      picked: '2026-03-23T04:02:00Z',
      dropped: '2026-03-23T04:03:00Z',
      ended: '2026-03-23T04:04:00Z',
    });
    await caughtUp(await rides.book('S2', 'AMR', '2026-03-23T05:00:00Z'));
    await sql`alter table kpi_rides drop column sla_met`.execute(db());
    await kpisProjection.migrations['0003_kpi_sla']!.up(db());
    expect(await db().selectFrom('kpi_rides').select(['ride_id', 'sla_met']).orderBy('ride_id').execute()).toEqual([
      { ride_id: 'S1', sla_met: true },
      { ride_id: 'S2', sla_met: null },
    ]);
  });
});
