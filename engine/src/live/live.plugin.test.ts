import { randomBytes, randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { io as connectClient, type Socket as ClientSocket } from 'socket.io-client';
import {
  SERVER_MESSAGES,
  SOCKET_PAYLOADS,
  rideStreamId,
  userStreamId,
  type RideEvent,
  type Role,
  type SocketEventName,
  type VehicleType,
} from '@plantride/schemas';
import { createTokenService } from '../auth/jwt';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds, waitFor } from '../test-support/test-database';
import type { TrackRideAnswer } from './live-socket';

interface Received {
  name: SocketEventName;
  payload: { rideId?: string; position?: number };
}

interface Client {
  socket: ClientSocket;
  received: Received[];
  names(rideId?: string): string[];
}

describe.each(testStoreKinds())('live gateway on %s', (kind) => {
  let test: TestApp;
  let url: string;
  const clients: ClientSocket[] = [];

  beforeEach(async () => {
    test = await createTestApp(kind);
    url = await test.listen();
  });
  afterEach(async () => {
    clients.splice(0).forEach((socket) => socket.disconnect());
    await test.close();
  });

  async function signUp(tokenNo: string, role: Role, vehicleType: VehicleType | null = null): Promise<string> {
    const events = [
      {
        eventId: randomUUID(),
        type: 'UserSignedUp',
        schemaVersion: 1,
        data: { tokenNo, name: `User ${tokenNo}`, mobile: '9000000000', role: 'requester', passwordHash: 'not-a-hash' },
      },
    ];
    if (role !== 'requester')
      events.push({
        eventId: randomUUID(),
        type: 'UserRoleChanged',
        schemaVersion: 1,
        data: { tokenNo, role, assignedVehicleType: vehicleType } as never,
      });
    await test.app.eventStore.append(userStreamId(tokenNo), 0, events, { commandId: randomUUID(), actor: { system: 'test' } });
    return test.tokenFor(tokenNo, role);
  }

  type Auth = Record<string, unknown> | ((send: (data: object) => void) => void);

  function open(auth: Auth, options: { extraHeaders?: Record<string, string>; reconnection?: boolean } = {}): Client {
    const socket = connectClient(url, {
      path: '/socket.io',
      auth,
      transports: ['websocket'],
      forceNew: true,
      reconnection: options.reconnection ?? false,
      extraHeaders: options.extraHeaders,
    });
    clients.push(socket);
    const received: Received[] = [];
    socket.onAny((name: SocketEventName, payload: Received['payload']) => {
      // Every payload the gateway sends must be the spec's shape.
      expect(SOCKET_PAYLOADS[name].strict().safeParse(payload).error, name).toBeUndefined();
      received.push({ name, payload });
    });
    return { socket, received, names: (rideId) => received.filter((r) => !rideId || r.payload.rideId === rideId).map((r) => r.name) };
  }

  async function connect(auth: Auth, options?: Parameters<typeof open>[1]): Promise<Client> {
    const client = open(auth, options);
    await new Promise<void>((resolve, reject) => {
      client.socket.once('connect', resolve);
      client.socket.once('connect_error', reject);
    });
    return client;
  }

  async function refusal(auth: Record<string, unknown>, options?: Parameters<typeof open>[1]): Promise<string> {
    const { socket } = open(auth, options);
    return new Promise<string>((resolve, reject) => {
      socket.once('connect', () => reject(new Error('connected')));
      socket.once('connect_error', (error) => resolve(error.message));
    });
  }

  // The gateway maps stored events; the ride's facts are appended as they are, without the commands' rules.
  async function ride(event: RideEvent, actor: { tokenNo: string; role: Role }): Promise<number> {
    const store = test.app.eventStore;
    const streamId = rideStreamId(event.data.rideId);
    const version = (await store.readStream(streamId)).length;
    const { position } = await store.append(
      streamId,
      version,
      [{ eventId: randomUUID(), type: event.type, schemaVersion: 1, data: event.data }],
      { commandId: randomUUID(), actor },
    );
    return position;
  }

  const requester = { tokenNo: 'RQ01', role: 'requester' } as const;
  const driver = { tokenNo: 'DR01', role: 'driver' } as const;
  const now = () => new Date().toISOString();

  const book = (rideId: string, vehicleType: VehicleType = 'Forklift', by: { tokenNo: string; role: Role } = requester) =>
    ride(
      {
        type: 'RideRequested',
        data: {
          rideId,
          requesterId: by.tokenNo,
          requesterName: 'Asha',
          requesterMobile: '9000000001',
          fromLocation: 'main gate',
          toLocation: 'canteen',
          vehicleType,
          rideType: 'Regular',
          estimatedMinutes: 11,
          durationMinutes: null,
          requestedAt: now(),
        },
      },
      by,
    );
  const accept = (rideId: string) =>
    ride(
      {
        type: 'RideAccepted',
        data: { rideId, driverId: driver.tokenNo, driverName: 'Ravi', driverMobile: '9000000002', vehicleNumber: '12', acceptedAt: now() },
      },
      driver,
    );
  const stepOf = (rideId: string, index: number) => {
    const driverId = driver.tokenNo;
    const facts: RideEvent[] = [
      { type: 'RideStarted', data: { rideId, driverId, startedAt: now() } },
      { type: 'MaterialPicked', data: { rideId, driverId, pickedAt: now() } },
      { type: 'MaterialDropped', data: { rideId, driverId, droppedAt: now() } },
      { type: 'RideEnded', data: { rideId, driverId, endedAt: now() } },
    ];
    return ride(facts[index]!, driver);
  };
  /** Start, pick, drop, end. */
  const steps = { length: 4 } as const;

  it('when a socket connects without a token or with a bad one, then it is refused', async () => {
    expect(await refusal({})).toBe('Authentication required');
    expect(await refusal({ token: 'not-a-jwt' })).toBe('Authentication required');
    const foreignTokens = createTokenService(randomBytes(32).toString('hex'), 3600);
    const { token: signedElsewhere } = await foreignTokens.sign({ tokenNo: 'RQ01', role: 'requester' });
    expect(await refusal({ token: signedElsewhere })).toBe('Authentication required');
  });

  it('when a socket brings its session as the token cookie, then it connects; from a foreign page, it is refused', async () => {
    const token = await signUp('RQ01', 'requester');
    const cookie = `token=${encodeURIComponent(token)}`;
    const client = await connect({}, { extraHeaders: { cookie, origin: url } });
    expect(client.socket.connected).toBe(true);
    // A dev server on loopback proxying to the engine on loopback.
    expect((await connect({}, { extraHeaders: { cookie, origin: 'http://localhost:5173' } })).socket.connected).toBe(true);
    expect(await refusal({}, { extraHeaders: { cookie, origin: 'https://evil.example' } })).toBe('Authentication required');
  });

  it('given drivers of two vehicle types and staff, when a Forklift ride is requested, then only the Forklift driver gets newRideRequest and staff get rideRequested', async () => {
    const forklift = await connect({ token: await signUp('DR01', 'driver', 'Forklift') });
    const crane = await connect({ token: await signUp('DR02', 'driver', 'Crane') });
    const staff = await connect({ token: await signUp('MH01', 'maintenanceHead') });
    const other = await connect({ token: await signUp('RQ02', 'requester') });
    await signUp('RQ01', 'requester');
    await book('R1', 'Forklift');
    // The Crane ride comes after the Forklift one in the store, so once the Crane driver has it, it has had its chance at R1.
    await book('R2', 'Crane');
    await waitFor(
      () =>
        crane.names('R2').includes('newRideRequest') &&
        forklift.names('R1').includes('newRideRequest') &&
        staff.names('R2').includes('rideRequested'),
      10_000,
      'ride requests',
    );
    expect(forklift.names()).toEqual(['newRideRequest']);
    expect(crane.names()).toEqual(['newRideRequest']);
    expect(forklift.received[0]?.payload).toMatchObject({
      rideId: 'R1',
      assignedTo: 'Forklift',
      vehicleType: 'Forklift',
      requesterData: null,
    });
    expect(staff.received.find((event) => event.name === 'rideRequested')?.payload).toMatchObject({
      requesterData: { userId: 'RQ01', name: 'Asha', mobile: '9000000001' },
    });
    // Staff also hear of the accounts signed up meanwhile (newRegistrationRequest); rides are what this is about.
    expect(staff.names().filter((name) => name !== 'newRegistrationRequest')).toEqual(['rideRequested', 'rideRequested']);
    expect(other.received).toEqual([]);
  });

  it('given a full ride, then the requester gets rideAccepted to rideEnded in order and the driver its steps, each with its store position', async () => {
    const requesterClient = await connect({ token: await signUp('RQ01', 'requester') });
    const driverClient = await connect({ token: await signUp('DR01', 'driver', 'Forklift') });
    const positions = [await book('R1'), await accept('R1')];
    for (let i = 0; i < steps.length; i++) positions.push(await stepOf('R1', i));
    await waitFor(
      () => requesterClient.names().includes('rideEnded') && driverClient.names().includes('rideEnded'),
      10_000,
      'the ride to end',
    );
    expect(requesterClient.names()).toEqual(['rideAccepted', 'rideStarted', 'materialPicked', 'materialDropped', 'rideEnded']);
    expect(requesterClient.received.map((r) => r.payload.position)).toEqual(positions.slice(1));
    expect(requesterClient.received[0]?.payload).toMatchObject({
      driverData: { id: 'DR01', name: 'Ravi', mobile: '9000000002', vehicle: '12' },
      isRedistributed: false,
      driverId: 'DR01',
    });
    expect(driverClient.names()).toEqual(['newRideRequest', 'removeRide', 'rideStarted', 'materialPicked', 'materialDropped', 'rideEnded']);
  });

  it('given a requested ride, when it is cancelled, then the drivers of its vehicle type remove it', async () => {
    const driverClient = await connect({ token: await signUp('DR01', 'driver', 'Forklift') });
    await book('R1');
    await ride({ type: 'RideCancelled', data: { rideId: 'R1', cancelledBy: requester.tokenNo, cancelledAt: now() } }, requester);
    await waitFor(() => driverClient.names().includes('removeRide'), 10_000, 'removeRide');
    expect(driverClient.names('R1')).toEqual(['newRideRequest', 'removeRide']);
  });

  it("when a socket asks to track someone else's ride, then it is refused; its own requester and staff may, and staff then follow it", async () => {
    await signUp('RQ01', 'requester');
    const stranger = await connect({ token: await signUp('RQ02', 'requester') });
    const otherDriver = await connect({ token: await signUp('DR09', 'driver', 'Crane') });
    const owner = await connect({ token: await test.tokenFor('RQ01', 'requester') });
    const staff = await connect({ token: await signUp('AD01', 'admin') });
    await book('R1');
    await accept('R1');
    const track = (client: Client, request: unknown) =>
      client.socket.timeout(5000).emitWithAck('trackRide', request) as Promise<TrackRideAnswer>;
    expect(await track(stranger, { rideId: 'R1' })).toMatchObject({ ok: false });
    expect(await track(otherDriver, 'R1')).toMatchObject({ ok: false });
    expect(await track(stranger, { rideId: 'NOPE' })).toMatchObject({ ok: false });
    expect(await track(stranger, { nonsense: true })).toMatchObject({ ok: false });
    expect(await track(owner, { rideId: 'R1' })).toEqual({ ok: true });
    expect(await track(staff, { rideId: 'R1' })).toEqual({ ok: true });
    await stepOf('R1', 0);
    await waitFor(() => staff.names('R1').includes('rideStarted') && owner.names('R1').includes('rideStarted'), 10_000, 'rideStarted');
    expect(owner.names('R1')).toEqual(['rideAccepted', 'rideStarted']);
    expect(stranger.received).toEqual([]);
    expect(otherDriver.received).toEqual([]);
  });

  it('given a requester who disconnects and misses steps, when it reconnects with its last position, then it gets exactly the missed events in order, then live ones', async () => {
    const token = await signUp('RQ01', 'requester');
    await signUp('DR01', 'driver', 'Forklift');
    const first = await connect({ token });
    await book('R1');
    const acceptedAt = await accept('R1');
    await waitFor(() => first.names().includes('rideAccepted'), 10_000, 'rideAccepted');
    first.socket.disconnect();
    const missed = [await stepOf('R1', 0), await stepOf('R1', 1)];
    // Another requester's ride in between: not this socket's to receive.
    await signUp('RQ02', 'requester');
    await book('R2', 'Forklift', { tokenNo: 'RQ02', role: 'requester' });

    const again = await connect({ token, lastPosition: first.received.at(-1)?.payload.position });
    await waitFor(() => again.received.length >= 2, 10_000, 'the missed events');
    const live = await stepOf('R1', 2);
    await waitFor(() => again.names().includes('materialDropped'), 10_000, 'materialDropped');
    await stepOf('R1', 3);
    await waitFor(() => again.names().includes('rideEnded'), 10_000, 'rideEnded');
    expect(first.received.at(-1)?.payload.position).toBe(acceptedAt);
    expect(again.names()).toEqual(['rideStarted', 'materialPicked', 'materialDropped', 'rideEnded']);
    expect(again.received.slice(0, 3).map((r) => r.payload.position)).toEqual([...missed, live]);
  });

  it('given events appended while a socket catches up from the start, then each arrives once and in store order', async () => {
    const token = await signUp('RQ01', 'requester');
    await signUp('DR01', 'driver', 'Forklift');
    await book('R1');
    await accept('R1');
    const client = open({ token, lastPosition: 0 });
    // The steps race the replay: some are read by it, some arrive live, some both ways.
    for (let i = 0; i < steps.length; i++) await stepOf('R1', i);
    await waitFor(() => client.names().includes('rideEnded'), 10_000, 'rideEnded');
    expect(client.names()).toEqual(['rideAccepted', 'rideStarted', 'materialPicked', 'materialDropped', 'rideEnded']);
    const positions = client.received.map((r) => r.payload.position ?? 0);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('given a socket whose transport drops, when the client reconnects by itself with the last position it heard, then it gets the missed events once, then live ones', async () => {
    const token = await signUp('RQ01', 'requester');
    await signUp('DR01', 'driver', 'Forklift');
    // As the web client does: each (re)connect sends the position of the last event heard.
    const heard: number[] = [];
    const client = await connect((send) => send(heard.length ? { token, lastPosition: heard.at(-1) } : { token }), { reconnection: true });
    client.socket.onAny(
      (_name: string, payload: { position?: number }) => void (payload.position !== undefined && heard.push(payload.position)),
    );
    await book('R1');
    await accept('R1');
    await waitFor(() => client.names().includes('rideAccepted'), 10_000, 'rideAccepted');
    const reconnected = new Promise<void>((resolve) => client.socket.once('connect', () => resolve()));
    client.socket.io.engine.close();
    await stepOf('R1', 0);
    await reconnected;
    await stepOf('R1', 1);
    await waitFor(() => client.names().includes('materialPicked'), 10_000, 'materialPicked');
    expect(client.names()).toEqual(['rideAccepted', 'rideStarted', 'materialPicked']);
    expect(heard).toEqual([...heard].sort((a, b) => a - b));
  });

  // PGlite has one connection: no other transaction can be open meanwhile.
  if (kind === 'postgres')
    it('given a writing transaction left open (a long read-model batch), when a ride is booked and accepted, then the sockets hear it while that transaction is still open', async () => {
      const requesterClient = await connect({ token: await signUp('RQ01', 'requester') });
      const driverClient = await connect({ token: await signUp('DR01', 'driver', 'Forklift') });
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let opened!: (xid: string) => void;
      const openXid = new Promise<string>((resolve) => (opened = resolve));
      const other = test.database.db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ xid: string }>`select pg_current_xact_id()::text as xid`.execute(trx);
        opened(rows[0]!.xid);
        await held;
      });
      try {
        const xid = await openXid;
        await book('R1');
        await accept('R1');
        await waitFor(
          () => driverClient.names('R1').includes('removeRide') && requesterClient.names('R1').includes('rideAccepted'),
          10_000,
          'the ride to reach both sockets',
        );
        const { rows } = await sql<{ status: string }>`select pg_xact_status(${xid}::xid8) as status`.execute(test.database.db);
        expect(rows[0]?.status).toBe('in progress');
        expect(driverClient.names('R1')).toEqual(['newRideRequest', 'removeRide']);
        expect(requesterClient.names('R1')).toEqual(['rideAccepted']);
      } finally {
        release();
        await other;
      }
    });

  it('given an open socket, when its user signs out, then the socket is told why and disconnected', async () => {
    const client = await connect({ token: await signUp('RQ01', 'requester') });
    const told = new Promise<unknown>((resolve) => client.socket.once('sessionEnded', resolve));
    const disconnected = new Promise<string>((resolve) => client.socket.once('disconnect', resolve));
    await test.app.eventStore.append(
      userStreamId('RQ01'),
      'any',
      [{ eventId: randomUUID(), type: 'UserSignedOut', schemaVersion: 1, data: { tokenNo: 'RQ01' } }],
      { commandId: randomUUID(), actor: { tokenNo: 'RQ01', role: 'requester' } },
    );
    expect(await told).toEqual({ reason: 'signedOut', message: SERVER_MESSAGES.sessionEndedSignedOut });
    expect(await disconnected).toBe('io server disconnect');
  });

  it('given an open socket of a requester, when the admin approves his driver registration (a role change to driver), then it is told so and disconnected', async () => {
    const client = await connect({ token: await signUp('RQ02', 'requester') });
    const told = new Promise<unknown>((resolve) => client.socket.once('sessionEnded', resolve));
    await test.app.eventStore.append(
      userStreamId('RQ02'),
      'any',
      [
        {
          eventId: randomUUID(),
          type: 'UserRoleChanged',
          schemaVersion: 1,
          data: { tokenNo: 'RQ02', role: 'driver', assignedVehicleType: 'Forklift' },
        },
      ],
      { commandId: randomUUID(), actor: { tokenNo: 'AD01', role: 'admin' } },
    );
    expect(await told).toEqual({ reason: 'roleChanged', message: SERVER_MESSAGES.sessionEndedDriverApproved });
  });
});
