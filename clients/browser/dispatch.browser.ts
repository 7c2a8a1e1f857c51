import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { choose, launchBrowser, newPage, snap } from './support/browser';
import { rideRow, signInDriver } from './support/driver-flows';
import { admin, freshToken, newDriver, type ApiSession } from './support/engine-api';
import { pickLocation, signInInBrowser } from './support/requester-flows';
import { adminAccount, newRequester, openMaintenancePanel, signInStaff } from './support/staff-flows';

interface ShiftAnswer {
  on: boolean;
  shift: { endsAt: string; location: string | null } | null;
}

/** Buttons in the screen's main part under `floor` px either way (the glove aim is 48). */
function smallButtons(page: Page, floor = 48): Promise<string[]> {
  return page.evaluate(
    (min) =>
      [...document.querySelectorAll<HTMLElement>('main button')]
        .map((element) => ({ element, box: element.getBoundingClientRect() }))
        .filter(({ box }) => box.width > 0 && (box.width < min || box.height < min))
        .map(
          ({ element, box }) =>
            `${element.getAttribute('aria-label') ?? element.textContent?.trim()} ${Math.round(box.width)}x${Math.round(box.height)}`,
        ),
    floor,
  );
}

const plantClock = (iso: string) =>
  new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    Date.parse(iso),
  );
const secondsShown = async (page: Page, rideId: string) =>
  Number(((await page.getByTestId(`offer-countdown-${rideId}`).textContent()) ?? '').match(/^(\d+) s/)?.[1]);
const availableTo = async (driver: ApiSession) =>
  (
    await driver.call<{ rides: { rows: { RIDE_ID: string }[] } }>('GET', '/api/drivers/available-rides?vehicleType=Forklift&limit=100')
  ).rides.rows.map((ride) => ride.RIDE_ID);

describe('Offer dispatch in a real browser (issue #20)', () => {
  let browser: Browser;
  let staff: Page;
  let driverPage: Page;
  let driver: ApiSession;
  let second: ApiSession;
  let requester: ApiSession;
  let rideId = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    staff = await newPage(browser);
    driverPage = await newPage(browser, 390, 844);
    driver = await newDriver(freshToken('DO'), 'Vikram Rao', 'Forklift');
    second = await newDriver(freshToken('DO'), 'Meena Iyer', 'Forklift');
    requester = await newRequester(freshToken('QO'), 'Asha Kulkarni');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("given the spec's broadcast, when the admin switches Dispatch to Offer with 300 seconds, then the engine holds it", async () => {
    await signInStaff(staff, adminAccount());
    await openMaintenancePanel(staff);
    await staff.getByRole('link', { name: /^Dispatch/ }).click();
    await staff.getByRole('heading', { name: 'Dispatch', exact: true }).waitFor();
    expect(await staff.getByRole('radio', { name: /^Broadcast/ }).isChecked()).toBe(true);
    await staff.getByRole('radio', { name: /^Offer/ }).check();
    await staff.getByLabel('Offer time (seconds)').fill('300');
    await staff.getByRole('button', { name: 'Save' }).click();
    await staff.getByText('Dispatch settings saved: Offer.').waitFor();
    await snap(staff, 'dispatch-settings');
    const held = await (await admin()).call<{ mode: string; offerSeconds: number }>('GET', '/api/dispatch/settings');
    expect(held).toMatchObject({ mode: 'offer', offerSeconds: 300 });
  });

  it('given a Forklift driver off shift, when he taps Start shift and picks main gate, then it says until when and the engine has him on shift there', async () => {
    await signInDriver(driverPage, driver.tokenNo, 'Vikram Rao');
    await driverPage.getByTestId('shift-status').filter({ hasText: 'Off shift' }).waitFor();
    await snap(driverPage, 'dispatch-driver-off-shift');
    await driverPage.getByRole('button', { name: 'Start shift' }).click();
    const dialog = driverPage.getByRole('dialog', { name: 'Start shift' });
    await choose(dialog.getByRole('combobox', { name: 'Starting place' }), 'main gate', { exact: true });
    await snap(driverPage, 'dispatch-driver-start-shift');
    await dialog.getByRole('button', { name: 'Start shift' }).click();
    await dialog.waitFor({ state: 'detached' });
    const held = await driver.call<ShiftAnswer>('GET', '/api/drivers/shift');
    expect(held.shift?.location).toBe('main gate');
    await driverPage
      .getByTestId('shift-status')
      .filter({ hasText: `On shift until ${plantClock(held.shift!.endsAt)}` })
      .waitFor();
    await driverPage.getByText('Started at main gate').waitFor();
    expect(await smallButtons(driverPage)).toEqual([]);
    // Another driver of the type is on shift too, with no place: he ranks after the one at main gate.
    await second.call('POST', '/api/drivers/shift', { on: true });
  });

  it('given both on shift, when a requester books an urgent ride from main gate, then only the nearest driver sees it, as an offer with URGENT and a countdown', async () => {
    const page = await newPage(browser);
    await signInInBrowser(page, requester.tokenNo, `pw-${requester.tokenNo}`);
    await page.getByRole('button', { name: 'Fixed Ride' }).click();
    await pickLocation(page, 'Pickup Location', 'main gate');
    await pickLocation(page, 'Drop Location', 'canteen');
    await page.getByRole('button', { name: 'Urgent' }).click();
    expect(await page.getByRole('button', { name: 'Urgent' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'Request Transport' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Transport Request' });
    await confirm.getByText('Priority: Urgent').waitFor();
    await confirm.getByRole('button', { name: 'Confirm Request' }).click();
    const title = page.getByRole('heading', { name: /^Ride Status for Ride ID: / });
    await title.waitFor();
    rideId = ((await title.textContent()) ?? '').replace('Ride Status for Ride ID: ', '').trim();
    await page.context().close();

    const card = driverPage.getByTestId(`offer-${rideId}`);
    await card.waitFor();
    await card.getByText('URGENT', { exact: true }).waitFor();
    await card.getByText('main gate → canteen').waitFor();
    const first = await secondsShown(driverPage, rideId);
    expect(first).toBeGreaterThan(280);
    expect(first).toBeLessThanOrEqual(300);
    await driverPage.waitForFunction(
      ([id, from]) =>
        Number(document.querySelector(`[data-testid="offer-countdown-${id}"]`)?.textContent?.match(/^(\d+) s/)?.[1]) < Number(from),
      [rideId, first] as const,
    );
    // Shown once, as the offer, not again in the lists below it.
    expect(await rideRow(driverPage, rideId).count()).toBe(0);
    expect(await smallButtons(driverPage)).toEqual([]);
    await snap(driverPage, 'dispatch-driver-offer');
    expect(await availableTo(second)).not.toContain(rideId);
  });

  it("given the offer, when he declines it, then it disappears with the engine's message and goes to the other driver on shift", async () => {
    await driverPage.getByRole('button', { name: `Decline ${rideId}` }).click();
    await driverPage.getByText('Offer declined; the ride goes to another driver.').waitFor();
    await driverPage.getByTestId(`offer-${rideId}`).waitFor({ state: 'detached' });
    // Nor does it come back as a plain row while his list is read again.
    await driverPage.waitForTimeout(1_000);
    expect(await rideRow(driverPage, rideId).count()).toBe(0);
    expect(await availableTo(second)).toContain(rideId);
    await snap(driverPage, 'dispatch-driver-declined');
  });

  it('given the other driver declines too, when nobody is left, then it falls back to broadcast and shows in his list as any ride', async () => {
    await second.call('POST', '/api/tracking/decline-offer', { rideId });
    await rideRow(driverPage, rideId).waitFor();
    expect(await driverPage.getByTestId(`offer-${rideId}`).count()).toBe(0);
  });

  it('given the drivers on shift, when staff open Drivers on Shift, then both Forklift drivers show as free with their shift end', async () => {
    await staff.getByRole('button', { name: 'Back' }).click();
    await staff.getByRole('link', { name: /^Drivers on Shift/ }).click();
    await staff.getByRole('heading', { name: 'Drivers on Shift', exact: true }).waitFor();
    const row = staff.getByTestId(`presence-${driver.tokenNo}`);
    await row.getByText('free', { exact: true }).waitFor();
    const held = await driver.call<ShiftAnswer>('GET', '/api/drivers/shift');
    await row.getByText(plantClock(held.shift!.endsAt)).waitFor();
    await row.getByText('main gate').waitFor();
    await staff.getByTestId('presence-count-Forklift').getByText('2 free').waitFor();
    await choose(staff.getByRole('combobox', { name: 'State' }), 'off shift');
    expect(await row.count()).toBe(0);
    await choose(staff.getByRole('combobox', { name: 'State' }), 'free');
    await row.waitFor();
    await snap(staff, 'dispatch-presence');
  });
});
