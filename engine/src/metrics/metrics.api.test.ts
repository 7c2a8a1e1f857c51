import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PROJECTIONS } from '@plantride/projections';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { openTestStore, testStoreKinds, waitFor, type TestDatabase } from '../test-support/test-database';
import { seedUsers } from '../test-support/seed';
import { connectLive, type LiveClient } from '../test-support/live-client';
import { applyMigrations } from '../database/migrate';
import { CHECKPOINTS_MIGRATION_TABLE, checkpointMigrations, writeCheckpoints } from '../projection-runner/checkpoints';
import { checkpointOf, type EventStore } from '../event-store/event-store';
import { readProjectionLag } from './projection-lag';

/** The value of one sample line of the exposition text, or undefined when the line is not there. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = match[2]?.split(',') ?? [];
    if (wanted.every((label) => have.includes(label)) && have.length === wanted.length) return Number(match[3]);
  }
  return undefined;
}

describe.each(testStoreKinds())('GET /metrics on %s', (kind) => {
  let t: TestApp;
  let requesterToken: string;
  const sockets: LiveClient[] = [];
  const book = (body: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/bookings/book-ride',
      headers: { authorization: `Bearer ${requesterToken}` },
      payload: {
        userId: 'RQ01',
        fromLocation: 'main gate',
        toLocation: 'canteen',
        vehicleType: 'Forklift',
        rideType: 'Regular',
        reqName: 'Asha Rao',
        reqMobileNo: '9000000001',
        ...body,
      },
    });
  const metrics = async (query = '') => {
    const answer = await t.app.inject({ method: 'GET', url: `/metrics${query}` });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/plain');
    return answer.body;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedUsers(t.app, [
      { tokenNo: 'RQ01', role: 'requester' },
      { tokenNo: 'DR01', role: 'driver', vehicleType: 'Forklift' },
    ]);
    requesterToken = await t.tokenFor('RQ01', 'requester');
  });
  afterEach(() => sockets.splice(0).forEach((client) => client.socket.disconnect()));
  afterAll(async () => t.close());

  it('given a booking through the API, when metrics are read, then the command is counted with its outcome and latency', async () => {
    expect((await book()).statusCode).toBe(200);
    expect((await book({ toLocation: 'main gate' })).statusCode).toBe(400);
    const text = await metrics();
    const command = 'POST /api/bookings/book-ride';
    expect(sample(text, 'plantride_commands_total', { command, outcome: 'ok' })).toBe(1);
    expect(sample(text, 'plantride_commands_total', { command, outcome: 'rejected' })).toBe(1);
    expect(sample(text, 'plantride_command_duration_seconds_count', { command, outcome: 'ok' })).toBe(1);
    expect(sample(text, 'plantride_command_duration_seconds_sum', { command, outcome: 'ok' })).toBeGreaterThan(0);
    expect(sample(text, 'plantride_command_duration_seconds_bucket', { command, outcome: 'ok', le: '+Inf' })).toBe(1);
    // Reads are not commands.
    expect(text).not.toContain('GET /api');
  });

  it('given the read models have caught up, when metrics are read, then each projection shows no lag and that this process runs it', async () => {
    const { position } = (await book()).json();
    const text = await metrics(`?position=${position}`);
    for (const { name: projection } of PROJECTIONS) {
      expect(sample(text, 'plantride_projection_lag_events', { projection }), projection).toBe(0);
      expect(sample(text, 'plantride_projection_lag_seconds', { projection }), projection).toBe(0);
      expect(sample(text, 'plantride_projection_leading', { projection }), projection).toBe(1);
    }
  });

  it('given a requester socket, when metrics are read, then sockets are counted by role', async () => {
    const url = await t.listen();
    sockets.push(await connectLive(url, { token: requesterToken }));
    await waitFor(
      async () => sample(await metrics(), 'plantride_sockets_connected', { role: 'requester' }) === 1,
      10_000,
      'the requester socket to be counted',
    );
    const text = await metrics();
    expect(sample(text, 'plantride_sockets_connected', { role: 'driver' })).toBe(0);
    expect(sample(text, 'plantride_live_gateway_leading')).toBe(1);
  });

  it('when the timers feature hands over how to count its timers, then each scrape asks it', async () => {
    let pending = 5;
    t.app.metrics.collectTimersPending(async () => pending);
    expect(sample(await metrics(), 'plantride_timers_pending')).toBe(5);
    pending = 2;
    const text = await metrics();
    expect(sample(text, 'plantride_timers_pending')).toBe(2);
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });
});

describe.each(testStoreKinds())('projection lag on %s', (kind) => {
  let database: TestDatabase;
  let store: EventStore;
  beforeAll(async () => {
    ({ database, store } = await openTestStore(kind));
    await database.db.transaction().execute((trx) => applyMigrations(trx, CHECKPOINTS_MIGRATION_TABLE, checkpointMigrations));
  });
  afterAll(async () => database.dispose());

  it('given a projection two events behind, then its lag is two events and the age of the first it has not applied', async () => {
    const append = (stream: string) => store.append(stream, 0, [{ eventId: randomUUID(), type: 'Noted', schemaVersion: 1, data: {} }], {});
    await append('note-1');
    await append('note-2');
    await append('note-3');
    // A reader of $all passes an append once no transaction that began before it may still append:
    // on a PostgreSQL shared with other tests that can take a moment after the commit.
    let read: Awaited<ReturnType<EventStore['readAll']>> = [];
    await waitFor(
      async () => (read = await store.readAll({ transactionId: '0', position: 0 }, 3)).length === 3,
      10_000,
      'the three events readable',
    );
    const [first, second] = read;
    await writeCheckpoints(
      database.db,
      new Map([
        ['behind', checkpointOf(first!)],
        ['caught', await store.headCheckpoint()],
      ]),
    );
    const now = new Date(second!.recordedAt.getTime() + 5000);
    const lag = await readProjectionLag(database, store, ['behind', 'caught', 'never'], now);
    expect(lag).toEqual([
      { projection: 'behind', events: 2, seconds: 5 },
      { projection: 'caught', events: 0, seconds: 0 },
      { projection: 'never', events: 3, seconds: (now.getTime() - first!.recordedAt.getTime()) / 1000 },
    ]);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  const token = 'metrics-token-0123456789';
  beforeAll(async () => {
    process.env.METRICS_TOKEN = token;
    try {
      t = await createTestApp('pglite');
    } finally {
      delete process.env.METRICS_TOKEN;
    }
  });
  afterAll(async () => t.close());

  it('when metrics are read without the token or with another, then 401; with it, the metrics', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(401);
    const answer = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('plantride_commands_total');
  });
});
