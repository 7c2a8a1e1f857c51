import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RIDE_REPORT_CSV_COLUMNS, plantDayOf } from '@plantride/schemas';
import { launchBrowser, newPage, snap } from './support/browser';
import { admin, freshToken, newDriver, type ApiSession } from './support/engine-api';
import { latestRequestOf } from './support/driver-flows';
import { adminAccount, completedRide, newRequester, signInStaff } from './support/staff-flows';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** A ride whose driver files a mid-ride maintenance request after starting it (no reason, no breakdown type: his words only). */
async function brokenDownRide(requester: ApiSession, driver: ApiSession): Promise<string> {
  const { rideId } = await requester.call<{ rideId: string }>('POST', '/api/bookings/book-ride', {
    userId: requester.tokenNo,
    fromLocation: 'RMS',
    toLocation: 'fgs',
    vehicleType: 'Forklift',
    rideType: 'Regular',
    reqName: requester.name,
    reqMobileNo: '9000000001',
  });
  await driver.call('POST', '/api/tracking/accept-ride', { driverId: driver.tokenNo, rideId });
  await driver.call('PUT', '/api/bookings/update-timestamps', { rideId, event: 'start' });
  await driver.call('POST', '/api/requests/maintenanceReq', {
    driver_id: driver.tokenNo,
    driver_name: driver.name,
    vehicle_type: 'Forklift',
    issue: '',
    comment_text: 'Hydraulics leaking at the mast',
    status: 'pending',
    breakdown_type: null,
    ride_id: rideId,
  });
  return rideId;
}

describe('Staff see the problem, and readable numbers and files (issue #19 items 6, 7, 8)', () => {
  let browser: Browser;
  let page: Page;
  let boss: ApiSession;
  let broken: ApiSession;
  let idle: ApiSession;
  let rideId = '';
  let requestId = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage(browser, DESKTOP.width, DESKTOP.height);
    boss = await admin();
    const requester = await newRequester(freshToken('PQ'), 'Meera Iyer');
    broken = await newDriver(freshToken('PB'), 'Kiran Rao');
    idle = await newDriver(freshToken('PI'), 'Sunil Patil');
    await completedRide(requester, idle, 'main gate', 'canteen');
    rideId = await brokenDownRide(requester, broken);
    requestId = (await latestRequestOf(boss, broken.tokenNo)).ID;
    await signInStaff(page, adminAccount());
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("given a mid-ride request at 1,280 px, when the head opens Requests, then the driver's report says what he wrote, once, with the ride, clear of the sticky Actions", async () => {
    await page.goto('/requests');
    const row = page.getByTestId(`maintenance-row-${requestId}`);
    await row.getByText(`Mid-ride, ride ${rideId}`).waitFor();
    const cells = row.getByRole('cell');
    const headers = await page.getByRole('table', { name: 'Maintenance requests' }).getByRole('columnheader').allTextContents();
    const report = cells.nth(headers.indexOf("Driver's report"));
    await report.getByText('Hydraulics leaking at the mast', { exact: true }).waitFor();
    expect(await report.textContent()).not.toContain('N/A');
    // The driver's words once (issue #32): no second copy as a comment.
    expect(await row.getByText('Hydraulics leaking at the mast').count()).toBe(1);
    const actions = cells.nth(headers.indexOf('Actions'));
    const [reportBox, actionsBox] = [await report.boundingBox(), await actions.boundingBox()];
    // Nothing of the report sits under the Actions column that sticks to the right edge.
    expect(reportBox!.x + reportBox!.width).toBeLessThanOrEqual(actionsBox!.x);
    await snap(page, 'staff-problems-requests-desktop');
  });

  it("given the same request at 390 px, then it is a card with the driver's report, the ride and Accept/Reject, not a squeezed table", async () => {
    await page.setViewportSize(PHONE);
    const card = page.getByRole('list', { name: 'Maintenance requests' }).getByTestId(`maintenance-row-${requestId}`);
    await card.getByText(`Mid-ride, ride ${rideId}`).waitFor();
    expect(await page.getByRole('table', { name: 'Maintenance requests' }).count()).toBe(0);
    expect(await card.getByText('Hydraulics leaking at the mast').count()).toBe(1);
    await card.getByText(`Kiran Rao (${broken.tokenNo})`).waitFor();
    for (const name of ['Accept', 'Reject']) expect(await card.getByRole('button', { name }).isVisible()).toBe(true);
    await snap(page, 'staff-problems-requests-phone');
    await page.setViewportSize(DESKTOP);
  });

  it('given Driver Information, then the blocked driver has a badge; the Active switch asks first, Cancel changes nothing, and confirming marks him Not Active on the server', async () => {
    await page.goto('/driver-info');
    const brokenItem = page.getByTestId(`driver-item-${broken.tokenNo}`);
    await brokenItem.getByText('Blocked for maintenance').waitFor();
    const item = page.getByTestId(`driver-item-${idle.tokenNo}`);
    expect(await item.getByText('Blocked for maintenance').count()).toBe(0);
    const toggle = item.getByRole('switch', { name: new RegExp(`Active.*${idle.tokenNo}`) });
    expect(await toggle.isChecked()).toBe(true);

    await toggle.click();
    const dialog = page.getByRole('dialog', { name: 'Mark Sunil Patil Not Active?' });
    await dialog.getByText(`Sunil Patil (${idle.tokenNo}) is blocked from rides until marked Active again.`).waitFor();
    await snap(page, 'staff-problems-switch-confirm');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await toggle.isChecked()).toBe(true);
    expect(await boss.call('GET', `/api/drivers/status/${idle.tokenNo}`)).toEqual({ isActive: 1 });

    await toggle.click();
    await dialog.getByRole('button', { name: 'Mark Not Active' }).click();
    await page.getByText('Sunil Patil is now Not Active.').waitFor();
    await item.getByText('Not Active', { exact: true }).waitFor();
    expect(await toggle.isChecked()).toBe(false);
    expect(await boss.call('GET', `/api/drivers/status/${idle.tokenNo}`)).toEqual({ isActive: 0 });
    await snap(page, 'staff-problems-driver-list-desktop');
  });

  it('given a driver record opened without Edit, then its values are text (no inputs); Edit brings the inputs', async () => {
    const item = page.getByTestId(`driver-item-${idle.tokenNo}`);
    await item.getByRole('button', { name: new RegExp(`Sunil Patil.*${idle.tokenNo}`) }).click();
    await item
      .getByTestId('fact-Status')
      .filter({ hasText: /^Not Active$/ })
      .waitFor();
    expect(await item.getByTestId('fact-Token Number').textContent()).toBe(idle.tokenNo);
    expect(await item.getByTestId('fact-Driver Name').textContent()).toBe('Sunil Patil');
    expect(await item.getByRole('textbox').count()).toBe(0);
    await page.setViewportSize(PHONE);
    await snap(page, 'staff-problems-driver-view-phone');
    await page.setViewportSize(DESKTOP);
    await snap(page, 'staff-problems-driver-view-desktop');
    await item.getByRole('button', { name: 'Edit' }).click();
    expect(
      await item
        .getByRole('form', { name: `Driver ${idle.tokenNo}` })
        .getByLabel('Driver Name')
        .inputValue(),
    ).toBe('Sunil Patil');
    await item.getByRole('button', { name: 'Cancel' }).click();

    // Back to Active with one tap and a confirmation.
    await item.getByRole('switch', { name: new RegExp(`Active.*${idle.tokenNo}`) }).click();
    await page.getByRole('dialog', { name: 'Mark Sunil Patil Active?' }).getByRole('button', { name: 'Mark Active' }).click();
    await page.getByText('Sunil Patil is now Active.').waitFor();
    expect(await boss.call('GET', `/api/drivers/status/${idle.tokenNo}`)).toEqual({ isActive: 1 });

    // He files a maintenance request: the badge appears without a reload.
    await idle.call('POST', '/api/requests/maintenanceReq', {
      driver_id: idle.tokenNo,
      driver_name: idle.name,
      vehicle_type: 'Forklift',
      issue: 'Tire Replacement',
      comment_text: '',
      status: 'pending',
      breakdown_type: 'partial',
      ride_id: null,
    });
    await item.getByText('Blocked for maintenance').waitFor();
  });

  it('given the audit of the broken-down ride, when the scrubber is in the middle, then Home jumps to the first event and End to the last', async () => {
    await page.goto(`/ride-audit/${rideId}`);
    const moment = page.getByTestId('audit-moment');
    await moment.filter({ hasText: 'Vehicle broke down; ride redistributed' }).waitFor();
    const slider = page.getByRole('slider', { name: 'Replay time' });
    await slider.focus();
    await page.keyboard.press('ArrowLeft');
    await moment.filter({ hasText: 'Ride started' }).waitFor();
    await page.keyboard.press('Home');
    await moment.filter({ hasText: 'Ride requested' }).waitFor();
    await page.keyboard.press('End');
    await moment.filter({ hasText: 'Vehicle broke down; ride redistributed' }).waitFor();
    await page.keyboard.press('Home');
    await moment.filter({ hasText: 'Ride requested' }).waitFor();
    await snap(page, 'staff-problems-audit-home');
  });

  it('given Ride Reports, when CSV is downloaded, then the file carries the plant day and the upper-case column names; on a phone the table hints at its hidden columns until scrolled', async () => {
    await page.goto('/ride-reports');
    await page.getByRole('table', { name: 'Ride reports' }).waitFor();
    const dayBefore = plantDayOf(new Date());
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    const dayAfter = plantDayOf(new Date());
    expect([dayBefore, dayAfter].map((day) => `ride_reports_${day}.csv`)).toContain(download.suggestedFilename());
    const lines = readFileSync(await download.path(), 'utf8')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(RIDE_REPORT_CSV_COLUMNS.join(','));
    expect(lines[0]).toContain('GAP_PICK_DROP');
    expect(lines.some((line) => line.startsWith(`${rideId},`))).toBe(true);

    await page.setViewportSize(PHONE);
    const hint = page.getByTestId('scroll-hint');
    await hint.waitFor();
    await snap(page, 'staff-problems-reports-hint-phone');
    await page.getByRole('region', { name: 'Ride reports, scrolls sideways' }).evaluate((box) => box.scrollTo({ left: box.scrollWidth }));
    await hint.waitFor({ state: 'detached' });
    await page.setViewportSize(DESKTOP);
  });

  it('given KPIs of quick rides, then the times chart is in whole units named on its axis, never fractions of a minute', async () => {
    await page.goto('/reports');
    const title = page.getByRole('heading', { name: /^Wait and delivery times \((seconds|minutes)\)$/ });
    await title.waitFor();
    const unit = /\((seconds|minutes)\)/.exec((await title.textContent()) ?? '')![1];
    const chart = page.locator('figure[aria-labelledby="times-title"]');
    await chart.locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value').first().waitFor();
    expect(await chart.locator('.recharts-label').first().textContent()).toBe(unit);
    const ticks = await chart.locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value').allTextContents();
    expect(ticks.length).toBeGreaterThan(1);
    for (const tick of ticks) expect(tick).toMatch(/^\d+$/);
    await snap(page, 'staff-problems-kpis-desktop');
    await page.setViewportSize(PHONE);
    await snap(page, 'staff-problems-kpis-phone');
    await page.setViewportSize(DESKTOP);
  });
});
