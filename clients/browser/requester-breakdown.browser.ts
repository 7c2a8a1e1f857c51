import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, snap } from './support/browser';
import { freshToken, newDriver, type ApiSession } from './support/engine-api';
import { allStepTimes, signInInBrowser, signUpInBrowser, stepDone, bookFixedRideOnScreen } from './support/requester-flows';

const title = (page: Page, text: string) => page.waitForFunction((expected) => document.title === expected, text);

/** The requester follows one ride through a breakdown on a phone and at a desk at the same time. */
describe('The requester through a breakdown, in a real browser', () => {
  let browser: Browser;
  let phone: Page;
  let desk: Page;
  let first: ApiSession;
  let second: ApiSession;
  let rideId: string;
  const requester = freshToken('RK');
  const password = 'secret-5';

  beforeAll(async () => {
    browser = await launchBrowser();
    first = await newDriver(freshToken('RD'), 'Kiran Rao', 'Crane');
    second = await newDriver(freshToken('RD'), 'Meena Iyer', 'Crane');
    phone = await newPage(browser, 390, 844);
    desk = await newPage(browser, 1280, 900);
    await signUpInBrowser(phone, requester, password);
    await signInInBrowser(desk, requester, password);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('given a booked ride, when it waits for a driver, then the screen shows its route, vehicle type and how long it has waited, and the tab says Requested', async () => {
    rideId = await bookFixedRideOnScreen(phone, 'Crane', 'south gate', 'Boiler Bay - 2');
    const facts = phone.getByTestId('ride-facts');
    await facts.getByText('south gate → Boiler Bay - 2').waitFor();
    await facts.getByText('Crane').waitFor();
    await facts
      .getByTestId('waited')
      .filter({ hasText: /Waiting (less than a minute|\d+ min)/ })
      .waitFor();
    await title(phone, 'Requested · PlantRide');
    await snap(phone, 'requester-breakdown-01-waiting-390');
  });

  it('given the driver picked the material and then broke down, when the requester looks, then the reached steps keep their times and the next one says the vehicle broke down', async () => {
    await first.call('POST', '/api/tracking/accept-ride', { driverId: first.tokenNo, rideId });
    for (const event of ['start', 'materialPicked']) await first.call('PUT', '/api/bookings/update-timestamps', { rideId, event });
    await stepDone(phone, 4);
    await first.call('POST', '/api/requests/maintenanceReq', {
      driver_id: first.tokenNo,
      driver_name: first.name,
      vehicle_type: 'Crane',
      issue: '',
      comment_text: 'boom hydraulics leaking',
      status: 'pending',
      breakdown_type: null,
      ride_id: rideId,
    });
    await phone.getByText('Waiting for a new driver to get assigned...').waitFor();
    await title(phone, 'Vehicle broke down · PlantRide');
    await phone.getByTestId('step-5').getByTestId('step-note').filter({ hasText: 'Vehicle broke down — finding another driver' }).waitFor();
    await allStepTimes(phone, 4);
    expect(await phone.locator('[data-state="done"]').count()).toBe(4);
    await snap(phone, 'requester-breakdown-02-broke-down-390');

    // The desk opens the same ride from the server's history: the same steps, times and note.
    await desk.getByRole('button', { name: 'Fixed Ride' }).click();
    await desk.getByRole('heading', { name: `Ride Status for Ride ID: ${rideId}` }).waitFor();
    await desk.getByTestId('step-5').getByTestId('step-note').waitFor();
    await allStepTimes(desk, 4);
    await title(desk, 'Vehicle broke down · PlantRide');
    await snap(desk, 'requester-breakdown-03-broke-down-1280');
  });

  it("given the same ride opened from the dashboard's history, then its four-step tracker also keeps Material Picked and marks Delivered with the breakdown", async () => {
    for (const [page, name] of [
      [phone, 'requester-breakdown-dashboard-390'],
      [desk, 'requester-breakdown-dashboard-1280'],
    ] as const) {
      await page.goto(`/requester?ride=${rideId}`);
      await page.getByRole('heading', { name: `Ride Status for Ride ID: ${rideId}` }).waitFor();
      await page
        .getByTestId('step-4')
        .getByTestId('step-note')
        .filter({ hasText: 'Vehicle broke down — finding another driver' })
        .waitFor();
      await stepDone(page, 3);
      expect(await page.locator('[data-state="done"]').count()).toBe(3);
      await snap(page, name);
      // Back to the booking screen, which finds the ride still going in the server's history.
      await page.goto('/available-rides');
      await page.getByRole('heading', { name: `Ride Status for Ride ID: ${rideId}` }).waitFor();
      await page.getByTestId('step-5').getByTestId('step-note').waitFor();
    }
  });

  it('given the material is on the broken-down vehicle, when the requester presses Cancel Request, then the confirmation says where the material is and No keeps the ride', async () => {
    for (const [page, name] of [
      [phone, 'requester-breakdown-04-cancel-390'],
      [desk, 'requester-breakdown-05-cancel-1280'],
    ] as const) {
      await page.getByRole('button', { name: 'Cancel Request' }).click();
      const dialog = page.getByRole('dialog', { name: 'Are you sure you want to cancel this ride?' });
      await dialog.getByTestId('cancel-consequence').filter({ hasText: 'already picked up by the vehicle that broke down' }).waitFor();
      await dialog.getByText('Boiler Bay - 2', { exact: false }).waitFor();
      await snap(page, name);
      await dialog.getByRole('button', { name: 'No' }).click();
      await dialog.waitFor({ state: 'hidden' });
    }
    await phone.getByTestId('step-5').getByTestId('step-note').waitFor();
  });

  it('given another driver takes over and finishes, when the ride ends, then its summary with the driver stays on both screens until the requester dismisses it', async () => {
    await second.call('POST', '/api/maintenance/accept-redistributed-ride', {
      rideId,
      newDriverId: second.tokenNo,
      currentState: 'material_picked',
    });
    await phone.getByText('New driver assigned: Meena Iyer').waitFor();
    await title(phone, 'Picked up · PlantRide');
    for (const event of ['materialDropped', 'end']) await second.call('PUT', '/api/bookings/update-timestamps', { rideId, event });

    for (const page of [phone, desk]) {
      const summary = page.getByTestId('ride-completed');
      await summary.getByText('Ride completed').waitFor();
      await summary.getByText('south gate → Boiler Bay - 2 (Crane)').waitFor();
      await summary.getByText(/Driver: Meena Iyer/).waitFor();
      await allStepTimes(page, 6);
      await title(page, 'Completed · PlantRide');
    }
    await snap(phone, 'requester-breakdown-06-completed-390');
    await snap(desk, 'requester-breakdown-07-completed-1280');

    // The phone dismisses; the desk, untouched, still shows the end (no timer took it away).
    await phone.getByTestId('ride-completed').getByRole('button', { name: 'Dismiss' }).click();
    await phone.getByRole('button', { name: 'Request Transport' }).waitFor();
    await title(phone, 'PlantRide');
    expect(await desk.getByTestId('ride-completed').isVisible()).toBe(true);
    await desk.getByRole('button', { name: 'Book New Ride' }).click();
    await desk.waitForURL('**/requester');
    await desk.getByRole('button', { name: 'Fixed Ride' }).click();
    await desk.getByRole('button', { name: 'Request Transport' }).waitFor();
  });
});
