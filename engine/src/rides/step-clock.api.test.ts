import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SERVER_MESSAGES } from '@plantride/schemas';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds, waitFor } from '../test-support/test-database';
import { seedPeople } from '../test-support/people';

/*
 * Issue #32 item 2, through the HTTP API: a step sent late with the time of its tap (`doneAt`) is timed
 * at the tap, and the history, the timestamps and the audit read that time; a tap time out of bounds is
 * not used and the audit says why; a doneAt that is not a time is refused and nothing is written. The
 * engine's clock is stopped and moved (vi.setSystemTime), so "heard later" is exact.
 */
type Body = Record<string, unknown>;
const T0 = Date.parse('2026-03-14T08:00:00.000Z');
const minute = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe.each(testStoreKinds())('steps timed at the tap, on %s', (kind) => {
  let t: TestApp;
  let tokens: Record<string, string> = {};
  const call = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Body) =>
    t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${tokens[who]}` } });
  const ok = async (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Body) => {
    const answer = await call(who, method, url, payload);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json();
  };
  const at = (ms: number) => vi.setSystemTime(ms);
  const book = (): Promise<{ rideId: string }> =>
    ok('RQ01', 'POST', '/api/bookings/book-ride', {
      userId: 'RQ01',
      fromLocation: 'main gate',
      toLocation: 'canteen',
      vehicleType: 'Forklift',
      rideType: 'Regular',
    });

  beforeAll(async () => {
    t = await createTestApp(kind);
    tokens = await seedPeople(t, [
      ['RQ01', 'requester'],
      ['F001', 'driver'],
      ['AD01', 'admin'],
    ]);
  });
  afterEach(() => void vi.useRealTimers());
  afterAll(async () => t.close());

  it('given Material Picked tapped at 08:03 in a dead zone and Material Dropped at 08:07, when both arrive at 08:10, then the ride is timed at the taps and the audit says when each was heard', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    at(T0);
    const { rideId } = await book();
    at(T0 + minute);
    await ok('F001', 'POST', '/api/tracking/accept-ride', { driverId: 'F001', rideId });
    at(T0 + 2 * minute);
    await ok('F001', 'PUT', '/api/bookings/update-timestamps', { rideId, event: 'start', doneAt: iso(T0 + 2 * minute) });
    at(T0 + 10 * minute);
    await ok('F001', 'PUT', '/api/bookings/update-timestamps', { rideId, event: 'materialPicked', doneAt: iso(T0 + 3 * minute) });
    await ok('F001', 'PUT', '/api/bookings/update-timestamps', { rideId, event: 'materialDropped', doneAt: iso(T0 + 7 * minute) });
    // The end's tap time says 07:00, before the drop: not used, and the audit says why.
    const ended = await ok('F001', 'POST', '/api/tracking/complete-ride', { rideId, doneAt: iso(T0 - 60 * minute) });

    // The engine's clock runs again: the read models gather their batches by it.
    vi.useRealTimers();
    // The timestamps come from the rides read model: read once it has the end (before, the ride may be
    // missing there, or not yet the driver's to read). Read as the requester, whose ride it is.
    let timestamps: Body = {};
    await waitFor(
      async () => {
        const answer = await call('RQ01', 'GET', `/api/bookings/get-timestamps/${rideId}`);
        if (answer.statusCode !== 200) return false;
        ({ timestamps } = answer.json());
        return timestamps.end_time !== null;
      },
      20_000,
      'the rides read model to hold the ride ended',
    );
    expect(timestamps).toMatchObject({
      start_time: iso(T0 + 2 * minute),
      material_pick_time: iso(T0 + 3 * minute),
      material_drop_time: iso(T0 + 7 * minute),
      end_time: iso(T0 + 10 * minute),
    });
    const timeline = await ok('AD01', 'GET', `/api/rides/${rideId}/timeline?position=${ended.position}`);
    const data = (type: string) => timeline.events.find((e: Body) => e.type === type)?.data;
    // Heard at once: nothing more to say.
    expect(data('RideStarted')).toEqual({ rideId, driverId: 'F001', startedAt: iso(T0 + 2 * minute) });
    expect(data('MaterialPicked')).toEqual({ rideId, driverId: 'F001', pickedAt: iso(T0 + 3 * minute), heardAt: iso(T0 + 10 * minute) });
    expect(data('MaterialDropped')).toEqual({ rideId, driverId: 'F001', droppedAt: iso(T0 + 7 * minute), heardAt: iso(T0 + 10 * minute) });
    expect(data('RideEnded')).toEqual({
      rideId,
      driverId: 'F001',
      endedAt: iso(T0 + 10 * minute),
      tappedAt: iso(T0 - 60 * minute),
      tapRefused: 'before the previous step',
    });
  });

  it('given a doneAt that is not a date and time, when a step is sent, then 400 with the message and nothing is written', async () => {
    const { rideId } = await book();
    await ok('F001', 'POST', '/api/tracking/accept-ride', { driverId: 'F001', rideId });
    const head = await t.app.eventStore.headPosition();
    for (const doneAt of ['yesterday', '2026-03-14 08:03', 1_773_475_380_000]) {
      const answer = await call('F001', 'PUT', '/api/bookings/update-timestamps', { rideId, event: 'start', doneAt });
      expect(answer.statusCode, String(doneAt)).toBe(400);
      expect(answer.json().message).toBe(SERVER_MESSAGES.invalidDoneAt);
    }
    expect(await t.app.eventStore.headPosition()).toBe(head);
  });
});
