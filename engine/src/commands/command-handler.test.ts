import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES, SERVER_MESSAGES, driverStreamId, rideStreamId, type Actor } from '@plantride/schemas';
import { openTestStore, testStoreKinds, type TestDatabase } from '../test-support/test-database';
import { directRides } from '../test-support/direct-rides';
import type { EventStore, RecordedEvent } from '../event-store/event-store';
import { acceptRide, rideStep, rideStream, type AcceptRideCommand } from '../rides/ride.decider';
import { driverStream } from '../drivers/driver.decider';
import { handle, readVersionedState, type CommandContext, type CommandHandler } from './command-handler';
import { foldedStreamsOf } from './folded-streams';
import { DomainError } from './errors';
import { defineDefaultSite } from '../site/site.decider';
import { eventIdFor } from './event-ids';

const rideId = 'R1';
const at = '2026-11-25T08:00:00.000Z';
const driver = (tokenNo: string): Actor => ({ tokenNo, role: 'driver' });
const context = (actor: Actor, overrides: Partial<CommandContext> = {}): CommandContext => ({
  now: new Date(at),
  actor,
  commandId: randomUUID(),
  ...overrides,
});
const accept = (driverId: string): AcceptRideCommand => ({ type: 'AcceptRide', data: { rideId, driverId } });

describe.each(testStoreKinds())('command pipeline on %s', (kind) => {
  let database: TestDatabase;
  let store: EventStore;
  let rides: ReturnType<typeof directRides>;

  beforeEach(async () => {
    ({ database, store } = await openTestStore(kind));
    rides = directRides(store);
    await rides.book(rideId, 'Forklift', at);
  });
  afterEach(async () => database.dispose());

  const typesOf = async (streamId: string) => (await store.readStream(streamId)).map((e) => e.type);

  it('when a driver accepts, then the ride and his stream get their events in one append, with the actor and one position', async () => {
    await rides.accept('R0', 'D001', 'Forklift', at).catch(() => undefined); // makes D001 (R0 does not exist)
    const ctx = context(driver('D001'));
    const result = await handle(store, acceptRide, accept('D001'), ctx);
    const [ride, assigned] = [
      (await store.readStream(rideStreamId(rideId))).at(-1),
      (await store.readStream(driverStreamId('D001'))).at(-1),
    ];
    expect(result.events.map((e) => e.type)).toEqual(['RideAccepted', 'DriverAssignedToRide']);
    expect([ride?.type, assigned?.type]).toEqual(['RideAccepted', 'DriverAssignedToRide']);
    expect(ride?.transactionId).toBe(assigned?.transactionId);
    expect(result.position).toBe(Math.max(ride!.globalPosition, assigned!.globalPosition));
    expect(ride?.metadata).toMatchObject({ commandId: ctx.commandId, actor: driver('D001') });
  });

  it('given a requested ride, when ten drivers race to accept it, then exactly one wins and each other hears it is no longer available', async () => {
    const ids = Array.from({ length: 10 }, (_, i) => `D00${i}`);
    await Promise.all(ids.map((id) => rides.accept('R0', id, 'Forklift', at).catch(() => undefined)));
    const outcomes = await Promise.allSettled(ids.map((id) => handle(store, acceptRide, accept(id), context(driver(id)))));
    const losers = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    // A lost race is decided again on what the winner did, so the loser is told why.
    losers.forEach((o) => expect(o.reason).toBeInstanceOf(DomainError));
    losers.forEach((o) => expect(o.reason).toMatchObject({ status: 409, message: SERVER_MESSAGES.rideNotAvailable }));
    expect(await typesOf(rideStreamId(rideId))).toEqual(['RideRequested', 'RideAccepted']);
  });

  it('given a command handled once, when it is sent again with the same idempotency key, then the first answer returns and nothing is appended', async () => {
    await rides.accept('R0', 'D001', 'Forklift', at).catch(() => undefined);
    const ctx = context(driver('D001'), { idempotent: true });
    const first = await handle(store, acceptRide, accept('D001'), ctx);
    const head = await store.headPosition();
    const again = await handle(store, acceptRide, accept('D001'), { ...ctx, now: new Date() });
    expect(again.duplicate).toBe(true);
    expect(again.position).toBe(first.position);
    expect(again.events.map((e) => e.type).sort()).toEqual(['DriverAssignedToRide', 'RideAccepted']);
    expect(await store.headPosition()).toBe(head);
  });

  it('given a key used for one command, when another command is sent with it, then it is refused (422) and appends nothing', async () => {
    await rides.accept('R0', 'D001', 'Forklift', at).catch(() => undefined);
    const ctx = context(driver('D001'), { idempotent: true });
    await handle(store, acceptRide, accept('D001'), ctx);
    const head = await store.headPosition();
    await expect(handle(store, rideStep, { type: 'StartRide', data: { rideId, driverId: 'D001' } }, ctx)).rejects.toMatchObject({
      status: 422,
      message: SERVER_MESSAGES.idempotencyKeyReused,
    });
    expect(await store.headPosition()).toBe(head);
    // A command deciding more events than the first stored under its key (End: two, Start: one): refused the same way, not a 500.
    const startKey = context(driver('D001'), { idempotent: true });
    await handle(store, rideStep, { type: 'StartRide', data: { rideId, driverId: 'D001' } }, startKey);
    await rides.step(rideId, 'PickMaterial', 'D001', at);
    await rides.step(rideId, 'DropMaterial', 'D001', at);
    const dropped = await store.headPosition();
    await expect(handle(store, rideStep, { type: 'EndRide', data: { rideId, driverId: 'D001' } }, startKey)).rejects.toMatchObject({
      status: 422,
    });
    expect(await store.headPosition()).toBe(dropped);
  });

  it('given a stream that moves on between the read and the append, when the command is decided again, then it is refused on what is there now and nothing is appended', async () => {
    await rides.accept('R0', 'D001', 'Forklift', at).catch(() => undefined);
    // Someone blocks the driver for maintenance after this command read his stream, before it appends.
    let raced = false;
    const racing: EventStore = {
      ...store,
      async appendToStreams(writes, metadata) {
        if (!raced) {
          raced = true;
          const version = (await store.readStream(driverStreamId('D001'))).length;
          const block = {
            eventId: eventIdFor(randomUUID(), 0),
            type: 'DriverBlockedForMaintenance',
            schemaVersion: 1,
            data: { operatorId: 'D001', maintenanceRequestId: 'M1' },
          };
          await store.append(driverStreamId('D001'), version, [block], {});
        }
        return store.appendToStreams(writes, metadata);
      },
    };
    await expect(handle(racing, acceptRide, accept('D001'), context(driver('D001')))).rejects.toMatchObject({
      status: 403,
      message: MESSAGES.blockedCannotAccept,
    });
    expect(raced).toBe(true);
    expect(await typesOf(rideStreamId(rideId))).toEqual(['RideRequested']);
    expect(await typesOf(driverStreamId('D001'))).toEqual(['DriverAdded', 'DriverBlockedForMaintenance']);
  });

  it('given an accepted ride, when its driver sends a step the statechart refuses, then nothing is appended', async () => {
    await rides.accept(rideId, 'D001', 'Forklift', at);
    const head = await store.headPosition();
    await expect(rides.step(rideId, 'EndRide', 'D001', at)).rejects.toMatchObject({ status: 409 });
    expect(await store.headPosition()).toBe(head);
  });
  /** The store, with each readStreams call's ids, starting positions and rows returned recorded; `alter` may change what a read returns. */
  type Alter = (rows: Map<string, RecordedEvent[]>, from: ReadonlyMap<string, number> | undefined) => Map<string, RecordedEvent[]>;
  const recordingReads = () => {
    const calls: Array<{ from: Record<string, number> | null; rows: Record<string, number[]> }> = [];
    const recording: EventStore = Object.create(store) as EventStore;
    const reads = { recording, calls, alter: undefined as Alter | undefined };
    recording.readStreams = async (ids, from) => {
      let rows = await store.readStreams(ids, from);
      if (reads.alter) rows = reads.alter(rows, from);
      calls.push({
        from: from ? Object.fromEntries(from) : null,
        rows: Object.fromEntries([...rows].map(([id, events]) => [id, events.map((e) => e.streamPosition)])),
      });
      return rows;
    };
    return reads;
  };

  it('given streams a command appended to, when the next command on them comes, then it reads nothing and decides on the states this process folded, which its append confirms', async () => {
    await rides.accept('R0', 'D001', 'Forklift', at).catch(() => undefined);
    const { recording, calls } = recordingReads();
    await handle(recording, acceptRide, accept('D001'), context(driver('D001')));
    // Issue #34 item 2: a step also reads the site (which steps need a scan), written at the engine's start;
    // the first step this process decides reads it, and it is folded like the others from then on.
    await handle(store, defineDefaultSite, { type: 'DefineDefaultSite' }, context({ system: 'start-up' }));
    calls.length = 0;
    await handle(recording, rideStep, { type: 'StartRide', data: { rideId, driverId: 'D001' } }, context(driver('D001')));
    expect(calls).toHaveLength(1);
    calls.length = 0;
    await handle(recording, rideStep, { type: 'PickMaterial', data: { rideId, driverId: 'D001' } }, context(driver('D001')));
    expect(calls).toEqual([]);
    expect(await typesOf(rideStreamId(rideId))).toEqual(['RideRequested', 'RideAccepted', 'RideStarted', 'MaterialPicked']);
  });

  it('given folded states another process has moved on since, when a command decides on them, then its append is refused by the version check, and it reads and decides again on what is there', async () => {
    await rides.accept('R0', 'D001', 'Forklift', at).catch(() => undefined);
    const { recording, calls } = recordingReads();
    await handle(recording, acceptRide, accept('D001'), context(driver('D001')));
    // Another process (its own store object) starts the ride behind this one's back.
    await rides.step(rideId, 'StartRide', 'D001', at);
    calls.length = 0;
    await expect(
      handle(recording, rideStep, { type: 'StartRide', data: { rideId, driverId: 'D001' } }, context(driver('D001'))),
    ).rejects.toMatchObject({ status: 409 });
    expect(calls.length).toBeGreaterThan(0);
    expect(await typesOf(rideStreamId(rideId))).toEqual(['RideRequested', 'RideAccepted', 'RideStarted']);
  });

  it('given folded states, when the command they decide is refused, then it is refused on a read of the store, not on what this process folded', async () => {
    await rides.accept('R0', 'D001', 'Forklift', at).catch(() => undefined);
    const { recording, calls } = recordingReads();
    await handle(recording, acceptRide, accept('D001'), context(driver('D001')));
    calls.length = 0;
    await expect(
      handle(recording, rideStep, { type: 'EndRide', data: { rideId, driverId: 'D001' } }, context(driver('D001'))),
    ).rejects.toMatchObject({ status: 409 });
    expect(calls).toHaveLength(1);
  });

  it('given a first round of streams taken from folded states and a second one read, when the decision refuses, then it is refused on a read of every stream', async () => {
    // Refuses while the driver holds a ride; the ride he holds is a second round's stream.
    const whileFree: CommandHandler<
      { type: 'WhileFree'; data: { driverId: string } },
      { driver: ReturnType<typeof driverStream>; ride?: ReturnType<typeof rideStream> }
    > = {
      streams: (command, read) => ({
        driver: driverStream(command.data.driverId),
        ...(read.driver?.ongoingRideId ? { ride: rideStream(read.driver.ongoingRideId) } : {}),
      }),
      decide(_, { driver }) {
        if (driver.ongoingRideId) throw new DomainError(409, 'busy');
        return {};
      },
    };
    await rides.accept('R0', 'D001', 'Forklift', at).catch(() => undefined);
    const { recording, calls } = recordingReads();
    await handle(recording, acceptRide, accept('D001'), context(driver('D001')));
    // Another process carries the ride to its end: this one's folded driver still holds it.
    for (const step of ['StartRide', 'PickMaterial', 'DropMaterial', 'EndRide'] as const) await rides.step(rideId, step, 'D001', at);
    foldedStreamsOf(recording).delete(rideStreamId(rideId));
    calls.length = 0;
    await expect(
      handle(recording, whileFree, { type: 'WhileFree', data: { driverId: 'D001' } }, context(driver('D001'))),
    ).resolves.toMatchObject({ events: [] });
    expect(calls.map((call) => Object.keys(call.rows))).toContainEqual([driverStreamId('D001')]);
  });

  it('given a booking, when it is handled, then the ride stream it made up is not read and its append at version 0 stands', async () => {
    const { recording, calls } = recordingReads();
    await directRides(recording).book('R2', 'Forklift', at);
    expect(calls.flatMap((call) => Object.keys(call.rows))).not.toContain(rideStreamId('R2'));
    expect(await typesOf(rideStreamId('R2'))).toEqual(['RideRequested']);
  });

  it('given a made-up ride id that is already taken, when the booking is handled, then it reads the stream and is refused on what is there, appending nothing', async () => {
    const { recording, calls } = recordingReads();
    const head = await store.headPosition();
    await expect(directRides(recording).book(rideId, 'Forklift', at)).rejects.toBeInstanceOf(DomainError);
    expect(calls.flatMap((call) => Object.keys(call.rows))).toContain(rideStreamId(rideId));
    expect(await store.headPosition()).toBe(head);
    expect(await typesOf(rideStreamId(rideId))).toEqual(['RideRequested']);
  });

  it('given a folded state whose last event the store no longer holds, when a route reads the stream, then it reads it again in full and gets what is there', async () => {
    await rides.accept('R0', 'D001', 'Forklift', at).catch(() => undefined);
    const reads = recordingReads();
    const { recording, calls } = reads;
    await handle(recording, acceptRide, accept('D001'), context(driver('D001')));
    // The tail read finds another event at the folded position (a store rebuilt under the same object).
    reads.alter = (rows, from) => {
      if (!from || from.size === 0) return rows;
      return new Map([...rows].map(([id, events]) => [id, events.map((e, i) => (i === 0 ? { ...e, eventId: randomUUID() } : e))]));
    };
    calls.length = 0;
    const read = await readVersionedState(recording, driverStream('D001'));
    expect(calls.map((call) => call.from !== null && Object.keys(call.from).length > 0)).toEqual([true, false]);
    expect(read).toEqual(await readVersionedState(store, driverStream('D001')));
  });

  it('given a driver stream a command appended to, when a route reads his state, then it reads from the last event folded on and gets what a full read gives', async () => {
    await rides.accept('R0', 'D001', 'Forklift', at).catch(() => undefined);
    const { recording, calls } = recordingReads();
    await handle(recording, acceptRide, accept('D001'), context(driver('D001')));
    const driverAt = (await store.readStream(driverStreamId('D001'))).length;
    const read = await readVersionedState(recording, driverStream('D001'));
    // From the accept's own last event: the accept folded what it appended.
    expect(calls.at(-1)!.from).toEqual({ [driverStreamId('D001')]: driverAt });
    expect(calls.at(-1)!.rows).toEqual({ [driverStreamId('D001')]: [driverAt] });
    expect(read).toEqual(await readVersionedState(store, driverStream('D001')));
    expect(read).toMatchObject({ version: driverAt, state: { ongoingRideId: rideId } });
  });
});
