import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES, driverStreamId, type PresenceAnswer } from '@plantride/schemas';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds } from '../test-support/test-database';
import { seedUsers } from '../test-support/seed';

describe.each(testStoreKinds())('shifts API on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const call = (tokenNo: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${tokens[tokenNo]}` } });
  const presence = async () =>
    (await call('AD01', 'GET', '/api/drivers/presence')).json<PresenceAnswer>().drivers.map((d) => [d.operatorId, d.state]);

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedUsers(t.app, [
      { tokenNo: 'AD01', role: 'admin' },
      { tokenNo: 'MH01', role: 'maintenanceHead' },
      { tokenNo: 'AB12', role: 'requester' },
      { tokenNo: 'D001', role: 'driver', vehicleType: 'Forklift', name: 'Asha' },
      { tokenNo: 'D002', role: 'driver', vehicleType: 'Crane', name: 'Bala' },
    ]);
    for (const [tokenNo, role] of [
      ['AD01', 'admin'],
      ['MH01', 'maintenanceHead'],
      ['AB12', 'requester'],
      ['D001', 'driver'],
      ['D002', 'driver'],
    ] as const)
      tokens[tokenNo] = await t.tokenFor(tokenNo, role);
  });
  afterAll(async () => t.close());

  it('given two drivers off shift, when one starts his shift at a place, then he is free for staff, the other off shift, and his own shift says until when', async () => {
    expect(await presence()).toEqual([
      ['D001', 'off shift'],
      ['D002', 'off shift'],
    ]);
    const before = Date.now();
    const started = await call('D001', 'POST', '/api/drivers/shift', { on: true, location: 'RMS' });
    expect(started.statusCode).toBe(200);
    const answer = started.json<{ on: boolean; shift: { startedAt: string; endsAt: string; location: string } }>();
    expect(answer).toMatchObject({ on: true, shift: { location: 'RMS' } });
    // SHIFT_HOURS' default: 8 hours.
    expect(Date.parse(answer.shift.endsAt) - Date.parse(answer.shift.startedAt)).toBe(8 * 3_600_000);
    expect(Date.parse(answer.shift.startedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(await presence()).toEqual([
      ['D001', 'free'],
      ['D002', 'off shift'],
    ]);
    expect((await call('D001', 'GET', '/api/drivers/shift')).json()).toEqual({ on: true, shift: answer.shift, breakSince: null });
    expect((await call('MH01', 'GET', '/api/drivers/presence')).statusCode).toBe(200);
  });

  it('given a driver on shift, when he ends it, then he is off shift, and the stream holds one start and one end', async () => {
    expect((await call('D001', 'POST', '/api/drivers/shift', { on: false })).json()).toMatchObject({ on: false, shift: null });
    expect((await call('D001', 'POST', '/api/drivers/shift', { on: false })).statusCode).toBe(200);
    expect(await presence()).toEqual([
      ['D001', 'off shift'],
      ['D002', 'off shift'],
    ]);
    const types = (await t.app.eventStore.readStream(driverStreamId('D001')))
      .map((event) => event.type)
      .filter((type) => type.startsWith('DriverShift'));
    expect(types).toEqual(['DriverShiftStarted', 'DriverShiftEnded']);
  });

  it('given a bad body, an unknown place, or another role, then 400, 400 or 403, and nothing is appended', async () => {
    const before = (await t.app.eventStore.readStream(driverStreamId('D002'))).length;
    expect((await call('D002', 'POST', '/api/drivers/shift', { on: 'yes' })).statusCode).toBe(400);
    const unknown = await call('D002', 'POST', '/api/drivers/shift', { on: true, location: 'moon base' });
    expect([unknown.statusCode, unknown.json().message]).toEqual([400, SERVER_MESSAGES.unknownLocation]);
    expect((await call('AB12', 'POST', '/api/drivers/shift', { on: true })).statusCode).toBe(403);
    expect((await call('AB12', 'GET', '/api/drivers/presence')).statusCode).toBe(403);
    expect((await t.app.eventStore.readStream(driverStreamId('D002'))).length).toBe(before);
  });
});
