import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, snap } from './support/browser';
import { apiRequester, bookFixedRide, rideRow, signInDriver } from './support/driver-flows';
import { freshToken, newDriver } from './support/engine-api';
import { signUpInBrowser } from './support/requester-flows';

const banner = (page: Page) => page.getByTestId('connection-banner');
const bannerIn = (page: Page, selector: string) => banner(page).and(page.locator(selector)).waitFor();

for (const [width, height] of [
  [1280, 900],
  [390, 844],
] as const) {
  describe(`The connection banner on a requester's screen at ${width} px`, () => {
    let browser: Browser;
    let page: Page;
    // While set, the live socket cannot get through (its WebSocket is closed, its long-polling refused).
    let socketBlocked = false;
    const requester = freshToken(width > 500 ? 'CD' : 'CP');
    const password = 'secret-7';

    beforeAll(async () => {
      browser = await launchBrowser();
      page = await newPage(browser, width, height);
      await page.routeWebSocket(/\/socket\.io\//, (socket) => {
        if (socketBlocked) void socket.close();
        else socket.connectToServer();
      });
      await page.route(/\/socket\.io\/.*transport=polling/, (route) =>
        socketBlocked ? route.abort('connectionrefused') : route.continue(),
      );
      await signUpInBrowser(page, requester, password);
    });
    afterAll(async () => {
      await browser?.close();
    });

    it('given the socket up, then it says Online with the time of the last update', async () => {
      await bannerIn(page, '[data-status="online"][data-socket="up"]');
      await page
        .getByTestId('connection-last-update')
        .filter({ hasText: /^Last update: \d{2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/ })
        .waitFor();
      expect(await page.getByRole('status').filter({ hasText: 'Online' }).count()).toBe(1);
      await snap(page, `connection-banner-01-online-${width}`);
    });

    it('given the network gone, then it says Offline and keeps the last update time; back online it says Online again', async () => {
      const before = await page.getByTestId('connection-last-update').textContent();
      await page.context().setOffline(true);
      await bannerIn(page, '[data-status="offline"]');
      await page
        .getByTestId('connection-status')
        .filter({ hasText: /^Offline$/ })
        .waitFor();
      expect(await page.getByTestId('connection-last-update').textContent()).toBe(before);
      await snap(page, `connection-banner-02-offline-${width}`);
      await page.context().setOffline(false);
      await bannerIn(page, '[data-status="online"][data-socket="up"]');
    });

    it('given the network back but the live connection refused, then it says Reconnecting… until the socket gets through', async () => {
      socketBlocked = true;
      await page.context().setOffline(true);
      await bannerIn(page, '[data-socket="down"]');
      await page.context().setOffline(false);
      await bannerIn(page, '[data-status="reconnecting"]');
      await page
        .getByTestId('connection-status')
        .filter({ hasText: /^Reconnecting…$/ })
        .waitFor();
      await snap(page, `connection-banner-03-reconnecting-${width}`);
      socketBlocked = false;
      // The capped back-off tries again within seconds, for as long as the page is open.
      await bannerIn(page, '[data-status="online"][data-socket="up"]');
    });
  });
}

describe("A driver's screen coming back from the background", () => {
  let browser: Browser;
  let page: Page;
  // While set, the socket stays up but its events never reach the page (a phone's suspended tab hears nothing).
  let eventsLost = false;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage(browser, 390, 844);
    const isEvent = (packet: string) => packet.startsWith('42');
    await page.routeWebSocket(/\/socket\.io\//, (socket) => {
      const server = socket.connectToServer();
      server.onMessage((message) => {
        if (!(eventsLost && typeof message === 'string' && isEvent(message))) socket.send(message);
      });
    });
    await page.route(/\/socket\.io\/.*transport=polling/, async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      // A long poll sent before the events were lost answers after they are: judge what it carries when it comes back.
      const response = await route.fetch();
      if (!eventsLost) return route.fulfill({ response });
      const packets = (await response.text()).split('\x1e');
      await route.fulfill({ response, body: packets.map((p) => (isEvent(p) ? '6' : p)).join('\x1e') });
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('given a ride booked while no live event reached him, when the page becomes visible again, then his lists are read again and show it', async () => {
    const driver = await newDriver(freshToken('CV'), 'Imran Qureshi', 'AMR');
    const requester = await apiRequester(freshToken('CR'), 'Pooja Nair');
    await signInDriver(page, driver.tokenNo, driver.name);
    await bannerIn(page, '[data-status="online"][data-socket="up"]');
    await page.getByText('No closest rides available').waitFor();
    eventsLost = true;
    const missed = await bookFixedRide(requester, 'AMR', 'main gate', 'canteen');
    // Booked means in his list on the server too: the read model may apply it a moment after the answer,
    // and the screen reads the list once, at once, when it becomes visible.
    const listed = async () =>
      (
        await driver.call<{ rides: { rows: Array<{ RIDE_ID: string }> } }>('GET', '/api/drivers/available-rides?vehicleType=AMR')
      ).rides.rows.some((ride) => ride.RIDE_ID === missed);
    await expect.poll(listed, { timeout: 15_000 }).toBe(true);
    expect(await rideRow(page, missed).count()).toBe(0);
    // Both the connection sync and TanStack Query's focus manager read the lists again on it.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await rideRow(page, missed).first().waitFor();
    eventsLost = false;
  });
});
