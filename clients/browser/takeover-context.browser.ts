import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, snap } from './support/browser';
import { apiRequester, bookFixedRide, rideRow, signInDriver } from './support/driver-flows';
import { freshToken, newDriver, type ApiSession } from './support/engine-api';

/** The first driver breaks down after picking the material up; the second sees why and where, and takes over. */
describe('Take-over context on the driver screen, in a real browser', () => {
  let browser: Browser;
  let phone: Page;
  let desk: Page;
  let first: ApiSession;
  let second: ApiSession;
  let rideId: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    const requester = await apiRequester(freshToken('TQ'), 'Asha Desai');
    first = await newDriver(freshToken('TD'), 'Kiran Rao', 'AMR');
    second = await newDriver(freshToken('TD'), 'Meena Iyer', 'AMR');
    rideId = await bookFixedRide(requester, 'AMR', 'south gate', 'Boiler Bay - 2');
    await first.call('POST', '/api/tracking/accept-ride', { driverId: first.tokenNo, rideId });
    for (const event of ['start', 'materialPicked']) await first.call('PUT', '/api/bookings/update-timestamps', { rideId, event });
    await first.call('POST', '/api/requests/maintenanceReq', {
      driver_id: first.tokenNo,
      driver_name: first.name,
      vehicle_type: 'AMR',
      issue: '',
      comment_text: 'drive motor seized near the canteen',
      status: 'pending',
      breakdown_type: null,
      ride_id: rideId,
    });
    phone = await newPage(browser, 390, 844);
    desk = await newPage(browser, 1280, 900);
    await signInDriver(phone, second.tokenNo, second.name);
    await signInDriver(desk, second.tokenNo, second.name);
  });
  afterAll(async () => {
    await browser?.close();
  });

  const firstMobile = async () => {
    const rows = await second.call<{ rides: { rows: Array<{ RIDE_ID: string; ORIGINAL_DRIVER_MOBILE: string | null }> } }>(
      'GET',
      '/api/drivers/available-rides?vehicleType=AMR',
    );
    const mobile = rows.rides.rows.find((row) => row.RIDE_ID === rideId)?.ORIGINAL_DRIVER_MOBILE;
    expect(mobile).toMatch(/^\d{10}$/);
    return mobile as string;
  };

  it("given a ride redistributed after pick-up, when a driver of its type looks at it on a phone and at a desk, then it says the material is on the first driver's vehicle, the note, and offers to call him", async () => {
    const mobile = await firstMobile();
    for (const [page, name] of [
      [phone, 'takeover-01-offered-390'],
      [desk, 'takeover-02-offered-1280'],
    ] as const) {
      const context = page.getByTestId(`hand-over-${rideId}`);
      await context.getByText("Picked up — on Kiran Rao's broken-down vehicle").waitFor();
      await context.getByText('drive motor seized near the canteen').waitFor();
      expect(await context.getByRole('link', { name: `Call Kiran Rao on ${mobile}` }).getAttribute('href')).toBe(`tel:${mobile}`);
      await rideRow(page, rideId)
        .getByRole('button', { name: `Take Over Ride ${rideId}` })
        .waitFor();
      await snap(page, name);
    }
  });

  it('given he takes the ride over, when his Ongoing Ride card shows it, then the same context stays on the card until he drops the material', async () => {
    const mobile = await firstMobile();
    await rideRow(desk, rideId)
      .getByRole('button', { name: `Take Over Ride ${rideId}` })
      .click();
    for (const [page, name] of [
      [desk, 'takeover-03-ongoing-1280'],
      [phone, 'takeover-04-ongoing-390'],
    ] as const) {
      if (page === phone) await page.reload();
      const card = page.getByTestId('ongoing-ride');
      await card.getByTestId('ongoing-ride-id').filter({ hasText: rideId }).waitFor();
      const context = card.getByTestId('ongoing-hand-over');
      await context.getByText("Picked up — on Kiran Rao's broken-down vehicle").waitFor();
      await context.getByText('drive motor seized near the canteen').waitFor();
      await context.getByRole('link', { name: `Call Kiran Rao on ${mobile}` }).waitFor();
      await card.getByRole('button', { name: 'Material Dropped', exact: true }).waitFor();
      await snap(page, name);
    }
    await desk.getByRole('button', { name: 'Material Dropped', exact: true }).click();
    await desk.getByTestId('ongoing-hand-over').getByText('Already dropped at Boiler Bay - 2').waitFor();
  });
});
