import { dropRedisPrefix } from '../test-support/test-timers';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { sql } from 'kysely';
import { PROJECTIONS } from '@plantride/projections';
import { openDatabase } from '../database/database';
import { createPostgresEventStore } from '../event-store/postgres-event-store';
import { rebuildProjections } from '../projection-runner/rebuild';
import { dumpReadModels } from '../test-support/read-model-dump';
import { connectLive, type LiveClient } from '../test-support/live-client';
import { waitFor } from '../test-support/test-database';
import { gauge } from '../reliability/faults-support/engine-state';
import { startEngine, type EngineProcess } from './engine-process';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

// Needs PostgreSQL and Redis shared by separate processes; registered only when both are there.
if (databaseUrl && redisUrl) {
  describe('two engine processes on one PostgreSQL schema and one Redis', () => {
    const id = randomBytes(6).toString('hex');
    const schema = `test_two_${id}`;
    const redisPrefix = `test-two-${id}`;
    const adminPassword = randomBytes(12).toString('hex');
    const env = {
      DATABASE_URL: databaseUrl,
      DATABASE_SCHEMA: schema,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: redisPrefix,
      JWT_SECRET: randomBytes(32).toString('hex'),
      DEMO: '0',
      ADMIN_TOKEN_NO: 'AD01',
      ADMIN_PASSWORD: adminPassword,
      CLIENT_DIST: '/nonexistent',
      LOG_LEVEL: 'info',
    };
    const engines: EngineProcess[] = [];
    const sockets: LiveClient[] = [];
    let a: EngineProcess;
    let b: EngineProcess;
    const tokens: Record<string, string> = {};

    const call = async (engine: EngineProcess, method: string, path: string, who?: string, body?: unknown) => {
      const answer = await fetch(`${engine.url}${path}`, {
        method,
        headers: { ...(who ? { authorization: `Bearer ${tokens[who]}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await answer.text();
      if (!answer.ok) throw new Error(`${method} ${path} on ${engine.name}: ${answer.status} ${text}`);
      return text.startsWith('{') ? (JSON.parse(text) as Record<string, unknown> & { position: number }) : { position: 0 };
    };
    const signIn = async (engine: EngineProcess, tokenNo: string, password: string) => {
      const answer = (await call(engine, 'POST', '/api/auth/signin', undefined, { token_no: tokenNo, password })) as unknown as {
        user: { jwt_token: string };
      };
      tokens[tokenNo] = answer.user.jwt_token;
    };
    const book = (engine: EngineProcess) =>
      call(engine, 'POST', '/api/bookings/book-ride', 'RQ01', {
        userId: 'RQ01',
        fromLocation: 'main gate',
        toLocation: 'canteen',
        vehicleType: 'Forklift',
        rideType: 'Regular',
        reqName: 'Asha Rao',
        reqMobileNo: '9000000001',
      });
    const accept = (engine: EngineProcess, rideId: string, driver = 'DR01') =>
      call(engine, 'POST', '/api/tracking/accept-ride', driver, { driverId: driver, rideId });
    const step = (engine: EngineProcess, rideId: string, event: string, driver = 'DR01') =>
      call(engine, 'PUT', '/api/bookings/update-timestamps', driver, { rideId, event });
    const complete = (engine: EngineProcess, rideId: string) => call(engine, 'POST', '/api/tracking/complete-ride', 'DR01', { rideId });

    const metrics = async (engine: EngineProcess, query = '') => (await fetch(`${engine.url}/metrics${query}`)).text();
    const leadsAllProjections = (text: string) =>
      PROJECTIONS.every(({ name }) => gauge(text, 'plantride_projection_leading', `projection="${name}"`) === 1);
    const caughtUp = (text: string) =>
      PROJECTIONS.every(({ name }) => gauge(text, 'plantride_projection_lag_events', `projection="${name}"`) === 0);
    /** What one socket heard about one ride: event names with their store positions. */
    const heard = (client: LiveClient, rideId: string) =>
      client.received.filter((r) => r.payload.rideId === rideId).map((r) => [r.name, r.payload.position]);

    beforeAll(async () => {
      // One after the other: the first one creates the schema and migrates it.
      a = await startEngine('A', env);
      engines.push(a);
      b = await startEngine('B', env);
      engines.push(b);
      await signIn(a, 'AD01', adminPassword);
      // Each recorded driver signs up with the activation code his record's add showed the admin.
      const codes: Record<string, { activation_code: string }> = {};
      for (const [operatorId, forklift] of [
        ['DR01', '7'],
        ['DR02', '8'],
      ] as const) {
        const added = await call(a, 'POST', '/api/drivers/add', 'AD01', {
          operatorId,
          vehicle: 'MH12 AB 1234',
          name: 'Ravi Kumar',
          mobile: '9876543210',
          forklift,
          vehicleAssigned: 'Forklift',
        });
        codes[operatorId] = { activation_code: String(added.activationCode) };
      }
      for (const tokenNo of ['RQ01', 'DR01', 'DR02']) {
        await call(a, 'POST', '/api/auth/signup', undefined, {
          token_no: tokenNo,
          password: 'secret-1',
          name: 'Test User',
          mobile: '9000000001',
          ...codes[tokenNo],
        });
        await signIn(a, tokenNo, 'secret-1');
      }
    }, 240_000);

    afterAll(async () => {
      sockets.forEach((client) => client.socket.disconnect());
      await Promise.all(engines.map((engine) => engine.kill('SIGTERM')));
      const cleanup = await openDatabase({ url: databaseUrl, schema: 'public', maxConnections: 1 });
      try {
        await sql.raw(`drop schema if exists "${schema}" cascade`).execute(cleanup.db);
      } finally {
        await cleanup.close();
      }
      await dropRedisPrefix(redisPrefix);
    }, 60_000);

    const reportEngines = () =>
      onTestFailed(() => engines.forEach((engine) => console.error(`--- engine ${engine.name} ---\n${engine.output()}`)));

    it('given engine A started first, then it runs the projections and sends the live events, and B waits its turn', async () => {
      reportEngines();
      const [onA, onB] = [await metrics(a), await metrics(b)];
      expect(leadsAllProjections(onA)).toBe(true);
      expect(PROJECTIONS.map(({ name }) => gauge(onB, 'plantride_projection_leading', `projection="${name}"`))).toEqual(
        PROJECTIONS.map(() => 0),
      );
      expect([gauge(onA, 'plantride_live_gateway_leading'), gauge(onB, 'plantride_live_gateway_leading')]).toEqual([1, 0]);
    });

    it('when a ride is commanded through engine A, then requester sockets on engine B get each of its events once and in order, live or after catching up', async () => {
      reportEngines();
      const live = await connectLive(b.url, { token: tokens.RQ01 });
      sockets.push(live);
      const booked = await book(a);
      const rideId = booked.rideId as string;
      const accepted = await accept(a, rideId);
      const started = await step(a, rideId, 'start');
      // This one was away for the first steps: it comes back to B with the last position it saw.
      const returning = await connectLive(b.url, { token: tokens.RQ01, lastPosition: booked.position });
      sockets.push(returning);
      await waitFor(() => heard(returning, rideId).length === 2, 10_000, 'the catch-up through engine A');
      const picked = await step(a, rideId, 'materialPicked');
      const dropped = await step(a, rideId, 'materialDropped');
      const ended = await complete(a, rideId);
      // A later ride's acceptance comes after everything above on the one ordered stream: a repeat would be in by then.
      const fence = (await book(a)).rideId as string;
      await accept(a, fence);
      await waitFor(
        () => heard(live, fence).length === 1 && heard(returning, fence).length === 1,
        10_000,
        'the later ride on both sockets',
      );

      const expected = [
        ['rideAccepted', accepted.position],
        ['rideStarted', started.position],
        ['materialPicked', picked.position],
        ['materialDropped', dropped.position],
        ['rideEnded', ended.position],
      ];
      expect(heard(live, rideId)).toEqual(expected);
      expect(heard(returning, rideId)).toEqual(expected);
    });

    it('when a driver signs out through engine A, then his socket on engine B is disconnected', async () => {
      reportEngines();
      const driver = await connectLive(b.url, { token: tokens.DR01 });
      sockets.push(driver);
      const disconnected = new Promise<string>((done) => driver.socket.once('disconnect', done));
      await call(a, 'POST', '/api/auth/logout', 'DR01');
      expect(await disconnected).toBe('io server disconnect');
    });

    it('when engine A is killed while it runs the projections, then B takes them and the live events over within 10 s and its read models equal a clean replay', async () => {
      reportEngines();
      const live = await connectLive(b.url, { token: tokens.RQ01 });
      sockets.push(live);
      expect(leadsAllProjections(await metrics(a))).toBe(true);
      await a.kill('SIGKILL');

      // Commands keep coming through B while nobody runs the projections yet.
      const booked = await book(b);
      const rideId = booked.rideId as string;
      // DR01 is still on the previous test's later ride.
      const accepted = await accept(b, rideId, 'DR02');
      await waitFor(async () => leadsAllProjections(await metrics(b)), 10_000, 'engine B to take the projections over');
      await waitFor(
        async () => gauge(await metrics(b), 'plantride_live_gateway_leading') === 1,
        10_000,
        'engine B to take the live events over',
      );
      const started = await step(b, rideId, 'start', 'DR02');
      await waitFor(() => heard(live, rideId).length === 2, 10_000, 'the live events on engine B');
      expect(heard(live, rideId)).toEqual([
        ['rideAccepted', accepted.position],
        ['rideStarted', started.position],
      ]);

      await waitFor(async () => caughtUp(await metrics(b, `?position=${started.position}`)), 10_000, 'engine B read models to catch up');
      const database = await openDatabase({ url: databaseUrl, schema, maxConnections: 2 });
      try {
        const served = await dumpReadModels(database);
        expect(served.rides?.length).toBeGreaterThanOrEqual(3);
        await rebuildProjections({ database, store: createPostgresEventStore(database), projections: PROJECTIONS });
        expect(await dumpReadModels(database)).toEqual(served);
      } finally {
        await database.close();
      }
    });
  });
}
