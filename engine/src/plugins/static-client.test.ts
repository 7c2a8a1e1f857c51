import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '@plantride/schemas';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds } from '../test-support/test-database';
import { IMMUTABLE, REVALIDATE, SERVICE_WORKER } from './static-client.plugin';

const INDEX_HTML =
  '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>';
const ENTRY = `export const greeting = ${JSON.stringify('PlantRide '.repeat(400))};\n`;
const SMALL = 'body{margin:0}';
const SERVICE_WORKER_JS = `const PRECACHE = ["/assets/index-abc123.js"];\n${'// the app shell\n'.repeat(100)}`;
const MANIFEST = JSON.stringify({ name: 'PlantRide', start_url: '/', display: 'standalone' });

describe('the built web client, served by the engine', () => {
  let dist: string;
  let t: TestApp;

  beforeAll(async () => {
    // A build as `npm run build -w clients` leaves it: hashed assets, compressed copies beside the large ones.
    dist = mkdtempSync(join(tmpdir(), 'plantride-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), INDEX_HTML);
    writeFileSync(join(dist, 'assets/index-abc123.js'), ENTRY);
    writeFileSync(join(dist, 'assets/index-abc123.js.br'), brotliCompressSync(ENTRY));
    writeFileSync(join(dist, 'assets/index-abc123.js.gz'), gzipSync(ENTRY));
    writeFileSync(join(dist, 'assets/index-def456.css'), SMALL);
    writeFileSync(join(dist, 'sw.js'), SERVICE_WORKER_JS);
    writeFileSync(join(dist, 'sw.js.br'), brotliCompressSync(SERVICE_WORKER_JS));
    writeFileSync(join(dist, 'manifest.webmanifest'), MANIFEST);
    t = await createTestApp(testStoreKinds()[0]!, { clientDist: dist });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('when a browser accepts brotli, then the entry bundle comes as its .br copy, which decompresses to the file', async () => {
    const response = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.rawPayload.length).toBeLessThan(Buffer.byteLength(ENTRY));
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(ENTRY);
  });

  it('when a browser accepts gzip only, then the entry bundle comes as its .gz copy, which decompresses to the file', async () => {
    const response = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(gunzipSync(response.rawPayload).toString()).toBe(ENTRY);
  });

  it('when a client accepts no encoding, then it gets the file itself, still marked as varying by Accept-Encoding', async () => {
    const response = await get('/assets/index-abc123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(ENTRY);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
  });

  it('when an asset has no compressed copy (too small to be worth one), then a browser accepting brotli gets the file itself', async () => {
    const response = await get('/assets/index-def456.css', { 'accept-encoding': 'br, gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(SMALL);
  });

  it('hashed assets, plain or compressed, are cached for a year and never revalidated', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const response = await get('/assets/index-abc123.js', { 'accept-encoding': encoding });
      expect(response.headers['cache-control'], encoding).toBe(IMMUTABLE);
    }
    expect(IMMUTABLE).toBe('public, max-age=31536000, immutable');
    expect((await get('/assets/index-def456.css')).headers['cache-control']).toBe(IMMUTABLE);
  });

  it('index.html, at / and for a page path the client routes (/signin), is revalidated each time, and unchanged it answers 304', async () => {
    for (const url of ['/', '/index.html', '/signin', '/rides/R1/timeline']) {
      const response = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe(REVALIDATE);
      expect(response.body, url).toBe(INDEX_HTML);
      const etag = response.headers.etag as string;
      expect(etag, url).toBeTruthy();
      const again = await get(url, { 'if-none-match': etag });
      expect(again.statusCode, url).toBe(304);
    }
    expect(REVALIDATE).toBe('no-cache');
  });

  it('an unknown API path still answers the JSON 404, not the page', async () => {
    const response = await get('/api/unknown', { 'accept-encoding': 'br' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: SERVER_MESSAGES.notFound });
    expect(response.headers['cache-control']).not.toBe(IMMUTABLE);
  });

  it('when the service worker is asked for, plain or as its brotli copy, then no cache may keep it and it may control the whole site', async () => {
    for (const encoding of ['identity', 'br']) {
      const response = await get('/sw.js', { 'accept-encoding': encoding });
      expect(response.statusCode, encoding).toBe(200);
      expect(response.headers['cache-control'], encoding).toBe(SERVICE_WORKER);
      expect(response.headers['service-worker-allowed'], encoding).toBe('/');
      expect(response.headers['content-type'], encoding).toMatch(/^(application|text)\/javascript/);
    }
  });

  it('when the web app manifest is asked for, then it comes as application/manifest+json and is revalidated each time', async () => {
    const response = await get('/manifest.webmanifest');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(response.headers['cache-control']).toBe(REVALIDATE);
    expect(JSON.parse(response.body)).toMatchObject({ start_url: '/', display: 'standalone' });
  });
});
