import { randomBytes, randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { userStreamId, type Role, type VehicleType } from '@plantride/schemas';
import { connectLive, type LiveClient } from '../test-support/live-client';
import { rideEvents as e } from '../test-support/ride-events';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds, waitFor } from '../test-support/test-database';
import { dropRedisPrefix } from '../test-support/test-timers';

// Each store alone; on PostgreSQL with Redis also as several engine processes deliver (socket.io's
// Redis adapter carries the exception, and the sender catches reconnecting sockets up).
const MODES = [
  ...testStoreKinds().map((kind) => [kind, 'one process'] as const),
  ...(process.env.TEST_REDIS_URL && testStoreKinds().includes('postgres') ? [['postgres', 'Redis cluster'] as const] : []),
];

// The offer of a broken-down ride, end to end through socket.io: the events are appended as the
// maintenance command records them, so this holds whichever command pipeline writes them.
describe.each(MODES)('redistributedRide through the live gateway on %s, %s', (kind, mode) => {
  let test: TestApp;
  let url: string;
  const clients: LiveClient[] = [];
  const redisPrefix = `test-live-${randomBytes(6).toString('hex')}`;

  beforeEach(async () => {
    if (mode === 'one process') {
      test = await createTestApp(kind);
    } else {
      // The live plugin takes REDIS_URL from the configuration when the app is built.
      Object.assign(process.env, { REDIS_URL: process.env.TEST_REDIS_URL, REDIS_PREFIX: redisPrefix });
      try {
        test = await createTestApp(kind);
      } finally {
        delete process.env.REDIS_URL;
        delete process.env.REDIS_PREFIX;
      }
    }
    url = await test.listen();
  });
  afterEach(async () => {
    clients.splice(0).forEach((client) => client.socket.disconnect());
    await test.close();
    if (mode !== 'one process') await dropRedisPrefix(redisPrefix);
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

  async function connect(auth: Record<string, unknown>): Promise<LiveClient> {
    const client = await connectLive(url, auth);
    clients.push(client);
    return client;
  }

  /** Appends ride events one by one, as the commands would; resolves to the last one's global position. */
  async function record(...events: Array<ReturnType<(typeof e)[keyof typeof e]>>): Promise<number> {
    let position = 0;
    for (const { streamId, type, data } of events) {
      position = (
        await test.app.eventStore.append(streamId, 'any', [{ eventId: randomUUID(), type, schemaVersion: 1, data }], {
          commandId: randomUUID(),
          actor: { system: 'test' },
        })
      ).position;
    }
    return position;
  }

  // Booked now, not on the builders' fixed day: a ride requested long ago is due its wait alert at once,
  // and the timer's newRideRequest again would race the acceptance.
  const requestedNow = () => e.requested('R1', 'RQ01', 0, { requestedAt: new Date().toISOString() });

  const removals = (client: LiveClient) => client.names('R1').filter((name) => name === 'removeRide').length;

  it('given two Forklift drivers, when the one driving breaks down, then only the other is offered the ride, and a Crane driver is not', async () => {
    const broken = await connect({ token: await signUp('DR01', 'driver', 'Forklift') });
    const other = await connect({ token: await signUp('DR02', 'driver', 'Forklift') });
    const crane = await connect({ token: await signUp('DR03', 'driver', 'Crane') });
    await record(requestedNow(), e.accepted('R1', 'DR01', 1), e.started('R1', 'DR01', 2), e.redistributed('R1', 'DR01', 3));
    await waitFor(() => other.names('R1').includes('redistributedRide'), undefined, 'the offer to the other driver');
    // Every Forklift driver loses the ride when it is taken over, after the offer: once the driver who
    // broke down has that, he has had every chance to receive the offer.
    await record(e.takenOver('R1', 'DR02', 4));
    await waitFor(() => removals(broken) === 2 && removals(other) === 2, undefined, 'the take-over to reach both drivers');
    expect(broken.names('R1')).toEqual(['newRideRequest', 'removeRide', 'rideStarted', 'removeRide']);
    expect(other.names('R1')).toEqual(['newRideRequest', 'removeRide', 'redistributedRide', 'removeRide']);
    expect(other.received.find((r) => r.name === 'redistributedRide')?.payload).toMatchObject({
      originalDriverId: 'DR01',
      rideState: 'started',
      vehicleType: 'Forklift',
    });
    expect(crane.received).toEqual([]);
  });

  it('given both Forklift drivers were away during the breakdown, when they reconnect with their last position, then the catch-up offers the ride to the other driver only', async () => {
    const brokenToken = await signUp('DR01', 'driver', 'Forklift');
    const otherToken = await signUp('DR02', 'driver', 'Forklift');
    const brokenBefore = await connect({ token: brokenToken });
    const otherBefore = await connect({ token: otherToken });
    await record(requestedNow(), e.accepted('R1', 'DR01', 1));
    await waitFor(() => removals(brokenBefore) === 1 && removals(otherBefore) === 1, undefined, 'the acceptance to reach both drivers');
    brokenBefore.socket.disconnect();
    otherBefore.socket.disconnect();
    await record(e.started('R1', 'DR01', 2), e.redistributed('R1', 'DR01', 3));

    const broken = await connect({ token: brokenToken, lastPosition: brokenBefore.received.at(-1)?.payload.position });
    const other = await connect({ token: otherToken, lastPosition: otherBefore.received.at(-1)?.payload.position });
    await record(e.takenOver('R1', 'DR02', 4));
    await waitFor(() => removals(broken) === 1 && removals(other) === 1, undefined, 'the take-over to reach both drivers');
    expect(broken.names('R1')).toEqual(['rideStarted', 'removeRide']);
    expect(other.names('R1')).toEqual(['redistributedRide', 'removeRide']);
  });
});
