import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, openOptions, snap } from './support/browser';
import { apiRequester, bookFixedRide, signInDriver } from './support/driver-flows';
import { admin, freshToken, newDriver, type ApiSession } from './support/engine-api';
import { pickLocation, signUpInBrowser } from './support/requester-flows';
import { settled } from './support/axe';
import { adminAccount, completedRide, signInStaff } from './support/staff-flows';

interface Target {
  what: string;
  width: number;
  height: number;
}

/** Gloved fingers (issue #32 item 9): every tap target at least 48 CSS px each way, links included. */
const FLOOR = 48;

/** Every screen staff reach, each with a few words it shows once its data is in. */
const STAFF_SCREENS: ReadonlyArray<readonly [path: string, shows: RegExp]> = [
  ['/board', /Waiting rides/i],
  ['/maintenance-head', /Admin Tools/],
  ['/requests', /Maintenance Requests/i],
  ['/reports', /Fleet/i],
  ['/ride-reports', /Ride Reports/i],
  ['/driver-info', /Driver/i],
  ['/presence', /shift/i],
  ['/inspections', /Inspection/i],
  ['/site', /Site/i],
  ['/dispatch', /Dispatch/i],
  ['/checklists', /Checklist/i],
  ['/service-accounts', /Service accounts/i],
  ['/amrs', /Save nodes/],
];

/** Every visible thing a finger can press: buttons, links, fields, tabs, comboboxes, checkboxes. */
function tapTargets(page: Page): Promise<Target[]> {
  return page.evaluate(() => {
    const selector =
      'button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"], [role="combobox"], [role="checkbox"], [role="link"]';
    return [...document.querySelectorAll<HTMLElement>(selector)]
      .filter((element) => {
        const style = getComputedStyle(element);
        const box = element.getBoundingClientRect();
        // MUI hides the real checkbox input over its visible box; the box's parent is what is measured.
        return (
          style.visibility !== 'hidden' &&
          style.display !== 'none' &&
          box.width > 0 &&
          box.height > 0 &&
          element.closest('[aria-hidden="true"]') === null
        );
      })
      .map((element) => {
        // A field's tap area is its outlined box (the MUI InputBase root), not the bare <input> or a select's
        // inner box; a slider's is its root (a touch anywhere on it moves the thumb), not its hidden input.
        const measured = element.matches('input, textarea, [role="combobox"]')
          ? (element.closest('.MuiInputBase-root, .MuiSlider-root') ?? element)
          : element;
        const box = measured.getBoundingClientRect();
        const name = element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '';
        return {
          what: `<${element.tagName.toLowerCase()}> "${name.slice(0, 40)}"`,
          width: Math.round(box.width),
          height: Math.round(box.height),
        };
      });
  });
}

/** The screen's targets under FLOOR px either way, one line each; fails if it finds no target at all. */
async function undersized(page: Page, screen: string): Promise<string[]> {
  const targets = await tapTargets(page);
  expect(targets.length, `${screen}: no tap targets found`).toBeGreaterThan(0);
  return targets
    .filter((target) => target.width < FLOOR || target.height < FLOOR)
    .map((t) => `${screen}: ${t.what} ${t.width}x${t.height}`);
}

/** Asserts every target on the screen is at least FLOOR px each way. */
async function expectTappable(page: Page, screen: string): Promise<void> {
  expect(await undersized(page, screen), `${screen}: tap targets under ${FLOOR} px`).toEqual([]);
}

/** The header and the screen's main actions (buttons named by `actions`) that a toast's box overlaps. */
function controlsUnderToasts(page: Page, actions: RegExp): Promise<string[]> {
  return page.evaluate((pattern) => {
    const named = new RegExp(pattern);
    const toasts = [...document.querySelectorAll('.Toastify__toast')].map((toast) => toast.getBoundingClientRect());
    if (toasts.length === 0) return ['no toast showing'];
    const controls = [...document.querySelectorAll<HTMLElement>('header, header button, button')].filter(
      (element) =>
        !element.closest('.Toastify') &&
        element.getBoundingClientRect().width > 0 &&
        (element.tagName === 'HEADER' || element.closest('header') || named.test(element.textContent ?? '')),
    );
    const overlaps = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    return controls
      .filter((element) => toasts.some((toast) => overlaps(toast, element.getBoundingClientRect())))
      .map((element) => `<${element.tagName.toLowerCase()}> "${(element.textContent ?? '').trim().slice(0, 40)}"`);
  }, actions.source);
}

/** The Logout button asks first: Stay signed in keeps the screen; Logout in the dialog signs out. */
async function logoutIsConfirmed(page: Page, shot: string): Promise<void> {
  const here = new URL(page.url()).pathname;
  await page.getByRole('button', { name: 'Logout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log out?' });
  await dialog.waitFor();
  await snap(page, shot);
  await dialog.getByRole('button', { name: 'Stay signed in' }).click();
  await dialog.waitFor({ state: 'hidden' });
  expect(new URL(page.url()).pathname).toBe(here);
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('dialog', { name: 'Log out?' }).getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL('**/signin');
}

describe.each([
  ['phone', 390, 844, ['TP', 'TQ', 'TS']],
  ['desktop', 1280, 900, ['TD', 'TE', 'TF']],
] as const)('Tap targets, toasts and Logout at %s width', (label, width, height, [driverPrefix, requesterPrefix, signUpPrefix]) => {
  let browser: Browser;
  let page: Page;
  let driver: ApiSession;
  let requester: ApiSession;
  const driverName = label === 'phone' ? 'Ganesh Patil' : 'Rekha Nair';
  const shot = (step: string) => snap(page, `touch-${label}-${step}`);
  const rides: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage(browser, width, height);
    driver = await newDriver(freshToken(driverPrefix), driverName, 'Forklift');
    requester = await apiRequester(freshToken(requesterPrefix), 'Vinod Shah');
    await completedRide(requester, driver);
    for (const [from, to] of [
      ['main gate', 'canteen'],
      ['south gate', 'RMS'],
      ['canteen', 'fgs'],
      ['RMS', 'main gate'],
    ] as const) {
      rides.push(await bookFixedRide(requester, 'Forklift', from, to));
    }
    // A service account with a trigger (issue #33), so its card's buttons are measured too.
    const staff = await admin();
    const { accountId } = await staff.call<{ accountId: string }>('POST', '/api/service-accounts', {
      name: `Touch PLC ${label}`,
      scopes: ['orders:write'],
    });
    await staff.call('PUT', `/api/service-accounts/${accountId}/triggers/bin-1`, {
      fromLocation: 'main gate',
      toLocation: 'canteen',
      vehicleType: 'Forklift',
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('given a driver with rides waiting, when his dashboard shows, then every tap target is at least 48 px each way and Enable sound shows until tapped, then stays away', async () => {
    await signInDriver(page, driver.tokenNo, driverName);
    await page.getByRole('button', { name: `Accept Ride ${rides[0]}`, exact: true }).waitFor();
    await page.getByRole('button', { name: 'Enable sound' }).waitFor();
    await shot('01-driver-dashboard');
    await expectTappable(page, `driver dashboard at ${width} px`);

    await page.getByRole('button', { name: 'Enable sound' }).click();
    await page.getByRole('button', { name: 'Enable sound' }).waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('button', { name: `Accept Ride ${rides[0]}`, exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Enable sound' }).count()).toBe(0);
  });

  it('given the Ride History tab, then the completed rides are cards on a phone and a table where it fits, with no sideways scroll', async () => {
    await page.getByRole('tab', { name: 'Ride History' }).click();
    await page.getByRole('heading', { name: 'Completed Rides' }).waitFor();
    await expectTappable(page, `driver history at ${width} px`);
    if (label === 'phone') {
      // Cards (issue #32), so nothing to scroll sideways and no hint.
      await page
        .getByTestId(/^completed-/)
        .first()
        .waitFor();
      expect(await page.getByRole('table').count()).toBe(0);
    } else {
      await page.getByRole('table').first().waitFor();
    }
    expect(await page.getByTestId('scroll-hint').count()).toBe(0);
    await shot('02-driver-history');
    await page.getByRole('tab', { name: 'Active Rides' }).click();
  });

  it('given the driver accepts a ride, when the toast shows, then it covers no control, header included', async () => {
    await page.getByRole('button', { name: `Accept Ride ${rides[0]}`, exact: true }).click();
    // The pointer resting on the toast holds it (pauseOnHover) while the card settles and the check runs.
    await page.locator('.Toastify__toast').first().hover();
    await page.getByTestId('ongoing-ride-status').waitFor();
    await shot('03-driver-toast');
    expect(await controlsUnderToasts(page, /^(Start Ride|Material Picked|Material Dropped|End Ride|Accept Ride)/)).toEqual([]);
    await expectTappable(page, `driver with a ride at ${width} px`);
  });

  it('given the maintenance form open mid-ride, then its fields and buttons are big enough and Cancel closes it (the sent state reads Close: maintenance-dialog.test.tsx)', async () => {
    await page.getByRole('button', { name: 'Request Maintenance' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request Vehicle Maintenance' });
    await dialog.waitFor();
    await expectTappable(page, `maintenance dialog at ${width} px`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('given the driver taps Logout, then it asks first', async () => {
    await logoutIsConfirmed(page, `touch-${label}-04-driver-logout`);
  });

  it('given the sign-in, sign-up and reset screens, then every link and button on them is big enough', async () => {
    const small: string[] = [];
    for (const path of ['/signin', '/signup', '/reset-password']) {
      await page.goto(path);
      await page.getByRole('link').first().waitFor();
      await settled(page);
      small.push(...(await undersized(page, `${path} at ${width} px`)));
    }
    await shot('09-signin');
    expect(small).toEqual([]);
  });

  it('given the admin, when each staff screen shows, then every tap target on it is big enough', async () => {
    await signInStaff(page, adminAccount());
    const small: string[] = [];
    for (const [path, shows] of [...STAFF_SCREENS, [`/ride-audit/${rides[0]}`, /Audit/i] as const]) {
      await page.goto(path);
      await page.getByText(shows).first().waitFor();
      await page.waitForFunction(() => document.querySelector('[role="progressbar"]') === null);
      await settled(page);
      await shot(`10-staff-${path.split('/')[1]}`);
      small.push(...(await undersized(page, `${path} at ${width} px`)));
    }
    expect(small).toEqual([]);
    await logoutIsConfirmed(page, `touch-${label}-11-staff-logout`);
  });

  it('given a requester who signed up without a name, then she is greeted by token number alone, every tap target is big enough and the drop list leaves out the pickup', async () => {
    const token = freshToken(signUpPrefix);
    await signUpInBrowser(page, token, 'secret-7');
    await page.getByRole('heading', { name: `Hello, ${token}`, exact: true }).waitFor();
    await page.getByRole('button', { name: 'Fixed Ride' }).click();
    await pickLocation(page, 'Pickup Location', 'south gate');
    const dropList = await openOptions(page.getByRole('combobox', { name: 'Drop Location' }));
    const options = await dropList.getByRole('option').allTextContents();
    expect(options.length).toBeGreaterThan(1);
    expect(options).not.toContain('south gate');
    expect(options).toContain('canteen');
    await shot('05-requester-drop-list');
    await dropList.getByRole('option', { name: 'canteen', exact: true }).click();
    await page.getByRole('region', { name: 'Estimated delivery time' }).waitFor();
    await shot('06-requester-form');
    await expectTappable(page, `requester booking form at ${width} px`);
    await page.getByRole('button', { name: 'Request Transport' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Transport Request' });
    await confirm.getByRole('button', { name: 'Confirm Request' }).click();
    await page.getByRole('heading', { name: /^Ride Status for Ride ID: / }).waitFor();
    await page.locator('.Toastify__toast').first().hover();
    await shot('07-requester-toast');
    expect(await controlsUnderToasts(page, /^(Cancel Request|Cancel Ride|Book New Ride|Request Transport)/)).toEqual([]);
    await expectTappable(page, `requester tracker at ${width} px`);
    await logoutIsConfirmed(page, `touch-${label}-08-requester-logout`);
  });
});
