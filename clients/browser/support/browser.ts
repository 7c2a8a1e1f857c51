import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { inject } from 'vitest';

const SCREENSHOTS = join(import.meta.dirname, '../screenshots');

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

export async function newPage(browser: Browser, width = 1280, height = 900): Promise<Page> {
  const context = await browser.newContext({ baseURL: inject('baseUrl'), viewport: { width, height } });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

/** Saves a full-page screenshot under clients/browser/screenshots/ (git-ignored) for a human to look at. */
export async function snap(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}
