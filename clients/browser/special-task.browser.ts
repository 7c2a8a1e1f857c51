import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { choose, launchBrowser, newPage, snap } from './support/browser';
import { freshToken, newDriver, type ApiSession } from './support/engine-api';
import { allStepTimes, pickLocation, signUpInBrowser, stepDone, historyCard } from './support/requester-flows';

describe('Schedule Special Task Ride in a real browser', () => {
  let browser: Browser;
  let page: Page;
  let driver: ApiSession;
  const requester = freshToken('RS');
  const password = 'secret-2';

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage(browser);
    driver = await newDriver(freshToken('CS'), 'Sunil Patil', 'Crane');
    await signUpInBrowser(page, requester, password);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('given the special task form, when it is sent without places or without a duration, then the spec messages show and nothing is booked', async () => {
    await page.getByRole('button', { name: 'Special Task Ride' }).click();
    await page.waitForURL('**/special-task-ride');
    await page.getByRole('heading', { level: 1, name: 'Schedule Special Task Ride' }).waitFor();
    await page.getByRole('button', { name: 'Request Transport' }).click();
    await page.getByText("Please select 'From' and 'To' locations.").waitFor();
    await pickLocation(page, 'Pickup Location', 'RMS');
    await pickLocation(page, 'Drop Location', 'scrap yard');
    await page.getByRole('button', { name: 'Request Transport' }).click();
    await page.getByText('Please select a time greater than 00h 00m').waitFor();
    await snap(page, 'special-01-validation');
  });

  it('given a Crane special task, when a driver accepts and carries it out, then the six steps fill live and Task History shows it completed', async () => {
    await choose(page.getByRole('combobox', { name: 'Vehicle Type' }), 'Crane');
    await choose(page.getByRole('combobox', { name: 'Minutes' }), '30m');
    await snap(page, 'special-02-form');
    await page.getByRole('button', { name: 'Request Transport' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Transport Request' });
    await dialog.getByText('Duration: 0h 30m').waitFor();
    await dialog.getByRole('button', { name: 'Confirm Request' }).click();
    const title = page.getByRole('heading', { name: /^Ride Status for Ride ID: / });
    await title.waitFor();
    const rideId = ((await title.textContent()) ?? '').replace('Ride Status for Ride ID: ', '').trim();
    await page.getByText('Requesting transport...').waitFor();
    await snap(page, 'special-03-requested');

    await driver.call('POST', '/api/tracking/accept-ride', { driverId: driver.tokenNo, rideId });
    await stepDone(page, 2);
    await page.getByRole('button', { name: 'Driver Details' }).click();
    await page.getByRole('dialog', { name: 'Driver Details' }).getByText('Name: Sunil Patil').waitFor();
    await snap(page, 'special-04-driver-details');
    await page.getByRole('dialog', { name: 'Driver Details' }).getByRole('button', { name: 'Close' }).click();

    for (const [event, step] of [
      ['start', 3],
      ['materialPicked', 4],
      ['materialDropped', 5],
      ['end', 6],
    ] as const) {
      await driver.call('PUT', '/api/bookings/update-timestamps', { rideId, event });
      await stepDone(page, step);
    }
    await allStepTimes(page, 6);
    await snap(page, 'special-05-completed');

    // The completed ride stays until the requester dismisses it (docs/DECISIONS.md).
    await page.getByTestId('ride-completed').getByRole('button', { name: 'Dismiss' }).click();
    await page.getByRole('button', { name: 'Request Transport' }).waitFor();
    await page.getByRole('button', { name: 'Task History' }).click();
    await historyCard(page, 'RMS', 'scrap yard', rideId, 'completed').waitFor();
    await snap(page, 'special-06-history');
  });
});
