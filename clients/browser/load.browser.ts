import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settled } from './support/axe';
import { choose, launchBrowser, newPage, snap } from './support/browser';
import { rideRow, signInDriver } from './support/driver-flows';
import { freshToken, newDriver } from './support/engine-api';
import { pickLocation, signUpInBrowser } from './support/requester-flows';

// Issue #32 item 7: what is being moved, said on the booking form and seen by the driver, at 390 and 1,280 px.
describe('What is being moved, from the booking form to the driver', () => {
  let browser: Browser;
  let requesterPage: Page;
  let driverPage: Page;
  const requester = freshToken('LQ');
  const password = 'secret-7';
  const driver = freshToken('LD');

  beforeAll(async () => {
    browser = await launchBrowser();
    requesterPage = await newPage(browser, 390, 844);
    driverPage = await newPage(browser, 390, 844);
    await newDriver(driver, 'Kiran Rao', 'Forklift');
    await signUpInBrowser(requesterPage, requester, password);
    await signInDriver(driverPage, driver, 'Kiran Rao');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('given a quantity with no unit, when he requests transport, then the form says so and nothing is booked; with a unit, the confirm dialog and the driver show the load, hazardous first', async () => {
    await requesterPage.getByRole('button', { name: 'Fixed Ride' }).click();
    await choose(requesterPage.getByRole('combobox', { name: 'Vehicle Type' }), 'Forklift');
    await pickLocation(requesterPage, 'Pickup Location', 'RMS');
    await pickLocation(requesterPage, 'Drop Location', 'canteen');
    const load = requesterPage.getByRole('group', { name: 'What is being moved (optional)' });
    await load.getByLabel('Description').fill('Paint drums for line 3');
    await load.getByLabel('Quantity').fill('12');
    await requesterPage.getByRole('button', { name: 'Request Transport' }).click();
    await requesterPage.getByText('Give a unit with the quantity.').first().waitFor();
    expect(await requesterPage.getByRole('dialog', { name: 'Confirm Transport Request' }).count()).toBe(0);

    await choose(load.getByRole('combobox', { name: 'Unit' }), 'drums');
    await load.getByLabel('Weight (kg)').fill('480');
    await load.getByRole('checkbox', { name: 'Hazardous' }).check();
    await settled(requesterPage);
    await snap(requesterPage, 'load-01-form-390');
    await requesterPage.setViewportSize({ width: 1280, height: 900 });
    await snap(requesterPage, 'load-02-form-1280');
    await requesterPage.getByRole('button', { name: 'Request Transport' }).click();
    const dialog = requesterPage.getByRole('dialog', { name: 'Confirm Transport Request' });
    await dialog.getByText('HAZARDOUS').waitFor();
    await dialog.getByText('Paint drums for line 3').waitFor();
    await dialog.getByRole('button', { name: 'Confirm Request' }).click();
    const title = requesterPage.getByRole('heading', { name: /^Ride Status for Ride ID: / });
    await title.waitFor();
    const rideId = ((await title.textContent()) ?? '').replace('Ride Status for Ride ID: ', '').trim();

    const row = rideRow(driverPage, rideId).first();
    const seen = row.getByRole('group', { name: 'What is being moved' });
    await seen.getByText('HAZARDOUS').waitFor();
    expect(await seen.textContent()).toMatch(/Paint drums for line 3.*12 drums.*480 kg/);
    await settled(driverPage);
    await snap(driverPage, 'load-03-driver-390');
    await driverPage.setViewportSize({ width: 1280, height: 900 });
    await rideRow(driverPage, rideId).first().getByRole('group', { name: 'What is being moved' }).getByText('HAZARDOUS').waitFor();
    await snap(driverPage, 'load-04-driver-1280');
  });
});
