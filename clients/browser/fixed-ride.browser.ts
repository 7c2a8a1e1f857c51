import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, snap } from './support/browser';
import { freshToken, newDriver, type ApiSession } from './support/engine-api';
import { allStepTimes, requestTransport, signInInBrowser, signUpInBrowser, stepDone, historyCard } from './support/requester-flows';

describe('Schedule Fixed Ride in a real browser', () => {
  let browser: Browser;
  let page: Page;
  let driver: ApiSession;
  const requester = freshToken('RF');
  const password = 'secret-1';

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage(browser);
    driver = await newDriver(freshToken('FF'), 'Ravi Kumar');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('given a new requester, when he signs up and signs in, then he lands on his dashboard', async () => {
    await signUpInBrowser(page, requester, password, 'fixed-01-sign-up');
    await snap(page, 'fixed-02-sign-in');
    await signInInBrowser(page, requester, password);
    await page.getByRole('heading', { name: 'Type of Booking Required' }).waitFor();
    // Signed up without a name: greeted by token number alone.
    await page.getByRole('heading', { name: `Hello, ${requester}`, exact: true }).waitFor();
    await snap(page, 'fixed-03-dashboard');
  });

  it('given the dashboard, when he books a Fixed ride and a driver carries it out, then every step shows live with its time and history shows it completed', async () => {
    await page.getByRole('button', { name: 'Fixed Ride' }).click();
    await page.waitForURL('**/available-rides');
    const rideId = await requestTransport(page, 'main gate', 'canteen', 'fixed-04');
    await page.getByText('Requesting transport...').waitFor();
    await stepDone(page, 1);
    await snap(page, 'fixed-05-requested');

    await driver.call('POST', '/api/tracking/accept-ride', { driverId: driver.tokenNo, rideId });
    await stepDone(page, 2);
    await page.getByRole('button', { name: 'Driver Details' }).click();
    const details = page.getByRole('dialog', { name: 'Driver Details' });
    await details.getByText('Name: Ravi Kumar').waitFor();
    await details.getByText('From: main gate').waitFor();
    await details.getByText('To: canteen').waitFor();
    expect(await details.getByRole('link').getAttribute('href')).toMatch(/^tel:\d{10}$/);
    await snap(page, 'fixed-06-driver-details');
    await details.getByRole('button', { name: 'Close' }).click();

    await driver.call('PUT', '/api/bookings/update-timestamps', { rideId, event: 'start' });
    await stepDone(page, 3);
    // The server's read models are the truth: a reload shows the same ride at the same step.
    await page.reload();
    await page.getByRole('heading', { name: `Ride Status for Ride ID: ${rideId}` }).waitFor();
    await stepDone(page, 3);
    expect(await page.locator('[data-testid="step-4"]').getAttribute('data-state')).toBe('pending');
    await page.getByRole('button', { name: 'Driver Details' }).waitFor();

    await driver.call('PUT', '/api/bookings/update-timestamps', { rideId, event: 'materialPicked' });
    await stepDone(page, 4);
    await driver.call('PUT', '/api/bookings/update-timestamps', { rideId, event: 'materialDropped' });
    await stepDone(page, 5);
    await driver.call('POST', '/api/tracking/complete-ride', { rideId });
    await stepDone(page, 6);
    await allStepTimes(page, 6);
    await snap(page, 'fixed-07-completed');

    // The completed ride's summary stays until the requester dismisses it; then the form comes back.
    await page.getByTestId('ride-completed').getByRole('button', { name: 'Dismiss' }).click();
    await page.getByRole('button', { name: 'Request Transport' }).waitFor();
    await page.getByRole('button', { name: 'Ride History' }).click();
    const item = historyCard(page, 'main gate', 'canteen', rideId, 'completed');
    await item.waitFor();
    await snap(page, 'fixed-08-history');
    await page.setViewportSize({ width: 390, height: 844 });
    await item.waitFor();
    await snap(page, 'fixed-08-history-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
    await item.click();
    await page.getByRole('heading', { name: `Ride Status for Ride ID: ${rideId}` }).waitFor();
    await stepDone(page, 6);
  });

  it('given a signed-in requester, when he logs out, then he is told so, sent to /signin, and the guarded screens send him back there', async () => {
    await page.getByRole('button', { name: 'Logout' }).click();
    // Logout asks first (docs/DECISIONS.md, Touch and layout).
    await page.getByRole('dialog', { name: 'Log out?' }).getByRole('button', { name: 'Logout' }).click();
    await page.getByText('You have been logged out successfully!').waitFor();
    await page.waitForURL('**/signin');
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await page.goto('/available-rides');
    await page.waitForURL('**/signin');
  });
});
