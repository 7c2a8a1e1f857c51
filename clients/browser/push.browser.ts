import { createECDH } from 'node:crypto';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage, snap } from './support/browser';
import { signInDriver } from './support/driver-flows';
import { freshToken, newDriver } from './support/engine-api';
import { useEngine } from './support/engine-context';
import { startEngine, type RunningEngine } from './support/engine-process';

/*
 * Issue #34 item 1, the browser's side of Web Push: the driver's offer to turn notifications on, and the
 * service worker showing a notification for every push it is handed. A push is delivered to the worker
 * through the DevTools protocol (ServiceWorker.deliverPushMessage), as a push service would: Chromium
 * here has no push service of its own. The engine's side (encryption, VAPID, who is pushed what) is
 * tested against a push service of the tests' own in engine/src/push/push.api.test.ts.
 */

interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  data: { url?: string } | null;
  requireInteraction: boolean;
}

/** A VAPID key pair for this file's engine: P-256, base64url. */
function vapidKeys(): Record<string, string> {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    VAPID_PUBLIC_KEY: ecdh.getPublicKey().toString('base64url'),
    VAPID_PRIVATE_KEY: ecdh.getPrivateKey().toString('base64url').padStart(43, 'A'),
    VAPID_SUBJECT: 'mailto:transport@plant.example',
  };
}

const shown = (page: Page): Promise<ShownNotification[]> =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map(({ title, body, tag, data, requireInteraction }) => ({
      title,
      body,
      tag,
      data: data as { url?: string } | null,
      requireInteraction,
    }));
  });

describe.each([
  ['phone', 390, 844, 'PP'],
  ['desktop', 1280, 900, 'PD'],
] as const)('Notifications at %s width', (label, width, height, prefix) => {
  let engine: RunningEngine;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let cdp: CDPSession;
  const registrations = new Map<string, string>();
  const name = label === 'phone' ? 'Ravi Patil' : 'Sunita Jadhav';

  beforeAll(async () => {
    // An engine of this file's own with Web Push set up; the others' screens stay as they were.
    engine = await startEngine(inject('engineTemplate'), { env: vapidKeys() });
    useEngine(engine);
    browser = await launchBrowser();
    page = await newPage(browser, width, height);
    context = page.context();
    cdp = await context.newCDPSession(page);
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
      for (const registration of updated) registrations.set(registration.scopeURL, registration.registrationId);
    });
    await cdp.send('ServiceWorker.enable');
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await engine?.stop();
  });

  it('given a driver whose browser can push, then the dashboard offers to turn notifications on', async () => {
    const driver = await newDriver(freshToken(prefix), name, 'Forklift');
    await signInDriver(page, driver.tokenNo, name);
    const offer = page.getByRole('alert').filter({ hasText: 'Turn on notifications to hear ride offers' });
    await offer.waitFor();
    await expect(offer.getByRole('button', { name: 'Turn on' }).isEnabled()).resolves.toBe(true);
    await snap(page, `push-${label}-01-offer-to-turn-on`);
  });

  it('given a push with an offer, when the worker is handed it, then it shows the ride and the time left, stays until answered, and opens the dashboard; a push it cannot read still shows a notification', async () => {
    await context.grantPermissions(['notifications'], { origin: engine.baseUrl });
    // A push goes to the active worker: on a first visit it installs (and caches the app) for a few seconds.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const registrationId = registrations.get(`${engine.baseUrl}/`);
    expect(registrationId).toBeDefined();
    const offer = {
      kind: 'offer',
      title: 'Ride offered to you',
      body: 'Main gate → Chakan warehouse · answer within 58 s',
      tag: 'ride-R1',
      url: '/driver',
      expiresAt: new Date(Date.now() + 58_000).toISOString(),
    };
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: engine.baseUrl,
      registrationId: registrationId!,
      data: JSON.stringify(offer),
    });
    await expect
      .poll(async () => (await shown(page)).find((note) => note.tag === 'ride-R1'), { timeout: 10_000 })
      .toEqual({
        title: offer.title,
        body: offer.body,
        tag: 'ride-R1',
        data: { url: '/driver' },
        requireInteraction: true,
      });

    await cdp.send('ServiceWorker.deliverPushMessage', { origin: engine.baseUrl, registrationId: registrationId!, data: 'not json' });
    await expect
      .poll(async () => (await shown(page)).find((note) => note.tag === 'plantride'), { timeout: 10_000 })
      .toMatchObject({ title: 'PlantRide', body: 'Open PlantRide to see what changed.', data: { url: '/' } });
  });
});
