import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES, alertStreamId, type BoardAnswer } from '@plantride/schemas';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds, waitFor } from '../test-support/test-database';
import { testTimerOptions } from '../test-support/test-timers';
import { seedPeople } from '../test-support/people';

/*
 * Issue #32 item 4, through the HTTP API: staff see the rides waiting with their age and priority, the
 * drivers on shift by type, open breakdowns and the alerts the timers raised; an acknowledged alert
 * leaves the list for everyone, once. Nobody else reads the board or acknowledges.
 */
type Body = Record<string, unknown>;
const HOUR = 3_600_000;

describe.each(testStoreKinds())('dispatcher board on %s', (kind) => {
  let t: TestApp;
  let tokens: Record<string, string> = {};
  const call = (who: string, method: 'GET' | 'POST', url: string, payload?: Body) =>
    t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${tokens[who]}` } });
  const board = async (who = 'AD01', position?: number) =>
    (await call(who, 'GET', `/api/board${position ? `?position=${position}` : ''}`)).json<BoardAnswer>();

  beforeAll(async () => {
    // The wait alert fires 300 ms after a booking nobody takes; no breakdown in these tests waits for a driver.
    t = await createTestApp(kind, { timers: { ...testTimerOptions('inprocess'), rideWaitAlertMs: 300, reassignTimeoutMs: HOUR } });
    tokens = await seedPeople(t, [
      ['RQ01', 'requester'],
      ['F001', 'driver'],
      ['F002', 'driver'],
      ['AD01', 'admin'],
      ['MH01', 'maintenanceHead'],
    ]);
  });
  afterAll(async () => t.close());

  it('given a ride nobody takes, two Forklift drivers on shift and one breakdown, then the board shows them and the wait alert with its count', async () => {
    for (const driver of ['F001', 'F002']) expect((await call(driver, 'POST', '/api/drivers/shift', { on: true })).statusCode).toBe(200);
    const booked = await call('RQ01', 'POST', '/api/bookings/book-ride', {
      userId: 'RQ01',
      fromLocation: 'main gate',
      toLocation: 'canteen',
      vehicleType: 'Forklift',
      rideType: 'Regular',
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const { rideId } = booked.json<{ rideId: string }>();
    const filed = await call('F002', 'POST', '/api/requests/maintenanceReq', {
      driver_id: 'F002',
      driver_name: 'F002 Name',
      vehicle_type: 'Forklift',
      issue: 'Engine Issue',
      comment_text: '',
      status: 'pending',
      breakdown_type: 'full',
      ride_id: null,
    });
    expect(filed.statusCode, filed.body).toBe(200);

    let answer = await board();
    await waitFor(async () => {
      answer = await board();
      return answer.alerts.length === 1 && answer.breakdowns.length === 1 && answer.waitingRides.length === 1;
    });
    expect(answer.waitingRides[0]).toMatchObject({
      rideId,
      priority: 'normal',
      vehicleType: 'Forklift',
      fromLocation: 'main gate',
      toLocation: 'canteen',
      offer: null,
    });
    expect(answer.waitingRides[0]!.ageSeconds).toBeGreaterThanOrEqual(0);
    expect(answer.alerts[0]).toMatchObject({ alertId: `${rideId}.wait`, kind: 'waitingTooLong', rideId, fromLocation: 'main gate' });
    expect(answer.counts).toEqual({
      waitingRides: 1,
      offers: 0,
      breakdowns: 1,
      alerts: { waitingTooLong: 1, targetMissed: 0, noAlternativeDriver: 0, total: 1 },
    });
    expect(answer.breakdowns[0]).toMatchObject({ driverId: 'F002', vehicleType: 'Forklift', issue: 'Engine Issue', status: 'pending' });
    const forklifts = answer.drivers.find((group) => group.vehicleType === 'Forklift');
    expect(forklifts?.counts).toEqual({ free: 1, busy: 0, onBreak: 0, blocked: 1 });
    expect(forklifts?.drivers.map((driver) => [driver.operatorId, driver.state])).toEqual([
      ['F001', 'free'],
      ['F002', 'blocked'],
    ]);
    // Every vehicle type is on the board, with nobody on shift too.
    expect(answer.drivers.map((group) => group.vehicleType)).toEqual(expect.arrayContaining(['Forklift', 'Crane', 'AMR', 'Cherry Picker']));
    expect((await call('MH01', 'GET', '/api/board')).statusCode).toBe(200);
  });

  it('given an open alert, when the maintenance head acknowledges it, then it leaves the board for the admin too, once, with one event naming him', async () => {
    const [alert] = (await board()).alerts;
    const acknowledged = await call('MH01', 'POST', '/api/board/alerts/acknowledge', { alertId: alert!.alertId });
    expect(acknowledged.statusCode, acknowledged.body).toBe(200);
    const { position } = acknowledged.json<{ position: number }>();
    const after = await board('AD01', position);
    expect(after.alerts).toEqual([]);
    expect(after.counts.alerts.total).toBe(0);
    // The ride still waits: acknowledging an alert changes nothing else.
    expect(after.waitingRides.map((ride) => ride.rideId)).toEqual([alert!.rideId]);

    const again = await call('AD01', 'POST', '/api/board/alerts/acknowledge', { alertId: alert!.alertId });
    expect([again.statusCode, again.json().message]).toEqual([409, SERVER_MESSAGES.alertAlreadyAcknowledged]);
    const events = await t.app.eventStore.readStream(alertStreamId(alert!.alertId));
    expect(events.map((event) => [event.type, (event.data as Body).acknowledgedBy, (event.data as Body).kind])).toEqual([
      ['AlertAcknowledged', 'MH01', 'waitingTooLong'],
    ]);
  });

  it('given another role, an alert never raised or a bad body, then 403, 404 or 400, and nothing is appended', async () => {
    const before = (await t.app.eventStore.headCheckpoint()).position;
    expect((await call('RQ01', 'GET', '/api/board')).statusCode).toBe(403);
    expect((await call('F001', 'GET', '/api/board')).statusCode).toBe(403);
    const { rideId } = (await board()).waitingRides[0]!;
    expect((await call('RQ01', 'POST', '/api/board/alerts/acknowledge', { alertId: `${rideId}.wait` })).statusCode).toBe(403);
    const unknown = await call('AD01', 'POST', '/api/board/alerts/acknowledge', { alertId: `${rideId}.accept` });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, SERVER_MESSAGES.alertNotFound]);
    const nothing = await call('AD01', 'POST', '/api/board/alerts/acknowledge', { alertId: 'NO-SUCH.wait' });
    expect(nothing.statusCode).toBe(404);
    expect((await call('AD01', 'POST', '/api/board/alerts/acknowledge', { alertId: '' })).statusCode).toBe(400);
    expect((await call('AD01', 'POST', '/api/board/alerts/acknowledge', {})).statusCode).toBe(400);
    expect((await t.app.eventStore.headCheckpoint()).position).toBe(before);
  });
});
