import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { createTokenService } from '../auth/jwt';
import { loadConfig } from '../config';
import { openDatabase, type Database, type StoreKind } from '../database/database';
import { seedPeople } from '../test-support/people';
import type { TestApp } from '../test-support/test-app';
import { openTestDatabase, testStoreKinds, waitFor, type TestDatabase } from '../test-support/test-database';

/*
 * The webhook worker's lease (webhook-worker.ts): while a receiver takes its time, the worker holds no
 * transaction (a command is answered meanwhile; on PostgreSQL no connection of the engine sits idle in
 * a transaction), and two engines on one store never deliver one subscription side by side.
 */
const HANG_MS = 3_000;
const SLOW_MS = 80;
const UNLIMITED = { burst: 1_000_000, perSecond: 1_000_000 };

/** A fresh schema; on PostgreSQL its connections carry `applicationName`, so pg_stat_activity shows them apart. */
async function openNamedDatabase(kind: StoreKind, applicationName: string): Promise<TestDatabase> {
  if (kind === 'pglite') return openTestDatabase(kind);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.searchParams.set('application_name', applicationName);
  const database = await openDatabase({ url: url.toString(), schema: `test_${randomBytes(6).toString('hex')}`, maxConnections: 10 });
  return Object.assign(database, {
    async dispose() {
      await database.close();
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      await client.query(`drop schema if exists "${database.schema}" cascade`).finally(() => client.end());
    },
  });
}

describe.each(testStoreKinds())('webhook leases, on %s', (kind) => {
  const applicationName = `plantride-webhook-lease-${randomBytes(4).toString('hex')}`;
  const tokens = createTokenService(randomBytes(32).toString('hex'), 3600);
  const config = {
    ...loadConfig(),
    WEBHOOK_ALLOWED_HOSTS: ['127.0.0.1'],
    WEBHOOK_ALLOW_PRIVATE: true,
    WEBHOOK_RETRY_BASE_MS: 20,
    SERVICE_RATE_BURST: 100_000,
  };
  let database: TestDatabase;
  const others: Database[] = [];
  const engines: App[] = [];
  let receiver: Server;
  let base = '';
  let key = '';
  /** Per path: requests being answered now, the most at once, and each request's ride in arrival order. */
  const inFlight = new Map<string, number>();
  const mostAtOnce = new Map<string, number>();
  const rides = new Map<string, string[]>();
  let hanging: { answered: boolean } | null = null;

  const engine = async (on: Database): Promise<App> => {
    const app = await buildApp({
      database: { database: on },
      tokens,
      config,
      rateLimits: { commands: UNLIMITED, socketMessages: UNLIMITED },
    });
    await app.ready();
    engines.push(app);
    return app;
  };
  const v1 = (app: App, method: 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
    app.inject({ method, url, payload, headers: { authorization: `Bearer ${key}` } });
  const book = async (app: App, externalRef: string) => {
    const answer = await v1(app, 'POST', '/api/v1/orders', {
      externalRef,
      requester: 'RQ01',
      fromLocation: 'main gate',
      toLocation: 'canteen',
      vehicleType: 'Forklift',
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<{ rideId: string }>().rideId;
  };
  const subscribe = async (app: App, path: string) => {
    const answer = await v1(app, 'POST', '/api/v1/webhooks', { url: `${base}${path}`, events: ['RideRequested'] });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ subscriptionId: string }>().subscriptionId;
  };

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      const path = request.url ?? '';
      const now = (inFlight.get(path) ?? 0) + 1;
      inFlight.set(path, now);
      mostAtOnce.set(path, Math.max(now, mostAtOnce.get(path) ?? 0));
      response.on('close', () => inFlight.set(path, (inFlight.get(path) ?? 1) - 1));
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const event = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: { rideId: string } };
        rides.set(path, [...(rides.get(path) ?? []), event.data.rideId]);
        if (path === '/hang' && !hanging) {
          const hang = { answered: false };
          hanging = hang;
          setTimeout(() => {
            hang.answered = true;
            response.writeHead(200).end();
          }, HANG_MS);
        } else setTimeout(() => response.writeHead(200).end(), SLOW_MS);
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    database = await openNamedDatabase(kind, applicationName);
    const first = await engine(database);
    const t: TestApp = {
      app: first,
      database,
      tokenFor: async (tokenNo, role) => (await tokens.sign({ tokenNo, role })).token,
      listen: () => Promise.reject(new Error('not listening')),
      close: () => first.close(),
    };
    const people = await seedPeople(t, [
      ['RQ01', 'requester'],
      ['F001', 'driver'],
      ['AD01', 'admin'],
    ]);
    const created = await first.inject({
      method: 'POST',
      url: '/api/service-accounts',
      payload: { name: 'MES', scopes: ['orders:write', 'webhooks:manage'] },
      headers: { authorization: `Bearer ${people.AD01}` },
    });
    key = created.json<{ apiKey: string }>().apiKey;
  }, 60_000);
  afterAll(async () => {
    await Promise.all(engines.map((app) => app.close()));
    await Promise.all(others.map((other) => other.close()));
    await database?.dispose();
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
  }, 30_000);

  it('given a receiver that hangs, then while it hangs the worker holds no transaction: a command is answered and no engine connection is idle in a transaction', async () => {
    const [app] = engines as [App];
    const subscriptionId = await subscribe(app, '/hang');
    const first = await book(app, 'H-1');
    await waitFor(() => hanging !== null, 10_000, 'the delivery to the hanging receiver');
    const second = await book(app, 'H-2');
    expect(hanging!.answered, 'a command waited for the receiver').toBe(false);
    if (kind === 'postgres') {
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      try {
        const held: number[] = [];
        // A transaction held through the POST would be as old as the hang; any of the engine's own work is far shorter.
        for (let i = 0; i < 10; i++) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          const { rows } = await client.query<{ held: string }>(
            `select count(*) as held from pg_stat_activity where application_name = $1 and state like 'idle in transaction%'
               and xact_start < now() - interval '300 milliseconds'`,
            [applicationName],
          );
          held.push(Number(rows[0]!.held));
        }
        expect(hanging!.answered, 'the samples were taken while the receiver hung').toBe(false);
        expect(held).toEqual(Array(10).fill(0));
        // The check sees this engine's connections at all (it has some, idle in the pool).
        const { rows } = await client.query<{ n: string }>('select count(*) as n from pg_stat_activity where application_name = $1', [
          applicationName,
        ]);
        expect(Number(rows[0]!.n)).toBeGreaterThan(0);
      } finally {
        await client.end();
      }
    }
    await waitFor(() => (rides.get('/hang') ?? []).length >= 2, 20_000, 'both deliveries');
    expect(rides.get('/hang')).toEqual([first, second]);
    expect((await v1(app, 'DELETE', `/api/v1/webhooks/${subscriptionId}`)).statusCode).toBe(200);
  }, 40_000);

  it('given two engines on one store, when rides are booked while both deliver to a slow receiver, then never two requests at once, every event in order once, and the second takes over when the first stops', async () => {
    const [one] = engines as [App];
    // A second engine: on PostgreSQL with a pool of its own; on PGlite (one process, one database) the same handle.
    const onSecond =
      kind === 'postgres'
        ? await openDatabase({ url: process.env.TEST_DATABASE_URL!, schema: database.schema, maxConnections: 10 })
        : database;
    if (onSecond !== database) others.push(onSecond);
    const two = await engine(onSecond);
    const subscriptionId = await subscribe(one, '/slow');
    const booked: string[] = [];
    for (let i = 1; i <= 8; i++) booked.push(await book(i % 2 ? one : two, `T-${i}`));
    await waitFor(() => (rides.get('/slow') ?? []).length >= 3, 20_000, 'deliveries from both engines running');
    // The first stops (as an engine shut down): it finishes its step and gives its lease back.
    await one.close();
    engines.splice(engines.indexOf(one), 1);
    for (let i = 9; i <= 12; i++) booked.push(await book(two, `T-${i}`));
    await waitFor(() => (rides.get('/slow') ?? []).length >= booked.length, 30_000, 'every ride delivered');
    expect({ mostAtOnce: mostAtOnce.get('/slow'), delivered: rides.get('/slow') }).toEqual({ mostAtOnce: 1, delivered: booked });
    expect((await v1(two, 'DELETE', `/api/v1/webhooks/${subscriptionId}`)).statusCode).toBe(200);
  }, 60_000);
});
