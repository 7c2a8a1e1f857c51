import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventStore } from '../event-store/event-store';
import { openTestStore, testStoreKinds, type TestDatabase } from '../test-support/test-database';
import { rideEvents } from '../test-support/ride-events';
import { createTimerReactor, type TimerReactor } from './timer-reactor';
import type { Timer, TimerPort } from './timer-port';

const meta = { commandId: 'c-1', actor: { system: 'test' }, correlationId: 'corr-1', causationId: null };
const HOUR = 3_600_000;

/** A port that only records what it was asked. */
function recordingPort() {
  const calls: string[] = [];
  const port: TimerPort = {
    kind: 'inprocess',
    start: async () => undefined,
    arm: async (timer: Timer) => void calls.push(`arm ${timer.id}`),
    cancel: async (id: string) => void calls.push(`cancel ${id}`),
    pending: async () => 0,
    close: async () => undefined,
  };
  return { port, calls };
}

describe.each(testStoreKinds())('the timer reactor on %s', (kind) => {
  let database: TestDatabase | undefined;
  let reactor: TimerReactor | undefined;
  afterEach(async () => {
    await reactor?.stop();
    await database?.close();
  });

  it('given a ride going from booking to its drop, then each timer is armed once and cancelled once it is no longer wanted (issue #18: no re-arming on every event)', async () => {
    const opened = await openTestStore(kind);
    database = opened.database;
    const store: EventStore = opened.store;
    const { port, calls } = recordingPort();
    reactor = createTimerReactor({
      database,
      store,
      port,
      settings: { reassignTimeoutMs: HOUR, rideWaitAlertMs: HOUR, specialTaskMinuteMs: 60_000 },
      openRides: async () => [],
      pollIntervalMs: 20,
      onError: (error) => {
        throw error;
      },
    });
    await reactor.start();
    const events = [
      rideEvents.requested('R1', 'RQ01'),
      rideEvents.accepted('R1', 'D1'),
      rideEvents.started('R1', 'D1'),
      rideEvents.picked('R1', 'D1'),
      rideEvents.dropped('R1', 'D1'),
    ];
    for (const [i, event] of events.entries()) {
      await store.append(event.streamId, i, [{ eventId: randomUUID(), type: event.type, schemaVersion: 1, data: event.data }], meta);
      await reactor.caughtUp();
    }
    expect(calls).toEqual([
      'arm wait-R1',
      'arm sla-accept-R1-normal',
      'arm sla-deliver-R1-normal',
      // Accepted: the wait alert and the acceptance target go; the delivery target stands, armed already.
      'cancel wait-R1',
      'cancel sla-accept-R1-normal',
      // Dropped: the delivery target goes.
      'cancel sla-deliver-R1-normal',
    ]);
  });
});
