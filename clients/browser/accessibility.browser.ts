import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, snap } from './support/browser';
import { freshToken } from './support/engine-api';
import { signInInBrowser, signUpInBrowser } from './support/requester-flows';

describe.each([
  ['desktop', 1280, 900],
  ['phone', 360, 740],
] as const)('Accessibility at %s width', (label, width, height) => {
  let browser: Browser;
  let page: Page;
  const requester = freshToken(label === 'desktop' ? 'XD' : 'XP');
  const password = 'secret-5';

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage(browser, width, height);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('given sign-up and sign-in, when axe checks them, then there is no serious or critical violation', async () => {
    await page.goto('/signup');
    await page.getByRole('heading', { name: 'Create Your Account' }).waitFor();
    await snap(page, `a11y-${label}-sign-up`);
    await signUpInBrowser(page, requester, password);
    await snap(page, `a11y-${label}-sign-in`);
  });

  it('given the dashboard and both booking screens, when axe checks them, then there is no serious or critical violation', async () => {
    await signInInBrowser(page, requester, password);
    await page.getByRole('heading', { name: 'Type of Booking Required' }).waitFor();
    await snap(page, `a11y-${label}-dashboard`);
    await page.goto('/available-rides');
    await page.getByRole('button', { name: 'Request Transport' }).waitFor();
    await snap(page, `a11y-${label}-fixed-ride`);
    await page.goto('/special-task-ride');
    await page.getByRole('button', { name: 'Request Transport' }).waitFor();
    await snap(page, `a11y-${label}-special-task`);
  });

  it('given the booking form, when it is used from the keyboard alone, then Tab reaches every field and the request button', async () => {
    await page.goto('/available-rides');
    // The form shows once the screen knows he has no ride under way; before that there is nothing to Tab to.
    await page.getByRole('button', { name: 'Request Transport' }).waitFor();
    const reached = new Set<string>();
    for (let i = 0; i < 20; i += 1) {
      await page.keyboard.press('Tab');
      const name = await page.evaluate(() => {
        const el = document.activeElement;
        return el
          ? (el.getAttribute('aria-label') ?? el.textContent ?? el.id ?? '').trim() ||
              (el as HTMLInputElement).labels?.[0]?.textContent?.trim() ||
              ''
          : '';
      });
      reached.add(name);
    }
    const names = [...reached].join(' | ');
    expect(names).toMatch(/Pickup Location/);
    expect(names).toMatch(/Request Transport/);
    expect(names).toMatch(/Logout/);
  });
});

describe('Unknown paths', () => {
  it('given a path that is not a screen, when it is opened, then it reads 404 - Page Not Found', async () => {
    const browser = await launchBrowser();
    try {
      const page = await newPage(browser);
      await page.goto('/no-such-screen');
      await page.getByRole('heading', { name: '404 - Page Not Found' }).waitFor();
      await snap(page, 'not-found');
      await page.goto('/requester');
      // No stored user: the guard sends him to sign in.
      await page.waitForURL('**/signin');
    } finally {
      await browser.close();
    }
  });
});
