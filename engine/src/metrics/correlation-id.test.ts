import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds } from '../test-support/test-database';
import { seedUsers } from '../test-support/seed';

describe.each(testStoreKinds())('correlation id on %s', (kind) => {
  let t: TestApp;
  let token: string;
  const logLines: Array<Record<string, unknown>> = [];
  const book = (headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/bookings/book-ride',
      headers: { authorization: `Bearer ${token}`, ...headers },
      payload: {
        userId: 'RQ01',
        fromLocation: 'main gate',
        toLocation: 'canteen',
        vehicleType: 'Forklift',
        rideType: 'Regular',
        reqName: 'Asha Rao',
        reqMobileNo: '9000000001',
      },
    });
  const correlationsOf = async (rideId: string) =>
    (await t.app.eventStore.readStream(`ride-${rideId}`)).map((event) => event.metadata.correlationId);

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) logLines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    t = await createTestApp(kind, { logger: { level: 'info', stream } });
    await seedUsers(t.app, [
      { tokenNo: 'RQ01', role: 'requester' },
      { tokenNo: 'DR01', role: 'driver', vehicleType: 'Forklift' },
    ]);
    token = await t.tokenFor('RQ01', 'requester');
  });
  afterAll(async () => t.close());

  it('when a command is sent with X-Correlation-Id: abc, then its events carry abc, the answer echoes it, and so do its log lines', async () => {
    const answer = await book({ 'x-correlation-id': 'abc' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['x-correlation-id']).toBe('abc');
    expect(await correlationsOf(answer.json().rideId)).toEqual(['abc']);
    const lines = logLines.filter((line) => line.correlationId === 'abc');
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
  });

  it('when a command comes without one, then a fresh id is made, stored with its events and answered', async () => {
    const first = await book();
    const second = await book();
    const id = first.headers['x-correlation-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers['x-correlation-id']).not.toBe(id);
    expect(await correlationsOf(first.json().rideId)).toEqual([id]);
  });

  it.each([['with spaces in it'], ['x'.repeat(129)], ['quote"d']])(
    'when the header is not a plausible id (%s), then it is replaced by a fresh one',
    async (header) => {
      const answer = await book({ 'x-correlation-id': header });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['x-correlation-id']).toMatch(/^[0-9a-f-]{36}$/);
    },
  );

  it('when a read is sent with one, then the answer echoes it too', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-correlation-id': 'trace-42' } });
    expect(answer.headers['x-correlation-id']).toBe('trace-42');
  });
});
