import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RideHistoryRow, Role, VehicleType } from '@plantride/schemas';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds } from '../test-support/test-database';
import { seedUsers } from '../test-support/seed';

type Body = Record<string, unknown>;

// The driver's Ride History tab is 'Completed Rides' (SPEC §2): what he ended himself.
describe.each(testStoreKinds())("a driver's ride history through the API on %s", (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const people: Array<[string, Role, VehicleType?]> = [['RQ01', 'requester'], ['F001', 'driver', 'Forklift'], ['F002', 'driver', 'Forklift'], ['MH01', 'maintenanceHead']];

  const call = async (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Body) => {
    const answer = await t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${tokens[who]}` } });
    expect(answer.statusCode, `${method} ${url}: ${answer.body}`).toBe(200);
    return answer.json() as Body & { position: number };
  };
  const step = (who: string, rideId: string, event: string) => call(who, 'PUT', '/api/bookings/update-timestamps', { rideId, event });
  const historyOf = async (driver: string, position: number, who = driver) =>
    ((await call(who, 'GET', `/api/ride-history?driverId=${driver}&position=${position}`)).history as RideHistoryRow[]);
  const ongoingOf = async (driver: string, position: number) =>
    ((await call(driver, 'GET', `/api/ride-history/ongoing?driverId=${driver}&position=${position}`)).history as RideHistoryRow[]).map((row) => [row.RIDE_ID, row.STATUS]);

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedUsers(t.app, people.map(([tokenNo, role, vehicleType]) => ({ tokenNo, role, vehicleType, name: `${tokenNo} Name`, mobile: '9876543210' })));
    for (const [tokenNo, role] of people) tokens[tokenNo] = await t.tokenFor(tokenNo, role);
  });
  afterAll(async () => t?.close());

  it('given a ride he accepted, broke down on and another driver took over and ended, then it is never in his history, and it is in the other driver\'s as completed by him', async () => {
    const { rideId } = await call('RQ01', 'POST', '/api/bookings/book-ride', { userId: 'RQ01', fromLocation: 'fgs', toLocation: 'RMS', vehicleType: 'Forklift', rideType: 'Regular' });
    const accepted = await call('F001', 'POST', '/api/tracking/accept-ride', { driverId: 'F001', rideId });
    expect(await historyOf('F001', accepted.position)).toEqual([]);
    expect(await ongoingOf('F001', accepted.position)).toEqual([[rideId, 'accepted']]);
    const started = await step('F001', rideId as string, 'start');
    expect(await historyOf('F001', started.position)).toEqual([]);
    expect(await ongoingOf('F001', started.position)).toEqual([[rideId, 'started']]);

    const filed = await call('F001', 'POST', '/api/requests/maintenanceReq', {
      driver_id: 'F001', driver_name: 'F001 Name', vehicle_type: 'Forklift', issue: '', comment_text: 'engine smoking', status: 'pending', breakdown_type: 'partial', ride_id: rideId,
    });
    expect(await historyOf('F001', filed.position)).toEqual([]);
    expect(await ongoingOf('F001', filed.position)).toEqual([]);
    const takenOver = await call('F002', 'POST', '/api/maintenance/accept-redistributed-ride', { rideId, newDriverId: 'F002', currentState: 'started' });
    expect(await ongoingOf('F002', takenOver.position)).toEqual([[rideId, 'started']]);
    for (const event of ['materialPicked', 'materialDropped']) await step('F002', rideId as string, event);
    const ended = await call('F002', 'POST', '/api/tracking/complete-ride', { rideId });

    expect(await historyOf('F001', ended.position)).toEqual([]);
    expect(await historyOf('F001', ended.position, 'MH01')).toEqual([]);
    expect(await ongoingOf('F002', ended.position)).toEqual([]);
    const completed = await historyOf('F002', ended.position);
    expect(completed).toEqual([expect.objectContaining({ RIDE_ID: rideId, STATUS: 'completed', DRIVER_ID: 'F002', COMPLETED_AT: expect.any(String) })]);
  });
});
