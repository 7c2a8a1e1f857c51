import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES, SERVER_MESSAGES } from '@plantride/schemas';
import { buildApp, type App } from '../app';
import { createTokenService } from '../auth/jwt';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { openTestDatabase, testStoreKinds, type TestDatabase } from '../test-support/test-database';
import { BODY_LIMIT_BYTES } from './security.plugin';

const SECRET_DETAIL = 'db password is hunter2 at /srv/plantride/secret.ts';

describe.each(testStoreKinds())('HTTP hardening on %s', (kind) => {
  let app: App;
  let database: TestDatabase;
  let logged: string[];

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    logged = [];
    app = await buildApp({
      database: { database },
      tokens: createTokenService(randomBytes(32).toString('hex'), 3600),
      logger: { level: 'error', stream: { write: (line: string) => logged.push(line) } },
    });
    // A route that fails the way an unforeseen bug does: an Error with a message and a stack.
    app.get('/api/security-test/throws', async () => {
      throw new Error(SECRET_DETAIL);
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  const head = () => app.eventStore.headPosition();

  it('when any answer goes out, then it carries the security headers and a CSP that runs no inline script', async () => {
    for (const url of ['/api/health', '/api/users/me', '/no-such-page']) {
      const response = await app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).toContain("script-src-attr 'none'");
      expect(csp, url).toContain("object-src 'none'");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).not.toContain('unsafe-eval');
      expect(csp, url).not.toContain('upgrade-insecure-requests');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
      expect(response.headers['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(response.headers['x-powered-by'], url).toBeUndefined();
    }
  });

  it('given no CORS_ORIGINS, when another site’s page calls the API or sends a preflight, then no CORS header lets it read the answer', async () => {
    const simple = await app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(simple.statusCode).toBe(200);
    expect(simple.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/bookings/book-ride',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
  });

  it('when a body is over the limit, then the answer is 413 with the generic message and nothing is appended', async () => {
    const before = await head();
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ token_no: 'AB12', password: 'pass1', name: 'x'.repeat(BODY_LIMIT_BYTES) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: SERVER_MESSAGES.invalidRequest });
    expect(await head()).toBe(before);
    // Just under the limit the body is read and judged on its content instead.
    const under = await app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { token_no: 'AB12', password: 'p'.repeat(BODY_LIMIT_BYTES - 100) },
    });
    expect(under.statusCode).not.toBe(413);
  });

  it.each([
    ['malformed JSON', 'application/json', '{"token_no": "AB12", "password": ', 400, SERVER_MESSAGES.invalidRequest],
    ['a JSON array', 'application/json', '[1,2,3]', 400, MESSAGES.invalidTokenAndPassword],
    // Fastify reads text/plain as a string, which the body schema then refuses.
    ['text/plain', 'text/plain', 'token_no=AB12&password=pass1', 400, MESSAGES.invalidTokenAndPassword],
    ['a form body', 'application/x-www-form-urlencoded', 'token_no=AB12&password=pass1', 415, SERVER_MESSAGES.invalidRequest],
    ['XML', 'application/xml', '<signup><token_no>AB12</token_no></signup>', 415, SERVER_MESSAGES.invalidRequest],
  ])(
    'when a command comes as %s, then it is refused with a spec message and nothing is appended',
    async (_, contentType, payload, status, message) => {
      const before = await head();
      const response = await app.inject({ method: 'POST', url: '/api/auth/signup', headers: { 'content-type': contentType }, payload });
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ message });
      expect(response.body).not.toMatch(/at .+:\d+:\d+|FST_|SyntaxError/);
      expect(await head()).toBe(before);
    },
  );

  it('when a route throws, then the answer is 500 with the generic message only: no stack, no error text; the log keeps the detail', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/security-test/throws' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: SERVER_MESSAGES.internalError });
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toMatch(/\bat .+:\d+:\d+/);
    expect(logged.join('')).toContain('hunter2');
  });
});

describe('CORS with configured origins', () => {
  let testApp: TestApp;
  afterEach(async () => {
    await testApp.close();
    vi.unstubAllEnvs();
  });

  it('given CORS_ORIGINS, when a listed origin calls, then it may read the answer and send the bearer header; an unlisted origin may not', async () => {
    vi.stubEnv('CORS_ORIGINS', 'https://ops.plant.example, http://10.0.0.5:8080');
    testApp = await createTestApp(testStoreKinds()[0]!);
    const { app } = testApp;
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/bookings/book-ride',
      headers: {
        origin: 'https://ops.plant.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('https://ops.plant.example');
    expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
    const listed = await app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'http://10.0.0.5:8080' } });
    expect(listed.headers['access-control-allow-origin']).toBe('http://10.0.0.5:8080');
    const unlisted = await app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://ops.plant.example.evil.example' } });
    expect(unlisted.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('given a CORS_ORIGINS entry that is not an origin, then the configuration is refused at start', async () => {
    vi.stubEnv('CORS_ORIGINS', 'not an origin');
    await expect(createTestApp(testStoreKinds()[0]!)).rejects.toThrow(/CORS_ORIGINS/);
    vi.unstubAllEnvs();
    testApp = await createTestApp(testStoreKinds()[0]!);
  });
});
