import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SERVER_MESSAGES, type Role } from '@plantride/schemas';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds, waitFor } from '../test-support/test-database';
import { connectLive, type LiveClient } from '../test-support/live-client';
import type { TrackRideAnswer } from '../live/live-socket';
import { SOCKET_MAX_MESSAGE_BYTES } from '../live/socket-limits';
import { seedUsers } from '../test-support/seed';
import { START } from '../event-store/event-store';

const BURST = 20;
const PER_SECOND = 5;
/** The window in which a user may send his burst: 20 per 4 s. */
const WINDOW_MS = (BURST / PER_SECOND) * 1000;

describe.each(testStoreKinds())('a flood of commands on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const people: Array<[string, Role]> = [
    ['RQ01', 'requester'],
    ['RQ02', 'requester'],
    ['RQ03', 'requester'],
    ['RQ04', 'requester'],
    ['DR01', 'driver'],
  ];
  const as = (tokenNo: string) => ({ authorization: `Bearer ${tokens[tokenNo]}` });
  const book = (tokenNo: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/bookings/book-ride',
      headers: as(tokenNo),
      payload: {
        userId: tokenNo,
        fromLocation: 'main gate',
        toLocation: 'canteen',
        vehicleType: 'Forklift',
        rideType: 'Regular',
        reqName: 'Asha Rao',
        reqMobileNo: '9000000001',
      },
    });
  /** Rides the store holds booked by `tokenNo`. */
  const ridesBookedBy = async (tokenNo: string) => {
    const events = await t.app.eventStore.readAll(START, 100_000);
    return events.filter((e) => e.type === 'RideRequested' && (e.data as { requesterId: string }).requesterId === tokenNo).length;
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { rateLimits: { commands: { burst: BURST, perSecond: PER_SECOND } } });
    await seedUsers(
      t.app,
      people.map(([tokenNo, role]) => ({ tokenNo, role, vehicleType: role === 'driver' ? 'Forklift' : undefined })),
    );
    for (const [tokenNo, role] of people) tokens[tokenNo] = await t.tokenFor(tokenNo, role);
    // The limiter's windows read Date.now(): Date (and only Date; timers run) stands still unless a test
    // moves it, so the counts below do not depend on the machine's speed.
    vi.setSystemTime(Date.now());
  });
  afterAll(async () => {
    vi.useRealTimers();
    await t?.close();
  });

  it('given one requester firing 200 bookings at once beside another firing 10, then the first gets exactly the burst, the rest 429 with Retry-After, and the other gets all of his', async () => {
    const flood = Array.from({ length: 200 }, () => book('RQ01'));
    const other = Array.from({ length: 10 }, () => book('RQ02'));
    const [flooded, others] = await Promise.all([Promise.all(flood), Promise.all(other)]);

    const accepted = flooded.filter((answer) => answer.statusCode === 200);
    const refused = flooded.filter((answer) => answer.statusCode === 429);
    expect([accepted.length, refused.length]).toEqual([BURST, 200 - BURST]);
    for (const answer of refused) {
      expect(answer.json()).toEqual({ message: SERVER_MESSAGES.tooManyRequests });
      // His window ends 4 s after his first command.
      expect(answer.headers['retry-after']).toBe(String(WINDOW_MS / 1000));
    }
    expect(others.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    // A refused call changed nothing: the store holds exactly the accepted bookings.
    expect(await ridesBookedBy('RQ01')).toBe(BURST);
    expect(await ridesBookedBy('RQ02')).toBe(10);
  });

  it('given a requester who used up his burst, when a second passes, then he is still refused, told to wait 3 s; when his window ends, then exactly a burst more is accepted', async () => {
    const began = Date.now();
    for (let i = 0; i < BURST; i++) expect((await book('RQ03')).statusCode).toBe(200);
    expect((await book('RQ03')).statusCode).toBe(429);
    vi.setSystemTime(began + 1000);
    const waiting = await book('RQ03');
    expect([waiting.statusCode, waiting.headers['retry-after']]).toEqual([429, '3']);
    vi.setSystemTime(began + WINDOW_MS - 1);
    expect((await book('RQ03')).statusCode).toBe(429);
    vi.setSystemTime(began + WINDOW_MS);
    const answers = await Promise.all(Array.from({ length: 30 }, () => book('RQ03')));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(BURST);
    expect(await ridesBookedBy('RQ03')).toBe(2 * BURST);
  });

  it('given a user refused for commands, when he reads, then reads are not limited', async () => {
    const drained = await Promise.all(Array.from({ length: BURST + 1 }, () => book('RQ04')));
    expect(drained.filter((answer) => answer.statusCode === 429)).toHaveLength(1);
    const reads = await Promise.all(
      Array.from({ length: 50 }, () => t.app.inject({ method: 'GET', url: '/api/ride-history/user?userId=RQ04', headers: as('RQ04') })),
    );
    expect(reads.map((answer) => answer.statusCode)).toEqual(Array(50).fill(200));
  });
});

describe.each(testStoreKinds())('a flooding socket on %s', (kind) => {
  const SOCKET_BURST = 50;
  let t: TestApp;
  let url: string;
  const clients: LiveClient[] = [];
  const tokens: Record<string, string> = {};
  const people: Array<[string, Role]> = [
    ['RQ01', 'requester'],
    ['RQ02', 'requester'],
    ['RQ03', 'requester'],
    ['DR01', 'driver'],
  ];
  const as = (tokenNo: string) => ({ authorization: `Bearer ${tokens[tokenNo]}` });
  const book = async (tokenNo: string): Promise<string> => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/bookings/book-ride',
      headers: as(tokenNo),
      payload: {
        userId: tokenNo,
        fromLocation: 'main gate',
        toLocation: 'canteen',
        vehicleType: 'Forklift',
        rideType: 'Regular',
        reqName: 'Asha Rao',
        reqMobileNo: '9000000001',
      },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().rideId;
  };
  const connect = async (tokenNo: string) => {
    const client = await connectLive(url, { token: tokens[tokenNo] });
    clients.push(client);
    return client;
  };
  const trackRide = (client: LiveClient, rideId: string) =>
    new Promise<TrackRideAnswer>((resolve) => client.socket.emit('trackRide', { rideId }, resolve));
  const disconnected = (client: LiveClient) => new Promise<string>((resolve) => client.socket.once('disconnect', resolve));

  beforeAll(async () => {
    // 50 per window of 1,000 s: no window ends while the test runs, so exactly the burst is answered, whatever the machine's speed.
    t = await createTestApp(kind, { rateLimits: { socketMessages: { burst: SOCKET_BURST, perSecond: SOCKET_BURST / 1_000 } } });
    url = await t.listen();
    await seedUsers(
      t.app,
      people.map(([tokenNo, role]) => ({ tokenNo, role, vehicleType: role === 'driver' ? 'Forklift' : undefined })),
    );
    for (const [tokenNo, role] of people) tokens[tokenNo] = await t.tokenFor(tokenNo, role);
  });
  afterAll(async () => {
    clients.splice(0).forEach((client) => client.socket.disconnect());
    await t?.close();
  });

  it("given one socket sending 5,000 trackRide messages while another follows a ride, then the flooder is answered its burst, told why and disconnected, the other hears every step in order, and the flooder's next socket is refused too (one allowance per user)", async () => {
    const floodedRide = await book('RQ01');
    const followedRide = await book('RQ02');
    const flooder = await connect('RQ01');
    const follower = await connect('RQ02');
    expect(await trackRide(follower, followedRide)).toEqual({ ok: true });

    // The burst, answered one by one.
    const answered = await Promise.all(Array.from({ length: SOCKET_BURST }, () => trackRide(flooder, floodedRide)));
    expect(answered).toEqual(Array(SOCKET_BURST).fill({ ok: true }));
    // Then the rest at once: the first of them is past the allowance.
    const gone = disconnected(flooder);
    let lateAnswers = 0;
    for (let i = SOCKET_BURST; i < 5_000; i++) flooder.socket.emit('trackRide', { rideId: floodedRide }, () => lateAnswers++);

    // Meanwhile the driver takes the followed ride through; every command is answered.
    const steps = [
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/tracking/accept-ride',
          headers: as('DR01'),
          payload: { driverId: 'DR01', rideId: followedRide },
        }),
      ...['start', 'materialPicked', 'materialDropped'].map(
        (event) => () =>
          t.app.inject({
            method: 'PUT',
            url: '/api/bookings/update-timestamps',
            headers: as('DR01'),
            payload: { rideId: followedRide, event },
          }),
      ),
      () => t.app.inject({ method: 'POST', url: '/api/tracking/complete-ride', headers: as('DR01'), payload: { rideId: followedRide } }),
    ];
    const codes: number[] = [];
    for (const step of steps) codes.push((await step()).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200]);

    expect(await gone).toBe('io server disconnect');
    expect(flooder.received.filter((r) => r.name === 'tooManyMessages').map((r) => r.payload)).toEqual([
      { message: SERVER_MESSAGES.tooManySocketMessages },
    ]);
    expect(lateAnswers).toBe(0);

    await waitFor(() => follower.names(followedRide).includes('rideEnded'));
    expect(follower.names(followedRide)).toEqual(['rideAccepted', 'rideStarted', 'materialPicked', 'materialDropped', 'rideEnded']);
    const positions = follower.received.filter((r) => r.payload.rideId === followedRide).map((r) => r.payload.position!);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(follower.socket.connected).toBe(true);
    // The allowance is the user's, not the socket's: a new socket of his is refused too while the window lasts.
    const again = await connect('RQ01');
    const againGone = disconnected(again);
    again.socket.emit('trackRide', { rideId: floodedRide }, () => lateAnswers++);
    expect(await againGone).toBe('io server disconnect');
    expect(again.received.filter((r) => r.name === 'tooManyMessages').map((r) => r.payload)).toEqual([
      { message: SERVER_MESSAGES.tooManySocketMessages },
    ]);
    expect(lateAnswers).toBe(0);
  });

  it('given a socket sending a message over the size limit, then that connection is closed unread and others keep working', async () => {
    const rideId = await book('RQ03');
    const sender = await connect('RQ03');
    const other = await connect('RQ03');
    // Just under the limit is read (and answered: no such ride).
    expect(await trackRide(sender, 'R'.repeat(SOCKET_MAX_MESSAGE_BYTES - 100))).toEqual({ ok: false, message: SERVER_MESSAGES.forbidden });
    const gone = disconnected(sender);
    let answered = false;
    sender.socket.emit('trackRide', { rideId: 'R'.repeat(SOCKET_MAX_MESSAGE_BYTES + 1) }, () => (answered = true));
    expect(await gone).toBe('transport close');
    expect(answered).toBe(false);
    expect(await trackRide(other, rideId)).toEqual({ ok: true });
  });
});
