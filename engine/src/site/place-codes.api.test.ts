import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCAN_MESSAGES, printedShortCode, type PlaceCodesAnswer, type Role, type VehicleType } from '@plantride/schemas';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds } from '../test-support/test-database';
import { seedUsers } from '../test-support/seed';

type Body = Record<string, unknown>;

describe.each(testStoreKinds())('scan-proof hand-over (issue #34 item 2), on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const people: Array<[string, Role, string, VehicleType?]> = [
    ['AD01', 'admin', '9000000000'],
    ['RQ01', 'requester', '9000000001'],
    ['F001', 'driver', '9000000011', 'Forklift'],
  ];
  const call = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Body) =>
    t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${tokens[who]}` } });
  const ok = async (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Body) => {
    const answer = await call(who, method, url, payload);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json();
  };
  const codes = async (): Promise<PlaceCodesAnswer> => ok('AD01', 'GET', '/api/site/place-codes');
  const codeOf = async (placeId: string) => (await codes()).places.find((place) => place.placeId === placeId)!;
  const step = (rideId: string, event: string, scan?: Body) =>
    call('F001', 'PUT', '/api/bookings/update-timestamps', { rideId, event, scan });
  const ride = async () => {
    const { rideId } = await ok('RQ01', 'POST', '/api/bookings/book-ride', {
      userId: 'RQ01',
      fromLocation: 'main gate',
      toLocation: 'canteen',
      vehicleType: 'Forklift',
      rideType: 'Regular',
    });
    await ok('F001', 'POST', '/api/tracking/accept-ride', { driverId: 'F001', rideId });
    const started = await step(rideId, 'start');
    expect(started.statusCode).toBe(200);
    // His ongoing ride is read from the read model: once it has the start.
    expect(await t.app.projections.waitForPosition(started.json().position, 10_000)).toBe(true);
    return rideId as string;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedUsers(
      t.app,
      people.map(([tokenNo, role, mobile, vehicleType]) => ({ tokenNo, role, vehicleType, name: `${tokenNo} Name`, mobile })),
    );
    for (const [tokenNo, role] of people) tokens[tokenNo] = await t.tokenFor(tokenNo, role);
  });
  afterAll(async () => t.close());

  it('given no scan asked (the default), then steps go without a code, places have no code yet, and only an admin reads codes', async () => {
    const rideId = await ride();
    for (const event of ['materialPicked', 'materialDropped', 'end']) expect((await step(rideId, event)).statusCode).toBe(200);
    expect((await codeOf('main-gate')).qrText).toBeNull();
    expect((await codes()).rules).toEqual([]);
    for (const who of ['F001', 'RQ01']) expect((await call(who, 'GET', '/api/site/place-codes')).statusCode).toBe(403);
    expect((await call('F001', 'PUT', '/api/site/scan-rules', { placeId: '*', step: 'materialPicked', required: true })).statusCode).toBe(
      403,
    );
  });

  it('given an admin asks a scan at main gate on pick-up, then every place gets a code and the ride row says which step needs which place', async () => {
    const rideId = await ride();
    const set = await ok('AD01', 'PUT', '/api/site/scan-rules', { placeId: 'main-gate', step: 'materialPicked', required: true });
    expect(set).toMatchObject({ placeId: 'main-gate', step: 'materialPicked', required: true });
    const answer = await codes();
    expect(answer.rules).toEqual([{ placeId: 'main-gate', steps: ['materialPicked'] }]);
    expect(answer.places.every((place) => place.qrText?.startsWith('plantride:place:') && place.shortCode?.length === 6)).toBe(true);
    // The QR code carries an opaque token, not the name.
    expect(answer.places.find((place) => place.placeId === 'main-gate')!.qrText).not.toContain('main');
    expect(new Set(answer.places.map((place) => place.shortCode)).size).toBe(answer.places.length);

    const ongoing = await ok('F001', 'GET', '/api/ride-history/ongoing?driverId=F001');
    expect(ongoing.history[0]).toMatchObject({ RIDE_ID: rideId, SCANS: [{ step: 'materialPicked', place: 'main gate' }] });
  });

  it("given a scan asked at pick-up, when the driver sends no code or canteen's, then the step is refused naming the place; main gate's typed code records it", async () => {
    const rideId = (await ok('F001', 'GET', '/api/ride-history/ongoing?driverId=F001')).history[0].RIDE_ID as string;
    const none = await step(rideId, 'materialPicked');
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(SCAN_MESSAGES.needed('main gate'));
    const canteen = await codeOf('canteen');
    const wrong = await step(rideId, 'materialPicked', { code: canteen.shortCode, via: 'typed' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(SCAN_MESSAGES.wrongPlace('canteen', 'main gate'));
    const gate = await codeOf('main-gate');
    expect((await step(rideId, 'materialPicked', { code: printedShortCode(gate.shortCode!).toLowerCase(), via: 'typed' })).statusCode).toBe(
      200,
    );
    // The drop at canteen asks nothing: it goes with no code.
    expect((await step(rideId, 'materialDropped')).statusCode).toBe(200);

    const timeline = await ok('AD01', 'GET', `/api/rides/${rideId}/timeline`);
    const picked = timeline.events.find((event: Body) => event.type === 'MaterialPicked');
    expect(picked.data.scan).toEqual({ placeId: 'main-gate', place: 'main gate', via: 'typed' });
  });

  it('given a scan asked at every place on drop, when the driver cannot scan and says why, then the drop records the override and his reason', async () => {
    await ok('F001', 'PUT', '/api/bookings/update-timestamps', {
      rideId: (await ok('F001', 'GET', '/api/ride-history/ongoing?driverId=F001')).history[0].RIDE_ID,
      event: 'end',
    });
    await ok('AD01', 'PUT', '/api/site/scan-rules', { placeId: '*', step: 'materialDropped', required: true });
    const rideId = await ride();
    const gate = await codeOf('main-gate');
    expect((await step(rideId, 'materialPicked', { code: gate.qrText, via: 'camera' })).statusCode).toBe(200);
    const short = await step(rideId, 'materialDropped', { cannotScan: 'x' });
    expect(short.statusCode).toBe(400);
    const dropped = await step(rideId, 'materialDropped', { cannotScan: 'QR label torn off' });
    expect(dropped.statusCode).toBe(200);
    // The ride report marks it (and its CSV column SCAN_OVERRIDES).
    const report = await ok('AD01', 'GET', `/api/reports/rides?driverId=F001&position=${dropped.json().position}`);
    const row = report.rideReports.find((candidate: Body) => candidate.RIDE_ID === rideId);
    expect(row.SCAN_OVERRIDES).toBe('Material Dropped at canteen: QR label torn off');
    const csv = await call('AD01', 'GET', `/api/reports/rides.csv?driverId=F001&position=${dropped.json().position}`);
    expect(
      csv.body
        .split('\n')
        .find((line) => line.startsWith(rideId))
        ?.endsWith(',Material Dropped at canteen: QR label torn off'),
    ).toBe(true);
    const timeline = await ok('AD01', 'GET', `/api/rides/${rideId}/timeline`);
    const dropEvent = timeline.events.find((event: Body) => event.type === 'MaterialDropped');
    expect(dropEvent.data.scan).toEqual({ placeId: 'canteen', place: 'canteen', via: 'override', reason: 'QR label torn off' });
    expect(timeline.events.find((event: Body) => event.type === 'MaterialPicked').data.scan.via).toBe('camera');
  });

  it('given a place added by an admin, then it has its own code at once', async () => {
    const added = await ok('AD01', 'POST', '/api/site/locations', { name: 'Dock 7', x: 10, y: 10 });
    const code = await codeOf(added.id);
    expect(code).toMatchObject({ name: 'Dock 7', retired: false });
    expect(code.shortCode).toMatch(/^[ACDEFHJKMNPRTUVWXY34679]{6}$/);
  });

  it('given a rule for an unknown place, then it is not found and nothing changes', async () => {
    const before = await codes();
    const answer = await call('AD01', 'PUT', '/api/site/scan-rules', { placeId: 'no-such-place', step: 'start', required: true });
    expect(answer.statusCode).toBe(404);
    expect(await codes()).toEqual(before);
    expect((await call('AD01', 'PUT', '/api/site/scan-rules', { placeId: 'main-gate', step: 'end', required: true })).statusCode).toBe(400);
  });
});
