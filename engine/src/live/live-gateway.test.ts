import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { Server } from 'socket.io';
import { checkpointOf, compareCheckpoints, type Checkpoint, type EventStore, type RecordedEvent } from '../event-store/event-store';
import { rideEvents } from '../test-support/ride-events';
import { openTestStore, testStoreKinds, waitFor, type TestDatabase } from '../test-support/test-database';
import { LiveGateway, type CatchUpTarget } from './live-gateway';
import type { LiveServer } from './live-socket';

const meta = { commandId: randomUUID(), actor: { system: 'test' } };

describe.each(testStoreKinds())('live gateway catch-up on %s', (kind) => {
  let database: TestDatabase | undefined;
  let gateway: LiveGateway | undefined;
  // Attached to no HTTP server: live sends reach no socket, as for a socket out of its rooms.
  const io = new Server() as LiveServer;

  afterEach(async () => {
    await gateway?.stop();
    await database?.close();
  });

  it('given events already sent live, when a later read of $all stops short of them (its bound stands lower), then the catch-up reads again until it has replayed every one of them', async () => {
    const opened = await openTestStore(kind);
    database = opened.database;
    // PostgreSQL bounds each read of $all by the transactions its snapshot saw running; a read taken
    // after delivery's can stand lower (see LiveGateway.catchUp). The first read after `stopShortAt`
    // is set ends there, as such a read does.
    let stopShortAt: Checkpoint | null = null;
    const store: EventStore = {
      ...opened.store,
      async readAll(from, limit) {
        const page = await opened.store.readAll(from, limit);
        const bound = stopShortAt;
        stopShortAt = null;
        return bound ? page.filter((event) => compareCheckpoints(checkpointOf(event), bound) <= 0) : page;
      },
    };
    const sentLive: number[] = [];
    gateway = new LiveGateway({
      io,
      store,
      lookups: { maintenanceDriver: async () => null },
      pollIntervalMs: 20,
      onError: (error) => expect.fail(String(error)),
      onDelivered: (checkpoint) => sentLive.push(checkpoint.position),
    });
    await gateway.start();

    const booked: RecordedEvent[] = [];
    for (const rideId of ['R1', 'R2', 'R3']) {
      const { streamId, type, data } = rideEvents.requested(rideId, 'RQ01');
      const { events } = await opened.store.append(streamId, 0, [{ eventId: randomUUID(), type, schemaVersion: 1, data }], meta);
      booked.push(...events);
    }
    const positions = booked.map((event) => event.globalPosition);
    await waitFor(() => positions.every((position) => sentLive.includes(position)), 10_000, 'the three bookings sent live');

    // A staff socket that heard nothing of them (it was out of its rooms) catches up from before them.
    const heard: string[] = [];
    const target: CatchUpTarget = {
      id: 'staff-socket',
      rooms: new Set(['staff']),
      disconnected: false,
      send: (emit) => void heard.push(`${emit.name}@${emit.payload.position}`),
    };
    stopShortAt = checkpointOf(booked[0]!);
    expect(await gateway.catchUp(target, booked[0]!.globalPosition - 1)).toBe(true);

    expect(stopShortAt).toBeNull();
    expect(heard).toEqual(positions.map((position) => `rideRequested@${position}`));
  });
});
