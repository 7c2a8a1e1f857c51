import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSPECTION_MESSAGES, type Checklist, type MaintenanceRequestRow } from '@plantride/schemas';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds } from '../test-support/test-database';
import { seedUsers } from '../test-support/seed';

// Issue #32 item 3: a vehicle taken out by a critical inspection fault or a full breakdown returns to
// service only after a passed inspection, while the plant requires inspections. Its own app: the setting is plant-wide.
describe.each(testStoreKinds())('returning a vehicle to service after maintenance on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const call = (tokenNo: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${tokens[tokenNo]}` } });
  const ok = async (tokenNo: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const answer = await call(tokenNo, method, url, payload);
    expect(answer.statusCode, `${method} ${url}: ${answer.body}`).toBe(200);
    return answer.json<Record<string, unknown> & { position: number }>();
  };
  const book = async () =>
    (
      await ok('RQ01', 'POST', '/api/bookings/book-ride', {
        userId: 'RQ01',
        fromLocation: 'main gate',
        toLocation: 'canteen',
        vehicleType: 'Forklift',
        rideType: 'Regular',
      })
    ).rideId as string;
  const accept = (driver: string, rideId: string) => call(driver, 'POST', '/api/tracking/accept-ride', { rideId, driverId: driver });
  const inspect = async (driver: string, failCritical = false) => {
    const checklist = (await call(driver, 'GET', '/api/checklists/Forklift')).json<Checklist>();
    const critical = checklist.items.find((item) => item.critical)?.id;
    const items = checklist.items.map((item) =>
      failCritical && item.id === critical ? { id: item.id, ok: false, note: 'mast chain snapped' } : { id: item.id, ok: true },
    );
    return ok(driver, 'POST', '/api/inspections', { items });
  };
  const rowsAt = async (position: number) =>
    (await ok('MH01', 'GET', `/api/requests/maintenanceReq?position=${position}`)) as unknown as MaintenanceRequestRow[];
  const inspectionToday = async (driver: string, position: number) =>
    (
      (await ok(driver, 'GET', `/api/drivers/getSpecificDriver/${driver}?position=${position}`)).driver as Array<{
        INSPECTION_TODAY: string;
      }>
    )[0]?.INSPECTION_TODAY;
  const refusedForInspection = async (driver: string, rideId: string) => {
    const refused = await accept(driver, rideId);
    expect([refused.statusCode, refused.json().message]).toEqual([403, INSPECTION_MESSAGES.inspectionRequired]);
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    const people = [
      ['AD01', 'admin'],
      ['MH01', 'maintenanceHead'],
      ['RQ01', 'requester'],
      ['F001', 'driver'],
      ['F002', 'driver'],
      ['F003', 'driver'],
    ] as const;
    await seedUsers(
      t.app,
      people.map(([tokenNo, role]) => ({
        tokenNo,
        role,
        ...(role === 'driver' ? { vehicleType: 'Forklift' as const, vehicle: `MH12 ${tokenNo}` } : {}),
      })),
    );
    for (const [tokenNo, role] of people) tokens[tokenNo] = await t.tokenFor(tokenNo, role);
    await ok('AD01', 'PUT', '/api/inspections/settings', { inspectionRequired: true });
  });
  afterAll(async () => t?.close());

  it('given inspections required and a driver who passed today, when his full-breakdown request is rejected, then he is released but takes no ride until a new inspection passes', async () => {
    await inspect('F001');
    const { id, position } = await ok('F001', 'POST', '/api/requests/maintenanceReq', {
      driver_id: 'F001',
      driver_name: 'F001',
      vehicle_type: 'Forklift',
      issue: 'Others',
      custom_issue: 'Mast chain snapped',
      comment_text: 'load dropped',
      status: 'pending',
      breakdown_type: 'full',
      ride_id: null,
    });
    // Before the close, the list says what it will leave due: the decider's rule, not the screen's.
    expect((await rowsAt(Number(position))).find((row) => row.ID === id)).toMatchObject({
      OUT_OF_SERVICE: true,
      INSPECTION_DUE_ON_CLOSE: true,
    });
    const rejected = await ok('MH01', 'PUT', `/api/requests/${String(id)}/status`, {
      status: 'rejected',
      maintenance_date: null,
      reason: 'Duplicate',
    });
    expect((await rowsAt(rejected.position)).find((row) => row.ID === id)).toMatchObject({
      STATUS: 'rejected',
      ISSUE: 'Mast chain snapped',
      DRIVER_COMMENT: 'load dropped',
      REJECTION_REASON: 'Duplicate',
      VEHICLE_NUMBER: 'MH12 F001',
      OUT_OF_SERVICE: true,
      INSPECTION_DUE: true,
    });
    // His dashboard asks for today's inspection again: the one he passed before no longer counts.
    expect(await inspectionToday('F001', rejected.position)).toBe('missing');
    const rideId = await book();
    await refusedForInspection('F001', rideId);
    await inspect('F001');
    expect((await accept('F001', rideId)).statusCode).toBe(200);
  });

  it('given inspections required, when a critical inspection fault files a request and the head completes it, then the driver must pass an inspection before taking rides', async () => {
    const failed = await inspect('F002', true);
    expect(failed).toMatchObject({ passed: false, blocked: true });
    const id = String(failed.maintenanceRequestId);
    await ok('MH01', 'PUT', `/api/requests/${id}/status`, { status: 'accepted', maintenance_date: null });
    const completed = await ok('MH01', 'PUT', `/api/requests/${id}/status`, {
      status: 'completed',
      maintenance_date: new Date().toISOString(),
    });
    expect((await rowsAt(completed.position)).find((row) => row.ID === id)).toMatchObject({ STATUS: 'completed', INSPECTION_DUE: true });
    const rideId = await book();
    await refusedForInspection('F002', rideId);
    await inspect('F002');
    expect((await accept('F002', rideId)).statusCode).toBe(200);
  });

  it('given inspections required and a driver who passed today, when his partial-breakdown request is completed, then his vehicle is back at once', async () => {
    await inspect('F003');
    const { id } = await ok('F003', 'POST', '/api/requests/maintenanceReq', {
      driver_id: 'F003',
      driver_name: 'F003',
      vehicle_type: 'Forklift',
      issue: 'Tire Replacement',
      comment_text: '',
      status: 'pending',
      breakdown_type: 'partial',
      ride_id: null,
    });
    await ok('MH01', 'PUT', `/api/requests/${String(id)}/status`, { status: 'accepted', maintenance_date: null });
    const completed = await ok('MH01', 'PUT', `/api/requests/${String(id)}/status`, {
      status: 'completed',
      maintenance_date: new Date().toISOString(),
    });
    expect((await rowsAt(completed.position)).find((row) => row.ID === id)).toMatchObject({
      OUT_OF_SERVICE: false,
      INSPECTION_DUE: false,
    });
    expect((await accept('F003', await book())).statusCode).toBe(200);
  });
});
