import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settled } from './support/axe';
import { choose, launchBrowser, newPage, snap } from './support/browser';
import { carriesLocation, cameraJpeg, jpegSize } from './support/camera-photo';
import { apiRequester, bookFixedRide, signInDriver } from './support/driver-flows';
import { admin, freshToken, newDriver, type ApiSession } from './support/engine-api';
import { engine } from './support/engine-context';
import { adminAccount, signInStaff } from './support/staff-flows';

interface RequestRow {
  ID: string;
  DRIVER_ID: string;
  PHOTO_IDS: string[];
}

/** The stored photo's bytes, as staff get them. */
async function storedPhoto(photoId: string): Promise<{ status: number; bytes: Buffer }> {
  const { user } = (await (
    await fetch(`${engine('baseUrl')}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token_no: engine('adminTokenNo'), password: engine('adminPassword') }),
    })
  ).json()) as { user: { jwt_token: string } };
  const answer = await fetch(`${engine('baseUrl')}/api/photos/${photoId}`, { headers: { authorization: `Bearer ${user.jwt_token}` } });
  return { status: answer.status, bytes: Buffer.from(await answer.arrayBuffer()) };
}

/** Chooses a camera photo in a picker, as the phone's camera would hand it over, and waits until it is uploaded. */
async function takePhoto(page: Page, scope: ReturnType<Page['locator']>, uploaded: number): Promise<void> {
  const photo = await cameraJpeg(page);
  await scope.getByTestId('photo-input').setInputFiles({ name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: photo });
  await scope
    .locator('[data-testid="picked-photo"][data-state="uploaded"]')
    .nth(uploaded - 1)
    .waitFor();
}

describe('Photos with a breakdown and a failed inspection item, against the real engine (issue #34)', () => {
  let browser: Browser;
  let requester: ApiSession;
  let driver: ApiSession;
  let rideId: string;
  let requestId: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    requester = await apiRequester(freshToken('QP'), 'Asha Kulkarni');
    driver = await newDriver(freshToken('DP'), 'Vikram Rao', 'Forklift');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('given a driver mid-ride at 390 px, when he reports a breakdown with two camera photos, then they are stored shrunk to 1,600 px without their location', async () => {
    rideId = await bookFixedRide(requester, 'Forklift', 'main gate', 'canteen');
    await driver.call('POST', '/api/tracking/accept-ride', { driverId: driver.tokenNo, rideId });
    const page = await newPage(browser, 390, 844);
    await signInDriver(page, driver.tokenNo, 'Vikram Rao');
    await page.getByTestId('ongoing-ride-id').filter({ hasText: rideId }).waitFor();
    await page.getByRole('button', { name: 'Request Maintenance' }).click();
    const modal = page.getByRole('dialog', { name: 'Request Vehicle Maintenance' });
    await modal.waitFor();
    await modal.getByLabel(/^Comment/).fill('Hydraulic hose burst, oil on the floor');
    const picker = modal.getByRole('group', { name: /^Photos of the breakdown/ });
    await takePhoto(page, picker, 1);
    await takePhoto(page, picker, 2);
    expect(await picker.getByRole('img').count()).toBe(2);
    await snap(page, 'photos-01-breakdown-two-photos-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await snap(page, 'photos-02-breakdown-two-photos-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await picker.getByRole('button', { name: 'Remove photo 2' }).click();
    await takePhoto(page, picker, 2);
    await modal.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('dialog', { name: 'Vehicle Under Maintenance' }).waitFor();

    const rows = await (await admin()).call<RequestRow[]>('GET', '/api/requests/maintenanceReq?limit=500');
    const row = rows.find((one) => one.DRIVER_ID === driver.tokenNo)!;
    requestId = row.ID;
    expect(row.PHOTO_IDS).toHaveLength(2);
    for (const photoId of row.PHOTO_IDS) {
      const { status, bytes } = await storedPhoto(photoId);
      expect(status).toBe(200);
      expect(carriesLocation(bytes)).toBe(false);
      expect(jpegSize(bytes)).toEqual({ width: 1600, height: 1067 });
    }
  });

  it('given that request, when the admin opens Requests and the ride audit at 1,280 and 390 px, then each shows the photos and one opens whole', async () => {
    const page = await newPage(browser, 1280, 900);
    await signInStaff(page, adminAccount());
    await page.goto('/requests');
    const photos = page.getByRole('list', { name: `Photos of request ${requestId}` });
    await photos.getByRole('button', { name: `Open Photos of request ${requestId}, photo 1 of 2` }).waitFor();
    await photos.locator('img').nth(1).waitFor();
    await snap(page, 'photos-03-requests-1280');
    await photos.getByRole('button', { name: /photo 1 of 2$/ }).click();
    const whole = page.getByRole('dialog', { name: `Photos of request ${requestId}, photo 1 of 2` });
    await whole.getByRole('img', { name: `Photos of request ${requestId}, photo 1 of 2` }).waitFor();
    await snap(page, 'photos-04-photo-open-1280');
    await whole.getByRole('button', { name: 'Close' }).click();
    await whole.waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 390, height: 844 });
    await settled(page);
    await snap(page, 'photos-05-requests-390');

    await page.goto(`/ride-audit/${rideId}`);
    const section = page.getByRole('region', { name: 'Breakdown photos' });
    await section.getByTestId(`audit-breakdown-${requestId}`).locator('img').nth(1).waitFor();
    await snap(page, 'photos-06-audit-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await snap(page, 'photos-07-audit-1280');
  });

  it('given a driver at 390 px, when he marks an item Fault and adds a photo of it, then the inspection records it and the request it files carries it', async () => {
    const inspector = await newDriver(freshToken('DP'), 'Sunil Patil', 'Forklift');
    const page = await newPage(browser, 390, 844);
    await signInDriver(page, inspector.tokenNo, 'Sunil Patil');
    await page.getByRole('region', { name: 'Vehicle inspection' }).getByRole('link', { name: 'Inspect vehicle' }).click();
    await page.waitForURL('**/driver/inspection');
    const rows = page.locator('[data-testid^="inspection-item-"]');
    await rows.first().waitFor();
    for (let i = 0; i < (await rows.count()); i += 1) {
      const row = rows.nth(i);
      if (i === 0) {
        await row.getByRole('button', { name: 'Fault', exact: true }).click();
        await row.getByLabel('What is wrong?').fill('Pedal sinks to the floor');
        await takePhoto(page, row, 1);
      } else {
        await row.getByRole('button', { name: 'OK', exact: true }).click();
      }
    }
    await rows.first().scrollIntoViewIfNeeded();
    await snap(page, 'photos-08-inspection-fault-photo-390');
    await page.getByRole('button', { name: 'Submit inspection' }).click();
    await page
      .getByText(/out of service/i)
      .first()
      .waitFor();
    const rowsNow = await (await admin()).call<RequestRow[]>('GET', '/api/requests/maintenanceReq?limit=500');
    const filed = rowsNow.find((one) => one.DRIVER_ID === inspector.tokenNo)!;
    expect(filed.PHOTO_IDS).toHaveLength(1);
    expect(carriesLocation((await storedPhoto(filed.PHOTO_IDS[0]!)).bytes)).toBe(false);

    // Staff see it with the failed item in the inspection's answers.
    const staff = await newPage(browser, 1280, 900);
    await signInStaff(staff, adminAccount());
    await staff.goto('/inspections');
    await staff
      .getByRole('button', { name: /^Open the answers of Sunil Patil/ })
      .first()
      .click();
    const answers = staff.getByRole('dialog', { name: /^Inspection by Sunil Patil/ });
    await answers
      .getByRole('list', { name: /^Photos of Brakes/ })
      .locator('img')
      .first()
      .waitFor();
    await snap(staff, 'photos-11-inspection-answers-1280');
    await staff.setViewportSize({ width: 390, height: 844 });
    await snap(staff, 'photos-12-inspection-answers-390');
  });

  it('given a breakdown form at 390 px, when he chooses a file that is no photo, then the picker says so and nothing is uploaded', async () => {
    const other = await newDriver(freshToken('DP'), 'Ravi Naik', 'Forklift');
    const page = await newPage(browser, 390, 844);
    await signInDriver(page, other.tokenNo, 'Ravi Naik');
    await page.getByRole('button', { name: 'Request Maintenance' }).click();
    const modal = page.getByRole('dialog', { name: 'Request Vehicle Maintenance' });
    await choose(modal.getByRole('combobox', { name: /^Maintenance Reason/ }), 'Hydraulic Problem');
    await modal.getByTestId('photo-input').setInputFiles({ name: 'leak.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a photo') });
    await modal.getByRole('alert').filter({ hasText: 'This photo could not be read. Take it again.' }).waitFor();
    expect(await modal.getByTestId('picked-photo').count()).toBe(0);
    await snap(page, 'photos-09-unreadable-390');
  });

  it('given a driver in a Wi-Fi dead zone at 390 px, when he takes a photo and reports the breakdown offline, then both wait and, back online, the photo goes up before the report that names it', async () => {
    const offline = await newDriver(freshToken('DP'), 'Anil Joshi', 'Forklift');
    const page = await newPage(browser, 390, 844);
    await signInDriver(page, offline.tokenNo, 'Anil Joshi');
    await page.context().setOffline(true);
    await page.locator('[data-status="offline"]').first().waitFor();
    await page.getByRole('button', { name: 'Request Maintenance' }).click();
    const modal = page.getByRole('dialog', { name: 'Request Vehicle Maintenance' });
    await choose(modal.getByRole('combobox', { name: /^Maintenance Reason/ }), 'Hydraulic Problem');
    await choose(modal.getByRole('combobox', { name: /^Breakdown Type/ }), 'Full');
    const photo = await cameraJpeg(page, 2400, 3200, 'Mast chain');
    await modal.getByTestId('photo-input').setInputFiles({ name: 'IMG_0002.jpg', mimeType: 'image/jpeg', buffer: photo });
    await modal.locator('[data-testid="picked-photo"][data-state="waiting"]').getByText('Waits for network').waitFor();
    await snap(page, 'photos-10-offline-photo-390');
    await modal.getByRole('button', { name: 'Submit' }).click();
    await modal.waitFor({ state: 'detached' });
    await page.getByText('Maintenance request is waiting for network. It will be sent when the connection returns.').first().waitFor();

    await page.context().setOffline(false);
    await page.getByRole('dialog', { name: 'Vehicle Under Maintenance' }).waitFor();
    const rows = await (await admin()).call<RequestRow[]>('GET', '/api/requests/maintenanceReq?limit=500');
    const filed = rows.filter((one) => one.DRIVER_ID === offline.tokenNo);
    expect(filed).toHaveLength(1);
    expect(filed[0]!.PHOTO_IDS).toHaveLength(1);
    const stored = await storedPhoto(filed[0]!.PHOTO_IDS[0]!);
    expect(stored.status).toBe(200);
    expect(carriesLocation(stored.bytes)).toBe(false);
    expect(jpegSize(stored.bytes)).toEqual({ width: 1200, height: 1600 });
  });
});
