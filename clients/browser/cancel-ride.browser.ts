import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { choose, launchBrowser, newPage, snap } from './support/browser';
import { freshToken, newDriver } from './support/engine-api';
import { requestTransport, signUpInBrowser, historyCard } from './support/requester-flows';

describe('Cancelling a requested ride in a real browser', () => {
  let browser: Browser;
  let page: Page;
  const requester = freshToken('RC');
  const password = 'secret-3';

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage(browser);
    await newDriver(freshToken('AC'), 'Amit Shah', 'AMR');
    await signUpInBrowser(page, requester, password);
  });
  afterAll(async () => {
    await browser?.close();
  });

  const chooseAmr = async () => {
    await choose(page.getByRole('combobox', { name: 'Vehicle Type' }), 'AMR');
  };

  it('given a ride still going, when Book New Ride is pressed, then the form opens with the going ride one tap away, and View it returns to it', async () => {
    await page.goto('/available-rides');
    await chooseAmr();
    const rideId = await requestTransport(page, 'fgs', 'canteen');
    await page.getByText('Requesting transport...').waitFor();
    await page.getByRole('button', { name: 'Book New Ride' }).click();
    await page.getByText(`Ride ${rideId} is still going.`).waitFor();
    await page.getByRole('button', { name: 'Request Transport' }).waitFor();
    await snap(page, 'cancel-04-book-another');
    await page.getByRole('button', { name: 'View it' }).click();
    await page.getByText('Requesting transport...').waitFor();
    // Cancelled from its tracker, so the next test finds the form.
    await page.getByRole('button', { name: 'Cancel Request' }).click();
    await page.getByRole('dialog', { name: 'Are you sure you want to cancel this ride?' }).getByRole('button', { name: 'Yes' }).click();
    await page.getByRole('button', { name: 'Request Transport' }).waitFor();
  });

  it('given a requested ride, when the requester cancels it and says Yes, then he is back on the form and history shows it cancelled', async () => {
    await page.goto('/available-rides');
    await chooseAmr();
    const rideId = await requestTransport(page, 'fgs', 'electronics');
    await page.getByText('Requesting transport...').waitFor();
    await snap(page, 'cancel-00-requested');
    await page.getByRole('button', { name: 'Cancel Request' }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure you want to cancel this ride?' });
    await dialog.waitFor();
    await snap(page, 'cancel-01-confirm');
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await page.getByRole('button', { name: 'Request Transport' }).waitFor();
    await page.waitForURL((url) => url.pathname === '/available-rides');
    await page.getByRole('button', { name: 'Ride History' }).click();
    await historyCard(page, 'fgs', 'electronics', rideId, 'cancelled').waitFor();
    await snap(page, 'cancel-02-history');
  });

  it('given a requested ride in the history list, when Cancel Ride is answered No then Yes, then only Yes cancels it', async () => {
    await page.goto('/available-rides');
    await chooseAmr();
    const rideId = await requestTransport(page, 'canteen', 'RMS');
    await page.goto('/available-rides?history=true');
    await historyCard(page, 'canteen', 'RMS', rideId, 'requested').waitFor();
    await page.getByRole('button', { name: `Cancel Ride ${rideId}` }).click();
    // The same dialog as the tracker's: one way of confirming a cancel.
    const dialog = page.getByRole('dialog', { name: 'Are you sure you want to cancel this ride?' });
    await dialog.waitFor();
    await snap(page, 'cancel-03-history-confirm');
    await dialog.getByRole('button', { name: 'No', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: `Cancel Ride ${rideId}` }).click();
    await dialog.getByRole('button', { name: 'Yes', exact: true }).click();
    await page.getByRole('button', { name: 'Ride History' }).click();
    await historyCard(page, 'canteen', 'RMS', rideId, 'cancelled').waitFor();
  });
});
