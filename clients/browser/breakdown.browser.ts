import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { launchBrowser, newPage, snap } from './support/browser';
import { freshToken, newDriver, type ApiSession } from './support/engine-api';
import { signUpInBrowser, stepDone, bookFixedRideOnScreen } from './support/requester-flows';

describe('A vehicle breaking down mid-ride, seen in a real browser', () => {
  let browser: Browser;
  let page: Page;
  let first: ApiSession;
  let second: ApiSession;
  const requester = freshToken('RB');
  const password = 'secret-4';

  beforeAll(async () => {
    browser = await launchBrowser();
    // Phone width: the whole flow must work at 360 px.
    page = await newPage(browser, 360, 740);
    first = await newDriver(freshToken('PB'), 'Kiran Rao', 'Cherry Picker');
    second = await newDriver(freshToken('PB'), 'Meena Iyer', 'Cherry Picker');
    await signUpInBrowser(page, requester, password);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('given a started ride, when its driver files a mid-ride maintenance request and another driver takes over, then the requester sees the breakdown and then the new driver', async () => {
    const rideId = await bookFixedRideOnScreen(page, 'Cherry Picker', 'south gate', 'ssd assembly', 'breakdown-01');
    await first.call('POST', '/api/tracking/accept-ride', { driverId: first.tokenNo, rideId });
    await stepDone(page, 2);
    await first.call('PUT', '/api/bookings/update-timestamps', { rideId, event: 'start' });
    await stepDone(page, 3);

    await first.call('POST', '/api/requests/maintenanceReq', {
      driver_id: first.tokenNo,
      driver_name: first.name,
      vehicle_type: 'Cherry Picker',
      issue: '',
      comment_text: 'hydraulics leaking',
      status: 'pending',
      breakdown_type: null,
      ride_id: rideId,
    });
    await page.getByText('Vehicle broke down. Waiting for a new driver...').waitFor();
    await page.getByText('Waiting for a new driver to get assigned...').waitFor();
    await snap(page, 'breakdown-02-waiting');

    await second.call('POST', '/api/maintenance/accept-redistributed-ride', {
      rideId,
      newDriverId: second.tokenNo,
      currentState: 'started',
    });
    await page.getByText('New driver assigned: Meena Iyer').waitFor();
    await snap(page, 'breakdown-03-new-driver');
    // The ride resumes where it broke down.
    await stepDone(page, 3);
    await page.getByRole('button', { name: 'Driver Details' }).click();
    await page.getByRole('dialog', { name: 'Driver Details' }).getByText('Name: Meena Iyer').waitFor();
    await snap(page, 'breakdown-04-driver-details');
    await page.getByRole('dialog', { name: 'Driver Details' }).getByRole('button', { name: 'Close' }).click();

    await second.call('PUT', '/api/bookings/update-timestamps', { rideId, event: 'materialPicked' });
    await stepDone(page, 4);
  });
});
