import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@plantride/schemas';
import { launchBrowser, newPage, snap } from './support/browser';
import { apiRequester, bookFixedRide, signInDriver } from './support/driver-flows';
import { admin, freshToken, newDriver, type ApiSession } from './support/engine-api';

/** Everything this origin keeps in the browser: both storages and the service worker's caches (their URLs). */
async function storedInBrowser(page: Page): Promise<{ storage: string; cachedUrls: string[] }> {
  return page.evaluate(async () => {
    const dump = (storage: Storage) => Object.entries({ ...storage }).map(([key, value]) => `${key}=${value}`);
    const cachedUrls: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) cachedUrls.push(request.url);
    return { storage: [...dump(localStorage), ...dump(sessionStorage)].join('\n'), cachedUrls };
  });
}

const banner = (page: Page) => page.getByTestId('connection-banner');

describe('One phone, two drivers: A logs out with a step queued offline, then B signs in (issue #31)', () => {
  let browser: Browser;
  let page: Page;
  let first: ApiSession;
  let second: ApiSession;
  let rideId: string;
  const requesterName = 'Meera Pillai';

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage(browser, 390, 844);
    first = await newDriver(freshToken('SA'), 'Anil Kapoor', 'Forklift');
    second = await newDriver(freshToken('SB'), 'Bala Murthy', 'Forklift');
    const requester = await apiRequester(freshToken('SR'), requesterName);
    rideId = await bookFixedRide(requester, 'Forklift', 'main gate', 'canteen');
    await first.call('POST', '/api/tracking/accept-ride', { driverId: first.tokenNo, rideId });
    await first.call('PUT', '/api/bookings/update-timestamps', { rideId, event: 'start' });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('given a step waiting for network, when he taps Logout, then he is asked first, told what would be lost, and only then logged out', async () => {
    await signInDriver(page, first.tokenNo, first.name);
    await page
      .getByTestId('ongoing-ride-status')
      .filter({ hasText: /^started$/ })
      .waitFor();
    await page.context().setOffline(true);
    await banner(page).and(page.locator('[data-status="offline"]')).waitFor();
    await page.getByRole('button', { name: 'Material Picked', exact: true }).click();
    await page.getByRole('button', { name: 'Waiting for network' }).waitFor();

    await page.getByRole('button', { name: 'Logout' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log out?' });
    await dialog
      .getByTestId('logout-queued-warning')
      .filter({ hasText: '1 action has not reached the server yet (Material Picked). Logging out deletes it' })
      .waitFor();
    await snap(page, 'shared-device-01-logout-asks-390');
    // Staying keeps the step; the question is asked again, and discarding is his choice.
    await dialog.getByRole('button', { name: 'Stay signed in' }).click();
    await page.getByRole('button', { name: 'Waiting for network' }).waitFor();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('dialog', { name: 'Log out?' }).getByRole('button', { name: 'Logout and discard' }).click();
    await page.waitForURL('**/signin');
    await page.context().setOffline(false);
  });

  it("given B signs in on the same browser, then none of A's data is in its storage, its caches or his screens, and A's discarded step was never sent", async () => {
    await signInDriver(page, second.tokenNo, second.name);
    await banner(page).and(page.locator('[data-status="online"][data-socket="up"]')).waitFor();
    await page.getByTestId('no-ongoing-ride').waitFor();
    const { storage, cachedUrls } = await storedInBrowser(page);
    for (const trace of [first.tokenNo, first.name, rideId, requesterName]) expect(storage).not.toContain(trace);
    expect(storage).toContain(second.tokenNo);
    expect(cachedUrls.filter((url) => new URL(url).pathname.startsWith('/api/'))).toEqual([]);
    const screen = (await page.locator('body').innerText()).toString();
    for (const trace of [first.tokenNo, first.name, rideId, requesterName]) expect(screen).not.toContain(trace);
    await page.getByRole('tab', { name: 'Ride History' }).click();
    await page.getByText(MESSAGES.noRideHistoryAvailable).waitFor();
    for (const trace of [first.tokenNo, rideId]) expect(await page.locator('body').innerText()).not.toContain(trace);
    await snap(page, 'shared-device-02-second-driver-390');

    const { events } = await (await admin()).call<{ events: { type: string }[] }>('GET', `/api/rides/${rideId}/timeline`);
    expect(events.map((event) => event.type)).not.toContain('MaterialPicked');
  });
});
