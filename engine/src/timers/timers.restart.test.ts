import { randomBytes, randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { rideStreamId, type RideEvent } from '@plantride/schemas';
import { buildApp, type App } from '../app';
import { createTokenService } from '../auth/jwt';
import { openDatabase, type Database } from '../database/database';
import { openTestDatabase, waitFor, type TestDatabase } from '../test-support/test-database';
import { dropRedisPrefix, testStoreTimerKinds, testTimerOptions, testTimerPrefix } from '../test-support/test-timers';

type Data<T extends RideEvent['type']> = Extract<RideEvent, { type: T }>['data'];

describe.each(testStoreTimerKinds())('timers across engine restarts on %s with %s timers', (store, timers) => {
  const apps: App[] = [];
  const extra: Database[] = [];
  const prefixes: string[] = [];
  let database: TestDatabase;
  const tokens = createTokenService(randomBytes(32).toString('hex'), 3600);

  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    for (const db of extra.splice(0)) await db.close();
    await database?.dispose();
    for (const prefix of prefixes.splice(0)) await dropRedisPrefix(prefix);
  });

  const prefix = () => {
    prefixes.push(testTimerPrefix());
    return prefixes.at(-1) as string;
  };

  /** One engine process on the test's database; `on` is a second connection to it, as another process would have. */
  async function engine(timerPrefix: string, reassignTimeoutMs: number, on: Database = database): Promise<App> {
    const app = await buildApp({
      database: { database: on },
      tokens,
      timers: {
        ...testTimerOptions(timers, timerPrefix),
        reassignTimeoutMs,
        rideWaitAlertMs: 600_000,
        pollIntervalMs: 50,
        leaseRetryMs: 100,
      },
    });
    await app.ready();
    apps.push(app);
    return app;
  }
  async function anotherConnection(): Promise<Database> {
    // PGlite is one process's: the same handle stands in for a second process (its locks still exclude each other).
    if (store === 'pglite') return database;
    const db = await openDatabase({ url: process.env.TEST_DATABASE_URL, schema: database.schema, maxConnections: 10 });
    extra.push(db);
    return db;
  }
  const stop = async (app: App) => {
    apps.splice(apps.indexOf(app), 1);
    await app.close();
  };

  /** A ride that broke down just now, waiting for another driver: its first notice is due one timeout from now. */
  async function waitingRide(app: App, rideId: string): Promise<void> {
    const now = new Date().toISOString();
    const events: Array<{ type: RideEvent['type']; data: Data<RideEvent['type']> }> = [
      {
        type: 'RideRequested',
        data: {
          rideId,
          requesterId: 'RQ01',
          requesterName: 'Asha',
          requesterMobile: '9000000001',
          fromLocation: 'fgs',
          toLocation: 'RMS',
          vehicleType: 'Forklift',
          rideType: 'Regular',
          estimatedMinutes: 5,
          durationMinutes: null,
          requestedAt: now,
        },
      },
      {
        type: 'RideAccepted',
        data: { rideId, driverId: 'F001', driverName: 'Ravi', driverMobile: '9000000002', vehicleNumber: null, acceptedAt: now },
      },
      {
        type: 'RideRedistributed',
        data: {
          rideId,
          originalDriverId: 'F001',
          originalDriverName: 'Ravi',
          maintenanceComment: 'hydraulics',
          maintenanceRequestId: null,
          resumeState: 'accepted',
          redistributedAt: now,
          openToAll: true,
          alternativeDrivers: 1,
        },
      },
    ];
    await app.eventStore.append(
      rideStreamId(rideId),
      0,
      events.map((e) => ({ eventId: randomUUID(), type: e.type, schemaVersion: 1, data: e.data })),
      { commandId: randomUUID(), actor: { system: 'test' } },
    );
  }
  const notices = async (app: App, rideId: string) =>
    (await app.eventStore.readStream(rideStreamId(rideId)))
      .filter((e) => e.type === 'ReassignmentOverdue')
      .map((e) => (e.data as { notice: number }).notice);

  // Each notice once: 1, 2, 3, … with none repeated or skipped.
  const inOrder = (all: number[]) => all.length > 0 && all.every((notice, index) => notice === index + 1);

  it('given a ride waiting when the engine stops, when it starts again before the deadline passes, then the notice still comes, once', async () => {
    database = await openTestDatabase(store);
    const timerPrefix = prefix();
    const before = await engine(timerPrefix, 3000);
    await waitingRide(before, 'R1');
    await before.timers.caughtUp();
    await stop(before);
    // The deadline had not passed when it stopped: whatever fires now, fires after the restart.
    expect(await notices(before, 'R1')).toEqual([]);

    const after = await engine(timerPrefix, 3000);
    await waitFor(async () => (await notices(after, 'R1')).length >= 1, 15_000, 'the first notice');
    const [first] = (await after.eventStore.readStream(rideStreamId('R1'))).filter((e) => e.type === 'ReassignmentOverdue');
    expect(first?.metadata.actor).toEqual({ system: 'timer' });
    expect(inOrder(await notices(after, 'R1'))).toBe(true);
  });

  if (timers === 'bullmq') {
    it('given a ride waiting when the engine stops, when it starts again on a Redis that lost its data, then the reconciler arms the notice again', async () => {
      database = await openTestDatabase(store);
      const before = await engine(prefix(), 3000);
      await waitingRide(before, 'R2');
      await before.timers.caughtUp();
      await stop(before);
      const after = await engine(prefix(), 3000);
      await waitFor(async () => (await notices(after, 'R2')).length >= 1, 15_000, 'the first notice');
      expect(inOrder(await notices(after, 'R2'))).toBe(true);
    });
  }

  it('given two engines, when the leading one stops, then the other takes the timers over and each notice comes once, in order', async () => {
    database = await openTestDatabase(store);
    const timerPrefix = prefix();
    const first = await engine(timerPrefix, 300);
    const second = await engine(timerPrefix, 300, await anotherConnection());
    expect([first.timers.leading(), second.timers.leading()]).toEqual([true, false]);
    await waitingRide(first, 'R3');
    await waitFor(async () => (await notices(first, 'R3')).length >= 2, 15_000, 'two notices');
    await stop(first);
    await waitFor(() => second.timers.leading(), 15_000, 'the second engine to lead');
    const had = (await notices(second, 'R3')).length;
    await waitFor(async () => (await notices(second, 'R3')).length >= had + 2, 15_000, 'two more notices');
    expect(inOrder(await notices(second, 'R3'))).toBe(true);
  });
});
