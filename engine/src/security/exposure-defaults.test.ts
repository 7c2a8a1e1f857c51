import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { METRICS_CLOSED_MESSAGE } from '../metrics/metrics.plugin';
import { apiDocsServed } from '../plugins/openapi.plugin';
import type { AppOptions } from '../app';

const EXPOSURE_VARIABLES = ['NODE_ENV', 'METRICS_TOKEN', 'API_DOCS'] as const;
const METRICS_TOKEN = 'metrics-token-0123456789';

/** An app built with exactly these exposure variables; the plugins read them from the environment when registered. */
async function appWith(
  env: Partial<Record<(typeof EXPOSURE_VARIABLES)[number], string>>,
  overrides: Partial<AppOptions> = {},
): Promise<TestApp> {
  const saved = Object.fromEntries(EXPOSURE_VARIABLES.map((name) => [name, process.env[name]]));
  for (const name of EXPOSURE_VARIABLES) delete process.env[name];
  Object.assign(process.env, env);
  try {
    return await createTestApp('pglite', overrides);
  } finally {
    for (const name of EXPOSURE_VARIABLES) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  }
}

const get = (t: TestApp, url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('exposure in production without METRICS_TOKEN or API_DOCS', () => {
  let t: TestApp;
  const logged: string[] = [];
  beforeAll(async () => {
    t = await appWith({ NODE_ENV: 'production' }, { logger: { level: 'warn', stream: { write: (line: string) => logged.push(line) } } });
  });
  afterAll(async () => t.close());

  it('when /metrics is scraped, with or without a bearer token, then 403 saying METRICS_TOKEN opens it, and no figures', async () => {
    for (const answer of [await get(t, '/metrics'), await get(t, '/metrics', 'anything-at-all-0123')]) {
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toEqual({ message: METRICS_CLOSED_MESSAGE });
      expect(answer.body).not.toContain('plantride_');
    }
  });

  it('then the start says in the log that /metrics is closed until METRICS_TOKEN is set', () => {
    const warnings = logged.map((line) => JSON.parse(line) as { level: number; msg: string }).filter((line) => line.level === 40);
    expect(warnings.map((line) => line.msg)).toContainEqual(expect.stringContaining('METRICS_TOKEN is not set'));
  });

  it('when the API docs are asked for, then 404 for the page and the document', async () => {
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/yaml'])
      expect((await get(t, url)).statusCode, url).toBe(404);
  });

  it('then the document is still built for the engine itself', () => {
    expect(Object.keys((t.app.swagger() as { paths: object }).paths)).toContain('/api/bookings/book-ride');
  });
});

describe('exposure in production with METRICS_TOKEN and API_DOCS=1', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appWith({ NODE_ENV: 'production', METRICS_TOKEN, API_DOCS: '1' });
  });
  afterAll(async () => t.close());

  it('when /metrics is scraped without the token or with another, then 401; with the bearer token, the figures', async () => {
    expect((await get(t, '/metrics')).statusCode).toBe(401);
    expect((await get(t, '/metrics', 'another-token-0123456789')).statusCode).toBe(401);
    const answer = await get(t, '/metrics', METRICS_TOKEN);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('plantride_commands_total');
  });

  it('when the API docs are asked for, then the document and the page are served', async () => {
    const document = await get(t, '/api/docs/json');
    expect(document.statusCode).toBe(200);
    expect(Object.keys((document.json() as { paths: object }).paths)).toContain('/api/bookings/book-ride');
    expect([200, 302]).toContain((await get(t, '/api/docs')).statusCode);
  });
});

describe('exposure in development, as before', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appWith({ NODE_ENV: 'development' });
  });
  afterAll(async () => t.close());

  it('when /metrics is scraped without a token, then the figures', async () => {
    const answer = await get(t, '/metrics');
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('plantride_commands_total');
  });

  it('when the API docs are asked for, then they are served', async () => {
    expect((await get(t, '/api/docs/json')).statusCode).toBe(200);
    expect([200, 302]).toContain((await get(t, '/api/docs')).statusCode);
  });
});

describe('apiDocsServed', () => {
  it.each([
    [{ NODE_ENV: 'production', API_DOCS: undefined }, false],
    [{ NODE_ENV: 'production', API_DOCS: '1' as const }, true],
    [{ NODE_ENV: 'production', API_DOCS: '0' as const }, false],
    [{ NODE_ENV: 'development', API_DOCS: undefined }, true],
    [{ NODE_ENV: 'test', API_DOCS: undefined }, true],
    [{ NODE_ENV: 'development', API_DOCS: '0' as const }, false],
  ])('given %o, then served is %s', (config, served) => {
    expect(apiDocsServed(config)).toBe(served);
  });
});
