import { afterEach, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { buildApp, type App } from '../app';
import { openTestDatabase, type TestDatabase } from '../test-support/test-database';
import type { TrustProxy } from './trust-proxy';
import { HSTS_HEADER } from './security.plugin';

const PROXY = '10.0.0.7';

// Issue #31 item 8: Strict-Transport-Security only on an answer to a request made over HTTPS.
describe('HSTS', () => {
  let database: TestDatabase | undefined;
  let app: App | undefined;
  afterEach(async () => {
    await app?.close();
    await database?.dispose();
    app = undefined;
    database = undefined;
  });

  async function appTrusting(trustProxy: TrustProxy): Promise<App> {
    database = await openTestDatabase('pglite');
    app = await buildApp({ database: { database }, trustProxy });
    await app.ready();
    return app;
  }

  const hstsOf = async (request: Omit<InjectOptions, 'method'>) =>
    (await app!.inject({ method: 'GET', ...request })).headers['strict-transport-security'];

  it('given no trusted proxy, when a request comes over plain HTTP, with or without X-Forwarded-Proto: https, then no answer carries HSTS', async () => {
    await appTrusting(false);
    expect(await hstsOf({ url: '/api/health' })).toBeUndefined();
    expect(await hstsOf({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } })).toBeUndefined();
    expect(await hstsOf({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' }, remoteAddress: PROXY })).toBeUndefined();
  });

  it('given a trusted proxy, when another peer sends X-Forwarded-Proto: https, then the answer carries no HSTS', async () => {
    await appTrusting([PROXY]);
    expect(await hstsOf({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' }, remoteAddress: '10.0.0.8' })).toBeUndefined();
    expect(await hstsOf({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } })).toBeUndefined();
  });

  it('given a trusted proxy, when it forwards an HTTPS request, then every answer carries HSTS, refusals included; forwarding plain HTTP, none', async () => {
    await appTrusting([PROXY]);
    const overHttps = { headers: { 'x-forwarded-proto': 'https' }, remoteAddress: PROXY };
    expect(await hstsOf({ url: '/api/health', ...overHttps })).toBe(HSTS_HEADER);
    expect(await hstsOf({ url: '/api/users/me', ...overHttps })).toBe(HSTS_HEADER);
    expect(await hstsOf({ url: '/api/no-such-route', ...overHttps })).toBe(HSTS_HEADER);
    // A chain of proxies: the one next to the engine (the last entry) says how the request reached it.
    expect(await hstsOf({ url: '/api/health', headers: { 'x-forwarded-proto': 'http, https' }, remoteAddress: PROXY })).toBe(HSTS_HEADER);
    expect(await hstsOf({ url: '/api/health', headers: { 'x-forwarded-proto': 'https, http' }, remoteAddress: PROXY })).toBeUndefined();
    expect(await hstsOf({ url: '/api/health', remoteAddress: PROXY })).toBeUndefined();
  });

  it('given TRUST_PROXY as a hop count, when the proxy in front forwards an HTTPS request, then the answer carries HSTS', async () => {
    await appTrusting(1);
    expect(await hstsOf({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } })).toBe(HSTS_HEADER);
    expect(await hstsOf({ url: '/api/health' })).toBeUndefined();
  });
});
