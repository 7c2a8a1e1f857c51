import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations, settled } from './support/axe';
import { launchBrowser, newPage, snap } from './support/browser';
import { apiRequester, bookFixedRide, signInDriver } from './support/driver-flows';
import { freshToken, newDriver, type ApiSession } from './support/engine-api';
import { signInInBrowser } from './support/requester-flows';
import { adminAccount, signInStaff } from './support/staff-flows';

/*
 * Issue #32 item 9, the keyboard: on the driver's, the requester's and the staff's screens at 390 and
 * 1,280 px, Tab reaches every control and each shows where the focus is (its own ring, the ring of the
 * MUI control around it, or a field's outlined box turned to the focus colour); every dialog a key
 * opens closes on Escape, changes nothing, and gives the focus back to the control that opened it.
 */

/** The focused element, described; and whether anything on screen shows it has the focus. */
function focusShown(page: Page): Promise<{ what: string; shown: boolean } | null> {
  return page.evaluate(() => {
    const focused = document.activeElement as HTMLElement | null;
    if (!focused || focused === document.body) return null;
    const ring = (element: Element | null) => {
      if (!element) return false;
      const style = getComputedStyle(element);
      return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
    };
    // MUI puts its focus-visible class on the control's root (a checkbox's span around its input).
    const shown = ring(focused) || ring(focused.closest('.Mui-focusVisible')) || focused.closest('.MuiInputBase-root.Mui-focused') !== null;
    const name = focused.getAttribute('aria-label') ?? focused.textContent?.trim() ?? '';
    return { what: `<${focused.tagName.toLowerCase()}> "${name.slice(0, 40)}"`, shown };
  });
}

/**
 * Tabs through the screen from its top until the focus comes round again (or `limit` presses), and
 * answers the controls reached and those that showed no focus.
 */
async function tabThrough(page: Page, limit = 60): Promise<{ reached: string[]; unseen: string[] }> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.mouse.click(1, 1);
  const reached: string[] = [];
  const unseen: string[] = [];
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press('Tab');
    const focus = await focusShown(page);
    if (!focus) break;
    if (reached.includes(focus.what) && focus.what === reached[0]) break;
    reached.push(focus.what);
    if (!focus.shown) unseen.push(focus.what);
  }
  return { reached, unseen };
}

/** Opens the dialog from `opener` with the keyboard, checks it with axe, closes it with Escape, and answers where the focus went. */
async function escapeCloses(page: Page, opener: Locator, dialogName: string | RegExp, shot: string): Promise<void> {
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.waitFor();
  await settled(page);
  await snap(page, shot);
  expect(await seriousViolations(page), `${shot}: axe`).toEqual([]);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  // MUI gives the focus back to the opener once the dialog's exit ends.
  await page.waitForFunction((name) => document.activeElement?.textContent?.trim() === name, (await opener.textContent())?.trim());
  expect((await focusShown(page))?.shown, `${shot}: the opener shows its focus again`).toBe(true);
}

/** Forgets the account signed in on this page (its token is in localStorage), so the next can sign in. */
async function forgetSession(page: Page): Promise<void> {
  if (page.url().startsWith('http')) await page.evaluate(() => localStorage.clear());
}

describe.each([
  ['phone', 390, 844, ['KP', 'KQ']],
  ['desktop', 1280, 900, ['KD', 'KE']],
] as const)('The keyboard at %s width (issue #32 item 9)', (label, width, height, [driverPrefix, requesterPrefix]) => {
  let browser: Browser;
  let page: Page;
  let driver: ApiSession;
  let requester: ApiSession;
  let booker: ApiSession;
  const driverName = label === 'phone' ? 'Imran Shaikh' : 'Lata Kulkarni';
  const shot = (step: string) => `keyboard-${label}-${step}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage(browser, width, height);
    driver = await newDriver(freshToken(driverPrefix), driverName, 'Forklift');
    requester = await apiRequester(freshToken(requesterPrefix), 'Sunil Rao');
    await bookFixedRide(requester, 'Forklift', 'main gate', 'canteen');
    // One with no ride open, so the booking form shows.
    booker = await apiRequester(freshToken(requesterPrefix), 'Asha Menon');
    // Another driver's request on the staff's list, to open its Reject dialog.
    const reporter = await newDriver(freshToken(driverPrefix), 'Ravi Desai', 'Forklift');
    await reporter.call('POST', '/api/requests/maintenanceReq', {
      driver_id: reporter.tokenNo,
      driver_name: reporter.name,
      vehicle_type: 'Forklift',
      issue: 'Engine Issue',
      comment_text: 'Horn stays silent',
      status: 'pending',
      breakdown_type: 'partial',
      ride_id: null,
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('given the driver dashboard, then Tab reaches every control with its focus shown, and Request Maintenance and Logout open dialogs that Escape closes, the focus back on their button', async () => {
    await signInDriver(page, driver.tokenNo, driverName);
    await page
      .getByRole('button', { name: /^Accept Ride / })
      .first()
      .waitFor();
    await settled(page);
    const { reached, unseen } = await tabThrough(page);
    expect(reached.length, reached.join(', ')).toBeGreaterThan(4);
    expect(unseen).toEqual([]);
    await escapeCloses(
      page,
      page.getByRole('button', { name: 'Request Maintenance' }),
      'Request Vehicle Maintenance',
      shot('01-driver-maintenance'),
    );
    await escapeCloses(page, page.getByRole('button', { name: 'Logout' }), 'Log out?', shot('02-driver-logout'));
    expect(new URL(page.url()).pathname).toBe('/driver');
  });

  it('given the booking form, then Tab reaches every control with its focus shown', async () => {
    await forgetSession(page);
    await signInInBrowser(page, booker.tokenNo, `pw-${booker.tokenNo}`);
    await page.getByRole('button', { name: 'Fixed Ride' }).click();
    await page.getByRole('combobox', { name: /^Pickup Location/ }).waitFor();
    await settled(page);
    const { reached, unseen } = await tabThrough(page);
    expect(reached.length, reached.join(', ')).toBeGreaterThan(4);
    expect(unseen).toEqual([]);
    await snap(page, shot('03-requester'));
  });

  it('given the admin on the board, the requests and the drivers, then Tab shows the focus on every control, and Reject and Add New Driver Info open dialogs that Escape closes with nothing changed', async () => {
    await forgetSession(page);
    await signInStaff(page, adminAccount());
    for (const path of ['/board', '/requests', '/driver-info']) {
      if (path !== '/board') await page.goto(path);
      await page.waitForFunction(() => document.querySelector('[role="progressbar"]') === null);
      await settled(page);
      const { reached, unseen } = await tabThrough(page);
      expect(reached.length, `${path}: ${reached.join(', ')}`).toBeGreaterThan(2);
      expect(unseen, path).toEqual([]);
      if (path === '/requests') {
        await escapeCloses(
          page,
          page.getByRole('button', { name: 'Reject', exact: true }).first(),
          'Reject Maintenance Request',
          shot('04-reject'),
        );
        // Nothing was rejected: the request still offers Reject.
        await page.getByRole('button', { name: 'Reject', exact: true }).first().waitFor();
      }
      if (path === '/driver-info')
        await escapeCloses(page, page.getByRole('button', { name: 'Add New Driver Info' }), 'Add New Driver', shot('05-add-driver'));
    }
  });
});
