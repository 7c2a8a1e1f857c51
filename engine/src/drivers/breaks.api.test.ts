import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ASSIGN_MESSAGES,
  BREAK_MESSAGES,
  DEFAULT_DISPATCH_SETTINGS,
  SERVER_MESSAGES,
  driverStreamId,
  rideStreamId,
  type AssignableDriversAnswer,
  type BoardAnswer,
  type PresenceAnswer,
} from '@plantride/schemas';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds } from '../test-support/test-database';
import { seedPeople } from '../test-support/people';

/*
 * A driver's break through the HTTP API (issue #32 item 4): only on shift and free of rides; on break
 * he is offered nothing, cannot accept or be given a ride, and staff see him on break (presence and
 * the board); after he ends it, he is offered rides and takes them again. Ending the shift ends it.
 */
type Body = Record<string, unknown>;
const HOUR = 3_600_000;

describe.each(testStoreKinds())('breaks API on %s', (kind) => {
  let t: TestApp;
  let tokens: Record<string, string> = {};
  const call = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Body) =>
    t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${tokens[who]}` } });
  const takeBreak = (who: string, on: boolean) => call(who, 'POST', '/api/drivers/break', { on });
  const presence = async () =>
    (await call('AD01', 'GET', '/api/drivers/presence')).json<PresenceAnswer>().drivers.map((d) => [d.operatorId, d.state]);
  const forklifts = async () =>
    (await call('AD01', 'GET', '/api/board')).json<BoardAnswer>().drivers.find((g) => g.vehicleType === 'Forklift');
  const book = async () => {
    const booked = await call('RQ01', 'POST', '/api/bookings/book-ride', {
      userId: 'RQ01',
      fromLocation: 'main gate',
      toLocation: 'canteen',
      vehicleType: 'Forklift',
      rideType: 'Regular',
    });
    expect(booked.statusCode, booked.body).toBe(200);
    return booked.json<{ rideId: string }>().rideId;
  };
  // Offer dispatch decides in the booking's own append: the ride's stream says whom it was offered to, if anyone.
  const offeredTo = async (rideId: string) =>
    (await t.app.eventStore.readStream(rideStreamId(rideId)))
      .filter((event) => event.type === 'RideOffered')
      .map((event) => (event.data as Body).driverId);
  const breakEvents = async (operatorId: string) =>
    (await t.app.eventStore.readStream(driverStreamId(operatorId))).map((event) => event.type).filter((type) => /Break|Shift/.test(type));

  beforeAll(async () => {
    t = await createTestApp(kind, { timers: { reassignTimeoutMs: HOUR, rideWaitAlertMs: HOUR } });
    tokens = await seedPeople(t, [
      ['RQ01', 'requester'],
      ['F001', 'driver'],
      ['F002', 'driver'],
      ['AD01', 'admin'],
    ]);
    const offers = await call('AD01', 'PUT', '/api/dispatch/settings', { ...DEFAULT_DISPATCH_SETTINGS, mode: 'offer', offerSeconds: 300 });
    expect(offers.statusCode, offers.body).toBe(200);
  });
  afterAll(async () => t.close());

  it('given a driver off shift, when he takes a break, then 409: start your shift first, and nothing is appended', async () => {
    const refused = await takeBreak('F001', true);
    expect([refused.statusCode, refused.json().message]).toEqual([409, BREAK_MESSAGES.offShift]);
    expect(await breakEvents('F001')).toEqual([]);
  });

  it('given a driver on shift, when he takes a break, then he is on break since now for himself, presence and the board, and a second start appends nothing', async () => {
    expect((await call('F001', 'POST', '/api/drivers/shift', { on: true, location: 'main gate' })).statusCode).toBe(200);
    const before = Date.now();
    const started = await takeBreak('F001', true);
    expect(started.statusCode, started.body).toBe(200);
    const answer = started.json<{ on: boolean; breakSince: string; position: number }>();
    expect(answer).toMatchObject({ on: true, breakSince: expect.any(String) });
    expect(Date.parse(answer.breakSince)).toBeGreaterThanOrEqual(before - 1000);
    expect((await call('F001', 'GET', '/api/drivers/shift')).json()).toMatchObject({ on: true, breakSince: answer.breakSince });
    expect((await takeBreak('F001', true)).statusCode).toBe(200);
    expect(await breakEvents('F001')).toEqual(['DriverShiftStarted', 'DriverBreakStarted']);
    expect(await presence()).toEqual([
      ['F001', 'on break'],
      ['F002', 'off shift'],
    ]);
    const group = await forklifts();
    expect(group?.counts).toEqual({ free: 0, busy: 0, onBreak: 1, blocked: 0 });
    expect(group?.drivers).toEqual([
      { operatorId: 'F001', name: expect.any(String), state: 'on break', rideId: null, breakSince: answer.breakSince },
    ]);
  });

  it('given offer dispatch and the only driver on shift on break, when a ride is booked, then he is offered nothing, cannot accept it nor be given it; once he ends his break the next ride is offered to him and he takes it', async () => {
    const waiting = await book();
    expect(await offeredTo(waiting)).toEqual([]);
    const accept = await call('F001', 'POST', '/api/tracking/accept-ride', { rideId: waiting, driverId: 'F001' });
    expect([accept.statusCode, accept.json().message]).toEqual([409, BREAK_MESSAGES.onBreak]);
    const assign = await call('AD01', 'POST', `/api/rides/${waiting}/assign`, { driverId: 'F001', reason: 'Nearest' });
    expect([assign.statusCode, assign.json().message]).toEqual([409, ASSIGN_MESSAGES.driverOnBreak]);
    const picker = (await call('AD01', 'GET', `/api/rides/${waiting}/assignable-drivers`)).json<AssignableDriversAnswer>();
    expect(picker.drivers.find((d) => d.operatorId === 'F001')).toMatchObject({ eligible: false, refusal: ASSIGN_MESSAGES.driverOnBreak });

    const ended = await takeBreak('F001', false);
    expect([ended.statusCode, ended.json().breakSince]).toEqual([200, null]);
    expect(await presence()).toEqual([
      ['F001', 'free'],
      ['F002', 'off shift'],
    ]);
    const next = await book();
    expect(await offeredTo(next)).toEqual(['F001']);
    const taken = await call('F001', 'POST', '/api/tracking/accept-ride', { rideId: next, driverId: 'F001' });
    expect(taken.statusCode, taken.body).toBe(200);

    // Holding a ride, no break.
    const midRide = await takeBreak('F001', true);
    expect([midRide.statusCode, midRide.json().message]).toEqual([409, BREAK_MESSAGES.midRide]);
    expect(await breakEvents('F001')).toEqual(['DriverShiftStarted', 'DriverBreakStarted', 'DriverBreakEnded']);
  });

  it('given a driver on break, when he ends his shift, then the break ends with it; his next shift starts free', async () => {
    expect((await call('F002', 'POST', '/api/drivers/shift', { on: true })).statusCode).toBe(200);
    expect((await takeBreak('F002', true)).statusCode).toBe(200);
    expect((await call('F002', 'POST', '/api/drivers/shift', { on: false })).json()).toMatchObject({ on: false, breakSince: null });
    expect((await call('F002', 'POST', '/api/drivers/shift', { on: true })).json()).toMatchObject({ on: true, breakSince: null });
    expect(await presence()).toContainEqual(['F002', 'free']);
    expect(await breakEvents('F002')).toEqual(['DriverShiftStarted', 'DriverBreakStarted', 'DriverShiftEnded', 'DriverShiftStarted']);
  });

  it('given a bad body or another role, then 400 with what to say, or 403, and nothing is appended', async () => {
    const before = (await t.app.eventStore.headCheckpoint()).position;
    const bad = await call('F002', 'POST', '/api/drivers/break', { on: 'yes' });
    expect([bad.statusCode, bad.json().message]).toEqual([400, BREAK_MESSAGES.body]);
    expect((await call('F002', 'POST', '/api/drivers/break', {})).statusCode).toBe(400);
    expect((await call('RQ01', 'POST', '/api/drivers/break', { on: true })).statusCode).toBe(403);
    expect((await call('AD01', 'POST', '/api/drivers/break', { on: true })).statusCode).toBe(403);
    expect((await t.app.eventStore.headCheckpoint()).position).toBe(before);
    expect((await call('RQ01', 'POST', '/api/drivers/break', { on: true })).json().message).toBe(SERVER_MESSAGES.forbidden);
  });
});
