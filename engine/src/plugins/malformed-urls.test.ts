import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '@plantride/schemas';
import { createTestApp, type TestApp } from '../test-support/test-app';

const INVALID = { message: SERVER_MESSAGES.invalidRequest };

// Issue #31 item 8: a URL Fastify's router cannot decode answered its own body ({ statusCode, code, error, message }, the path echoed).
describe('malformed URLs', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    admin = `Bearer ${await t.tokenFor('AD01', 'admin')}`;
  });
  afterAll(async () => t?.close());

  it.each([
    ['GET', '/api/rides/%E0%A4%A'],
    ['GET', '/api/%'],
    ['GET', '/%'],
    ['GET', '/api/bookings/get-timestamps/%ZZ'],
    ['GET', '/api/rides/%C0%AF/timeline'],
    ['POST', '/api/bookings/book-ride/%'],
    ['DELETE', '/api/bookings/cancel/%E0%A4'],
    ['PATCH', '/api/rides/%FF%FE/priority'],
  ] as const)('when %s %s is asked, then the answer is 400 with the engine’s error body, and nothing is appended', async (method, url) => {
    const before = await t.app.eventStore.headPosition();
    const answer = await t.app.inject({ method, url, headers: { authorization: admin }, ...(method === 'GET' ? {} : { payload: {} }) });
    expect(answer.statusCode).toBe(400);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.json()).toEqual(INVALID);
    expect(await t.app.eventStore.headPosition()).toBe(before);
  });

  it('when a path parameter is longer than the router takes, then the answer is 414 with the engine’s error body', async () => {
    const answer = await t.app.inject({
      method: 'GET',
      url: `/api/bookings/get-timestamps/${'R'.repeat(200)}`,
      headers: { authorization: admin },
    });
    expect(answer.statusCode).toBe(414);
    expect(answer.json()).toEqual(INVALID);
  });

  it.each(['a=%E0%A4%A', '%%%', 'limit=%FF&offset=%', '%E0%A4%A=1'])(
    'when a query string is malformed (%s), then the route answers by its own rules: 200 or 400, and any refusal has the engine’s error body',
    async (search) => {
      const health = await t.app.inject({ method: 'GET', url: `/api/health?${search}` });
      expect(health.statusCode).toBe(200);
      const list = await t.app.inject({ method: 'GET', url: `/api/drivers/getDrivers?${search}`, headers: { authorization: admin } });
      expect([200, 400]).toContain(list.statusCode);
      if (list.statusCode === 400) expect(Object.keys(list.json())).toEqual(['message']);
    },
  );

  it('given the engine listening, when a client sends a malformed path over a real connection, then the answer is the same 400 body', async () => {
    const base = new URL(await t.listen());
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const sent = httpRequest({ host: base.hostname, port: base.port, path: '/api/rides/%E0%A4%A', method: 'GET' }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      sent.on('error', reject);
      sent.end();
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual(INVALID);
  });
});
