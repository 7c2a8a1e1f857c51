import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VehicleType } from '@plantride/schemas';
import { choose, launchBrowser, newPage, snap } from './support/browser';
import {
  apiRequester,
  bookFixedRide,
  completeMaintenance,
  driverStep,
  latestRequestOf,
  rideRow,
  setDriverStatus,
  signInDriver,
} from './support/driver-flows';
import { admin, freshToken, newDriver, type ApiSession } from './support/engine-api';

describe.each([
  ['phone', 360, 740, 'Crane', 'DP'],
  ['desktop', 1280, 900, 'AMR', 'DD'],
] as const)('Driver dashboard at %s width, against the real engine', (label, width, height, vehicleType: VehicleType, prefix) => {
  let browser: Browser;
  let page: Page;
  let driver: ApiSession;
  let requester: ApiSession;
  const name = label === 'phone' ? 'Suresh Pawar' : 'Lata Menon';
  const shot = (step: string) => snap(page, `driver-${label}-${step}`);
  const rides: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage(browser, width, height);
    driver = await newDriver(freshToken(prefix), name, vehicleType);
    requester = await apiRequester(freshToken(prefix === 'DP' ? 'QP' : 'QD'), 'Asha Kulkarni');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('given a driver, when he signs in, then the dashboard shows his name, ID and VEHICLE tags and no ongoing ride', async () => {
    await signInDriver(page, driver.tokenNo, name);
    await page.getByText(`ID: ${driver.tokenNo}`).waitFor();
    await page.getByText(`VEHICLE: ${vehicleType}`).waitFor();
    await page.getByRole('tab', { name: 'Active Rides', selected: true }).waitFor();
    await page.getByText('No ongoing ride at the moment').waitFor();
    await page.getByRole('heading', { name: 'Top 3 Latest Rides' }).waitFor();
    await page.getByRole('heading', { name: 'Other Available Rides' }).waitFor();
    await shot('01-dashboard');
  });

  it('given four rides booked, when they arrive live, then the newest three are the Top 3 and the oldest is among the Other Available Rides', async () => {
    const places = [
      ['main gate', 'canteen'],
      ['car parking', 'RMS'],
      ['south gate', 'fgs'],
      ['scrap yard', 'electronics'],
    ] as const;
    for (const [from, to] of places) {
      const rideId = await bookFixedRide(requester, vehicleType, from, to);
      rides.push(rideId);
      await rideRow(page, rideId).waitFor();
    }
    const top = page.getByRole('region', { name: 'Top 3 Latest Rides' });
    const others = page.getByRole('region', { name: 'Other Available Rides' });
    for (const rideId of rides.slice(1)) await top.getByTestId(`ride-${rideId}`).waitFor();
    await others.getByTestId(`ride-${rides[0]}`).waitFor();
    await shot('02-available-rides');
  });

  it("given the rides, when the requester cancels one, then it leaves the driver's list live", async () => {
    const cancelled = rides.shift() as string;
    await requester.call('DELETE', `/api/bookings/cancel/${cancelled}`);
    await rideRow(page, cancelled).waitFor({ state: 'detached' });
  });

  it('given an available ride, when he accepts it and carries it out, then each step is the only live button, a reload keeps it and End Ride finishes it', async () => {
    const rideId = rides.pop() as string;
    await page.getByRole('button', { name: `Accept Ride ${rideId}` }).click();
    await page.getByText('Ride accepted successfully!').waitFor();
    await page.getByTestId('ongoing-ride-id').filter({ hasText: rideId }).waitFor();
    await page.getByText('Fixed Ride').waitFor();
    expect(await page.getByRole('button', { name: 'Material Picked', exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Top 3 Latest Rides' }).count()).toBe(0);
    await shot('03-ongoing-accepted');

    await driverStep(page, 'Start Ride', 'started');
    await driverStep(page, 'Material Picked', 'material picked');
    // A reload mid-ride restores the ride at its step from the server.
    await page.reload();
    await page.getByTestId('ongoing-ride-id').filter({ hasText: rideId }).waitFor();
    await page.getByTestId('ongoing-ride-status').filter({ hasText: 'material picked' }).waitFor();
    expect(await page.getByRole('button', { name: 'Material Dropped', exact: true }).isEnabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Start Ride', exact: true }).isDisabled()).toBe(true);
    await shot('04-ongoing-after-reload');

    await page.getByRole('button', { name: 'Requester Details' }).click();
    const details = page.getByRole('dialog', { name: 'Requester Details' });
    await details.getByText('Name: Asha Kulkarni').waitFor();
    await shot('05-requester-details');
    await details.getByRole('button', { name: 'Close' }).click();

    await driverStep(page, 'Material Dropped', 'delivered');
    await page.getByRole('button', { name: 'End Ride', exact: true }).click();
    await page.getByRole('button', { name: 'Processing...' }).waitFor();
    await page.getByText('Ride ended successfully!').waitFor();
    await page.getByText('No ongoing ride at the moment').waitFor();

    await page.getByRole('tab', { name: 'Ride History' }).click();
    const row = page.getByTestId(`completed-${rideId}`);
    await row.waitFor();
    // As every screen writes a moment (lib/format-date), e.g. '14 Mar 2026, 14:05'.
    expect(await row.textContent()).toMatch(/\d{2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}(?!:).*\d{2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}(?!:)/);
    await shot('06-ride-history');
    await page.getByRole('tab', { name: 'Active Rides' }).click();
  });

  it('given no ride in progress, when he requests maintenance, then the modal keeps the SPEC §5 rules, closes itself and the Vehicle Under Maintenance overlay stays until the request is completed', async () => {
    for (const rideId of rides) await requester.call('DELETE', `/api/bookings/cancel/${rideId}`);
    await page.getByRole('button', { name: 'Request Maintenance' }).click();
    const modal = page.getByRole('dialog', { name: 'Request Vehicle Maintenance' });
    await modal.waitFor();
    const submit = modal.getByRole('button', { name: 'Submit' });
    expect(await submit.isDisabled()).toBe(true);
    // His own vehicle type, stated, not his to choose (issue #32 item 8).
    await modal.getByRole('group', { name: 'Vehicle Type' }).filter({ hasText: vehicleType }).waitFor();
    await choose(modal.getByRole('combobox', { name: /^Maintenance Reason/ }), 'Hydraulic Problem');
    expect(await submit.isDisabled()).toBe(true);
    await choose(modal.getByRole('combobox', { name: /^Breakdown Type/ }), 'Full');
    await shot('07-maintenance-modal');
    await submit.click();
    await modal.getByText('Your maintenance request has been submitted.').waitFor();
    await page.getByText('Maintenance request submitted successfully! You are now blocked until maintenance is completed.').waitFor();
    await modal.waitFor({ state: 'detached' });
    const overlay = page.getByRole('dialog', { name: 'Vehicle Under Maintenance' });
    await overlay.waitFor();
    await shot('08-under-maintenance');

    const boss = await admin();
    const request = await latestRequestOf(boss, driver.tokenNo);
    await completeMaintenance(boss, request.ID);
    // The popup hides the overlay from the accessibility tree, so wait for the overlay's own content to go.
    await page.getByTestId('overlay-maintenance').waitFor({ state: 'detached' });
    const popup = page.getByRole('dialog', { name: 'Vehicle Active' });
    await popup.getByText('Maintenance completed. Your vehicle is now active.').waitFor();
    await shot('09-maintenance-completed');
    await popup.getByRole('button', { name: 'Okay' }).click();
    await popup.waitFor({ state: 'detached' });
  });

  it('given the admin marks him Not Active, then Vehicle Blocked by Admin covers the screen live, and lifts when he is Active again', async () => {
    const boss = await admin();
    await setDriverStatus(boss, driver.tokenNo, 'Not Active');
    const overlay = page.getByRole('dialog', { name: 'Vehicle Blocked by Admin' });
    await overlay.waitFor();
    await shot('10-blocked-by-admin');
    // Checked on load too.
    await page.reload();
    await overlay.waitFor();
    await setDriverStatus(boss, driver.tokenNo, 'Active');
    await page.getByTestId('overlay-admin').waitFor({ state: 'detached' });
    await page.getByText('No ongoing ride at the moment').waitFor();
  });
});
