import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, snap } from './support/browser';
import { rideRow, signInDriver } from './support/driver-flows';
import { admin, freshToken, newDriver, type ApiSession } from './support/engine-api';
import { adminAccount, newRequester, signInStaff } from './support/staff-flows';

interface ShiftAnswer {
  on: boolean;
  shift: { endsAt: string } | null;
  breakSince: string | null;
}
type Settings = Record<string, unknown>;

const plantClock = (iso: string) =>
  new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    Date.parse(iso),
  );

/** Buttons in the screen's main part under 48 px either way (the glove aim). */
function smallButtons(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('main button')]
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.width < 48 || box.height < 48))
      .map(({ element, box }) => `${element.textContent?.trim()} ${Math.round(box.width)}x${Math.round(box.height)}`),
  );
}

/**
 * Tabs from the top of the page until `target` has the focus, as a keyboard user would reach it; fails
 * if 40 presses do not get there. Answers the focus ring's outline as the browser draws it.
 */
async function tabTo(page: Page, target: Locator): Promise<string> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  for (let presses = 0; presses < 40; presses += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) {
      return target.evaluate((element) => {
        const style = getComputedStyle(element);
        return `${style.outlineStyle} ${style.outlineWidth}`;
      });
    }
  }
  throw new Error(`Tab never reached ${String(target)}`);
}

/*
 * Issue #32 item 4 in a real browser: a driver on shift takes a break on his phone (390 px) by
 * keyboard; he is told he is on break and a ride booked meanwhile is offered to nobody and not listed
 * for him; the admin's board (1,280 px, and 390 px) shows him on break since when; he ends his break
 * and the waiting ride comes to his list. Axe and the sideways check at each screen (snap).
 */
describe('A driver on break in a real browser (issue #32 item 4)', () => {
  let browser: Browser;
  let phone: Page;
  let staff: Page;
  let driver: ApiSession;
  let requester: ApiSession;
  let settings: Settings;
  let rideId = '';
  const name = 'Kiran Patil';

  beforeAll(async () => {
    browser = await launchBrowser();
    phone = await newPage(browser, 390, 844);
    staff = await newPage(browser);
    const boss = await admin();
    settings = await boss.call<Settings>('GET', '/api/dispatch/settings');
    // Offer dispatch: a ride goes to a free driver on shift first; nobody free, it opens to all.
    await boss.call('PUT', '/api/dispatch/settings', { ...settings, mode: 'offer', offerSeconds: 300 });
    driver = await newDriver(freshToken('BK'), name, 'Forklift');
    await driver.call('POST', '/api/drivers/shift', { on: true, location: 'main gate' });
    requester = await newRequester(freshToken('BQ'), 'Sunita Rao');
  });
  afterAll(async () => {
    await (await admin()).call('PUT', '/api/dispatch/settings', settings);
    await browser?.close();
  });

  it('given a driver on shift on his phone, when he takes a break from the keyboard, then his screen says he is on break and a ride booked meanwhile is not offered to him', async () => {
    await signInDriver(phone, driver.tokenNo, name);
    await phone.getByTestId('shift-status').filter({ hasText: 'On shift until' }).waitFor();
    const take = phone.getByRole('button', { name: 'Take a break' });
    // Reached by Tab, with a visible focus ring; Enter takes the break.
    expect(await tabTo(phone, take)).toMatch(/^solid [2-9]/);
    await snap(phone, 'break-01-driver-focus-phone');
    await phone.keyboard.press('Enter');
    // The focus stays where he was: on the same button, now End break.
    await phone.waitForFunction(() => document.activeElement?.textContent === 'End break');
    const held = await driver.call<ShiftAnswer>('GET', '/api/drivers/shift');
    expect(held.breakSince).not.toBeNull();
    await phone
      .getByTestId('shift-status')
      .filter({ hasText: `On break since ${plantClock(held.breakSince!)}` })
      .waitFor();
    await phone.getByTestId('on-break-notice').waitFor();
    expect(await smallButtons(phone)).toEqual([]);

    const booked = await requester.call<{ rideId: string; position: number }>('POST', '/api/bookings/book-ride', {
      userId: requester.tokenNo,
      fromLocation: 'main gate',
      toLocation: 'canteen',
      vehicleType: 'Forklift',
      rideType: 'Regular',
      reqName: requester.name,
      reqMobileNo: '9000000001',
    });
    rideId = booked.rideId;
    // The engine offered it to nobody (he is the only Forklift driver on shift); his phone lists nothing to take.
    const board = await (
      await admin()
    ).call<{ waitingRides: { rideId: string; offer: unknown }[] }>('GET', `/api/board?position=${booked.position}`);
    expect(board.waitingRides.find((ride) => ride.rideId === rideId)).toMatchObject({ offer: null });
    expect(await phone.getByTestId(`offer-${rideId}`).count()).toBe(0);
    expect(await rideRow(phone, rideId).count()).toBe(0);
    await snap(phone, 'break-02-driver-on-break-phone');
  });

  it('given him on break, when the admin opens the board at 1,280 and 390 px, then the Forklift drivers show him on break since when, counted', async () => {
    await signInStaff(staff, adminAccount());
    const drivers = staff.getByRole('region', { name: /^Drivers on shift/ });
    const held = await driver.call<ShiftAnswer>('GET', '/api/drivers/shift');
    await drivers.getByText(`${name} (${driver.tokenNo}): on break since ${plantClock(held.breakSince!)}`).waitFor();
    await drivers.getByText('0 free, 0 busy, 1 on break, 0 blocked').waitFor();
    await snap(staff, 'break-03-board-desktop');
    await staff.setViewportSize({ width: 390, height: 844 });
    await snap(staff, 'break-04-board-phone');
    await staff.setViewportSize({ width: 1280, height: 900 });
  });

  it('given him on break, when he ends it from the keyboard, then he is on shift again, the waiting ride comes to his list and the board has him free', async () => {
    const end = phone.getByRole('button', { name: 'End break' });
    expect(await tabTo(phone, end)).toMatch(/^solid [2-9]/);
    await phone.keyboard.press('Enter');
    await phone.waitForFunction(() => document.activeElement?.textContent === 'Take a break');
    await phone.getByTestId('shift-status').filter({ hasText: 'On shift until' }).waitFor();
    await phone.getByTestId('on-break-notice').waitFor({ state: 'detached' });
    await rideRow(phone, rideId).waitFor();
    expect(await driver.call<ShiftAnswer>('GET', '/api/drivers/shift')).toMatchObject({ on: true, breakSince: null });
    await snap(phone, 'break-05-driver-back-phone');

    await staff.reload();
    await staff
      .getByRole('region', { name: /^Drivers on shift/ })
      .getByText(`${name} (${driver.tokenNo}): free`)
      .waitFor();
  });
});
