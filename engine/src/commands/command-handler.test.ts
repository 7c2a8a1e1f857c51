import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rideStreamId, type RideEvent } from '@plantride/schemas';
import { openTestStore, testStoreKinds, type TestDatabase } from '../test-support/test-database';
import type { EventStore } from '../event-store/event-store';
import { rideDecider, type RideCommand } from '../rides/ride.decider';
import { handleCommand, type CommandContext } from './command-handler';
import { DomainError } from './errors';
import { ConcurrencyError } from '../event-store/event-store';

const rideId = 'R1';
const stream = rideStreamId(rideId);
const requester = { tokenNo: 'AB12', role: 'requester' as const };
const context = (overrides: Partial<CommandContext> = {}): CommandContext => ({ now: new Date(), actor: requester, commandId: randomUUID(), ...overrides });
const book: RideCommand = {
  type: 'BookRide',
  data: { rideId, requesterId: 'AB12', requesterName: 'Asha', requesterMobile: '9000000001', fromLocation: 'main gate', toLocation: 'canteen', vehicleType: 'Forklift', rideType: 'Regular', durationMinutes: null },
  estimatedMinutes: 11,
};
const accept = (driverId: string): RideCommand => ({ type: 'AcceptRide', data: { rideId, driverId }, driver: { name: driverId, mobile: '9876543210', vehicleNumber: null, vehicleType: 'Forklift' } });

describe.each(testStoreKinds())('command pipeline on %s', (kind) => {
  let database: TestDatabase;
  let store: EventStore;

  beforeEach(async () => {
    ({ database, store } = await openTestStore(kind));
  });
  afterEach(async () => database.dispose());

  it('when a ride is booked, then its event is stored with the actor and the answer carries its position', async () => {
    const ctx = context();
    const result = await handleCommand(store, stream, rideDecider, book, ctx);
    const [stored] = await store.readStream(stream);
    expect(result.events.map((e) => e.type)).toEqual(['RideRequested']);
    expect(result.position).toBe(stored?.globalPosition);
    expect(stored?.metadata).toMatchObject({ commandId: ctx.commandId, actor: requester });
    expect((stored?.data as RideEvent['data']).rideId).toBe(rideId);
  });

  it('given a requested ride, when ten drivers race to accept it, then exactly one wins and the rest get a conflict', async () => {
    await handleCommand(store, stream, rideDecider, book, context());
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => handleCommand(store, stream, rideDecider, accept(`D00${i}`), context({ actor: { tokenNo: `D00${i}`, role: 'driver' } }))),
    );
    const losers = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    // A loser either read before the winner appended (version conflict) or after (the machine refuses).
    losers.forEach((o) => expect(o.reason instanceof ConcurrencyError || (o.reason instanceof DomainError && o.reason.status === 409)).toBe(true));
    expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['RideRequested', 'RideAccepted']);
  });

  it('given a command handled once, when it is sent again with the same idempotency key, then the first answer returns and nothing is appended', async () => {
    const ctx = context({ idempotent: true });
    const first = await handleCommand(store, stream, rideDecider, book, ctx);
    await handleCommand(store, stream, rideDecider, accept('D001'), context());
    const again = await handleCommand(store, stream, rideDecider, book, { ...ctx, now: new Date() });
    expect(again).toEqual({ ...first, duplicate: true });
    expect(await store.readStream(stream)).toHaveLength(2);
  });

  it('given an accepted ride, when its driver sends a step the statechart refuses, then nothing is appended', async () => {
    const driver = { actor: { tokenNo: 'D001', role: 'driver' as const } };
    await handleCommand(store, stream, rideDecider, book, context());
    await handleCommand(store, stream, rideDecider, accept('D001'), context(driver));
    const head = await store.headPosition();
    await expect(handleCommand(store, stream, rideDecider, { type: 'EndRide', data: { rideId, driverId: 'D001' } }, context(driver))).rejects.toMatchObject({ status: 409 });
    expect(await store.headPosition()).toBe(head);
  });
});
