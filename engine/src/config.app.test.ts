import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp, type App } from './app';
import { loadConfig } from './config';
import { openTestDatabase, type TestDatabase } from './test-support/test-database';

// Issue #30: the configuration is parsed once and handed to every plugin; none reads the environment again.
describe('one configuration object', () => {
  let database: TestDatabase | undefined;
  let app: App | undefined;
  afterEach(async () => {
    await app?.close();
    await database?.dispose();
    vi.unstubAllEnvs();
  });

  it('given a configuration handed to the app and a different environment, when the app answers, then every plugin follows the configuration it was given', async () => {
    const config = loadConfig({ CORS_ORIGINS: 'https://ops.plant.example', API_DOCS: '0' });
    // What a plugin that still read the environment would see instead.
    vi.stubEnv('CORS_ORIGINS', 'https://elsewhere.example');
    vi.stubEnv('API_DOCS', '1');
    database = await openTestDatabase('pglite');
    app = await buildApp({ config, database: { database } });
    await app.ready();
    expect(app.config).toBe(config);

    const preflight = (origin: string) =>
      app!.inject({
        method: 'OPTIONS',
        url: '/api/health',
        headers: { origin, 'access-control-request-method': 'GET' },
      });
    expect((await preflight('https://ops.plant.example')).headers['access-control-allow-origin']).toBe('https://ops.plant.example');
    expect((await preflight('https://elsewhere.example')).headers['access-control-allow-origin']).toBeUndefined();
    expect((await app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(404);
  });
});
