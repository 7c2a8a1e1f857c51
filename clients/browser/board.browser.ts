import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, snap } from './support/browser';
import { admin, freshToken, newDriver, type ApiSession } from './support/engine-api';
import { adminAccount, newMaintenanceHead, newRequester, openMaintenancePanel, signInStaff } from './support/staff-flows';

type Settings = { serviceTargets: { urgent: { acceptSeconds: number; deliverSeconds: number } } } & Record<string, unknown>;

/** Buttons in the screen's main part under 48 px either way (the glove aim). */
function smallButtons(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('main button')]
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.width < 48 || box.height < 48))
      .map(({ element, box }) => `${element.textContent?.trim()} ${Math.round(box.width)}x${Math.round(box.height)}`),
  );
}

/*
 * Issue #32 items 4 and 5 in a real browser: the staff land on the dispatcher board; a missed target
 * shows there as an alert (live, from the staff room) that stays until acknowledged; the board reads
 * on a phone (390 px, cards, no sideways scroll) and a desk (1,280 px), with axe at each (snap).
 */
describe('The dispatcher board in a real browser (issue #32 items 4 and 5)', () => {
  let browser: Browser;
  let page: Page;
  let settings: Settings;
  let requester: ApiSession;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage(browser);
    const boss = await admin();
    settings = await boss.call<Settings>('GET', '/api/dispatch/settings');
    // An urgent ride misses its accept target after one second: the alert the board keeps.
    await boss.call('PUT', '/api/dispatch/settings', {
      ...settings,
      serviceTargets: { ...settings.serviceTargets, urgent: { ...settings.serviceTargets.urgent, acceptSeconds: 1 } },
    });
    const driver = await newDriver(freshToken('BD'), 'Ravi Kumar', 'Crane');
    await driver.call('POST', '/api/drivers/shift', { on: true });
    requester = await newRequester(freshToken('BQ'), 'Farhan Shaikh');
  });
  afterAll(async () => {
    await (await admin()).call('PUT', '/api/dispatch/settings', settings);
    await browser?.close();
  });

  it('given the admin signs in, when an urgent ride misses its target, then his board shows it waiting and the alert, counted, at 1,280 and 390 px', async () => {
    await signInStaff(page, adminAccount());
    await page.getByRole('heading', { name: 'Dispatcher Board' }).waitFor();
    const { rideId } = await requester.call<{ rideId: string }>('POST', '/api/bookings/book-ride', {
      userId: requester.tokenNo,
      fromLocation: 'RMS',
      toLocation: 'fgs',
      vehicleType: 'Crane',
      rideType: 'Regular',
      reqName: requester.name,
      reqMobileNo: '9000000001',
      priority: 'urgent',
    });
    const alerts = page.getByRole('region', { name: /^Alerts/ });
    await alerts.getByText(`Ride ${rideId} · RMS → fgs`, { exact: false }).waitFor();
    await alerts.getByText('Target missed: not accepted in time.').first().waitFor();
    await page
      .getByRole('region', { name: /^Waiting rides/ })
      .getByText(`Ride ${rideId}`, { exact: false })
      .waitFor();
    await page
      .getByRole('region', { name: /^Drivers on shift/ })
      .getByText(/Ravi Kumar \(BD\w+\): free/)
      .waitFor();
    await page
      .getByRole('list', { name: 'Board counts' })
      .getByText(/target missed/)
      .waitFor();
    await snap(page, 'board-desktop');
    expect(await smallButtons(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'board-phone');
    expect(await smallButtons(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });

    // Acknowledged, it leaves the list.
    const card = alerts.getByRole('listitem').filter({ hasText: `Ride ${rideId}` });
    await card.getByRole('button', { name: /^Acknowledge/ }).click();
    await card.waitFor({ state: 'detached' });
  });

  it('given the admin on his board, then Admin Tools opens the tools titled for him, and Back returns to the board', async () => {
    await openMaintenancePanel(page);
    await page.getByRole('heading', { name: 'Admin Tools' }).waitFor();
    await page.getByRole('list', { name: 'Board counts' }).waitFor();
    await snap(page, 'board-admin-tools');
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL('**/board');
  });

  it('given a maintenance head signs in, then he lands on the board too, and Requests is one tap away', async () => {
    const other = await newPage(browser, 390, 844);
    await signInStaff(other, await newMaintenanceHead(freshToken('BH')));
    await other.getByRole('heading', { name: 'Dispatcher Board' }).waitFor();
    await snap(other, 'board-head-phone');
    await other.getByRole('button', { name: 'Requests' }).click();
    await other.getByRole('heading', { name: 'Maintenance Requests' }).waitFor();
  });
});
