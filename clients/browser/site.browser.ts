import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hi } from '../src/i18n/hi';
import { mr } from '../src/i18n/mr';
import { choose, launchBrowser, newPage, openOptions, snap } from './support/browser';
import { admin, freshToken } from './support/engine-api';
import { signInInBrowser } from './support/requester-flows';
import { adminAccount, newRequester, openMaintenancePanel, signInStaff } from './support/staff-flows';
import { fill } from './support/languages';

interface SiteAnswer {
  locations: { id: string; name: string; retired: boolean }[];
  routes: { from: string; to: string; minutes: number; edited: boolean }[];
}

/** Every button on the screen narrower or shorter than 44 px (the touch-target floor), outside dialogs and toasts. */
function smallButtons(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('main button, main [role="button"], main input')]
      .map((element) => ({ element, box: (element.closest('.MuiInputBase-root') ?? element).getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.width < 44 || box.height < 44))
      .map(
        ({ element, box }) =>
          `${element.getAttribute('aria-label') ?? element.textContent?.trim()} ${Math.round(box.width)}x${Math.round(box.height)}`,
      ),
  );
}

describe('The Site screen in a real browser', () => {
  let browser: Browser;
  let page: Page;
  const plan = () => page.getByRole('group', { name: 'Plant plan' });
  const cell = (from: string, to: string) => page.getByLabel(`${from} to ${to}, minutes`, { exact: true });

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage(browser);
    await signInStaff(page, adminAccount());
    await openMaintenancePanel(page);
    await page.getByRole('link', { name: /^Site/ }).click();
    await page.getByRole('heading', { name: 'Site', exact: true }).waitFor();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('given a fresh engine, when the admin opens Site, then the plan shows the 19 default places and the matrix every route between them', async () => {
    await plan().getByRole('button', { name: 'main gate', exact: true }).waitFor();
    expect(await plan().getByRole('button').count()).toBe(19);
    expect(await page.getByRole('table').locator('input').count()).toBe(19 * 18);
    expect(await cell('main gate', 'canteen').inputValue()).toBe('11');
    await snap(page, 'site-desktop');
    expect(await smallButtons(page)).toEqual([]);
  });

  it('given open ground clicked on the plan, when Paint Shop is added at (0, 310), then it is on the plan and in the matrix', async () => {
    const form = page.getByRole('form', { name: 'Add place' });
    await page.getByTestId('plan-ground').click({ position: { x: 200, y: 150 } });
    expect(Number(await form.getByLabel(/^x \(m east\)/).inputValue())).toBeGreaterThan(0);
    await page.getByTestId('plan-picked').waitFor();
    await form.getByLabel(/^Name/).fill('Paint Shop');
    await form.getByLabel(/^x \(m east\)/).fill('0');
    await form.getByLabel(/^y \(m north\)/).fill('310');
    await form.getByRole('button', { name: 'Add place' }).click();
    await page.getByText('Paint Shop added.').waitFor();
    await plan().getByRole('button', { name: 'Paint Shop', exact: true }).waitFor();
    expect(await plan().getByRole('button').count()).toBe(20);
    // The new place is selected, ready to edit, and its routes are estimated from the plan.
    await page.getByRole('form', { name: 'Place Paint Shop' }).waitFor();
    await cell('main gate', 'Paint Shop').waitFor();
    await cell('Paint Shop', 'canteen').waitFor();
  });

  it("given a place that exists, when it is added again, then the engine's message shows", async () => {
    const form = page.getByRole('form', { name: 'Add place' });
    await form.getByLabel(/^Name/).fill('fgs');
    await form.getByLabel(/^x \(m east\)/).fill('10');
    await form.getByLabel(/^y \(m north\)/).fill('10');
    await form.getByRole('button', { name: 'Add place' }).click();
    await page.getByText('A place called fgs already exists.').waitFor();
    expect(await plan().getByRole('button').count()).toBe(20);
  });

  it('given the matrix, when main gate → Paint Shop is set to 9, then the cell is marked set by hand and the engine has it', async () => {
    await cell('main gate', 'Paint Shop').fill('9');
    await cell('main gate', 'Paint Shop').press('Enter');
    const marked = page.locator('td[data-edited="true"]').filter({ has: cell('main gate', 'Paint Shop') });
    await marked.waitFor();
    expect(await cell('main gate', 'Paint Shop').inputValue()).toBe('9');
    const described = await cell('main gate', 'Paint Shop').getAttribute('aria-describedby');
    expect(await page.locator(`[id="${described}"]`).textContent()).toContain('set by hand');
    // The way back is still estimated.
    expect(
      await page
        .locator('td[data-edited="true"]')
        .filter({ has: cell('Paint Shop', 'main gate') })
        .count(),
    ).toBe(0);
    const site = await (await admin()).call<SiteAnswer>('GET', '/api/site');
    expect(site.routes.find((route) => route.from === 'main-gate' && route.to === 'paint-shop')).toMatchObject({
      minutes: 9,
      edited: true,
    });
  });

  it('given scrap yard, when the admin retires it and confirms, then it is greyed on the plan and leaves the matrix', async () => {
    await plan().getByRole('button', { name: 'scrap yard', exact: true }).click();
    const editor = page.getByRole('form', { name: 'Place scrap yard' });
    await editor.getByRole('button', { name: 'Retire' }).click();
    const confirm = page.getByRole('dialog', { name: 'Retire scrap yard?' });
    await confirm.waitFor();
    await snap(page, 'site-retire-confirm');
    await confirm.getByRole('button', { name: 'Retire' }).click();
    await page.getByText('scrap yard retired.').waitFor();
    await plan().getByRole('button', { name: 'scrap yard (retired)', exact: true }).waitFor();
    await editor.getByRole('button', { name: 'Bring back' }).waitFor();
    expect(await cell('main gate', 'scrap yard').count()).toBe(0);
    await page.getByLabel('Show retired places').check();
    await cell('main gate', 'scrap yard').waitFor();
    await page.getByLabel('Show retired places').uncheck();
  });

  it('given a phone, when the Site screen shows, then the page does not scroll sideways and its buttons stay big enough', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await plan().getByRole('button', { name: 'Paint Shop', exact: true }).waitFor();
    await snap(page, 'site-phone');
    expect(await smallButtons(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('given the changes, when a requester books, then the pickup list has Paint Shop and no scrap yard', async () => {
    const token = freshToken('SR');
    await newRequester(token, 'Site Requester');
    const other = await newPage(browser);
    await signInInBrowser(other, token, `pw-${token}`);
    await other.goto('/available-rides');
    const pickupList = await openOptions(other.getByRole('combobox', { name: 'Pickup Location' }));
    const options = await pickupList.getByRole('option').allTextContents();
    expect(options).toContain('Paint Shop');
    expect(options).not.toContain('scrap yard');
    expect(options).toHaveLength(19);
    await pickupList.getByRole('option', { name: 'main gate', exact: true }).click();
    await choose(other.getByRole('combobox', { name: 'Drop Location' }), 'Paint Shop', { exact: true });
    await other.getByRole('region', { name: 'Estimated delivery time' }).getByText('9 minutes').waitFor();
    await snap(other, 'site-requester-form');
    await other.context().close();
  });

  it('given a phone, when the admin speaks Marathi and then Hindi, then Site, a place, its scans and its QR sheet speak them', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('language-menu').selectOption('mr');
    await page.getByRole('heading', { name: mr.staff.site.title, exact: true }).waitFor();
    await page.getByRole('heading', { name: mr.staff.site.routes.title }).waitFor();
    await page.getByRole('group', { name: mr.staff.site.plan.label }).getByRole('button', { name: 'main gate', exact: true }).click();
    const editor = page.getByRole('form', { name: fill(mr.staff.site.editor.form, { name: 'main gate' }) });
    await editor.getByRole('button', { name: mr.staff.site.editor.retire }).waitFor();
    await page
      .getByRole('region', { name: mr.staff.site.scans.placeTitle })
      .getByTestId('place-short-code')
      .filter({ hasText: fill(mr.staff.site.scans.code, { code: '' }) })
      .waitFor();
    await page
      .getByRole('group', { name: mr.staff.site.plan.label })
      .getByRole('button', { name: 'scrap yard (बंद)', exact: true })
      .waitFor();
    await snap(page, 'site-phone-mr');
    // A refusal under a field, and the retire question, in Marathi too.
    const add = page.getByRole('form', { name: mr.staff.site.add.title });
    await add.getByRole('spinbutton', { name: mr.staff.site.fields.x }).fill('');
    await add.getByRole('button', { name: mr.staff.site.add.title }).click();
    await add.getByText(fill(mr.staff.site.fields.xInvalid, { max: '5000' })).waitFor();
    await editor.getByRole('button', { name: mr.staff.site.editor.retire }).click();
    const confirm = page.getByRole('dialog', { name: fill(mr.staff.site.editor.retireTitle, { name: 'main gate' }) });
    await confirm.getByRole('button', { name: mr.staff.site.editor.keepIt }).waitFor();
    await snap(page, 'site-phone-mr-retire');
    await confirm.getByRole('button', { name: mr.staff.site.editor.keepIt }).click();
    await confirm.waitFor({ state: 'hidden' });

    await page.getByTestId('language-menu').selectOption('hi');
    await page.getByRole('heading', { name: hi.staff.site.title, exact: true }).waitFor();
    const here = page.getByRole('region', { name: hi.staff.site.scans.placeTitle });
    // The box shows the engine's rule: it ticks once the rule is saved and read back.
    await here.getByRole('checkbox', { name: hi.driver.steps.materialPicked }).click();
    await expect.poll(() => here.getByRole('checkbox', { name: hi.driver.steps.materialPicked }).isChecked()).toBe(true);
    await here.getByRole('link', { name: hi.staff.site.scans.printable }).waitFor();
    await snap(page, 'site-phone-hi');
    await here.getByRole('link', { name: hi.staff.site.scans.printable }).click();
    await page.waitForURL('**/site/codes/main-gate');
    await page.getByRole('button', { name: hi.staff.site.sheet.print }).waitFor();
    await page.getByTestId('sheet-qr').locator('svg').waitFor();
    await page.getByText(hi.staff.site.sheet.typeCode).waitFor();
    await snap(page, 'site-sheet-phone-hi');

    // Back to English for whatever runs after: the choice is the admin's, recorded on his account.
    await page.getByRole('link', { name: hi.staff.site.sheet.back }).click();
    await page.getByTestId('language-menu').selectOption('en');
    await page.getByRole('heading', { name: 'Site', exact: true }).waitFor();
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});
