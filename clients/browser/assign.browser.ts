import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { launchBrowser, newPage, snap } from './support/browser';
import { freshToken, newDriver, type ApiSession } from './support/engine-api';
import { signInDriver } from './support/driver-flows';
import { adminAccount, newRequester, signInStaff } from './support/staff-flows';

/*
 * Issue #32 item 4 (assignment by hand) and item 9 in a real browser: from the board, the admin gives
 * a waiting ride to a driver with a reason; the dialog closes on Escape and passes axe at 1,280 and
 * 390 px; the driver's phone shows the ride as his and says why.
 */
describe('Staff assign a ride by hand in a real browser (issue #32 item 4)', () => {
  let browser: Browser;
  let staff: Page;
  let phone: Page;
  let requester: ApiSession;
  const driverName = 'Imran Sheikh';
  let driverToken: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    staff = await newPage(browser);
    phone = await newPage(browser, 390, 844);
    driverToken = freshToken('AS');
    await newDriver(driverToken, driverName, 'Crane');
    requester = await newRequester(freshToken('AQ'), 'Neha Kulkarni');
    await signInDriver(phone, driverToken, driverName);
    await signInStaff(staff, adminAccount());
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('given a waiting Crane ride on the board, when the admin assigns it to a driver with a reason, then it leaves the waiting list and the driver has it, told why', async () => {
    const { rideId } = await requester.call<{ rideId: string }>('POST', '/api/bookings/book-ride', {
      userId: requester.tokenNo,
      fromLocation: 'RMS',
      toLocation: 'fgs',
      vehicleType: 'Crane',
      rideType: 'Regular',
      reqName: requester.name,
      reqMobileNo: '9000000001',
    });
    const waiting = staff.getByRole('region', { name: /^Waiting rides/ });
    const assign = waiting.getByRole('button', { name: `Assign driver to ride ${rideId}` });
    await assign.click();
    const dialog = staff.getByRole('dialog', { name: `Assign driver — ride ${rideId}` });
    await dialog.getByRole('radio', { name: new RegExp(`${driverName} \\(${driverToken}\\)`) }).waitFor();
    // Escape closes it, with nothing assigned; the keyboard reaches the button again.
    await staff.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await assign.focus();
    await staff.keyboard.press('Enter');
    await dialog.getByRole('radio', { name: new RegExp(`${driverName} \\(${driverToken}\\)`) }).check();
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Nearest to the dock');
    await snap(staff, 'assign-01-dialog-desktop');
    await staff.setViewportSize({ width: 390, height: 844 });
    await snap(staff, 'assign-02-dialog-phone');
    await staff.setViewportSize({ width: 1280, height: 900 });
    await dialog.getByRole('button', { name: 'Assign', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await waiting.getByText(`Ride ${rideId}`, { exact: false }).waitFor({ state: 'detached' });

    await phone.getByTestId('ongoing-ride-id').filter({ hasText: rideId }).waitFor();
    await phone.getByText('Reason: Nearest to the dock', { exact: false }).first().waitFor();
    await snap(phone, 'assign-03-driver-phone');
  });
});
