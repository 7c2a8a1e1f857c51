import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connectClient, type Socket as ClientSocket } from 'socket.io-client';
import {
  MESSAGES,
  RESUME_STATE_TO_RIDE_STATE,
  SOCKET_PAYLOADS,
  driverStreamId,
  type DriverEvent,
  type ResumeState,
  type Role,
  type SocketEventName,
  type SocketPayload,
  type VehicleType,
} from '@plantride/schemas';
import { evolveDriver, initialDriverState } from '../drivers/driver.decider';
import { toDomainEvent } from '../event-store/upcast';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds, waitFor } from '../test-support/test-database';
import { seedUsers } from '../test-support/seed';

type Body = Record<string, unknown>;
type Payload = Record<string, unknown>;

interface Client {
  socket: ClientSocket;
  received: Array<{ name: SocketEventName; payload: Payload }>;
}

const STEPS = ['start', 'materialPicked', 'materialDropped', 'end'] as const;
// How many driver steps bring an accepted ride to each in-progress state.
const STEPS_DONE: Record<ResumeState, number> = { accepted: 0, started: 1, 'material picked': 2, delivered: 3 };

describe.each(testStoreKinds())('maintenance live events on %s', (kind) => {
  let t: TestApp;
  let url: string;
  const tokens: Record<string, string> = {};
  const clients: Record<string, Client> = {};
  const people: Array<[string, Role, VehicleType?]> = [
    ['RQ01', 'requester'],
    ['F001', 'driver', 'Forklift'],
    ['F002', 'driver', 'Forklift'],
    ['F003', 'driver', 'Forklift'],
    ['C001', 'driver', 'Crane'],
    ['C002', 'driver', 'Crane'],
    ['MH01', 'maintenanceHead'],
  ];

  const call = async (who: string, method: 'GET' | 'POST' | 'PUT', path: string, payload?: Body) => {
    const answer = await t.app.inject({ method, url: path, payload, headers: { authorization: `Bearer ${tokens[who]}` } });
    return { status: answer.statusCode, body: answer.json() as Payload };
  };
  const ok = async (who: string, method: 'GET' | 'POST' | 'PUT', path: string, payload?: Body) => {
    const answer = await call(who, method, path, payload);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };
  const step = (who: string, rideId: string, event: string) => call(who, 'PUT', '/api/bookings/update-timestamps', { rideId, event });
  const book = async (vehicleType: VehicleType) =>
    (
      await ok('RQ01', 'POST', '/api/bookings/book-ride', {
        userId: 'RQ01',
        fromLocation: 'fgs',
        toLocation: 'RMS',
        vehicleType,
        rideType: 'Regular',
      })
    ).rideId as string;
  /** Carries out `events` and waits until the read models know the ride's end, so the driver's next accept sees him free. */
  const finish = async (who: string, rideId: string, events: readonly string[]) => {
    for (const event of events) expect((await step(who, rideId, event)).status).toBe(200);
    const last = (await t.app.eventStore.readStream(`ride-${rideId}`)).at(-1)?.globalPosition ?? 0;
    expect(await t.app.projections.waitForPosition(last, 10_000)).toBe(true);
  };
  const bookAndAccept = async (driver: string, vehicleType: VehicleType) => {
    const rideId = await book(vehicleType);
    await ok(driver, 'POST', '/api/tracking/accept-ride', { driverId: driver, rideId });
    return rideId;
  };
  const fileMidRide = (driver: string, vehicleType: VehicleType, rideId: string) =>
    ok(driver, 'POST', '/api/requests/maintenanceReq', {
      driver_id: driver,
      driver_name: `${driver} Name`,
      vehicle_type: vehicleType,
      issue: '',
      comment_text: 'engine smoking',
      status: 'pending',
      breakdown_type: null,
      ride_id: rideId,
    });
  const blockedFor = async (driver: string) => {
    const events = (await t.app.eventStore.readStream(driverStreamId(driver))).map((e) => toDomainEvent(e) as DriverEvent);
    return events.reduce(evolveDriver, initialDriverState()).blockedFor;
  };

  const matching = (who: string, name: SocketEventName, match: Payload) =>
    (clients[who] as Client).received.filter(
      (r) => r.name === name && Object.entries(match).every(([key, value]) => r.payload[key] === value),
    );
  /** Waits until `who` has received `name` with the given fields, and returns its payload. */
  async function heard<E extends SocketEventName>(who: string, name: E, match: Payload): Promise<SocketPayload<E>> {
    await waitFor(() => matching(who, name, match).length > 0, 10_000, `${who} to hear ${name} ${JSON.stringify(match)}`);
    return matching(who, name, match)[0]?.payload as SocketPayload<E>;
  }

  async function connect(tokenNo: string): Promise<Client> {
    const socket = connectClient(url, {
      path: '/socket.io',
      auth: { token: tokens[tokenNo] },
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
    });
    const client: Client = { socket, received: [] };
    socket.onAny((name: SocketEventName, payload: Payload) => {
      // Every payload must be the spec's shape, with nothing extra.
      expect(SOCKET_PAYLOADS[name].strict().safeParse(payload).error, name).toBeUndefined();
      client.received.push({ name, payload });
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return client;
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    url = await t.listen();
    await seedUsers(
      t.app,
      people.map(([tokenNo, role, vehicleType]) => ({ tokenNo, role, vehicleType, name: `${tokenNo} Name`, mobile: '9876543210' })),
    );
    // The only other Crane driver is marked Not Active by admin.
    const { position } = await t.app.eventStore.append(
      driverStreamId('C002'),
      1,
      [{ eventId: randomUUID(), type: 'DriverStatusChanged', schemaVersion: 1, data: { operatorId: 'C002', status: 'Not Active' } }],
      { commandId: randomUUID(), actor: { system: 'test' } },
    );
    expect(await t.app.projections.waitForPosition(position, 10_000)).toBe(true);
    for (const [tokenNo, role] of people) tokens[tokenNo] = await t.tokenFor(tokenNo, role);
    for (const [tokenNo] of people) clients[tokenNo] = await connect(tokenNo);
  });
  afterAll(async () => {
    Object.values(clients).forEach((client) => client.socket.disconnect());
    await t.close();
  });

  it.each([
    ['accepted', 'completed'],
    ['started', 'rejected'],
    ['material picked', 'completed'],
    ['delivered', 'rejected'],
  ] as const)(
    'given a ride at %s, when its driver asks for maintenance, then another driver takes it over from there, and the head marks the request %s',
    async (state, outcome) => {
      const rideId = await bookAndAccept('F001', 'Forklift');
      for (const event of STEPS.slice(0, STEPS_DONE[state])) expect((await step('F001', rideId, event)).status).toBe(200);

      const filed = await fileMidRide('F001', 'Forklift', rideId);
      expect(filed.message).toBe(MESSAGES.maintenanceSubmittedBlocked);
      const requestId = filed.id as string;
      expect(await blockedFor('F001')).toBe(requestId);

      // The requester waits; drivers of the type are offered the ride where it stood; staff see the request.
      expect((await heard('RQ01', 'rideRedistributed', { rideId })).message).toBe(MESSAGES.vehicleBrokeDown);
      const offered = await heard('F002', 'redistributedRide', { rideId });
      expect(offered).toMatchObject({
        originalDriverId: 'F001',
        originalDriverName: 'F001 Name',
        maintenanceComment: 'engine smoking',
        rideState: RESUME_STATE_TO_RIDE_STATE[state],
        vehicleType: 'Forklift',
      });
      await heard('MH01', 'maintenanceRequestAdded', { requestId, driverId: 'F001' });
      await heard('MH01', 'newMaintenanceRequest', { requestId, driverId: 'F001' });
      const rows = (await call('MH01', 'GET', `/api/requests/maintenanceReq?position=${filed.position as number}`))
        .body as unknown as Payload[];
      expect(rows.find((row) => row.ID === requestId)).toMatchObject({
        STATUS: 'pending',
        BREAKDOWN_TYPE: 'partial',
        COMMENT_TEXT: 'engine smoking',
      });

      const taken = await ok('F002', 'POST', '/api/maintenance/accept-redistributed-ride', {
        rideId,
        newDriverId: 'F002',
        currentState: offered.rideState,
      });
      expect(taken).toMatchObject({ success: true, message: MESSAGES.redistributedRideAccepted });
      const reassigned = await heard('RQ01', 'driverReassigned', { rideId });
      expect(reassigned).toMatchObject({
        newDriverId: 'F002',
        newDriverName: 'F002 Name',
        driverDetails: { id: 'F002', name: 'F002 Name', mobile: '9876543210' },
      });
      await heard('RQ01', 'rideAccepted', { rideId, isRedistributed: true, driverId: 'F002' });
      await heard('F003', 'removeRide', { rideId });
      // Other Forklift drivers were free, so there was no reason to tell the requester otherwise.
      expect(matching('RQ01', 'noAlternativeDriver', { rideId })).toEqual([]);

      // It resumes exactly where it stood: the status is the same, the step before is refused, the next ones go on.
      const status = await call('RQ01', 'GET', `/api/tracking/ride-status/${rideId}?position=${taken.position as number}`);
      expect(status.body.STATUS).toBe(state);
      if (STEPS_DONE[state] > 0) expect((await step('F002', rideId, STEPS[STEPS_DONE[state] - 1] as string)).status).toBe(409);
      await finish('F002', rideId, STEPS.slice(STEPS_DONE[state]));
      await heard('RQ01', 'rideEnded', { rideId });

      if (outcome === 'completed') {
        await ok('MH01', 'PUT', `/api/requests/${requestId}/status`, { status: 'accepted', maintenance_date: null });
        await heard('MH01', 'requestStatusUpdated', { requestId, status: 'accepted' });
        await ok('MH01', 'PUT', `/api/requests/${requestId}/status`, { status: 'completed', maintenance_date: new Date().toISOString() });
        expect(await heard('F001', 'maintenanceCompleted', { requestId })).toMatchObject({
          driverId: 'F001',
          message: MESSAGES.maintenanceCompletedVehicleActive,
        });
      } else {
        await ok('MH01', 'PUT', `/api/requests/${requestId}/status`, {
          status: 'rejected',
          maintenance_date: null,
          reason: 'no fault found',
        });
        expect(await heard('F001', 'maintenanceRejected', { requestId })).toMatchObject({
          driverId: 'F001',
          message: expect.stringContaining('no fault found'),
        });
      }
      await heard('MH01', 'requestStatusUpdated', { requestId, status: outcome });
      expect(await blockedFor('F001')).toBeNull();
      // Unblocked, he takes rides again.
      const next = await bookAndAccept('F001', 'Forklift');
      await finish('F001', next, STEPS);
    },
  );

  it('given no other active, unblocked driver of its type, when a ride is redistributed, then the requester is told at once there is no alternative driver', async () => {
    const rideId = await bookAndAccept('C001', 'Crane');
    expect((await step('C001', rideId, 'start')).status).toBe(200);
    await fileMidRide('C001', 'Crane', rideId);
    await heard('RQ01', 'rideRedistributed', { rideId });
    expect(await heard('RQ01', 'noAlternativeDriver', { rideId })).toMatchObject({ message: MESSAGES.noAlternativeDrivers });
    // Ride events stay with the ride's parties: other drivers' types never see it.
    expect(matching('F002', 'redistributedRide', { rideId })).toEqual([]);
  });
});
