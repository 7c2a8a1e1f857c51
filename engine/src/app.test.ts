import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '@plantride/schemas';
import { openTestDatabase, testStoreKinds, type TestDatabase } from './test-support/test-database';
import { buildApp, type App } from './app';
import { badRequest } from './commands/errors';
import { ConcurrencyError } from './event-store/event-store';
import { handle } from './commands/command-handler';
import { httpCommandContext } from './commands/http-command';
import { bookRide } from './rides/ride.decider';
import { signUp } from './users/user.decider';
import { countDriverOnRoster } from './test-support/roster-events';

describe.each(testStoreKinds())('engine app on %s', (kind) => {
  let database: TestDatabase;
  let app: App;
  let probeBase = 0;

  beforeEach(async () => {
    database = await openTestDatabase(kind);
    app = await buildApp({ database: { database } });
    // Probe routes: each throws one kind of error, or books a ride through the command pipeline.
    app.get('/api/test/bad', async () => {
      throw badRequest('Please enter valid credentials.');
    });
    app.get('/api/test/conflict', async () => {
      throw new ConcurrencyError('ride-1', 1);
    });
    app.get('/api/test/crash', async () => {
      throw new Error('secret internal detail');
    });
    app.post('/api/test/book/:rideId', async (request) => {
      const { rideId } = request.params as { rideId: string };
      const data = {
        rideId,
        requesterId: 'AB12',
        requesterName: 'Asha',
        requesterMobile: '9000000001',
        fromLocation: 'main gate',
        toLocation: 'canteen',
        vehicleType: 'Forklift' as const,
        rideType: 'Regular' as const,
        durationMinutes: null,
      };
      await countDriverOnRoster(app.eventStore, 'Forklift');
      const result = await handle(
        app.eventStore,
        bookRide,
        { type: 'BookRide', data },
        httpCommandContext(request, { tokenNo: 'AB12', role: 'requester' }),
      );
      return { rideId, position: result.position };
    });
    await app.ready();
    const account = { tokenNo: 'AB12', name: 'Asha', mobile: '9000000001', passwordHash: 'x' };
    await handle(
      app.eventStore,
      signUp,
      { type: 'SignUp', data: account },
      { now: new Date(), actor: { system: 'test' }, commandId: 'c0a80101-0000-4000-8000-000000000001' },
    );
    probeBase = await app.eventStore.headPosition();
  });
  afterEach(async () => {
    await app.close();
    await database.dispose();
  });

  it('given a store holding one account, when health is asked, then it answers ok with the store kind and its position', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', store: kind, position: probeBase });
  });

  it('given a booked ride, when health is asked, then the position is the last event', async () => {
    const booked = await app.inject({ method: 'POST', url: '/api/test/book/R1' });
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json().position).toBe(booked.json().position);
  });

  it('when a command is sent twice with one Idempotency-Key, then the second answers the first result and appends nothing; the key on another path is refused', async () => {
    const headers = { 'idempotency-key': 'book-once-123' };
    const first = await app.inject({ method: 'POST', url: '/api/test/book/R1', headers });
    const second = await app.inject({ method: 'POST', url: '/api/test/book/R1', headers });
    const third = await app.inject({ method: 'POST', url: '/api/test/book/R2', headers });
    expect(second.json()).toEqual(first.json());
    expect(third.statusCode).toBe(422);
    expect(third.json()).toEqual({ message: SERVER_MESSAGES.idempotencyKeyReused });
    expect(await app.eventStore.readStream('ride-R1')).toHaveLength(1);
    expect(await app.eventStore.readStream('ride-R2')).toHaveLength(0);
  });

  it('given a ride already booked, when it is booked again without a key, then the answer is 409 with a clear message', async () => {
    await app.inject({ method: 'POST', url: '/api/test/book/R1' });
    const again = await app.inject({ method: 'POST', url: '/api/test/book/R1' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SERVER_MESSAGES.conflict);
  });

  it('when a handler refuses input, then the answer is 400 with its message', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/bad' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Please enter valid credentials.' });
  });

  it('when a stream changed underneath a command, then the answer is 409 with the conflict message', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: SERVER_MESSAGES.conflict });
  });

  it('when something unexpected fails, then the answer is 500 without internal details', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('secret');
  });

  it('when a body is not JSON or a route does not exist, then the answer is a 4xx', async () => {
    const bad = await app.inject({
      method: 'POST',
      url: '/api/test/book/R1',
      headers: { 'content-type': 'application/json' },
      payload: '{bad',
    });
    const missing = await app.inject({ method: 'GET', url: '/api/nowhere' });
    expect(bad.statusCode).toBe(400);
    expect(missing.statusCode).toBe(404);
    expect(await app.eventStore.readStream('ride-R1')).toHaveLength(0);
  });
});
