import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { io as connectClient, type Socket as ClientSocket } from 'socket.io-client';
import { MESSAGES, SOCKET_PAYLOADS, driverStreamId, type DriverEvent, type Role, type SocketEventName } from '@plantride/schemas';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds, waitFor } from '../test-support/test-database';
import { seedUsers } from '../test-support/seed';
import { appendDriverEvent } from '../test-support/driver-events';

interface Received {
  name: SocketEventName;
  payload: Record<string, unknown>;
}

describe.each(testStoreKinds())('driver live events on %s', (kind) => {
  let t: TestApp;
  let url: string;
  const sockets: ClientSocket[] = [];
  const people: Array<[string, Role, 'Forklift'?]> = [
    ['AD01', 'admin'],
    ['MH01', 'maintenanceHead'],
    ['RQ01', 'requester'],
    ['FL01', 'driver', 'Forklift'],
    ['FL02', 'driver', 'Forklift'],
  ];
  const record = (status: 'Active' | 'Not Active') => ({
    operatorId: 'FL01',
    vehicle: 'MH12 AB 0001',
    name: 'Suresh Patil',
    mobile: '9820011005',
    forklift: '11',
    vehicleAssigned: 'Forklift',
    status,
  });

  /** A real socket.io client of `tokenNo`, connected, recording every event after checking it has the spec's shape. */
  async function connect(tokenNo: string, role: Role): Promise<Received[]> {
    const socket = connectClient(url, {
      path: '/socket.io',
      auth: { token: await t.tokenFor(tokenNo, role) },
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
    });
    sockets.push(socket);
    const received: Received[] = [];
    socket.onAny((name: SocketEventName, payload: Record<string, unknown>) => {
      expect(SOCKET_PAYLOADS[name].strict().safeParse(payload).error, name).toBeUndefined();
      received.push({ name, payload });
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return received;
  }
  const named = (received: Received[], name: SocketEventName) => received.filter((r) => r.name === name).map((r) => r.payload);
  const arrived = (received: Received[], name: SocketEventName, count = 1) =>
    waitFor(() => named(received, name).length >= count, 10_000, name);
  const update = async (status: 'Active' | 'Not Active') => {
    const answer = await t.app.inject({
      method: 'PUT',
      url: '/api/drivers/update',
      headers: { authorization: `Bearer ${await t.tokenFor('AD01', 'admin')}` },
      payload: record(status),
    });
    expect(answer.statusCode).toBe(200);
    // The status change's own position: the save appends the roster's count after it.
    const changes = (await t.app.eventStore.readStream(driverStreamId('FL01'))).filter((event) => event.type === 'DriverStatusChanged');
    return changes.at(-1)!.globalPosition;
  };
  const maintenance = (event: DriverEvent) => appendDriverEvent(t.app.eventStore, event);

  beforeAll(async () => {
    t = await createTestApp(kind);
    url = await t.listen();
    await seedUsers(
      t.app,
      people.map(([tokenNo, role, vehicleType]) => ({ tokenNo, role, vehicleType })),
    );
  });
  afterEach(() => sockets.splice(0).forEach((socket) => socket.disconnect()));
  afterAll(async () => t.close());

  it('given a connected driver, when the admin saves him Not Active and then Active, then his socket and staff get statusChanged live, each with its position; other drivers do not', async () => {
    const driver = await connect('FL01', 'driver');
    const staff = await connect('MH01', 'maintenanceHead');
    const otherDriver = await connect('FL02', 'driver');
    const requester = await connect('RQ01', 'requester');
    const notActiveAt = await update('Not Active');
    await arrived(driver, 'statusChanged');
    expect(named(driver, 'statusChanged')).toEqual([{ driverId: 'FL01', status: 'Not Active', position: notActiveAt }]);
    const activeAt = await update('Active');
    await arrived(driver, 'statusChanged', 2);
    await arrived(staff, 'statusChanged', 2);
    expect(named(driver, 'statusChanged')[1]).toEqual({ driverId: 'FL01', status: 'Active', position: activeAt });
    expect(named(staff, 'statusChanged').map((p) => p.status)).toEqual(['Not Active', 'Active']);
    // Both changes have reached every socket by now (staff got the later one), so silence here is real.
    expect(otherDriver).toEqual([]);
    expect(requester).toEqual([]);
  });

  it('given a connected driver, when he is blocked for maintenance and the block lifts, then he gets driverBlocked then driverUnblocked; staff only the unblock', async () => {
    const driver = await connect('FL01', 'driver');
    const staff = await connect('AD01', 'admin');
    await maintenance({ type: 'DriverBlockedForMaintenance', data: { operatorId: 'FL01', maintenanceRequestId: 'M1' } });
    await arrived(driver, 'driverBlocked');
    expect(named(driver, 'driverBlocked')).toEqual([
      { driverId: 'FL01', message: MESSAGES.vehicleUnderMaintenance, maintenanceRequestId: 'M1', position: expect.any(Number) },
    ]);
    await maintenance({ type: 'DriverUnblocked', data: { operatorId: 'FL01', reason: 'maintenance_completed', inspectionDue: false } });
    await arrived(driver, 'driverUnblocked');
    await arrived(staff, 'driverUnblocked');
    expect(named(driver, 'driverUnblocked')).toEqual([
      {
        driverId: 'FL01',
        message: MESSAGES.maintenanceCompletedVehicleActive,
        reason: 'maintenance_completed',
        position: expect.any(Number),
      },
    ]);
    expect(staff.map((r) => r.name)).toEqual(['driverUnblocked']);
  });

  it('given staff connected, when someone signs up, then staff get newRegistrationRequest with his token number and a requester does not', async () => {
    const staff = await connect('MH01', 'maintenanceHead');
    const requester = await connect('RQ01', 'requester');
    const signedUp = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { token_no: 'NEW1', password: 'pass' } });
    expect(signedUp.statusCode).toBe(201);
    await arrived(staff, 'newRegistrationRequest');
    expect(named(staff, 'newRegistrationRequest')).toEqual([
      { tokenNo: 'NEW1', message: expect.any(String), position: signedUp.json().position },
    ]);
    expect(requester).toEqual([]);
  });
});
