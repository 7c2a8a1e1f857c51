import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { choose, launchBrowser, newPage, snap } from './support/browser';
import { rideRow, signInDriver } from './support/driver-flows';
import { admin, freshToken, newDriver, type ApiSession } from './support/engine-api';
import { pickLocation, signInInBrowser, historyCard } from './support/requester-flows';
import { adminAccount, newRequester, signInStaff } from './support/staff-flows';
import { formatDate } from '../src/lib/format-date';

/** Buttons in the screen's main part under 48 px either way (the glove aim). */
function smallButtons(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('main button')]
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.width < 48 || box.height < 48))
      .map(
        ({ element, box }) =>
          `${element.getAttribute('aria-label') ?? element.textContent?.trim()} ${Math.round(box.width)}x${Math.round(box.height)}`,
      ),
  );
}

// Tomorrow's weekday on the plant's clock, as the screen writes it ('Sat').
// Tomorrow on the plant's clock as every screen writes a day ('07 Dec 2026').
const plantDayTomorrow = () => formatDate(Date.now() + 86_400_000);
const availableTo = async (driver: ApiSession) =>
  (
    await driver.call<{ rides: { rows: { RIDE_ID: string }[] } }>('GET', '/api/drivers/available-rides?vehicleType=Forklift&limit=100')
  ).rides.rows.map((ride) => ride.RIDE_ID);
const rideIdOnScreen = async (page: Page) => {
  const title = page.getByRole('heading', { name: /^Ride Status for Ride ID: / });
  await title.waitFor();
  return ((await title.textContent()) ?? '').replace('Ride Status for Ride ID: ', '').trim();
};

/** From the requester's dashboard: Fixed Ride, main gate to canteen, then the form's choices (`choose`) and Request Transport. */
async function fillFixedRide(page: Page, choose: () => Promise<void>): Promise<void> {
  await page.goto('/requester');
  await page.getByRole('button', { name: 'Fixed Ride' }).click();
  await pickLocation(page, 'Pickup Location', 'main gate');
  await pickLocation(page, 'Drop Location', 'canteen');
  await choose();
}

describe('Urgent rides and rides booked for later in a real browser (issue #20)', () => {
  let browser: Browser;
  let requesterPage: Page;
  let driverPage: Page;
  let staff: Page;
  let driver: ApiSession;
  let requester: ApiSession;
  let urgentId = '';
  let laterId = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    driver = await newDriver(freshToken('UD'), 'Sunil Verma', 'Forklift');
    requester = await newRequester(freshToken('UQ'), 'Kavya Rao');
    requesterPage = await newPage(browser, 390, 844);
    driverPage = await newPage(browser, 390, 844);
    await signInInBrowser(requesterPage, requester.tokenNo, `pw-${requester.tokenNo}`);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("given a requester, when he books an urgent ride, then the driver's list shows it URGENT, on a phone and at a desk", async () => {
    await fillFixedRide(requesterPage, async () => {
      await requesterPage.getByRole('button', { name: 'Urgent' }).click();
    });
    await requesterPage.getByRole('button', { name: 'Request Transport' }).click();
    const confirm = requesterPage.getByRole('dialog', { name: 'Confirm Transport Request' });
    await confirm.getByText('Priority: Urgent').waitFor();
    await confirm.getByText('When: Now').waitFor();
    await confirm.getByRole('button', { name: 'Confirm Request' }).click();
    urgentId = await rideIdOnScreen(requesterPage);
    await requesterPage.getByText('Requesting transport...').waitFor();

    await signInDriver(driverPage, driver.tokenNo, 'Sunil Verma');
    await rideRow(driverPage, urgentId).getByText('URGENT', { exact: true }).waitFor();
    expect(await smallButtons(driverPage)).toEqual([]);
    await snap(driverPage, 'urgent-driver-list-phone');
    await driverPage.setViewportSize({ width: 1280, height: 900 });
    await rideRow(driverPage, urgentId).getByRole('cell').getByText('URGENT', { exact: true }).waitFor();
    await snap(driverPage, 'urgent-driver-list-desktop');
  });

  it('given the urgent ride accepted and carried out, when the admin filters the ride reports by Priority Urgent, then it reads Urgent and ✓ met', async () => {
    await driverPage.getByRole('button', { name: `Accept Ride ${urgentId}` }).click();
    await driverPage.getByTestId('ongoing-ride').getByText('URGENT', { exact: true }).waitFor();
    await snap(driverPage, 'urgent-driver-ongoing-desktop');
    for (const event of ['start', 'materialPicked', 'materialDropped', 'end'])
      await driver.call('PUT', '/api/bookings/update-timestamps', { rideId: urgentId, event });

    staff = await newPage(browser);
    await signInStaff(staff, adminAccount());
    await staff.goto('/ride-reports?priority=urgent');
    const row = staff
      .getByRole('table', { name: 'Ride reports' })
      .getByRole('row')
      .filter({ has: staff.getByRole('link', { name: `Audit ride ${urgentId}` }) });
    await row.getByRole('cell', { name: 'Urgent', exact: true }).waitFor();
    await row.getByRole('cell', { name: '✓ met' }).waitFor();
    await staff.getByRole('button', { name: 'Priority: Urgent' }).waitFor();
    await snap(staff, 'urgent-reports-desktop');
    await staff.setViewportSize({ width: 390, height: 844 });
    await snap(staff, 'urgent-reports-phone');

    await staff.setViewportSize({ width: 1280, height: 900 });
    await staff.goto('/reports?vehicleType=Forklift');
    await staff.getByRole('heading', { name: 'On target' }).waitFor();
    await staff
      .getByRole('table', { name: 'On target' })
      .getByRole('cell', { name: /^\d+% \(\d+ of \d+\)$/ })
      .first()
      .waitFor();
    await snap(staff, 'on-target-desktop');
    await staff.setViewportSize({ width: 390, height: 844 });
    await snap(staff, 'on-target-phone');
    await staff.setViewportSize({ width: 1280, height: 900 });
  });

  it("given an urgent accept target of one second, when an urgent ride waits past it, then staff on any screen get the engine's sentence as a toast", async () => {
    const boss = await admin();
    const settings = await boss.call<{ serviceTargets: { urgent: { acceptSeconds: number; deliverSeconds: number } } }>(
      'GET',
      '/api/dispatch/settings',
    );
    const targets = settings.serviceTargets;
    await boss.call('PUT', '/api/dispatch/settings', {
      ...settings,
      serviceTargets: { ...targets, urgent: { ...targets.urgent, acceptSeconds: 1 } },
    });
    // Another requester's rides: his own screen stays free for the bookings below.
    const other = await newRequester(freshToken('UQ'), 'Farhan Shaikh');
    const lateUrgentRide = async () => {
      const { rideId } = await other.call<{ rideId: string }>('POST', '/api/bookings/book-ride', {
        userId: other.tokenNo,
        fromLocation: 'RMS',
        toLocation: 'fgs',
        vehicleType: 'Forklift',
        rideType: 'Regular',
        reqName: other.name,
        reqMobileNo: '9000000001',
        priority: 'urgent',
      });
      await staff
        .locator('.Toastify__toast')
        .filter({ hasText: `Urgent ride ${rideId} (RMS → fgs) was not accepted within its target.` })
        .waitFor();
    };
    await staff.goto('/maintenance-head');
    await staff.setViewportSize({ width: 390, height: 844 });
    await lateUrgentRide();
    await snap(staff, 'sla-toast-phone');
    await staff.setViewportSize({ width: 1280, height: 900 });
    await lateUrgentRide();
    await snap(staff, 'sla-toast-desktop');
    await boss.call('PUT', '/api/dispatch/settings', settings);
    await staff.context().close();
  });

  it('given the form, when he books a ride for tomorrow 10:00, then it is listed as scheduled with when it goes to drivers, no driver sees it yet, and the form is free for a ride now', async () => {
    await fillFixedRide(requesterPage, async () => {
      await requesterPage.getByRole('button', { name: 'Later' }).click();
      await requesterPage.getByRole('button', { name: 'Tomorrow' }).click();
      await choose(requesterPage.getByRole('combobox', { name: 'Hour' }), '10', { exact: true });
      await choose(requesterPage.getByRole('combobox', { name: 'Minute' }), '00', { exact: true });
    });
    expect(await smallButtons(requesterPage)).toEqual([]);
    await snap(requesterPage, 'later-form-phone');
    await requesterPage.getByRole('button', { name: 'Request Transport' }).click();
    const confirm = requesterPage.getByRole('dialog', { name: 'Confirm Transport Request' });
    const wanted = `${plantDayTomorrow()}, 10:00`;
    await confirm.getByText(`When: ${wanted}`).waitFor();
    await confirm.getByRole('button', { name: 'Confirm Request' }).click();

    const list = requesterPage.getByRole('list', { name: 'Booked for later' });
    await list.getByText(`Scheduled for ${wanted} · goes to drivers at 09:45`).waitFor();
    const card = historyCard(list, 'main gate', 'canteen', null, 'scheduled');
    laterId = /Ride ID: (\S+)/.exec((await card.textContent()) ?? '')?.[1] ?? '';
    // Nothing tracked: the form is there for a ride now.
    await requesterPage.getByRole('combobox', { name: 'Pickup Location' }).waitFor();
    expect(await requesterPage.getByRole('button', { name: 'Now' }).getAttribute('aria-pressed')).toBe('true');
    expect(await availableTo(driver)).not.toContain(laterId);
    expect(await smallButtons(requesterPage)).toEqual([]);
    await snap(requesterPage, 'later-scheduled-phone');
    await requesterPage.setViewportSize({ width: 1280, height: 900 });
    await snap(requesterPage, 'later-scheduled-desktop');
    await requesterPage.getByRole('button', { name: 'Ride History' }).click();
    await historyCard(requesterPage, 'main gate', 'canteen', laterId, 'scheduled').waitFor();
    await requesterPage.getByTestId(`scheduled-${laterId}`).waitFor();
    await requesterPage.getByRole('button', { name: 'Hide History' }).click();
  });

  it('given his ride booked for later, when he cancels it and says Yes, then it leaves the list and his history shows it cancelled', async () => {
    const list = requesterPage.getByRole('list', { name: 'Booked for later' });
    await list.getByRole('button', { name: `Cancel Ride ${laterId}` }).click();
    // The one way of confirming a cancel (issue #32): the tracker's dialog.
    const dialog = requesterPage.getByRole('dialog', { name: 'Are you sure you want to cancel this ride?' });
    await dialog.getByRole('button', { name: 'Yes', exact: true }).click();
    await list.waitFor({ state: 'detached' });
    await requesterPage.getByRole('button', { name: 'Ride History' }).click();
    await historyCard(requesterPage, 'main gate', 'canteen', laterId, 'cancelled').waitFor();
    await requesterPage.getByRole('button', { name: 'Hide History' }).click();
  });

  it('given a release lead of four hours, when he books for later today, then it goes to drivers at once and his screen shows it waiting for a driver', async () => {
    const boss = await admin();
    const settings = await boss.call<Record<string, unknown>>('GET', '/api/dispatch/settings');
    await boss.call('PUT', '/api/dispatch/settings', { ...settings, releaseLeadMinutes: 240 });
    await fillFixedRide(requesterPage, async () => {
      await requesterPage.getByRole('button', { name: 'Later' }).click();
    });
    await requesterPage.getByRole('button', { name: 'Request Transport' }).click();
    await requesterPage.getByRole('dialog', { name: 'Confirm Transport Request' }).getByRole('button', { name: 'Confirm Request' }).click();
    // rideReleased (or the history read after it) puts the ride on screen like any ride waiting for a driver.
    const releasedId = await rideIdOnScreen(requesterPage);
    await requesterPage.getByText('Requesting transport...').waitFor();
    await requesterPage.getByRole('button', { name: 'Cancel Request' }).waitFor();
    // Booked, it is scheduled for a moment; released, it leaves the list (the list's own read may answer a little later).
    await requesterPage.getByRole('list', { name: 'Booked for later' }).waitFor({ state: 'detached' });
    await rideRow(driverPage, releasedId).waitFor();
    await snap(requesterPage, 'later-released-desktop');
  });
});
