import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { choose, launchBrowser, newPage, snap } from './support/browser';
import { freshToken, newDriver } from './support/engine-api';
import { completedRide, newMaintenanceHead, newRequester, openMaintenancePanel, signInStaff } from './support/staff-flows';

const BUSY = ['Boiler Bay - 4', 'vendor park bay -3'] as const;
const CRANE = ['vendor park bay -1', 'Boiler Bay - 2'] as const;
const routeRow = (page: Page, route: readonly [string, string]) =>
  page.getByRole('table', { name: 'Busiest routes' }).getByRole('row', { name: new RegExp(`^${route[0]} → ${route[1]} \\d+$`) });

const total = async (page: Page, key: string) => Number(await page.getByTestId(`total-${key}`).locator('p').first().textContent());

describe('KPI dashboard in a real browser', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage(browser);
    const requester = await newRequester(freshToken('KQ'), 'Nisha Patel');
    const forklift = await newDriver(freshToken('KF'), 'Deepak Joshi');
    const crane = await newDriver(freshToken('KC'), 'Imran Khan', 'Crane');
    // Deepak starts his shift, so his utilisation is a share of it; Imran records none.
    await forklift.call('POST', '/api/drivers/shift', { on: true });
    // Places no other browser test uses: the engine is shared by every file.
    await completedRide(requester, forklift, BUSY[0], BUSY[1]);
    await completedRide(requester, forklift, BUSY[0], BUSY[1]);
    await completedRide(requester, forklift, 'chakan warehouse', 'Boiler Bay - 3');
    const { rideId } = await requester.call<{ rideId: string }>('POST', '/api/bookings/book-ride', {
      userId: requester.tokenNo,
      fromLocation: CRANE[0],
      toLocation: CRANE[1],
      vehicleType: 'Crane',
      rideType: 'Regular',
      reqName: requester.name,
      reqMobileNo: '9000000001',
    });
    await crane.call('POST', '/api/tracking/accept-ride', { driverId: crane.tokenNo, rideId });
    await signInStaff(page, await newMaintenanceHead(freshToken('KH')));
    await openMaintenancePanel(page);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('given rides today, when the maintenance head opens Reports, then totals and the five charts show, with its routes counted', async () => {
    await page.getByRole('link', { name: /^Reports/ }).click();
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    for (const title of [
      'Rides per day by vehicle type',
      /^Wait and delivery times \((seconds|minutes)\)$/,
      'On target',
      'Driver utilisation',
      'Busiest routes',
    ]) {
      await page.getByRole('heading', { name: title }).waitFor();
    }
    await page.getByTestId('total-requested').waitFor();
    expect(await total(page, 'requested')).toBeGreaterThanOrEqual(4);
    // Each chart carries its figures as a table for screen readers.
    expect(await routeRow(page, BUSY).getByRole('cell').nth(1).textContent()).toBe('2');
    // Utilisation is a percentage of his time on shift, with both times in words (issue #32 item 6).
    const deepak = page.getByRole('table', { name: 'Driver utilisation' }).getByRole('row', { name: /Deepak Joshi/ });
    await deepak.waitFor();
    const [share, busy, onShift] = await Promise.all([1, 2, 3].map((n) => deepak.getByRole('cell').nth(n).textContent()));
    expect(share).toMatch(/^\d+%$/);
    expect(busy).toMatch(/^(\d+ s|< 1 s|\d+ min)$/);
    expect(onShift).toMatch(/^(\d+ s|< 1 s|\d+ min)$/);
    await snap(page, 'staff-kpis-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'staff-kpis-390');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('given the vehicle filter, when Crane is chosen, then the Forklift routes go and the route of the Crane ride counts', async () => {
    await choose(page.getByRole('combobox', { name: 'Vehicle type' }), 'Crane');
    await page.waitForURL(/vehicleType=Crane/);
    await routeRow(page, BUSY).waitFor({ state: 'detached' });
    expect(await routeRow(page, CRANE).getByRole('cell').nth(1).textContent()).toBe('1');
    expect(await total(page, 'requested')).toBeGreaterThanOrEqual(1);
    await page.setViewportSize({ width: 360, height: 740 });
    await snap(page, 'staff-kpis-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('given a range in the past with no rides, when chosen, then every chart says so', async () => {
    await page.goto('/reports?from=2025-01-01&to=2025-01-07');
    await page.getByTestId('total-requested').filter({ hasText: /^0/ }).waitFor();
    expect(await page.getByText('No rides in this range').count()).toBe(5);
  });
});
