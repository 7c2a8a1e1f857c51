import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settled } from './support/axe';
import { launchBrowser, newPage, snap } from './support/browser';
import { completeMaintenance } from './support/driver-flows';
import { admin, freshToken, newDriver, type ApiSession } from './support/engine-api';
import { adminAccount, completedRide, newMaintenanceHead, newRequester, openMaintenancePanel, signInStaff } from './support/staff-flows';

const BRAKE_NOTE = 'Brake pedal sinks to the floor';

interface Inspected {
  inspectionId: string;
  passed: boolean;
  maintenanceRequestId: string | null;
}

/** The driver answers his vehicle type's checklist: every item OK, or the failing ones with a note. */
async function inspect(driver: ApiSession, failing: Record<string, string> = {}): Promise<Inspected> {
  const { items } = await driver.call<{ items: { id: string }[] }>('GET', '/api/checklists/Forklift');
  return driver.call<Inspected>('POST', '/api/inspections', {
    items: items.map((item) => (failing[item.id] ? { id: item.id, ok: false, note: failing[item.id] } : { id: item.id, ok: true })),
  });
}

const vehicleOf = async (tokenNo: string) => {
  const { drivers } = await (
    await admin()
  ).call<{ drivers: { OPERATOR_ID: string; VEHICLE: string }[] }>('GET', '/api/drivers/getDrivers?limit=500');
  return drivers.find((row) => row.OPERATOR_ID === tokenNo)!.VEHICLE;
};

describe('Fleet figures and vehicle inspections in a real browser (issue #21)', () => {
  let browser: Browser;
  let page: Page;
  let broken: ApiSession;
  let steady: ApiSession;
  let brokenVehicle = '';
  let steadyVehicle = '';
  let rideId = '';
  let failedId = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage(browser);
    const requester = await newRequester(freshToken('FQ'), 'Kavya Rao');
    broken = await newDriver(freshToken('FB'), 'Suresh Patil');
    steady = await newDriver(freshToken('FS'), 'Anil Mehta');
    brokenVehicle = await vehicleOf(broken.tokenNo);
    steadyVehicle = await vehicleOf(steady.tokenNo);
    const head = await newMaintenanceHead(freshToken('FH'));

    // He inspects, takes a ride to its end, then finds his brakes failing: blocked, a request filed, which the head completes.
    expect((await inspect(broken)).passed).toBe(true);
    rideId = await completedRide(requester, broken, 'main gate', 'canteen');
    const failed = await inspect(broken, { brakes: BRAKE_NOTE });
    expect(failed.passed).toBe(false);
    expect(failed.maintenanceRequestId).not.toBeNull();
    failedId = failed.inspectionId;
    await completeMaintenance(head.api, failed.maintenanceRequestId!);
    // Another vehicle works without inspecting and without breaking down.
    await completedRide(requester, steady, 'RMS', 'canteen');

    await signInStaff(page, adminAccount());
    await openMaintenancePanel(page);
  });
  afterAll(async () => {
    await browser?.close();
  });

  const fleetTable = () => page.getByRole('table', { name: 'Fleet per vehicle' });
  const firstVehicle = async () => (await fleetTable().locator('tbody tr').first().locator('th').textContent())?.trim();

  it('given a breakdown today, when the admin opens Reports, then the Fleet panel lists his vehicle with 1 breakdown, and sorts by MTBF', async () => {
    await page.getByRole('link', { name: /^Reports/ }).click();
    await page.getByRole('heading', { name: 'Fleet', level: 2 }).waitFor();
    const row = fleetTable().getByRole('row', { name: new RegExp(brokenVehicle) });
    await row.waitFor();
    expect(await row.getByRole('cell').nth(1).textContent()).toBe('1');
    expect(
      await fleetTable()
        .getByRole('row', { name: new RegExp(steadyVehicle) })
        .getByRole('cell')
        .nth(1)
        .textContent(),
    ).toBe('0');
    // Never broken down: MTBF in words, not '0.0 h'; times with their unit (issue #32 item 6).
    const steady = fleetTable()
      .getByRole('row', { name: new RegExp(steadyVehicle) })
      .getByRole('cell');
    expect(await steady.nth(3).textContent()).toBe('no breakdowns');
    expect(await steady.nth(5).textContent()).toMatch(/^(0 min|\d+ min|\d+ s|< 1 s)$/);
    await page.getByRole('heading', { name: 'Downtime per vehicle' }).waitFor();

    const mtbf = fleetTable().getByRole('columnheader', { name: 'MTBF', exact: true });
    await mtbf.getByRole('button').click();
    expect(await mtbf.getAttribute('aria-sort')).toBe('ascending');
    // The one never broken down has no MTBF: last, whichever way.
    expect(await firstVehicle()).toBe(brokenVehicle);
    await mtbf.getByRole('button').click();
    expect(await mtbf.getAttribute('aria-sort')).toBe('descending');
    expect(await firstVehicle()).toBe(brokenVehicle);
    await snap(page, 'fleet-desktop');

    await page.getByRole('button', { name: 'Per vehicle type' }).click();
    const perType = page.getByRole('table', { name: 'Fleet per vehicle type' });
    const forklifts = perType.getByRole('row', { name: /^Forklift/ });
    expect(Number(await forklifts.getByRole('cell').nth(0).textContent())).toBeGreaterThanOrEqual(1);
    // The last row is every type added up: its breakdowns are the types' together.
    const breakdowns = await perType.locator('tbody tr td:first-of-type').allTextContents();
    const total = await perType
      .getByRole('row', { name: /^All types/ })
      .getByRole('cell')
      .nth(0)
      .textContent();
    expect(Number(total)).toBe(breakdowns.reduce((sum, cell) => sum + Number(cell), 0));
    await page.getByRole('button', { name: 'Per vehicle', exact: true }).click();
  });

  it('given the Fleet panel, when Download CSV is pressed, then the file holds the header and his vehicle with 1 breakdown', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^fleet_reliability_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = readFileSync(await download.path(), 'utf8')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('VEHICLE,VEHICLE_TYPE,BREAKDOWNS,OPERATING_HOURS,MTBF_HOURS,MTTR_HOURS,DOWNTIME_HOURS,INSPECTION_COMPLIANCE');
    expect(
      lines
        .find((line) => line.startsWith(`${brokenVehicle},`))
        ?.split(',')
        .slice(1, 3),
    ).toEqual(['Forklift', '1']);
  });

  it('given the phone width, when the Fleet panel shows, then the page does not scroll sideways (the table scrolls in its own box)', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await fleetTable().waitFor();
    await snap(page, 'fleet-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('given their inspections, when Driver Information opens, then each driver has his chip, and it follows a new inspection live', async () => {
    await page.goto('/driver-info');
    await page.getByRole('heading', { name: 'Driver Information' }).waitFor();
    expect(await page.getByTestId(`inspection-today-${broken.tokenNo}`).textContent()).toBe('Inspection failed');
    await page.getByTestId(`inspection-today-${steady.tokenNo}`).filter({ hasText: 'Not inspected today' }).waitFor();
    await inspect(steady);
    await page.getByTestId(`inspection-today-${steady.tokenNo}`).filter({ hasText: 'Inspected today' }).waitFor();
    await page.getByRole('button', { name: new RegExp(`Suresh Patil.*${broken.tokenNo}`) }).click();
    await settled(page);
    expect(await page.getByTestId('fact-Last inspection').textContent()).not.toBe('Never');
    await snap(page, 'fleet-driver-info');
  });

  it('given his two inspections, when the history is filtered to him, then both show and the failed one opens with its note', async () => {
    await page.goto('/maintenance-head');
    await page.getByRole('link', { name: /^Vehicle Inspections/ }).click();
    await page.getByRole('heading', { name: 'Vehicle Inspections', level: 1 }).waitFor();
    await page.getByRole('searchbox', { name: 'Driver token number' }).fill(broken.tokenNo);
    await page.getByText('2 inspections', { exact: true }).waitFor();
    const table = page.getByRole('table', { name: 'Inspections' });
    await page.waitForFunction(() => document.querySelectorAll('table[aria-label="Inspections"] tbody tr').length === 2);
    expect(await table.getByText('Failed', { exact: true }).count()).toBe(1);
    expect(await table.getByText('Passed', { exact: true }).count()).toBe(1);
    await snap(page, 'fleet-inspections-desktop');

    await page
      .getByTestId(`inspection-${failedId}`)
      .getByRole('button', { name: /^Open the answers/ })
      .click();
    const dialog = page.getByRole('dialog', { name: /^Inspection by Suresh Patil/ });
    await dialog.getByText(`Note: ${BRAKE_NOTE}`).waitFor();
    await settled(page);
    await snap(page, 'fleet-inspection-answers');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.setViewportSize({ width: 390, height: 844 });
    await table.waitFor();
    await snap(page, 'fleet-inspections-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('given his ride, when it is audited, then the Vehicle inspection section shows his passed inspection that day', async () => {
    await page.goto(`/ride-audit/${rideId}`);
    const section = page.getByRole('region', { name: 'Vehicle inspection' });
    await section.getByTestId(`audit-inspection-${broken.tokenNo}`).getByText('Passed', { exact: true }).waitFor();
    expect(await section.textContent()).toContain('Suresh Patil');
    await snap(page, 'fleet-ride-audit');
  });
});
