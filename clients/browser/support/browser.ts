import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { seriousViolations, settled } from './axe';
import { engine } from './engine-context';

const SCREENSHOTS = join(import.meta.dirname, '../screenshots');

/** `fakeCamera`: a Y4M or MJPEG file every page's camera plays, with the permission granted (issue #34 item 2: fake-camera.ts). */
export async function launchBrowser({ fakeCamera }: { fakeCamera?: string } = {}): Promise<Browser> {
  const camera = fakeCamera
    ? ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${fakeCamera}`]
    : [];
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', ...camera],
  });
}

export async function newPage(browser: Browser, width = 1280, height = 900): Promise<Page> {
  const context = await browser.newContext({ baseURL: engine('baseUrl'), viewport: { width, height } });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

/**
 * Picks an option of a select as a person would: opens its menu, waits for the menu to finish growing, presses the
 * option and waits for the menu to close. A press made while the menu still grows can be released over another spot:
 * then no click is made, the menu stays open and hides the page behind it from every role query (CI failed on that).
 */
export async function choose(combobox: Locator, option: string | RegExp, { exact = false } = {}): Promise<void> {
  const listbox = await openOptions(combobox);
  await listbox.getByRole('option', { name: option, exact }).click();
  await listbox.waitFor({ state: 'detached' });
}

/** Opens a select's or a suggestion field's list and waits until it has finished growing in; its listbox. */
export async function openOptions(combobox: Locator): Promise<Locator> {
  const page = combobox.page();
  await combobox.click();
  const listbox = page.getByRole('listbox');
  await listbox.waitFor();
  await settled(page);
  return listbox;
}

/** The outermost elements reaching past the viewport's right edge (tag, classes, box, text): why a page scrolls sideways. */
function widerThanViewport(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.body.querySelectorAll('*')].filter((element) => element.getBoundingClientRect().right > width + 1);
    const outermost = wide.filter((element) => !wide.some((other) => other !== element && other.contains(element)));
    return outermost.slice(0, 5).map((element) => {
      const box = element.getBoundingClientRect();
      return `<${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}"> ${Math.round(box.left)}..${Math.round(box.right)}px "${(element.textContent ?? '').slice(0, 40)}"`;
    });
  });
}

/**
 * Saves a full-page screenshot under clients/browser/screenshots/ (git-ignored) for a human to look at,
 * after checking the screen as it stands: it does not scroll sideways (a phone user would see a broken page)
 * and axe finds no serious or critical violation. So every screen a test shows is checked.
 */
export async function snap(page: Page, name: string): Promise<void> {
  // A resized viewport reaches some content a frame or two later (charts follow a ResizeObserver).
  const fits = await page
    .waitForFunction(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth, undefined, { timeout: 2_000 })
    .then(
      () => true,
      () => false,
    );
  if (!fits)
    throw new Error(
      `${name}: the page scrolls sideways past ${page.viewportSize()?.width} px because of\n${(await widerThanViewport(page)).join('\n')}`,
    );
  const violations = await seriousViolations(page);
  if (violations.length > 0) throw new Error(`${name}: axe finds serious or critical violations:\n${violations.join('\n')}`);
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}
