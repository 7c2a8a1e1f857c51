import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settled } from './support/axe';
import { choose, launchBrowser, newPage, snap } from './support/browser';
import { admin, freshToken } from './support/engine-api';
import { adminAccount, newMaintenanceHead, openMaintenancePanel, signInStaff } from './support/staff-flows';

describe('Driver information in a real browser', () => {
  let browser: Browser;
  let page: Page;
  const operatorId = freshToken('DI');

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage(browser);
    await signInStaff(page, adminAccount());
    await openMaintenancePanel(page);
    await page.getByRole('link', { name: /^Driver Info/ }).click();
    await page.getByRole('heading', { name: 'Driver Information' }).waitFor();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('given the Add New Driver popup, when fields break the rules, then the spec messages show; fixed, the driver is added Active', async () => {
    await page.getByRole('button', { name: 'Add New Driver Info' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Driver' });
    await dialog.getByLabel(/^Token Number/).fill(operatorId);
    await dialog.getByLabel('Driver Name').fill('Ravi 2');
    await dialog.getByLabel('Mobile Number').fill('98765');
    await dialog.getByLabel('Sticker Number').fill('123');
    expect(await dialog.getByLabel('Sticker Number').inputValue()).toBe('12');
    await dialog.getByRole('button', { name: 'Add Driver' }).click();
    await dialog.getByText('Name should contain only alphabets').waitFor();
    await dialog.getByText('Please enter a valid 10 digits mobile number').waitFor();
    await snap(page, 'staff-driver-info-add-errors');
    await dialog.getByLabel('Driver Name').fill('Ravi Kumar');
    await dialog.getByLabel('Mobile Number').fill('9876543210');
    await dialog.getByLabel('Vehicle Number').fill('MH12 AB 1200');
    await choose(dialog.getByRole('combobox', { name: 'Vehicle Assigned' }), 'Forklift');
    await dialog.getByRole('button', { name: 'Add Driver' }).click();
    await page.getByText('Driver added successfully.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    // His activation code, shown once, to hand over in person.
    const code = page.getByRole('dialog', { name: `Activation code for ${operatorId}` });
    expect(await code.getByTestId('access-code').textContent()).toMatch(/^[A-HJ-NP-Z2-9]{5}-[A-HJ-NP-Z2-9]{5}$/);
    await code.getByRole('button', { name: 'Done' }).click();
    await code.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: new RegExp(`Ravi Kumar.*${operatorId}`) }).waitFor();
  });

  it('given a driver, when the admin edits him to Not Active and confirms, then the record is saved and his status call answers inactive; back to Active restores him', async () => {
    const item = page.getByRole('button', { name: new RegExp(`Ravi Kumar.*${operatorId}`) });
    await item.click();
    const body = page.getByRole('form', { name: `Driver ${operatorId}` });
    // The record opens with a slide: pressed while it still moves, Edit could be released on another element.
    await page.getByTestId(`driver-item-${operatorId}`).getByRole('button', { name: 'Edit' }).waitFor();
    await settled(page);
    await page.getByRole('button', { name: 'Edit' }).click();
    await body.getByLabel('Mobile Number').fill('12');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Please fix validation errors before saving.').waitFor();
    await body.getByText('Please enter a valid 10 digits mobile number').waitFor();
    await body.getByLabel('Mobile Number').fill('9876500000');
    await choose(body.getByRole('combobox', { name: 'Status' }), 'Not Active');
    await page.getByRole('button', { name: 'Save' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Changes' });
    await confirm.getByText('Are you sure you want to save these changes?').waitFor();
    await snap(page, 'staff-driver-info-confirm');
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await page.getByText('Driver updated successfully!').waitFor();
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    const boss = await admin();
    expect(await boss.call('GET', `/api/drivers/status/${operatorId}`)).toEqual({ isActive: 0 });
    await snap(page, 'staff-driver-info-desktop');

    await page.getByRole('button', { name: 'Edit' }).click();
    await choose(body.getByRole('combobox', { name: 'Status' }), 'Active', { exact: true });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('dialog', { name: 'Confirm Changes' }).getByRole('button', { name: 'Yes' }).click();
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    expect(await boss.call('GET', `/api/drivers/status/${operatorId}`)).toEqual({ isActive: 1 });
  });

  it('given the filter panel, when Not Active is applied then cancelled, then the list narrows and comes back', async () => {
    const unnamed = freshToken('DU');
    await (
      await admin()
    ).call('POST', '/api/drivers/add', {
      operatorId: unnamed,
      vehicle: '',
      name: '',
      mobile: '9876543211',
      forklift: '5',
      status: 'Not Active',
    });
    await page.reload();
    await page.getByRole('button', { name: new RegExp(`Unnamed Driver.*${unnamed}`) }).waitFor();
    await page.getByRole('button', { name: 'Filters' }).click();
    const panel = page.getByRole('region', { name: 'Driver filters' });
    await choose(panel.getByRole('combobox', { name: 'Status' }), 'Not Active');
    await panel.getByLabel('Sticker Number').fill('5x');
    expect(await panel.getByLabel('Sticker Number').inputValue()).toBe('5');
    await snap(page, 'staff-driver-info-filters');
    await panel.getByRole('button', { name: 'Apply' }).click();
    await panel.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: new RegExp(`Unnamed Driver.*${unnamed}`) }).waitFor();
    expect(await page.getByRole('button', { name: new RegExp(`Ravi Kumar.*${operatorId}`) }).count()).toBe(0);
    await page.getByRole('button', { name: 'Filters' }).click();
    await panel.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: new RegExp(`Ravi Kumar.*${operatorId}`) }).waitFor();
    await page.setViewportSize({ width: 360, height: 740 });
    await snap(page, 'staff-driver-info-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('given a maintenance head, when he opens driver information, then he reads the records without Edit or Add', async () => {
    const head = await newMaintenanceHead(freshToken('MH'));
    const other = await newPage(browser);
    await signInStaff(other, head);
    await other.goto('/driver-info');
    await other.getByRole('button', { name: new RegExp(`Ravi Kumar.*${operatorId}`) }).click();
    // He reads the record as text: no form, no inputs, no Active switch.
    await other.getByTestId('fact-Token Number').filter({ hasText: operatorId }).waitFor();
    expect(await other.getByRole('textbox').count()).toBe(0);
    expect(await other.getByRole('switch').count()).toBe(0);
    expect(await other.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    expect(await other.getByRole('button', { name: 'Add New Driver Info' }).count()).toBe(0);
    await other.context().close();
  });
});
