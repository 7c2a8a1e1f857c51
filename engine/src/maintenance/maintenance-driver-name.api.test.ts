import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maintenanceStreamId, type MaintenanceRequestRow, type Role, type VehicleType } from '@plantride/schemas';
import { toDomainEvent } from '../event-store/upcast';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds } from '../test-support/test-database';
import { seedUsers } from '../test-support/seed';

type Body = Record<string, unknown>;

// The spec's client sends driver_name with a request; who the driver is, is the engine's to know.
describe.each(testStoreKinds())('the driver name of a maintenance request on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const people: Array<[string, Role, VehicleType?]> = [
    ['F001', 'driver', 'Forklift'],
    ['F002', 'driver', 'Forklift'],
    ['MH01', 'maintenanceHead'],
  ];

  const call = async (who: string, method: 'GET' | 'POST', url: string, payload?: Body) => {
    const answer = await t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${tokens[who]}` } });
    expect(answer.statusCode, `${method} ${url}: ${answer.body}`).toBe(200);
    return answer.json() as unknown;
  };
  const file = (driver: string) =>
    call(driver, 'POST', '/api/requests/maintenanceReq', {
      driver_id: driver,
      driver_name: 'Somebody Else',
      vehicle_type: 'Forklift',
      issue: 'Engine Issue',
      comment_text: 'smoke on start',
      status: 'pending',
      breakdown_type: 'full',
      ride_id: null,
    }) as Promise<{ id: string; position: number }>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedUsers(
      t.app,
      people.map(([tokenNo, role, vehicleType]) => ({ tokenNo, role, vehicleType, name: `${tokenNo} Name`, mobile: '9876543210' })),
    );
    for (const [tokenNo, role] of people) tokens[tokenNo] = await t.tokenFor(tokenNo, role);
  });
  afterAll(async () => t?.close());

  it('given a driver who files a request under another name, when the head lists the requests, then it shows the name on his driver record', async () => {
    const { id, position } = await file('F001');
    const rows = (await call('MH01', 'GET', `/api/requests/maintenanceReq?position=${position}`)) as MaintenanceRequestRow[];
    expect(rows.find((row) => row.ID === id)).toMatchObject({ DRIVER_ID: 'F001', DRIVER_NAME: 'F001 Name' });
  });

  it('given a driver who files a request under another name, then the request recorded names him as his driver record does', async () => {
    const { id } = await file('F002');
    const [requested] = (await t.app.eventStore.readStream(maintenanceStreamId(id))).map(toDomainEvent);
    expect(requested).toMatchObject({ type: 'MaintenanceRequested', data: { driverId: 'F002', driverName: 'F002 Name' } });
  });
});
