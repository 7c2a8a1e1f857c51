import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, snap } from './support/browser';
import { freshToken, newDriver, type ApiSession } from './support/engine-api';
import { signInDriver } from './support/driver-flows';
import { newMaintenanceHead, signInStaff } from './support/staff-flows';

// Markup a hostile user types into free text: were it parsed as HTML, the broken image's onerror would count up.
const payload = (tag: string) => `<img src=x onerror="window.__xssFired=(window.__xssFired||0)+1"> ${tag}`;

/** Watches a page for what an injected handler or a too-strict CSP would leave behind. */
function watch(page: Page): { cspViolations: string[] } {
  const cspViolations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  return { cspViolations };
}

const fired = (page: Page) => page.evaluate(() => (window as unknown as { __xssFired?: number }).__xssFired ?? 0);
const injectedImages = (page: Page) => page.locator('img[src="x"]').count();

describe('Hostile text renders as text on the staff and driver screens, under the engine’s CSP', () => {
  let browser: Browser;
  let staffPage: Page;
  let driverPage: Page;
  let driver: ApiSession;
  let staffWatch: { cspViolations: string[] };
  let driverWatch: { cspViolations: string[] };

  beforeAll(async () => {
    browser = await launchBrowser();
    staffPage = await newPage(browser);
    driverPage = await newPage(browser);
    staffWatch = watch(staffPage);
    driverWatch = watch(driverPage);
    driver = await newDriver(freshToken('ZD'), 'Ravi Kumar');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('given the built client, when it loads, then the engine sends a CSP without inline script and the app runs under it', async () => {
    const answer = await staffPage.goto('/signin');
    const csp = answer?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("script-src-attr 'none'");
    await staffPage.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(staffWatch.cspViolations).toEqual([]);
  });

  it('given the API description, when /api/docs opens, then Swagger UI lists the calls under the same CSP', async () => {
    const page = await newPage(browser);
    const docsWatch = watch(page);
    const answer = await page.goto('/api/docs');
    expect(answer?.headers()['content-security-policy'] ?? '').toContain("script-src 'self'");
    await page.getByRole('heading', { name: /PlantRide engine/ }).waitFor();
    await page.getByText('/api/bookings/book-ride').first().waitFor();
    expect(docsWatch.cspViolations).toEqual([]);
    await page.close();
  });

  it('given a request whose issue and comment are markup, when the head rejects it with a markup reason, then the staff and driver screens show the text and run nothing', async () => {
    const head = await newMaintenanceHead(freshToken('ZH'));
    await signInStaff(staffPage, head);
    await signInDriver(driverPage, driver.tokenNo, driver.name);

    const { requestId } = await driver.call<{ requestId: string }>('POST', '/api/requests/maintenanceReq', {
      driver_id: driver.tokenNo,
      driver_name: driver.name,
      vehicle_type: 'Forklift',
      issue: payload('issue'),
      comment_text: payload('comment'),
      status: 'pending',
      breakdown_type: 'full',
      ride_id: null,
    });
    await staffPage.goto('/requests');
    const row = staffPage.getByTestId(`maintenance-row-${requestId}`);
    await row.getByText(payload('comment')).waitFor();
    await row.getByText(payload('issue')).waitFor();

    await row.getByRole('button', { name: 'Reject' }).click();
    const reject = staffPage.getByRole('dialog', { name: 'Reject Maintenance Request' });
    await reject.getByLabel('Reason for rejection').fill(payload('reason'));
    // A full breakdown with inspections off: the head confirms he checked the vehicle (issue #32).
    await reject.getByLabel('I have checked the vehicle and it is safe to use').check();
    await reject.getByRole('button', { name: 'Submit' }).click();
    await row.getByText(`Rejection reason: ${payload('reason')}`).waitFor();
    // The driver hears of it live; the notice quotes the reason.
    await driverPage.getByText(payload('reason'), { exact: false }).first().waitFor();
    await snap(staffPage, 'xss-staff-requests');
    await snap(driverPage, 'xss-driver-notice');

    for (const page of [staffPage, driverPage]) {
      expect(await injectedImages(page)).toBe(0);
      expect(await fired(page)).toBe(0);
    }
    expect(staffWatch.cspViolations).toEqual([]);
    expect(driverWatch.cspViolations).toEqual([]);
  });
});
