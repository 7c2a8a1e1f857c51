import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printedShortCode, type PlaceCodesAnswer } from '@plantride/schemas';
import { launchBrowser, newPage, snap } from './support/browser';
import { admin, freshToken, newDriver, type ApiSession } from './support/engine-api';
import { bookFixedRide, signInDriver } from './support/driver-flows';
import { writeQrVideo } from './support/fake-camera';
import { adminAccount, newRequester, signInStaff } from './support/staff-flows';

// Issue #34 item 2: a pick and a drop that need a scan of their place's code, in Chromium whose fake
// camera plays main gate's QR code (Debian's Chromium has no BarcodeDetector: ZXing reads it).
describe('Scan-proof hand-over in a real browser', () => {
  let browser: Browser;
  let folder: string;
  let boss: ApiSession;
  let driver: ApiSession;
  let requester: ApiSession;
  let codes: PlaceCodesAnswer;
  let rideId = '';
  const codeOf = (placeId: string) => codes.places.find((place) => place.placeId === placeId)!;
  /** A ride from main gate to canteen, accepted and started, on the driver's screen: the page and its ongoing-ride card. */
  const startedRideOnScreen = async (width: number, height: number) => {
    const ride = await bookFixedRide(requester, 'Forklift', 'main gate', 'canteen');
    await driver.call('POST', '/api/tracking/accept-ride', { driverId: driver.tokenNo, rideId: ride });
    await driver.call('PUT', '/api/bookings/update-timestamps', { rideId: ride, event: 'start' });
    const page: Page = await newPage(browser, width, height);
    await signInDriver(page, driver.tokenNo, 'Kiran Shinde');
    const card = page.getByTestId('ongoing-ride');
    await card
      .getByTestId('ongoing-ride-status')
      .filter({ hasText: /^started$/ })
      .waitFor();
    return { ride, page, card };
  };

  beforeAll(async () => {
    boss = await admin();
    for (const step of ['materialPicked', 'materialDropped'])
      await boss.call('PUT', '/api/site/scan-rules', { placeId: '*', step, required: true });
    codes = await boss.call<PlaceCodesAnswer>('GET', '/api/site/place-codes');
    folder = mkdtempSync(join(tmpdir(), 'plantride-camera-'));
    const video = join(folder, 'main-gate.y4m');
    writeQrVideo(video, codeOf('main-gate').qrText!);
    browser = await launchBrowser({ fakeCamera: video });
    driver = await newDriver(freshToken('QD'), 'Kiran Shinde');
    requester = await newRequester(freshToken('QR'), 'Neha Joshi');
  });
  afterAll(async () => {
    await browser?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('at 390 px: a pick typed in a Wi-Fi dead zone waits with its scan and, back online, is recorded once as typed at main gate', async () => {
    const { ride: offlineRide, page, card } = await startedRideOnScreen(390, 844);

    await page.context().setOffline(true);
    await page.locator('[data-status="offline"]').waitFor();
    await card.getByRole('button', { name: 'Material Picked', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Material Picked: scan the code at main gate' });
    await dialog.getByLabel('Short code').fill(printedShortCode(codeOf('main-gate').shortCode!));
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await snap(page, 'scan-390-06-offline-pick-waiting');
    const picked = async () =>
      (
        await boss.call<{ events: { type: string; data: Record<string, unknown> }[] }>('GET', `/api/rides/${offlineRide}/timeline`)
      ).events.filter((event) => event.type === 'MaterialPicked');
    expect(await picked()).toEqual([]);

    // The card shows the pick at once, offline too; the store has it once the queue has sent it.
    await page.context().setOffline(false);
    await expect.poll(async () => (await picked()).length, { timeout: 30_000 }).toBe(1);
    await card.getByText('Material Picked is waiting for network.', { exact: false }).waitFor({ state: 'detached' });
    const recorded = await picked();
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.data.scan).toEqual({ placeId: 'main-gate', place: 'main gate', via: 'typed' });
    await page.context().close();
    const drop = { code: codeOf('canteen').shortCode!, via: 'typed' };
    await driver.call('PUT', '/api/bookings/update-timestamps', { rideId: offlineRide, event: 'materialDropped', scan: drop });
    await driver.call('PUT', '/api/bookings/update-timestamps', { rideId: offlineRide, event: 'end' });
  });

  for (const [width, height] of [
    [390, 844],
    [1280, 900],
  ] as const) {
    it(`at ${width} px: a wrong place's code is refused naming its place, the camera reads main gate's, and a drop with no scan keeps the reason`, async () => {
      const started = await startedRideOnScreen(width, height);
      const { page, card } = started;
      rideId = started.ride;

      await card.getByRole('button', { name: 'Material Picked', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Material Picked: scan the code at main gate' });
      await dialog.getByLabel('Short code').fill(printedShortCode(codeOf('canteen').shortCode!));
      await dialog.getByRole('button', { name: 'Send', exact: true }).click();
      await dialog.getByTestId('scan-refusal').filter({ hasText: 'This code belongs to canteen, not main gate.' }).waitFor();
      await snap(page, `scan-${width}-01-wrong-place`);

      await dialog.getByRole('button', { name: 'Scan with camera' }).click();
      await dialog.waitFor({ state: 'detached' });
      await card
        .getByTestId('ongoing-ride-status')
        .filter({ hasText: /^material picked$/ })
        .waitFor();

      await card.getByRole('button', { name: 'Material Dropped', exact: true }).click();
      const drop = page.getByRole('dialog', { name: 'Material Dropped: scan the code at canteen' });
      await drop.getByRole('button', { name: 'I cannot scan' }).click();
      await drop.getByLabel('Why you cannot scan').fill('QR label torn off the bay door');
      await snap(page, `scan-${width}-02-cannot-scan`);
      await drop.getByRole('button', { name: 'Record without scan' }).click();
      await drop.waitFor({ state: 'detached' });
      await card
        .getByTestId('ongoing-ride-status')
        .filter({ hasText: /^delivered$/ })
        .waitFor();
      await page.context().close();

      const timeline = await boss.call<{ events: { type: string; data: Record<string, unknown> }[] }>(
        'GET',
        `/api/rides/${rideId}/timeline`,
      );
      expect(timeline.events.find((event) => event.type === 'MaterialPicked')?.data.scan).toEqual({
        placeId: 'main-gate',
        place: 'main gate',
        via: 'camera',
      });
      expect(timeline.events.find((event) => event.type === 'MaterialDropped')?.data.scan).toMatchObject({
        via: 'override',
        reason: 'QR label torn off the bay door',
      });
      await driver.call('PUT', '/api/bookings/update-timestamps', { rideId, event: 'end' });
    });

    it(`at ${width} px: the admin sees the rules, prints main gate's sheet, and the audit marks the override`, async () => {
      const page = await newPage(browser, width, height);
      await signInStaff(page, adminAccount());
      await page.goto('/site');
      await page.getByRole('heading', { name: 'Scans at every place' }).waitFor();
      const everywhere = page.getByRole('region', { name: 'Scans at every place' });
      await expect.poll(() => everywhere.getByRole('checkbox', { name: 'Material Picked' }).isChecked()).toBe(true);
      expect(await everywhere.getByRole('checkbox', { name: 'Special Task start' }).isChecked()).toBe(false);
      await page.getByRole('combobox', { name: 'Place' }).click();
      await page.getByRole('option', { name: 'main gate', exact: true }).click();
      const here = page.getByRole('region', { name: 'Scans here' });
      await here
        .getByTestId('place-short-code')
        .filter({ hasText: printedShortCode(codeOf('main-gate').shortCode!) })
        .waitFor();
      await snap(page, `scan-${width}-03-site-rules`);
      await here.getByRole('link', { name: 'Printable QR sheet' }).click();
      await page.waitForURL('**/site/codes/main-gate');
      await page.getByTestId('sheet-place-name').filter({ hasText: 'main gate' }).waitFor();
      await page.getByTestId('sheet-qr').locator('svg').waitFor();
      await page
        .getByTestId('sheet-short-code')
        .filter({ hasText: printedShortCode(codeOf('main-gate').shortCode!) })
        .waitFor();
      await snap(page, `scan-${width}-04-sheet`);

      await page.goto(`/ride-audit/${rideId}`);
      const timeline = page.getByRole('table', { name: 'Ride timeline' });
      await timeline.getByText('Scanned at main gate (camera)').waitFor();
      await timeline.getByText('Not scanned at canteen: override, "QR label torn off the bay door"').waitFor();
      await snap(page, `scan-${width}-05-audit`);
      await page.context().close();
    });
  }
});
