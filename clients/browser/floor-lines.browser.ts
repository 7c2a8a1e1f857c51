import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations, settled } from './support/axe';
import { choose, launchBrowser, newPage, snap } from './support/browser';
import { driverStep, signInDriver } from './support/driver-flows';
import { admin, freshToken, newDriver, type ApiSession } from './support/engine-api';
import { requestTransport, signUpInBrowser } from './support/requester-flows';

/*
 * Issue #32 items 7, 8 and 9: the lines people read before and after a ride, at 390 and 1,280 px with axe:
 * the requester sees how many drivers of the type are on shift and free before he books; the driver sees
 * his own tally for the day; an account change that ends a session says why on the sign-in screen.
 * Cranes: this file's engine has no other Crane driver, so the counts are this file's own.
 */
describe('What the floor reads: drivers on shift, the day tally, a session ended with a reason', () => {
  let browser: Browser;
  let requesterPage: Page;
  let driverPage: Page;
  let driverApi: ApiSession;
  const requester = freshToken('FQ');
  const driver = freshToken('FD');

  beforeAll(async () => {
    browser = await launchBrowser();
    requesterPage = await newPage(browser, 390, 844);
    driverPage = await newPage(browser, 390, 844);
    driverApi = await newDriver(driver, 'Meera Joshi', 'Crane');
    await signUpInBrowser(requesterPage, requester, 'secret-7');
  });
  afterAll(async () => {
    await browser?.close();
  });

  const onShiftLine = () => requesterPage.getByTestId('drivers-on-shift');
  const chooseCrane = async () => {
    await requesterPage.getByRole('button', { name: 'Fixed Ride' }).click();
    await choose(requesterPage.getByRole('combobox', { name: 'Vehicle Type' }), 'Crane');
  };

  it('given no Crane driver on shift, when the requester chooses Crane, then the form says his ride waits; once one starts his shift, it says one of one is free', async () => {
    await chooseCrane();
    await onShiftLine().filter({ hasText: 'No Crane driver is on shift now; your ride waits until one starts.' }).waitFor();
    await settled(requesterPage);
    await snap(requesterPage, 'floor-01-none-on-shift-390');
    expect(await seriousViolations(requesterPage)).toEqual([]);

    await driverApi.call('POST', '/api/drivers/shift', { on: true });
    // The form reads the line every 30 s, and again when the type is chosen anew.
    await choose(requesterPage.getByRole('combobox', { name: 'Vehicle Type' }), 'Forklift');
    await onShiftLine().filter({ hasText: 'Forklift' }).waitFor();
    await choose(requesterPage.getByRole('combobox', { name: 'Vehicle Type' }), 'Crane');
    await onShiftLine().filter({ hasText: '1 of 1 Crane driver on shift is free now.' }).waitFor();
    await requesterPage.setViewportSize({ width: 1280, height: 900 });
    await settled(requesterPage);
    await snap(requesterPage, 'floor-02-one-free-1280');
    expect(await seriousViolations(requesterPage)).toEqual([]);
  });

  it('given the driver has no ride today, when he carries one out on his phone, then his tally goes from none to one ride with its minutes', async () => {
    await signInDriver(driverPage, driver, 'Meera Joshi');
    const tally = driverPage.getByTestId('day-tally');
    await tally.filter({ hasText: 'Today: no rides yet' }).waitFor();

    const rideId = await requestTransport(requesterPage, 'RMS', 'canteen');
    await driverPage.getByRole('button', { name: `Accept Ride ${rideId}` }).click();
    await driverPage.getByTestId('ongoing-ride-id').filter({ hasText: rideId }).waitFor();
    await driverStep(driverPage, 'Start Ride', 'started');
    await driverStep(driverPage, 'Material Picked', 'material picked');
    await driverStep(driverPage, 'Material Dropped', 'delivered');
    await driverPage.getByRole('button', { name: 'End Ride', exact: true }).click();
    await driverPage.getByText('No ongoing ride at the moment').waitFor();

    await tally.filter({ hasText: /^Today: 1 ride · \d+ min driving$/ }).waitFor();
    await settled(driverPage);
    await snap(driverPage, 'floor-03-tally-390');
    expect(await seriousViolations(driverPage)).toEqual([]);
    await driverPage.setViewportSize({ width: 1280, height: 900 });
    await tally.filter({ hasText: 'Today: 1 ride' }).waitFor();
    await settled(driverPage);
    await snap(driverPage, 'floor-04-tally-1280');
    expect(await seriousViolations(driverPage)).toEqual([]);
  });

  it('given the requester signed in, when an admin blocks his account, then his screen goes to sign-in and says why, and a key press reaches the form with a visible focus ring', async () => {
    const boss = await admin();
    await requesterPage.setViewportSize({ width: 390, height: 844 });
    await boss.call('PUT', `/api/users/${requester}`, { is_blocked: true });
    await requesterPage.waitForURL('**/signin');
    await requesterPage.getByText('Your account is blocked. Contact admin.').first().waitFor();
    await settled(requesterPage);
    await snap(requesterPage, 'floor-05-blocked-390');
    expect(await seriousViolations(requesterPage)).toEqual([]);

    // Keyboard: Tab reaches the token field, and a focused button shows its ring.
    const token = requesterPage.getByLabel('Token Number');
    await token.focus();
    await requesterPage.keyboard.press('Tab');
    await requesterPage.keyboard.press('Tab');
    const ring = await requesterPage.evaluate(() => {
      const focused = document.activeElement as HTMLElement | null;
      if (!focused || focused === document.body) return null;
      const style = getComputedStyle(focused);
      return { tag: focused.tagName, outline: style.outlineStyle, width: parseFloat(style.outlineWidth), shadow: style.boxShadow };
    });
    expect(ring).not.toBeNull();
    expect(ring!.outline !== 'none' && ring!.width > 0).toBe(true);
  });
});
