import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_CHECKLISTS,
  INSPECTION_MESSAGES,
  checklistStreamId,
  driverStreamId,
  invisibleCharactersMessage,
  type Checklist,
  type InspectionResult,
} from '@plantride/schemas';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds, waitFor } from '../test-support/test-database';
import { seedUsers } from '../test-support/seed';
import { connectLive, type LiveClient } from '../test-support/live-client';

describe.each(testStoreKinds())('inspections API on %s', (kind) => {
  let t: TestApp;
  let staff: LiveClient;
  const tokens: Record<string, string> = {};
  const call = (tokenNo: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${tokens[tokenNo]}` } });
  const allOk = (checklist: Checklist) => checklist.items.map((item) => ({ id: item.id, ok: true }));
  const book = async () =>
    (
      await call('RQ01', 'POST', '/api/bookings/book-ride', {
        userId: 'RQ01',
        fromLocation: 'main gate',
        toLocation: 'canteen',
        vehicleType: 'Forklift',
        rideType: 'Regular',
      })
    ).json<{ rideId: string }>().rideId;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const people = [
      ['AD01', 'admin'],
      ['MH01', 'maintenanceHead'],
      ['RQ01', 'requester'],
      ['D001', 'driver'],
      ['D002', 'driver'],
    ] as const;
    await seedUsers(
      t.app,
      people.map(([tokenNo, role]) => ({ tokenNo, role, ...(role === 'driver' ? { vehicleType: 'Forklift' as const } : {}) })),
    );
    for (const [tokenNo, role] of people) tokens[tokenNo] = await t.tokenFor(tokenNo, role);
    staff = await connectLive(await t.listen(), { token: tokens.MH01 });
  });
  afterAll(async () => {
    staff?.socket.close();
    await t.close();
  });

  it('given no checklist saved, when anyone signed in reads one, then the defaults; an unknown vehicle type is 400 with the types', async () => {
    const answer = await call('D001', 'GET', '/api/checklists/Cherry%20Picker');
    expect([answer.statusCode, answer.json()]).toEqual([200, { items: DEFAULT_CHECKLISTS['Cherry Picker'] }]);
    const unknown = await call('D001', 'GET', '/api/checklists/Tractor');
    expect([unknown.statusCode, unknown.json().message]).toEqual([400, INSPECTION_MESSAGES.unknownVehicleType]);
  });

  it('given an admin, when he saves a checklist with a new item, then ids sent are kept, the new one gets one, and a driver reads it; others may not save', async () => {
    const saved = await call('AD01', 'PUT', '/api/checklists/Forklift', {
      items: [
        { id: 'brakes', text: 'Brakes work', critical: true },
        { text: 'Horn sounds', critical: false },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { items } = saved.json<Checklist>();
    expect(items[0]).toEqual({ id: 'brakes', text: 'Brakes work', critical: true });
    expect(items[1]).toMatchObject({ id: expect.stringMatching(/^i-/), text: 'Horn sounds', critical: false });
    expect((await call('D001', 'GET', '/api/checklists/Forklift')).json()).toEqual({ items });
    const again = await call('AD01', 'PUT', '/api/checklists/Forklift', { items });
    expect(again.json()).toEqual({ items });
    expect((await call('D001', 'PUT', '/api/checklists/Forklift', { items })).statusCode).toBe(403);
    expect((await call('AD01', 'PUT', '/api/checklists/Forklift', { items: [] })).json().message).toBe(INSPECTION_MESSAGES.checklistSize);
  });

  it('given the setting off (default), when a driver accepts with no inspection, then he may; once an admin turns it on, he is refused until today passes', async () => {
    expect((await call('D002', 'GET', '/api/inspections/settings')).json()).toEqual({ inspectionRequired: false });
    const first = await book();
    expect((await call('D002', 'POST', '/api/tracking/accept-ride', { rideId: first, driverId: 'D002' })).statusCode).toBe(200);

    expect((await call('D001', 'PUT', '/api/inspections/settings', { inspectionRequired: true })).statusCode).toBe(403);
    expect((await call('AD01', 'PUT', '/api/inspections/settings', { inspectionRequired: true })).json()).toEqual({
      inspectionRequired: true,
    });
    const rideId = await book();
    const refused = await call('D001', 'POST', '/api/tracking/accept-ride', { rideId, driverId: 'D001' });
    expect([refused.statusCode, refused.json().message]).toEqual([403, "Complete today's vehicle inspection before accepting rides."]);

    const checklist = (await call('D001', 'GET', '/api/checklists/Forklift')).json<Checklist>();
    const answers = allOk(checklist).map((answer, i) => (i === 1 ? { id: answer.id, ok: false, note: 'quiet' } : answer));
    const inspected = await call('D001', 'POST', '/api/inspections', { items: answers });
    expect(inspected.statusCode, inspected.body).toBe(200);
    expect(inspected.json<InspectionResult>()).toMatchObject({
      passed: true,
      defects: ['Horn sounds'],
      blocked: false,
      maintenanceRequestId: null,
    });
    expect((await call('D001', 'POST', '/api/tracking/accept-ride', { rideId, driverId: 'D001' })).statusCode).toBe(200);
  });

  it('given an Idempotency-Key, when an inspection or a checklist save is sent twice, then the second answers the first and appends nothing', async () => {
    await seedUsers(t.app, [{ tokenNo: 'D005', role: 'driver', vehicleType: 'Crane' }]);
    tokens.D005 = await t.tokenFor('D005', 'driver');
    const send = (tokenNo: string, method: 'POST' | 'PUT', url: string, payload: object) =>
      t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${tokens[tokenNo]}`, 'idempotency-key': `k-${url}` } });
    const checklist = (await call('D005', 'GET', '/api/checklists/Crane')).json<Checklist>();
    const first = await send('D005', 'POST', '/api/inspections', { items: allOk(checklist) });
    const head = await t.app.eventStore.headCheckpoint();
    const second = await send('D005', 'POST', '/api/inspections', { items: allOk(checklist) });
    expect(second.json()).toEqual(first.json());
    const body = { items: [...checklist.items, { text: 'Load chart visible', critical: false }] };
    const saved = await send('AD01', 'PUT', '/api/checklists/Crane', body);
    const savedAgain = await send('AD01', 'PUT', '/api/checklists/Crane', body);
    expect(savedAgain.json()).toEqual(saved.json());
    // Rides booked earlier may hear their timers meanwhile; only the two commands' streams matter here.
    const appended = (await t.app.eventStore.readAll(head, 50)).filter((event) => !event.streamId.startsWith('ride-'));
    expect(appended.map((event) => `${event.streamId} ${event.type}`)).toEqual(['checklist-crane ChecklistChanged']);
  });

  it('given bad answers, then 400 with a clear message and nothing appended', async () => {
    await seedUsers(t.app, [{ tokenNo: 'D004', role: 'driver', vehicleType: 'Forklift' }]);
    tokens.D004 = await t.tokenFor('D004', 'driver');
    const checklist = (await call('D004', 'GET', '/api/checklists/Forklift')).json<Checklist>();
    const before = await t.app.eventStore.headPosition();
    const cases: Array<[object, string]> = [
      [{ items: [{ id: 'brakes', ok: false }] }, INSPECTION_MESSAGES.noteRequired],
      [{ items: [...allOk(checklist), { id: 'wipers', ok: true }] }, INSPECTION_MESSAGES.unknownItem],
      [{ items: allOk(checklist).slice(1) }, INSPECTION_MESSAGES.answerEveryItem],
    ];
    for (const [body, message] of cases) {
      const answer = await call('D004', 'POST', '/api/inspections', body);
      expect([answer.statusCode, answer.json().message]).toEqual([400, message]);
    }
    expect((await call('MH01', 'POST', '/api/inspections', { items: allOk(checklist) })).statusCode).toBe(403);
    expect(await t.app.eventStore.headPosition()).toBe(before);
  });

  it('given a free driver, when a critical item fails, then he is blocked and a full-breakdown request is filed in one append, and staff hear newMaintenanceRequest', async () => {
    // D002 holds the ride he accepted: no inspection mid-ride.
    const checklist = (await call('D002', 'GET', '/api/checklists/Forklift')).json<Checklist>();
    const failing = allOk(checklist).map((answer, i) => (i === 0 ? { id: answer.id, ok: false, note: 'soft pedal' } : answer));
    const midRide = await call('D002', 'POST', '/api/inspections', { items: failing });
    expect([midRide.statusCode, midRide.json().message]).toEqual([409, INSPECTION_MESSAGES.midRideCannotInspect]);

    await seedUsers(t.app, [{ tokenNo: 'D003', role: 'driver', vehicleType: 'Forklift' }]);
    tokens.D003 = await t.tokenFor('D003', 'driver');
    const before = await t.app.eventStore.headCheckpoint();
    const failed = await call('D003', 'POST', '/api/inspections', { items: failing });
    expect(failed.statusCode, failed.body).toBe(200);
    const result = failed.json<InspectionResult>();
    expect(result).toMatchObject({ passed: false, defects: ['Brakes work'], blocked: true, maintenanceRequestId: expect.any(String) });
    const appended = await t.app.eventStore.readAll(before, 100);
    expect(appended.map((event) => event.type).sort()).toEqual(['DriverBlockedForMaintenance', 'MaintenanceRequested', 'VehicleInspected']);
    // One command, one transaction.
    expect(new Set(appended.map((event) => event.transactionId)).size).toBe(1);
    await waitFor(
      async () => staff.received.some((r) => r.name === 'newMaintenanceRequest' && r.payload.requestId === result.maintenanceRequestId),
      10_000,
      'staff hear the request',
    );

    const again = await call('D003', 'POST', '/api/inspections', { items: allOk(checklist) });
    expect([again.statusCode, again.json().message]).toEqual([409, INSPECTION_MESSAGES.blockedCannotInspect]);
    const rideId = await book();
    expect((await call('D003', 'POST', '/api/tracking/accept-ride', { rideId, driverId: 'D003' })).statusCode).toBe(403);
    const types = (await t.app.eventStore.readStream(driverStreamId('D003'))).map((event) => event.type);
    expect(types.slice(-2)).toEqual(['VehicleInspected', 'DriverBlockedForMaintenance']);
  });
  it('given item ids that are property names of Object.prototype (constructor, __proto__, toString) or a text with U+200B, when an admin saves a checklist, then 400 naming it, and nothing is appended (issue #31)', async () => {
    const stream = checklistStreamId('AMR');
    const before = await t.app.eventStore.readStream(stream);
    for (const id of ['constructor', '__proto__', 'toString']) {
      const items = [
        { id, text: 'Emergency stop works', critical: true },
        { id: 'bumpers', text: 'Bumpers undamaged', critical: true },
      ];
      const saved = await call('AD01', 'PUT', '/api/checklists/AMR', { items });
      expect(saved.statusCode, id).toBe(400);
      expect([INSPECTION_MESSAGES.itemId, INSPECTION_MESSAGES.reservedItemId]).toContain(saved.json().message);
    }
    const hidden = await call('AD01', 'PUT', '/api/checklists/AMR', { items: [{ text: 'Bumpers\u200B', critical: true }] });
    expect([hidden.statusCode, hidden.json().message]).toEqual([400, invisibleCharactersMessage('Item text')]);
    expect(await t.app.eventStore.readStream(stream)).toEqual(before);
    expect((await call('AD01', 'GET', '/api/checklists/AMR')).json()).toEqual({ items: DEFAULT_CHECKLISTS.AMR });
  });

  it('given a checklist stored before issue #31 with the ids constructor, __proto__ and toString, when it is read, then its ids are safe ones, a driver answering them passes, and the admin can save it back', async () => {
    const stored = [
      { id: 'constructor', text: 'Emergency stop works', critical: true },
      { id: '__proto__', text: 'Bumpers undamaged', critical: true },
      { id: 'toString', text: 'Wheels free of debris', critical: false },
    ];
    await t.app.eventStore.append(
      checklistStreamId('AMR'),
      0,
      [{ eventId: crypto.randomUUID(), type: 'ChecklistChanged', schemaVersion: 1, data: { vehicleType: 'AMR', items: stored } }],
      { actor: { system: 'test' } },
    );
    const checklist = (await call('AD01', 'GET', '/api/checklists/AMR')).json<Checklist>();
    expect(checklist.items.map((item) => item.text)).toEqual(stored.map((item) => item.text));
    expect(checklist.items.every((item) => /^item-[a-z0-9]+$/.test(item.id))).toBe(true);

    await seedUsers(t.app, [{ tokenNo: 'D006', role: 'driver', vehicleType: 'AMR' }]);
    tokens.D006 = await t.tokenFor('D006', 'driver');
    const answers = allOk(checklist).map((answer, i) => (i === 2 ? { id: answer.id, ok: false, note: 'swarf in a wheel' } : answer));
    const inspected = await call('D006', 'POST', '/api/inspections', { items: answers });
    expect(inspected.statusCode, inspected.body).toBe(200);
    expect(inspected.json<InspectionResult>()).toMatchObject({ passed: true, defects: ['Wheels free of debris'], blocked: false });

    const resaved = await call('AD01', 'PUT', '/api/checklists/AMR', { items: checklist.items });
    expect([resaved.statusCode, resaved.json()]).toEqual([200, checklist]);
  });
});
