import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hi } from '../src/i18n/hi';
import { mr } from '../src/i18n/mr';
import { choose, launchBrowser, newPage, snap } from './support/browser';
import { admin } from './support/engine-api';
import { engine } from './support/engine-context';
import { pickLocation } from './support/requester-flows';
import { adminAccount, openMaintenancePanel, signInStaff } from './support/staff-flows';
import { clippedTexts, fill } from './support/languages';

interface AccountsAnswer {
  accounts: {
    name: string;
    revokedAt: string | null;
    triggers: {
      triggerId: string;
      fromLocation: string;
      toLocation: string;
      vehicleType: string;
      priority: string;
      windowSeconds: number;
    }[];
  }[];
}

/** A system's call with its API key, as the calling machine would make it: the answer's status. */
async function siteWith(apiKey: string): Promise<number> {
  const answer = await fetch(`${engine('baseUrl')}/api/v1/site`, { headers: { authorization: `Bearer ${apiKey}` } });
  await answer.body?.cancel();
  return answer.status;
}

/** Buttons in the screen's main part or its dialog under 48 px either way (gloved fingers, issue #32 item 9). */
function smallButtons(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('main button, [role="dialog"] button, [role="dialog"] input[type="checkbox"]')]
      .map((element) => ({ element, box: (element.closest('.MuiCheckbox-root') ?? element).getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.width < 48 || box.height < 48))
      .map(
        ({ element, box }) =>
          `${element.getAttribute('aria-label') ?? element.textContent?.trim()} ${Math.round(box.width)}x${Math.round(box.height)}`,
      ),
  );
}

describe('Service accounts in a real browser (issue #33 item 1)', () => {
  let browser: Browser;
  let page: Page;
  let firstKey = '';
  let secondKey = '';
  const card = () => page.getByRole('region', { name: 'Conveyor PLC' });

  /** The key dialog's key, copied with its button, and the dialog closed with Done. */
  async function copyShownKey(shot: string): Promise<string> {
    const dialog = page.getByRole('dialog', { name: 'API key for Conveyor PLC' });
    const apiKey = await dialog.getByRole('textbox', { name: 'API key' }).inputValue();
    expect(apiKey).toMatch(/^prk_/);
    await dialog.getByText(/it is not shown again/).waitFor();
    await dialog.getByRole('button', { name: 'Copy key' }).click();
    await dialog.getByText('Copied.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(apiKey);
    expect(await smallButtons(page)).toEqual([]);
    await snap(page, shot);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Shown once: once closed, nothing on the screen holds it.
    expect(await page.content()).not.toContain(apiKey);
    return apiKey;
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage(browser);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInStaff(page, adminAccount());
    await openMaintenancePanel(page);
    await page.getByRole('link', { name: /^Service accounts/ }).click();
    await page.getByRole('heading', { name: 'Service accounts', exact: true }).waitFor();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('given no accounts, when the admin creates Conveyor PLC with two scopes, then its key is shown once, copies, and opens /api/v1/site', async () => {
    await page.getByText('No service accounts yet.').waitFor();
    await page.getByRole('button', { name: 'New service account' }).click();
    const form = page.getByRole('dialog', { name: 'New service account' });
    await form.getByRole('textbox', { name: /^Name/ }).fill('Conveyor PLC');
    await form.getByRole('checkbox', { name: /^orders:write/ }).check();
    await form.getByRole('checkbox', { name: /^site:read/ }).check();
    expect(await smallButtons(page)).toEqual([]);
    await snap(page, 'service-accounts-01-new');
    await form.getByRole('button', { name: 'Create and show key' }).click();
    firstKey = await copyShownKey('service-accounts-02-key-shown');

    expect(await siteWith(firstKey)).toBe(200);
    await card().getByText('Active', { exact: true }).waitFor();
    await card().getByText('orders:write', { exact: true }).waitFor();
    expect(await card().getByTestId('last-used').textContent()).toBe('never');
    // The use is recorded: read again, the card says when.
    await page.reload();
    await card().getByTestId('last-used').filter({ hasNotText: 'never' }).waitFor();
    expect(await card().getByTestId('last-used').textContent()).toMatch(/^\d{2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/);
  });

  it('when the admin rotates the key with an overlap of 0, then the new key is shown once, the old one is refused and the new one opens the site', async () => {
    await card().getByRole('button', { name: 'Rotate key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rotate the key of Conveyor PLC' });
    const overlap = dialog.getByRole('textbox', { name: 'Overlap (minutes)' });
    expect(await overlap.inputValue()).toBe('60');
    await overlap.fill('0');
    await dialog.getByRole('button', { name: 'Rotate and show key' }).click();
    await dialog.waitFor({ state: 'detached' });
    secondKey = await copyShownKey('service-accounts-03-rotated-key');
    expect(secondKey).not.toBe(firstKey);
    expect(await siteWith(firstKey)).toBe(401);
    expect(await siteWith(secondKey)).toBe(200);
    await card()
      .getByTestId('keys')
      .filter({ hasText: /^1 key$/ })
      .waitFor();
  });

  it('when the admin adds a trigger with places from the site, then it is listed and the engine holds it', async () => {
    await card().getByRole('button', { name: 'Add trigger' }).click();
    const dialog = page.getByRole('dialog', { name: 'New trigger for Conveyor PLC' });
    await dialog.getByRole('button', { name: 'Save trigger' }).click();
    await dialog.getByText('Trigger ID must be 1 to 80 letters, digits or . _ : -').waitFor();
    await dialog.getByRole('textbox', { name: /^Trigger ID/ }).fill('press-7');
    await pickLocation(page, 'From', 'main gate');
    await pickLocation(page, 'To', 'canteen');
    await choose(dialog.getByRole('combobox', { name: 'Vehicle type' }), 'Crane', { exact: true });
    await dialog.getByRole('button', { name: 'Urgent' }).click();
    await dialog.getByRole('textbox', { name: 'Window (seconds)' }).fill('300');
    expect(await smallButtons(page)).toEqual([]);
    await snap(page, 'service-accounts-04-trigger');
    await dialog.getByRole('button', { name: 'Save trigger' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Trigger saved.').waitFor();
    await card().getByText('main gate → canteen · Crane · Urgent · 300 s window').waitFor();
    const held = await (await admin()).call<AccountsAnswer>('GET', '/api/service-accounts');
    expect(held.accounts.find((account) => account.name === 'Conveyor PLC')?.triggers).toEqual([
      expect.objectContaining({
        triggerId: 'press-7',
        fromLocation: 'main gate',
        toLocation: 'canteen',
        vehicleType: 'Crane',
        priority: 'urgent',
        windowSeconds: 300,
      }),
    ]);
    expect(await smallButtons(page)).toEqual([]);
    await snap(page, 'service-accounts-05-desktop');
  });

  it('given a phone 390 px wide, then the list and its dialogs fit with nothing scrolling sideways', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await card().getByRole('button', { name: 'Rotate key' }).waitFor();
    expect(await smallButtons(page)).toEqual([]);
    await snap(page, 'service-accounts-06-phone');
    await card().getByRole('button', { name: 'Edit trigger press-7' }).click();
    const dialog = page.getByRole('dialog', { name: 'Trigger press-7' });
    await dialog.getByRole('button', { name: 'Save trigger' }).waitFor();
    await snap(page, 'service-accounts-07-phone-trigger');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('when the admin revokes the account and confirms, then its key is refused at once and the card is greyed with no actions', async () => {
    await card().getByRole('button', { name: 'Revoke' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke Conveyor PLC?' });
    await snap(page, 'service-accounts-08-phone-revoke');
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByText('Service account revoked: its keys are refused from now on.').waitFor();
    await card().getByText('Revoked', { exact: true }).waitFor();
    expect(await siteWith(secondKey)).toBe(401);
    expect(await card().getByRole('button').count()).toBe(0);
    await snap(page, 'service-accounts-09-phone-revoked');
    await page.setViewportSize({ width: 1280, height: 900 });
    await snap(page, 'service-accounts-10-desktop-revoked');
  });

  it('given a phone 390 px wide, when the admin chooses मराठी, then the accounts, their dialogs and the AMR robots speak Marathi uncut, and हिंदी likewise', async () => {
    const ui = mr.staff.machines;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'मराठी' });
    await page.getByRole('heading', { name: ui.accounts.title, exact: true }).waitFor();
    await card().getByText(ui.card.revoked, { exact: true }).waitFor();

    await page.getByRole('button', { name: ui.accounts.newAccount }).click();
    const form = page.getByRole('dialog', { name: ui.newAccount.title });
    await form.getByRole('textbox', { name: new RegExp(`^${ui.newAccount.name}`) }).fill('Weigh bridge');
    await form.getByRole('checkbox', { name: /^site:read/ }).check();
    expect(await clippedTexts(page)).toEqual([]);
    await snap(page, 'service-accounts-11-phone-mr-new');
    await form.getByRole('button', { name: ui.newAccount.create }).click();
    const shown = page.getByRole('dialog', { name: fill(ui.apiKey.title, { name: 'Weigh bridge' }) });
    await shown.getByRole('button', { name: ui.apiKey.copy }).waitFor();
    await snap(page, 'service-accounts-12-phone-mr-key');
    await shown.getByRole('button', { name: ui.apiKey.done }).click();
    await shown.waitFor({ state: 'detached' });

    const weighBridge = page.getByRole('region', { name: 'Weigh bridge' });
    await weighBridge.getByTestId('last-used').filter({ hasText: ui.card.never }).waitFor();
    expect(await clippedTexts(page)).toEqual([]);
    await snap(page, 'service-accounts-13-phone-mr');
    await weighBridge.getByRole('button', { name: ui.triggers.add }).click();
    const trigger = page.getByRole('dialog', { name: fill(ui.trigger.newTitle, { name: 'Weigh bridge' }) });
    await trigger.getByRole('button', { name: ui.trigger.save }).waitFor();
    expect(await clippedTexts(page)).toEqual([]);
    await snap(page, 'service-accounts-14-phone-mr-trigger');
    await trigger.getByRole('button', { name: mr.common.cancel }).click();
    await trigger.waitFor({ state: 'detached' });
    await weighBridge.getByRole('button', { name: ui.card.rotateKey }).click();
    const rotate = page.getByRole('dialog', { name: fill(ui.rotate.title, { name: 'Weigh bridge' }) });
    await rotate.getByRole('button', { name: ui.rotate.submit }).waitFor();
    await snap(page, 'service-accounts-15-phone-mr-rotate');
    await rotate.getByRole('button', { name: mr.common.cancel }).click();
    await rotate.waitFor({ state: 'detached' });

    await page.goto(new URL('/amrs', page.url()).href);
    await page.getByRole('heading', { name: ui.amrs.title, exact: true }).waitFor();
    await page.getByRole('heading', { name: ui.nodes.title, exact: true }).waitFor();
    await page.getByText(ui.amrs.none).waitFor();
    expect(await clippedTexts(page)).toEqual([]);
    await snap(page, 'service-accounts-16-phone-mr-amrs');
    await page.getByRole('button', { name: ui.amrs.register }).click();
    const register = page.getByRole('dialog', { name: ui.registerRobot.title });
    await register.getByRole('button', { name: ui.registerRobot.register, exact: true }).waitFor();
    await register.getByRole('textbox', { name: new RegExp(`^${ui.registerRobot.name}`) }).fill('Tugger 9');
    await register.getByRole('textbox', { name: new RegExp(`^${ui.registerRobot.manufacturer}`) }).fill('Acme');
    await register.getByRole('textbox', { name: new RegExp(`^${ui.registerRobot.serialNumber}`) }).fill('SN-0099');
    expect(await clippedTexts(page)).toEqual([]);
    await snap(page, 'service-accounts-17-phone-mr-register-robot');
    await register.getByRole('button', { name: ui.registerRobot.register, exact: true }).click();
    await register.waitFor({ state: 'detached' });
    const robot = page.getByRole('region', { name: 'Tugger 9' });
    expect(await robot.getByTestId('robot-connection').textContent()).toBe(ui.robot.notHeardYet);
    expect(await robot.getByTestId('robot-last-heard').textContent()).toBe(ui.robot.never);
    expect(await clippedTexts(page)).toEqual([]);
    await snap(page, 'service-accounts-18-phone-mr-robot');

    await page.getByRole('combobox', { name: mr.common.language }).selectOption({ label: 'हिंदी' });
    await page.getByRole('button', { name: hi.staff.machines.amrs.register }).waitFor();
    await robot.getByTestId('robot-connection').filter({ hasText: hi.staff.machines.robot.notHeardYet }).waitFor();
    expect(await clippedTexts(page)).toEqual([]);
    await snap(page, 'service-accounts-19-phone-hi-amrs');
    await page.goBack();
    await page.getByRole('heading', { name: hi.staff.machines.accounts.title, exact: true }).waitFor();
    await page.getByRole('region', { name: 'Weigh bridge' }).getByRole('button', { name: hi.staff.machines.card.rotateKey }).waitFor();
    expect(await clippedTexts(page)).toEqual([]);
    await snap(page, 'service-accounts-20-phone-hi');

    // The admin's account recorded the choice: English again, for whatever signs in as him next.
    await page.getByRole('combobox', { name: hi.common.language }).selectOption({ label: 'English' });
    await page.getByRole('heading', { name: 'Service accounts', exact: true }).waitFor();
  });
});
