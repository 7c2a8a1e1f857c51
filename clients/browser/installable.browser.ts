import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, snap } from './support/browser';
import { signInDriver } from './support/driver-flows';
import { freshToken, newDriver, type ApiSession } from './support/engine-api';

interface Manifest {
  name: string;
  start_url: string;
  display: string;
  icons: { src: string; sizes: string; type: string }[];
}

/** Every URL path in the page's caches (the service worker's app shell). */
function cachedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  });
}

describe.each([
  ['phone', 390, 844, 'IP'],
  ['desktop', 1280, 900, 'ID'],
] as const)('The installable app at %s width', (label, width, height, prefix) => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let driver: ApiSession;
  const name = label === 'phone' ? 'Mohan Das' : 'Priya Sen';

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage(browser, width, height);
    context = page.context();
    driver = await newDriver(freshToken(prefix), name, 'Forklift');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('given the sign-in page, then it links a valid web app manifest whose icons load', async () => {
    await page.goto('/signin');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const answer = await page.request.get(href!);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await answer.json()) as Manifest;
    expect(manifest).toMatchObject({ name: 'PlantRide', start_url: '/', display: 'standalone' });
    expect(manifest.icons.map((icon) => icon.sizes).sort()).toEqual(['192x192', '512x512']);
    for (const icon of manifest.icons) {
      const image = await page.request.get(icon.src);
      expect(image.status(), icon.src).toBe(200);
      expect(image.headers()['content-type'], icon.src).toBe('image/png');
    }
  });

  it('given a first visit, then the service worker registers, takes the page over and keeps the app shell but nothing from /api/ or /socket.io/', async () => {
    await signInDriver(page, driver.tokenNo, name);
    const script = await page.evaluate(() => navigator.serviceWorker.ready.then((registration) => registration.active?.scriptURL ?? ''));
    expect(new URL(script).pathname).toBe('/sw.js');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const sw = await page.request.get('/sw.js');
    expect(sw.headers()['cache-control']).toContain('no-cache');
    const paths = await cachedPaths(page);
    expect(paths).toContain('/');
    expect(paths.some((path) => path.startsWith('/assets/') && path.endsWith('.js'))).toBe(true);
    expect(paths.filter((path) => path.startsWith('/api/') || path.startsWith('/socket.io/'))).toEqual([]);
  });

  it('given the network gone, when the driver opens the app again, then the app shell opens from the cache and the API is not answered from it', async () => {
    await context.setOffline(true);
    try {
      await page.reload();
      await page
        .getByRole('banner')
        .or(page.getByRole('progressbar'))
        .or(page.getByRole('heading', { name: `Hello, ${name}` }))
        .first()
        .waitFor();
      expect(await page.locator('#root').evaluate((root) => root.childElementCount)).toBeGreaterThan(0);
      const api = await page.evaluate(() =>
        fetch('/api/health').then(
          (answer) => `answered ${answer.status}`,
          () => 'failed',
        ),
      );
      expect(api).toBe('failed');
      await snap(page, `installable-${label}-01-offline-shell`);
    } finally {
      await context.setOffline(false);
    }
    await page.reload();
    await page.getByRole('heading', { name: `Hello, ${name}` }).waitFor();
  });
});
