import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSPECTION_MESSAGES } from '@plantride/schemas';
import { hi } from '../src/i18n/hi';
import { mr } from '../src/i18n/mr';
import { settled } from './support/axe';
import { launchBrowser, newPage, snap } from './support/browser';
import { apiRequester, bookFixedRide, signInDriver } from './support/driver-flows';
import { admin, freshToken, newDriver, type ApiSession } from './support/engine-api';
import { adminAccount, openMaintenancePanel, signInStaff } from './support/staff-flows';
import { clippedTexts } from './support/languages';

/** Buttons in the screen's main part under 48 px either way: the inspection is done with gloves on. */
function smallButtons(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('main button, main a[href]')]
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.width < 48 || box.height < 48))
      .map(
        ({ element, box }) =>
          `${element.getAttribute('aria-label') ?? element.textContent?.trim()} ${Math.round(box.width)}x${Math.round(box.height)}`,
      ),
  );
}

/** The words the driver's buttons and note field carry, in the language the screen speaks. */
interface AnswerWords {
  ok: string;
  fault: string;
  note: string;
}
const ENGLISH: AnswerWords = { ok: 'OK', fault: 'Fault', note: 'What is wrong?' };
const wordsOf = (catalogue: typeof mr): AnswerWords => ({
  ok: catalogue.inspection.driver.ok,
  fault: catalogue.inspection.driver.fault,
  note: catalogue.inspection.driver.whatIsWrong,
});

async function speak(page: Page, language: 'मराठी' | 'हिंदी'): Promise<void> {
  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: language });
}

const itemRows = (page: Page) => page.locator('[data-testid^="inspection-item-"]');
const card = (page: Page) => page.getByRole('region', { name: 'Vehicle inspection' });

async function openInspection(page: Page): Promise<void> {
  await card(page).getByRole('link', { name: 'Inspect vehicle' }).click();
  await page.waitForURL('**/driver/inspection');
  await page.getByRole('heading', { name: 'Daily vehicle inspection' }).waitFor();
  await itemRows(page).first().waitFor();
}

/** Answers every item OK, but those named in `faults` Fault with the note given. */
async function answer(page: Page, faults: Record<string, string> = {}, words: AnswerWords = ENGLISH): Promise<void> {
  const rows = itemRows(page);
  for (let i = 0; i < (await rows.count()); i += 1) {
    const row = rows.nth(i);
    const text = (await row.locator('p').first().textContent()) ?? '';
    const fault = Object.entries(faults).find(([item]) => text.includes(item));
    if (fault) {
      await row.getByRole('button', { name: words.fault, exact: true }).click();
      await row.getByLabel(words.note).fill(fault[1]);
    } else {
      await row.getByRole('button', { name: words.ok, exact: true }).click();
    }
  }
}

describe('Daily vehicle inspection at 390 px, against the real engine (issue #21)', () => {
  let browser: Browser;
  let staff: Page;
  let requester: ApiSession;

  beforeAll(async () => {
    browser = await launchBrowser();
    staff = await newPage(browser, 390, 844);
    requester = await apiRequester(freshToken('QI'), 'Asha Kulkarni');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('given a new driver, when he answers every item OK and submits, then it says passed and his dashboard says inspected', async () => {
    const driver = await newDriver(freshToken('DI'), 'Vikram Rao', 'Forklift');
    const page = await newPage(browser, 390, 844);
    await signInDriver(page, driver.tokenNo, 'Vikram Rao');
    await card(page).getByText('Daily vehicle inspection').waitFor();
    await snap(page, 'inspection-01-dashboard-not-inspected');

    await openInspection(page);
    await page.getByTestId('inspection-vehicle').filter({ hasText: 'Forklift' }).waitFor();
    const submit = page.getByRole('button', { name: 'Submit inspection' });
    expect(await submit.isDisabled()).toBe(true);
    expect(await smallButtons(page)).toEqual([]);
    await snap(page, 'inspection-02-checklist');
    await answer(page);
    await page
      .getByTestId('inspection-progress')
      .filter({ hasText: /^(\d+) of \1 answered$/ })
      .waitFor();
    expect(await submit.isEnabled()).toBe(true);
    await snap(page, 'inspection-03-all-ok');
    await submit.click();

    await page.waitForURL('**/driver');
    await page.getByText('Inspection passed. You can take rides today.').waitFor();
    await card(page).getByText('Vehicle inspected today').waitFor();
    await snap(page, 'inspection-04-dashboard-inspected');
    await page.context().close();
  });

  it("given the admin turns the setting on through the screen, when a driver with no inspection today accepts a ride, then he is told to complete today's inspection first", async () => {
    await signInStaff(staff, adminAccount());
    await openMaintenancePanel(staff);
    await staff.getByRole('link', { name: /^Inspection checklists/ }).click();
    await staff.getByRole('heading', { name: 'Inspection checklists' }).waitFor();
    const required = staff.getByRole('switch', { name: 'Daily inspection required before accepting rides' });
    expect(await required.isChecked()).toBe(false);
    await itemRowsOfEditor(staff).first().waitFor();
    await snap(staff, 'inspection-05-admin-checklists');
    await required.click();
    const confirm = staff.getByRole('dialog', { name: 'Require the daily inspection?' });
    await confirm.waitFor();
    await settled(staff);
    await confirm.getByRole('button', { name: 'Require it' }).click();
    await staff.getByText('Daily inspection is now required before accepting rides.').waitFor();
    await confirm.waitFor({ state: 'detached' });
    expect(await required.isChecked()).toBe(true);
    expect(await (await admin()).call('GET', '/api/inspections/settings')).toEqual({ inspectionRequired: true });

    const driver = await newDriver(freshToken('DI'), 'Meena Iyer', 'AMR');
    const rideId = await bookFixedRide(requester, 'AMR', 'main gate', 'canteen');
    const page = await newPage(browser, 390, 844);
    await signInDriver(page, driver.tokenNo, 'Meena Iyer');
    await card(page).getByText(INSPECTION_MESSAGES.inspectionRequired).waitFor();
    await page.getByRole('button', { name: `Accept Ride ${rideId}` }).click();
    await page.locator('.Toastify__toast').filter({ hasText: INSPECTION_MESSAGES.inspectionRequired }).waitFor();
    await snap(page, 'inspection-06-accept-refused');
    await page.context().close();
  });

  it('given a driver who finds the brakes faulty, when he submits with a note, then he is told his vehicle is out of service and the dashboard shows him blocked', async () => {
    const driver = await newDriver(freshToken('DI'), 'Ravi Kumar', 'Forklift');
    const page = await newPage(browser, 390, 844);
    await signInDriver(page, driver.tokenNo, 'Ravi Kumar');
    await openInspection(page);
    await answer(page, { 'Brakes work and hold': 'Pedal goes to the floor' });
    const brakes = page.getByTestId('inspection-item-brakes');
    await brakes.getByText('Critical').waitFor();
    await snap(page, 'inspection-07-critical-fault');
    await page.getByRole('button', { name: 'Submit inspection' }).click();

    const outcome = page.getByTestId('inspection-outcome-out-of-service');
    await outcome.getByText('Vehicle out of service').waitFor();
    await outcome.getByText(/A maintenance request was filed/).waitFor();
    await snap(page, 'inspection-08-out-of-service');
    await outcome.getByRole('button', { name: 'Back to dashboard' }).click();
    await page.waitForURL('**/driver');
    await page.getByTestId('overlay-maintenance').waitFor();
    await page.context().close();
  });

  it('given the admin adds a critical item to the Crane checklist and saves, when a Crane driver opens his inspection, then it is there, marked Critical', async () => {
    await settled(staff);
    await staff.getByRole('tab', { name: 'Crane' }).click();
    await staff.getByRole('tab', { name: 'Crane', selected: true }).waitFor();
    await staff.getByRole('form', { name: 'Crane checklist' }).waitFor();
    const before = await itemRowsOfEditor(staff).count();
    await staff.getByRole('button', { name: 'Add item' }).click();
    const added = staff.getByTestId(`checklist-item-${before + 1}`);
    // Saved blank, it is refused with the schema's message.
    await staff.getByRole('button', { name: 'Save' }).click();
    await added.getByText(INSPECTION_MESSAGES.itemText).waitFor();
    await added.getByRole('textbox', { name: `Item ${before + 1}` }).fill('Outrigger pads in place');
    await added.getByRole('switch', { name: 'Critical' }).check();
    await snap(staff, 'inspection-09-admin-edit');
    await staff.getByRole('button', { name: 'Save' }).click();
    await staff.getByText(`Crane checklist saved: ${before + 1} items.`).waitFor();
    const held = await (await admin()).call<{ items: { text: string; critical: boolean }[] }>('GET', '/api/checklists/Crane');
    expect(held.items.at(-1)).toMatchObject({ text: 'Outrigger pads in place', critical: true });

    const driver = await newDriver(freshToken('DI'), 'Lata Menon', 'Crane');
    const page = await newPage(browser, 390, 844);
    await signInDriver(page, driver.tokenNo, 'Lata Menon');
    await snap(page, 'inspection-10-dashboard-required');
    await openInspection(page);
    expect(await itemRows(page).count()).toBe(before + 1);
    const row = itemRows(page).filter({ hasText: 'Outrigger pads in place' });
    await row.getByText('Critical').waitFor();
    await row.scrollIntoViewIfNeeded();
    await snap(page, 'inspection-11-new-item');
    await page.context().close();
  });

  it('given a driver who speaks Marathi, one who speaks Hindi and the admin in Marathi, when they inspect and edit the checklists at 390 px, then each screen speaks their language, uncut (issue #34 item 4)', async () => {
    const marathi = await newDriver(freshToken('DI'), 'Sunil Jadhav', 'Forklift');
    const page = await newPage(browser, 390, 844);
    await signInDriver(page, marathi.tokenNo, 'Sunil Jadhav');
    await openInspection(page);
    await speak(page, 'मराठी');
    await page.getByRole('heading', { name: mr.driver.inspection.dailyTitle }).waitFor();
    await page.getByRole('button', { name: mr.inspection.driver.submit }).waitFor();
    expect(await smallButtons(page)).toEqual([]);
    expect(await clippedTexts(page)).toEqual([]);
    await snap(page, 'inspection-mr-01-checklist');
    await answer(page, { 'Brakes work and hold': 'ब्रेक पेडल पूर्ण खाली जाते' }, wordsOf(mr));
    const brakes = page.getByTestId('inspection-item-brakes');
    await brakes.getByText(mr.inspection.critical).waitFor();
    await brakes.getByLabel(mr.inspection.driver.whatIsWrong).waitFor();
    await brakes.scrollIntoViewIfNeeded();
    expect(await smallButtons(page)).toEqual([]);
    expect(await clippedTexts(page)).toEqual([]);
    await snap(page, 'inspection-mr-02-critical-fault');
    await page.getByRole('button', { name: mr.inspection.driver.submit }).click();
    const outOfService = page.getByTestId('inspection-outcome-out-of-service');
    await outOfService.getByText(mr.inspection.outcome.outOfServiceTitle).waitFor();
    await outOfService.getByRole('button', { name: mr.inspection.outcome.back }).waitFor();
    expect(await clippedTexts(page)).toEqual([]);
    await snap(page, 'inspection-mr-03-out-of-service');
    await page.context().close();

    const hindi = await newDriver(freshToken('DI'), 'Pooja Sharma', 'Crane');
    const hindiPage = await newPage(browser, 390, 844);
    await signInDriver(hindiPage, hindi.tokenNo, 'Pooja Sharma');
    await openInspection(hindiPage);
    await speak(hindiPage, 'हिंदी');
    await hindiPage.getByRole('heading', { name: hi.driver.inspection.dailyTitle }).waitFor();
    await answer(hindiPage, { 'Lights and beacon work': 'बायाँ हेडलाइट नहीं जलता' }, wordsOf(hi));
    const lights = hindiPage.getByTestId('inspection-item-lights');
    await lights.scrollIntoViewIfNeeded();
    expect(await smallButtons(hindiPage)).toEqual([]);
    expect(await clippedTexts(hindiPage)).toEqual([]);
    await snap(hindiPage, 'inspection-hi-01-fault');
    await hindiPage.getByRole('button', { name: hi.inspection.driver.submit }).click();
    const defects = hindiPage.getByTestId('inspection-outcome-defects');
    await defects.getByText(hi.inspection.outcome.defectsTitle).waitFor();
    expect(await clippedTexts(hindiPage)).toEqual([]);
    await snap(hindiPage, 'inspection-hi-02-defects');
    await hindiPage.context().close();

    const adminPage = await newPage(browser, 390, 844);
    await signInStaff(adminPage, adminAccount());
    await adminPage.goto('/checklists');
    await speak(adminPage, 'मराठी');
    await adminPage.getByRole('heading', { name: mr.inspection.checklists.title, level: 1 }).waitFor();
    await adminPage.getByRole('switch', { name: mr.inspection.required.label }).waitFor();
    await itemRowsOfEditor(adminPage).first().waitFor();
    expect(await clippedTexts(adminPage)).toEqual([]);
    await snap(adminPage, 'inspection-mr-04-admin-checklists');
    await adminPage.getByRole('button', { name: mr.inspection.editor.addItem }).click();
    await adminPage.getByRole('button', { name: mr.inspection.editor.save }).click();
    await adminPage.getByText(mr.inspection.editor.fixItems).waitFor();
    await itemRowsOfEditor(adminPage).last().scrollIntoViewIfNeeded();
    expect(await clippedTexts(adminPage)).toEqual([]);
    await snap(adminPage, 'inspection-mr-05-admin-edit');
    await adminPage.getByRole('tab', { name: 'Crane' }).click();
    const discard = adminPage.getByRole('dialog', { name: mr.inspection.checklists.discardTitle });
    await discard.waitFor();
    await settled(adminPage);
    await snap(adminPage, 'inspection-mr-06-admin-discard');
    await discard.getByRole('button', { name: mr.inspection.checklists.discard }).click();
    await adminPage.getByRole('tab', { name: 'Crane', selected: true }).waitFor();
    await adminPage.getByRole('switch', { name: mr.inspection.required.label }).click();
    const stop = adminPage.getByRole('dialog', { name: mr.inspection.required.stopTitle });
    await stop.waitFor();
    await settled(adminPage);
    await snap(adminPage, 'inspection-mr-07-admin-stop-requiring');
    await stop.getByRole('button', { name: mr.inspection.required.keep }).click();
    await stop.waitFor({ state: 'detached' });
    await adminPage.context().close();
  });
});

function itemRowsOfEditor(page: Page) {
  return page.locator('[data-testid^="checklist-item-"]');
}
