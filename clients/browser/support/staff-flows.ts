import { engine } from './engine-context';
import type { Page } from 'playwright-core';
import { admin, signIn, type ApiSession } from './engine-api';

export interface StaffAccount {
  tokenNo: string;
  password: string;
}

export const adminAccount = (): StaffAccount => ({ tokenNo: engine('adminTokenNo'), password: engine('adminPassword') });

/** Signs up an account and has the admin make it a maintenance head. */
export async function newMaintenanceHead(tokenNo: string): Promise<StaffAccount & { api: ApiSession }> {
  const password = `pw-${tokenNo}`;
  const answer = await fetch(`${engine('baseUrl')}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token_no: tokenNo, password }),
  });
  if (!answer.ok) throw new Error(`sign-up of ${tokenNo} answered ${answer.status}`);
  await (await admin()).call('PUT', `/api/users/${tokenNo}`, { role: 'maintenanceHead' });
  return { tokenNo, password, api: await signIn(tokenNo, password) };
}

/** Signs in through the screen and waits for the role's home: the dispatcher board for admin and maintenance head (issue #32 item 5). */
export async function signInStaff(page: Page, account: StaffAccount): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel('Token Number').fill(account.tokenNo);
  await page.getByLabel(/^Password/).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/\/board$/);
}

/** From the board (the staff's home) to the tools' cards: 'Admin Tools' for the admin, 'More Tools' for the maintenance head. */
export async function openMaintenancePanel(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^(Admin|More) Tools$/ }).click();
  await page.waitForURL('**/maintenance-head');
  await page.getByRole('heading', { name: /^(Admin Tools|Maintenance Head Dashboard)$/ }).waitFor();
}

/** A requester account made through sign-up, as his own screen would. */
export async function newRequester(tokenNo: string, name: string): Promise<ApiSession> {
  const password = `pw-${tokenNo}`;
  const answer = await fetch(`${engine('baseUrl')}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token_no: tokenNo, password, name, mobile: '9000000001' }),
  });
  if (!answer.ok) throw new Error(`sign-up of ${tokenNo} answered ${answer.status}`);
  return signIn(tokenNo, password, name);
}

/** A ride the requester books and the driver carries out to the end; answers its id. */
export async function completedRide(requester: ApiSession, driver: ApiSession, from = 'main gate', to = 'canteen'): Promise<string> {
  const { rideId } = await requester.call<{ rideId: string }>('POST', '/api/bookings/book-ride', {
    userId: requester.tokenNo,
    fromLocation: from,
    toLocation: to,
    vehicleType: 'Forklift',
    rideType: 'Regular',
    reqName: requester.name,
    reqMobileNo: '9000000001',
  });
  await driver.call('POST', '/api/tracking/accept-ride', { driverId: driver.tokenNo, rideId });
  for (const event of ['start', 'materialPicked', 'materialDropped', 'end']) {
    await driver.call('PUT', '/api/bookings/update-timestamps', { rideId, event });
  }
  return rideId;
}
