import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES, type Role } from '@plantride/schemas';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds } from '../test-support/test-database';
import { seedUsers } from '../test-support/seed';
import { START } from '../event-store/event-store';

const BURST = 20;
const PER_SECOND = 5;

describe.each(testStoreKinds())('a flood of commands on %s', (kind) => {
  let t: TestApp;
  // The buckets' clock stands still unless a test moves it: the counts below do not depend on the machine's speed.
  let clock = Date.parse('2026-03-01T09:30:00Z');
  const tokens: Record<string, string> = {};
  const people: Array<[string, Role]> = [['RQ01', 'requester'], ['RQ02', 'requester'], ['RQ03', 'requester'], ['RQ04', 'requester'], ['DR01', 'driver']];
  const as = (tokenNo: string) => ({ authorization: `Bearer ${tokens[tokenNo]}` });
  const book = (tokenNo: string) =>
    t.app.inject({ method: 'POST', url: '/api/bookings/book-ride', headers: as(tokenNo), payload: { userId: tokenNo, fromLocation: 'main gate', toLocation: 'canteen', vehicleType: 'Forklift', rideType: 'Regular', reqName: 'Asha Rao', reqMobileNo: '9000000001' } });
  /** Rides the store holds booked by `tokenNo`. */
  const ridesBookedBy = async (tokenNo: string) => {
    const events = await t.app.eventStore.readAll(START, 100_000);
    return events.filter((e) => e.type === 'RideRequested' && (e.data as { requesterId: string }).requesterId === tokenNo).length;
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { rateLimits: { commands: { burst: BURST, perSecond: PER_SECOND }, now: () => clock } });
    await seedUsers(t.app, people.map(([tokenNo, role]) => ({ tokenNo, role, vehicleType: role === 'driver' ? 'Forklift' : undefined })));
    for (const [tokenNo, role] of people) tokens[tokenNo] = await t.tokenFor(tokenNo, role);
  });
  afterAll(async () => t?.close());

  it('given one requester firing 200 bookings at once beside another firing 10, then the first gets exactly the burst, the rest 429 with Retry-After, and the other gets all of his', async () => {
    const flood = Array.from({ length: 200 }, () => book('RQ01'));
    const other = Array.from({ length: 10 }, () => book('RQ02'));
    const [flooded, others] = await Promise.all([Promise.all(flood), Promise.all(other)]);

    const accepted = flooded.filter((answer) => answer.statusCode === 200);
    const refused = flooded.filter((answer) => answer.statusCode === 429);
    expect([accepted.length, refused.length]).toEqual([BURST, 200 - BURST]);
    for (const answer of refused) {
      expect(answer.json()).toEqual({ message: SERVER_MESSAGES.tooManyRequests });
      // The next token comes in 1/5 s: whole seconds, rounded up.
      expect(answer.headers['retry-after']).toBe('1');
    }
    expect(others.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    // A refused call changed nothing: the store holds exactly the accepted bookings.
    expect(await ridesBookedBy('RQ01')).toBe(BURST);
    expect(await ridesBookedBy('RQ02')).toBe(10);
  });

  it('given a requester who used up his burst, when a second passes, then exactly the per-second rate more is accepted', async () => {
    for (let i = 0; i < BURST; i++) expect((await book('RQ03')).statusCode).toBe(200);
    expect((await book('RQ03')).statusCode).toBe(429);
    clock += 1000;
    const answers = await Promise.all(Array.from({ length: 20 }, () => book('RQ03')));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(PER_SECOND);
    expect(await ridesBookedBy('RQ03')).toBe(BURST + PER_SECOND);
  });

  it('given a user refused for commands, when he reads, then reads are not limited', async () => {
    const drained = await Promise.all(Array.from({ length: BURST + 1 }, () => book('RQ04')));
    expect(drained.filter((answer) => answer.statusCode === 429)).toHaveLength(1);
    const reads = await Promise.all(Array.from({ length: 50 }, () => t.app.inject({ method: 'GET', url: '/api/ride-history/user?userId=RQ04', headers: as('RQ04') })));
    expect(reads.map((answer) => answer.statusCode)).toEqual(Array(50).fill(200));
  });
});
