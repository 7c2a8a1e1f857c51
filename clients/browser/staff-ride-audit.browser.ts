import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, snap } from './support/browser';
import { freshToken, newDriver, type ApiSession } from './support/engine-api';
import { adminAccount, newRequester, signInStaff } from './support/staff-flows';

/** A ride whose first driver breaks down after picking the material; the second takes it over and ends it. */
async function handedOverRide(requester: ApiSession, first: ApiSession, second: ApiSession): Promise<string> {
  const { rideId } = await requester.call<{ rideId: string }>('POST', '/api/bookings/book-ride', {
    userId: requester.tokenNo,
    fromLocation: 'RMS',
    toLocation: 'fgs',
    vehicleType: 'Forklift',
    rideType: 'Regular',
    reqName: requester.name,
    reqMobileNo: '9000000001',
  });
  await first.call('POST', '/api/tracking/accept-ride', { driverId: first.tokenNo, rideId });
  await first.call('PUT', '/api/bookings/update-timestamps', { rideId, event: 'start' });
  await first.call('PUT', '/api/bookings/update-timestamps', { rideId, event: 'materialPicked' });
  await first.call('POST', '/api/requests/maintenanceReq', {
    driver_id: first.tokenNo,
    driver_name: first.name,
    vehicle_type: 'Forklift',
    issue: '',
    comment_text: 'Hydraulics leaking',
    status: 'pending',
    breakdown_type: 'partial',
    ride_id: rideId,
  });
  await second.call('POST', '/api/maintenance/accept-redistributed-ride', {
    rideId,
    newDriverId: second.tokenNo,
    currentState: 'material_picked',
  });
  await second.call('PUT', '/api/bookings/update-timestamps', { rideId, event: 'materialDropped' });
  await second.call('PUT', '/api/bookings/update-timestamps', { rideId, event: 'end' });
  return rideId;
}

describe('Ride audit in a real browser', () => {
  let browser: Browser;
  let page: Page;
  let rideId = '';
  let first: ApiSession;
  let second: ApiSession;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage(browser);
    const requester = await newRequester(freshToken('AQ'), 'Meera Iyer');
    first = await newDriver(freshToken('AF'), 'Ravi Kumar');
    second = await newDriver(freshToken('AS'), 'Asha Rao');
    rideId = await handedOverRide(requester, first, second);
    await signInStaff(page, adminAccount());
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('given a ride handed over after a breakdown, when its audit opens, then the timeline shows both drivers and the tracker ends at Task Ended', async () => {
    await page.goto('/maintenance-head');
    await page.getByRole('link', { name: /^Ride Audit/ }).click();
    await page.getByLabel('Ride ID').fill(rideId.toLowerCase());
    await page.getByRole('button', { name: 'Open Ride' }).click();
    await page.waitForURL(`**/ride-audit/${rideId}`);
    const timeline = page.getByRole('table', { name: 'Ride timeline' });
    await timeline.waitFor();
    await timeline.getByText(`${first.tokenNo} (driver)`).first().waitFor();
    await timeline.getByText(`${second.tokenNo} (driver)`).first().waitFor();
    await timeline.getByText('Vehicle broke down; ride redistributed').waitFor();
    await timeline.getByText('Another driver took the ride over').waitFor();
    await page.locator('[data-testid="step-6"][data-state="done"]').waitFor();
    await page
      .getByTestId('audit-driver')
      .filter({ hasText: `Asha Rao (${second.tokenNo}) · vehicle broke down: Ravi Kumar (${first.tokenNo})` })
      .waitFor();
    await snap(page, 'staff-ride-audit-end');
  });

  it('given the scrubber, when it is moved back to the breakdown and to the pick-up, then the tracker replays those moments with the driver of each', async () => {
    const slider = page.getByRole('slider', { name: 'Replay time' });
    await slider.focus();
    // Ended → dropped → taken over → redistributed.
    for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowLeft');
    await page.getByTestId('audit-moment').filter({ hasText: 'Vehicle broke down; ride redistributed' }).waitFor();
    await page.getByText('Waiting for another driver; the ride resumes at the step shown.').waitFor();
    await page
      .getByTestId('audit-driver')
      .filter({ hasText: `Driver: none · vehicle broke down: Ravi Kumar (${first.tokenNo})` })
      .waitFor();
    await page.locator('[data-testid="step-4"][data-state="done"]').waitFor();
    expect(await page.locator('[data-testid="step-5"]').getAttribute('data-state')).toBe('pending');
    await snap(page, 'staff-ride-audit-breakdown');
    await page.getByRole('button', { name: 'Previous Event' }).click();
    await page.getByTestId('audit-moment').filter({ hasText: 'Material picked' }).waitFor();
    await page
      .getByTestId('audit-driver')
      .filter({ hasText: `Driver: Ravi Kumar (${first.tokenNo})` })
      .waitFor();
    await page.setViewportSize({ width: 360, height: 740 });
    await snap(page, 'staff-ride-audit-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('given an unknown ride id, when opened, then the screen says the ride was not found', async () => {
    await page.goto('/ride-audit/NOSUCHRIDE');
    await page.getByText('Ride not found: NOSUCHRIDE').waitFor();
  });
});
