import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { choose, launchBrowser, newPage, snap } from './support/browser';
import { apiRequester, bookFixedRide, driverStep, latestRequestOf, rideRow, signInDriver } from './support/driver-flows';
import { admin, freshToken, newDriver, type ApiSession } from './support/engine-api';
import { signUpInBrowser, stepDone, bookFixedRideOnScreen } from './support/requester-flows';

/**
 * How long the driver stays offline, once his socket has noticed: until it has failed this many reconnection
 * attempts, long past the 5 the spec's socket made before it gave up (counted, not timed: a fixed 90 s wait
 * before). OFFLINE_ATTEMPTS raises it for a longer look.
 */
const OFFLINE_ATTEMPTS = Number(process.env.OFFLINE_ATTEMPTS ?? 10);
/** How long the socket may take to notice the dead network (its pings go unanswered). */
const NOTICE_BOUND_MS = 150_000;
/** Issue #19: a ride booked while he was away is on his screen within 5 s of the network's return. */
const BACK_WITHIN_MS = 5_000;

/** How many events of each type the ride's stream holds, as the audit timeline replays it. */
async function eventCounts(rideId: string): Promise<Record<string, number>> {
  const staff = await admin();
  const { events } = await staff.call<{ events: { type: string }[] }>('GET', `/api/rides/${rideId}/timeline`);
  const counts: Record<string, number> = {};
  for (const { type } of events) counts[type] = (counts[type] ?? 0) + 1;
  return counts;
}

const banner = (page: Page) => page.getByTestId('connection-banner');

describe('A driver whose phone loses the network for a long while', () => {
  let browser: Browser;
  let page: Page;
  let context: BrowserContext;
  let driver: ApiSession;
  let requester: ApiSession;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage(browser, 390, 844);
    context = page.context();
    driver = await newDriver(freshToken('OD'), 'Farhan Shaikh', 'Cherry Picker');
    requester = await apiRequester(freshToken('OR'), 'Leela Menon');
    await signInDriver(page, driver.tokenNo, driver.name);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it(
    'given him offline long enough for the old socket to give up, when a ride is booked meanwhile and he comes back, then it shows without a reload and a later ride arrives live',
    async () => {
      await banner(page).and(page.locator('[data-status="online"][data-socket="up"]')).waitFor();
      await page.getByText('No closest rides available').waitFor();
      await snap(page, 'offline-driver-01-online-390');
      // A reload would drop this mark; it must survive to the end.
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));

      // Each reconnection attempt opens with a request to /socket.io/, which fails while he is offline.
      let failedAttempts = 0;
      page.on('requestfailed', (request) => {
        if (new URL(request.url()).pathname.startsWith('/socket.io/')) failedAttempts += 1;
      });
      await context.setOffline(true);
      await banner(page).and(page.locator('[data-status="offline"]')).waitFor();
      await page
        .getByTestId('connection-status')
        .filter({ hasText: /^Offline$/ })
        .waitFor();
      await snap(page, 'offline-driver-02-offline-390');
      const whileAway = await bookFixedRide(requester, 'Cherry Picker', 'main gate', 'canteen');
      // The socket notices the dead network (its pings go unanswered) and keeps trying all this time.
      await banner(page).and(page.locator('[data-socket="down"]')).waitFor({ timeout: NOTICE_BOUND_MS });
      const failedWhenDown = failedAttempts;
      const downAt = Date.now();
      await expect
        .poll(() => failedAttempts - failedWhenDown, { timeout: OFFLINE_ATTEMPTS * 5_000, interval: 100 })
        .toBeGreaterThanOrEqual(OFFLINE_ATTEMPTS);
      console.log(
        `offline-driver: the socket down, then ${failedAttempts - failedWhenDown} failed reconnection attempts in ${Date.now() - downAt} ms`,
      );
      expect(await rideRow(page, whileAway).count()).toBe(0);

      await context.setOffline(false);
      await rideRow(page, whileAway).first().waitFor({ timeout: BACK_WITHIN_MS });
      await banner(page).and(page.locator('[data-status="online"][data-socket="up"]')).waitFor();

      const afterReturn = await bookFixedRide(requester, 'Cherry Picker', 'south gate', 'ssd assembly');
      await rideRow(page, afterReturn).first().waitFor();
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
      await snap(page, 'offline-driver-03-back-390');
    },
    // The attempts come at most 3 s apart (LIMITS.socketReconnectionDelayMaxMs, jittered).
    NOTICE_BOUND_MS + OFFLINE_ATTEMPTS * 5_000 + 60_000,
  );
});

describe("A driver's step tapped with no network", () => {
  let browser: Browser;
  let driverPage: Page;
  let requesterPage: Page;
  let driver: ApiSession;
  let rideId: string;
  const requester = freshToken('OQ');
  const password = 'secret-6';

  beforeAll(async () => {
    browser = await launchBrowser();
    requesterPage = await newPage(browser, 1280, 900);
    driverPage = await newPage(browser, 390, 844);
    driver = await newDriver(freshToken('OS'), 'Vikram Desai', 'Crane');
    await signUpInBrowser(requesterPage, requester, password);
    rideId = await bookFixedRideOnScreen(requesterPage, 'Crane', 'south gate', 'canteen');
    await driver.call('POST', '/api/tracking/accept-ride', { driverId: driver.tokenNo, rideId });
    await driver.call('PUT', '/api/bookings/update-timestamps', { rideId, event: 'start' });
    await stepDone(requesterPage, 3);
    await signInDriver(driverPage, driver.tokenNo, driver.name);
    await driverPage
      .getByTestId('ongoing-ride-status')
      .filter({ hasText: /^started$/ })
      .waitFor();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('given Material Picked tapped offline, then it waits for the network; back online it is sent once and the requester sees it', async () => {
    const sent: string[] = [];
    driverPage.on('request', (request) => {
      if (request.url().includes('/api/bookings/update-timestamps')) sent.push(request.headers()['idempotency-key'] ?? '');
    });
    // The offline reload below needs the service worker in control, and it installs only online: wait for it first
    // (CI run 3 of session 22 went offline before it took control, and it never did).
    await driverPage.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await driverPage.context().setOffline(true);
    await banner(driverPage).and(driverPage.locator('[data-status="offline"]')).waitFor();
    const tappedAt = Date.now();
    await driverPage.getByRole('button', { name: 'Material Picked', exact: true }).click();
    await driverPage.getByRole('button', { name: 'Waiting for network' }).waitFor();
    expect(await driverPage.getByRole('button', { name: 'Waiting for network' }).isDisabled()).toBe(true);
    await driverPage
      .getByTestId('step-waiting')
      .filter({ hasText: 'Material Picked is waiting for network. It will be sent when the connection returns.' })
      .waitFor();
    await driverPage
      .getByTestId('connection-waiting')
      .filter({ hasText: /^Waiting for network: Material Picked$/ })
      .waitFor();
    await snap(driverPage, 'offline-driver-04-step-waiting-390');
    await driverPage.setViewportSize({ width: 1280, height: 900 });
    await snap(driverPage, 'offline-driver-05-step-waiting-1280');
    await driverPage.setViewportSize({ width: 390, height: 844 });
    // The queue is kept in the page's storage, so a reload would not lose it.
    const stored = await driverPage.evaluate(() => localStorage.getItem('plantride.offlineQueue'));
    expect(JSON.parse(stored ?? '[]')).toMatchObject([
      { path: '/api/bookings/update-timestamps', body: { rideId, event: 'materialPicked' } },
    ]);
    expect(sent).toHaveLength(0);

    // Issue #29 item 6: a reload with no network keeps his ride on screen as last known, marked as not
    // yet confirmed, with the step still waiting (the shell from the service worker, the ride from the cache).
    await driverPage.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await driverPage.reload();
    await driverPage.getByTestId('ride-not-confirmed').filter({ hasText: 'Not yet confirmed' }).waitFor();
    expect(await driverPage.getByTestId('ongoing-ride-id').textContent()).toBe(rideId);
    // His own step, waiting, takes the ride on (issue #32 item 2): the next step could be tapped too.
    expect(await driverPage.getByTestId('ongoing-ride-status').textContent()).toBe('material picked');
    await driverPage.getByTestId('step-waiting').filter({ hasText: 'Material Picked is waiting for network.' }).waitFor();
    expect(await driverPage.getByText(/No driver record found/).count()).toBe(0);
    await snap(driverPage, 'offline-driver-05b-reloaded-offline-390');

    await driverPage.context().setOffline(false);
    await stepDone(requesterPage, 4);
    await driverPage
      .getByTestId('ongoing-ride-status')
      .filter({ hasText: /^material picked$/ })
      .waitFor();
    await driverPage.getByRole('button', { name: 'Material Dropped', exact: true }).and(driverPage.locator(':enabled')).waitFor();
    expect(await driverPage.getByTestId('step-waiting').count()).toBe(0);
    expect(await driverPage.getByTestId('connection-waiting').count()).toBe(0);
    expect(await driverPage.getByTestId('ride-not-confirmed').count()).toBe(0);
    expect(new Set(sent).size).toBe(1);
    expect(sent[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(await eventCounts(rideId)).toMatchObject({ MaterialPicked: 1 });
    // Timed at the tap, before the reload and the reconnect; the engine kept when it heard it (issue #32 item 2).
    const { events } = await (
      await admin()
    ).call<{ events: { type: string; data: Record<string, string> }[] }>('GET', `/api/rides/${rideId}/timeline`);
    const picked = events.find((event) => event.type === 'MaterialPicked')!.data;
    expect(Date.parse(picked.pickedAt!)).toBeGreaterThanOrEqual(tappedAt - 1000);
    expect(Date.parse(picked.heardAt!)).toBeGreaterThan(Date.parse(picked.pickedAt!));
    await snap(driverPage, 'offline-driver-06-step-sent-390');
    await driverStep(driverPage, 'Material Dropped', 'delivered');
  });

  it("given Accept Ride tapped offline for a ride another driver takes meanwhile, then back online it is dropped with the server's message", async () => {
    const otherRequester = await apiRequester(freshToken('OT'), 'Asha Kulkarni');
    const rival = await newDriver(freshToken('OV'), 'Rahul Jain', 'Crane');
    await driverPage.getByRole('button', { name: 'End Ride', exact: true }).click();
    await driverPage.getByTestId('no-ongoing-ride').waitFor();
    const contested = await bookFixedRide(otherRequester, 'Crane', 'main gate', 'canteen');
    const row = rideRow(driverPage, contested).first();
    await row.waitFor();
    await driverPage.context().setOffline(true);
    await banner(driverPage).and(driverPage.locator('[data-status="offline"]')).waitFor();
    await row.getByRole('button', { name: 'Accept Ride' }).click();
    await driverPage.getByText('Accept Ride is waiting for network. It will be sent when the connection returns.').first().waitFor();
    await driverPage
      .getByTestId('connection-waiting')
      .filter({ hasText: /^Waiting for network: Accept Ride$/ })
      .waitFor();
    await rival.call('POST', '/api/tracking/accept-ride', { driverId: rival.tokenNo, rideId: contested });

    await driverPage.context().setOffline(false);
    await driverPage
      .getByText(/^Accept Ride was not sent: /)
      .first()
      .waitFor();
    expect(await driverPage.getByTestId('connection-waiting').count()).toBe(0);
    await driverPage.getByTestId('no-ongoing-ride').waitFor();
    expect(await eventCounts(contested)).toMatchObject({ RideAccepted: 1 });
  });

  it('given a maintenance request submitted offline, then it waits for the network and, back online, is recorded once and blocks him', async () => {
    await driverPage.context().setOffline(true);
    await banner(driverPage).and(driverPage.locator('[data-status="offline"]')).waitFor();
    await driverPage.getByRole('button', { name: 'Request Maintenance' }).click();
    const modal = driverPage.getByRole('dialog', { name: 'Request Vehicle Maintenance' });
    await modal.waitFor();
    await modal.getByRole('group', { name: 'Vehicle Type' }).filter({ hasText: 'Crane' }).waitFor();
    await choose(modal.getByRole('combobox', { name: /^Maintenance Reason/ }), 'Hydraulic Problem');
    await choose(modal.getByRole('combobox', { name: /^Breakdown Type/ }), 'Full');
    await modal.getByRole('button', { name: 'Submit' }).click();
    await modal.waitFor({ state: 'detached' });
    await driverPage
      .getByText('Maintenance request is waiting for network. It will be sent when the connection returns.')
      .first()
      .waitFor();
    await driverPage
      .getByTestId('connection-waiting')
      .filter({ hasText: /^Waiting for network: Maintenance request$/ })
      .waitFor();
    await snap(driverPage, 'offline-driver-07-maintenance-waiting-390');
    await driverPage.setViewportSize({ width: 1280, height: 900 });
    await snap(driverPage, 'offline-driver-08-maintenance-waiting-1280');
    await driverPage.setViewportSize({ width: 390, height: 844 });

    await driverPage.context().setOffline(false);
    await driverPage.getByRole('dialog', { name: 'Vehicle Under Maintenance' }).waitFor();
    expect(await driverPage.getByTestId('connection-waiting').count()).toBe(0);
    const staff = await admin();
    const request = await latestRequestOf(staff, driver.tokenNo);
    expect(request.STATUS).toBe('pending');
    const mine = (await staff.call<{ DRIVER_ID: string }[]>('GET', '/api/requests/maintenanceReq?limit=500')).filter(
      (r) => r.DRIVER_ID === driver.tokenNo,
    );
    expect(mine).toHaveLength(1);
  });
});
