import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AMR_MESSAGES, type RobotsAnswer } from '@plantride/schemas';
import { launchBrowser, newPage, snap } from './support/browser';
import { admin, freshToken } from './support/engine-api';
import { adminAccount, newMaintenanceHead, openMaintenancePanel, signInStaff } from './support/staff-flows';

/** Buttons and fields in the screen's main part or its dialog under 48 px either way (gloved fingers, issue #32 item 9). */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('main button, main input, [role="dialog"] button, [role="dialog"] input')]
      .map((element) => ({ element, box: (element.closest('.MuiInputBase-root') ?? element).getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.width < 48 || box.height < 48))
      .map(
        ({ element, box }) =>
          `${element.getAttribute('aria-label') ?? element.textContent?.trim() ?? element.id} ${Math.round(box.width)}x${Math.round(box.height)}`,
      ),
  );
}

/**
 * AMR robots (issue #33 item 4). The file's engine runs without MQTT_URL: it lists the robots it has
 * registered but drives none and has heard from none, so each is off shift and 'not heard yet'.
 */
describe('AMR robots in a real browser (issue #33 item 4)', () => {
  let browser: Browser;
  let page: Page;
  const card = () => page.getByRole('region', { name: 'Tugger 1' });
  const nodes = () => page.getByRole('form', { name: 'Nodes of the places' });

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage(browser);
    await signInStaff(page, adminAccount());
    await openMaintenancePanel(page);
    await page.getByRole('link', { name: /^AMR robots/ }).click();
    await page.getByRole('heading', { name: 'AMR robots', exact: true }).waitFor();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('given no robots and no MQTT, when the admin registers Tugger 1, then it is listed off shift and not heard yet, and registering it again is refused', async () => {
    await page.getByText(/^Not connected to MQTT: robots are listed, not driven/).waitFor();
    await page.getByText('No robots registered yet.').waitFor();
    await page.getByRole('button', { name: 'Register robot' }).click();
    const form = page.getByRole('dialog', { name: 'Register robot' });
    await form.getByRole('textbox', { name: /^Name/ }).fill('Tugger 1');
    await form.getByRole('textbox', { name: /^Manufacturer/ }).fill('Acme');
    await form.getByRole('textbox', { name: /^Serial number/ }).fill('SN-0042');
    expect(await smallTargets(page)).toEqual([]);
    await snap(page, 'amrs-01-register');
    await form.getByRole('button', { name: 'Register', exact: true }).click();
    await form.waitFor({ state: 'detached' });
    await page.getByText(AMR_MESSAGES.robotRegistered).waitFor();

    await card().getByText('off shift', { exact: true }).waitFor();
    await card().getByText('Acme · SN-0042').waitFor();
    await card().getByText('Not ready: not heard yet').waitFor();
    expect(await card().getByTestId('robot-connection').textContent()).toBe('Not heard yet');
    expect(await card().getByTestId('robot-last-heard').textContent()).toBe('never');

    await page.getByRole('button', { name: 'Register robot' }).click();
    await form.getByRole('textbox', { name: /^Name/ }).fill('Tugger 1 again');
    await form.getByRole('textbox', { name: /^Manufacturer/ }).fill('Acme');
    await form.getByRole('textbox', { name: /^Serial number/ }).fill('SN-0042');
    await form.getByRole('button', { name: 'Register', exact: true }).click();
    await form.getByText(AMR_MESSAGES.robotExists).waitFor();
    await snap(page, 'amrs-02-exists');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'detached' });
  });

  it('when the admin gives two places a node and saves, then the engine holds exactly those, and they are kept across a reload', async () => {
    await nodes().getByRole('textbox', { name: 'main gate', exact: true }).fill('n-gate');
    await nodes().getByRole('textbox', { name: 'canteen', exact: true }).fill('n-canteen');
    await nodes().getByRole('button', { name: 'Save nodes' }).click();
    await page.getByText(AMR_MESSAGES.nodesSaved).waitFor();
    const held = await (await admin()).call<RobotsAnswer>('GET', '/api/amrs');
    expect(held.nodes).toEqual(
      expect.arrayContaining([
        { placeId: 'main-gate', place: 'main gate', nodeId: 'n-gate' },
        { placeId: 'canteen', place: 'canteen', nodeId: 'n-canteen' },
      ]),
    );
    expect(held.nodes).toHaveLength(2);

    await page.reload();
    await page.getByRole('heading', { name: 'AMR robots', exact: true }).waitFor();
    expect(await nodes().getByRole('textbox', { name: 'main gate', exact: true }).inputValue()).toBe('n-gate');
    expect(await nodes().getByRole('textbox', { name: 'canteen', exact: true }).inputValue()).toBe('n-canteen');
    expect(await nodes().getByRole('textbox', { name: 'RMS', exact: true }).inputValue()).toBe('');

    // One node for two places is refused on the screen, before anything is sent.
    await nodes().getByRole('textbox', { name: 'RMS', exact: true }).fill('n-gate');
    await nodes().getByRole('button', { name: 'Save nodes' }).click();
    await nodes().getByText(AMR_MESSAGES.nodeTwice).waitFor();
    await nodes().getByRole('textbox', { name: 'RMS', exact: true }).fill('');
    expect(await smallTargets(page)).toEqual([]);
    await snap(page, 'amrs-03-desktop');
  });

  it('given a phone 390 px wide, then the robot, the nodes and the dialog fit with nothing scrolling sideways', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await card().getByText('off shift', { exact: true }).waitFor();
    expect(await smallTargets(page)).toEqual([]);
    await snap(page, 'amrs-04-phone');
    await page.getByRole('button', { name: 'Register robot' }).click();
    const form = page.getByRole('dialog', { name: 'Register robot' });
    await form.getByRole('button', { name: 'Register', exact: true }).click();
    await form.getByText('Name is required.').waitFor();
    expect(await smallTargets(page)).toEqual([]);
    await snap(page, 'amrs-05-phone-register');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('given a maintenance head, then he reads the robot and the nodes with nothing to register or save', async () => {
    const head = await newMaintenanceHead(freshToken('AM'));
    const headPage = await newPage(browser, 390, 844);
    try {
      await signInStaff(headPage, head);
      await openMaintenancePanel(headPage);
      await headPage.getByRole('link', { name: /^AMR robots/ }).click();
      const robot = headPage.getByRole('region', { name: 'Tugger 1' });
      await robot.getByText('off shift', { exact: true }).waitFor();
      const section = headPage.getByRole('region', { name: 'Nodes' });
      await section.getByText('n-gate').waitFor();
      await section.getByText('n-canteen').waitFor();
      expect(await headPage.locator('main').getByRole('button').count()).toBe(0);
      expect(await headPage.locator('main').getByRole('textbox').count()).toBe(0);
      await snap(headPage, 'amrs-06-phone-maintenance-head');
    } finally {
      await headPage.context().close();
    }
  });
});
