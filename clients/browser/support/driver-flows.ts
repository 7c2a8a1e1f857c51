import { engine } from './engine-context';
import type { Page } from 'playwright-core';
import type { VehicleType } from '@plantride/schemas';
import { signIn, type ApiSession } from './engine-api';

/** newDriver's password for an operator (engine-api makes it `pw-{tokenNo}`). */
export const driverPassword = (tokenNo: string) => `pw-${tokenNo}`;

/** Signs a driver in through the screen and waits for his dashboard to load his record. */
export async function signInDriver(page: Page, tokenNo: string, name: string): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel('Token Number').fill(tokenNo);
  await page.getByLabel(/^Password/).fill(driverPassword(tokenNo));
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/driver');
  await page.getByRole('heading', { name: `Hello, ${name}` }).waitFor();
}

/** A requester who books through the API, for tests that watch the driver's side only. */
export async function apiRequester(tokenNo: string, name: string): Promise<ApiSession> {
  const answer = await fetch(`${engine('baseUrl')}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token_no: tokenNo, password: `pw-${tokenNo}`, name, mobile: '9000000002' }),
  });
  if (!answer.ok) throw new Error(`sign-up of ${tokenNo} answered ${answer.status}`);
  return signIn(tokenNo, `pw-${tokenNo}`, name);
}

export async function bookFixedRide(requester: ApiSession, vehicleType: VehicleType, from: string, to: string): Promise<string> {
  const { rideId } = await requester.call<{ rideId: string }>('POST', '/api/bookings/book-ride', {
    userId: requester.tokenNo,
    fromLocation: from,
    toLocation: to,
    vehicleType,
    rideType: 'Regular',
    reqName: requester.name,
    reqMobileNo: '9000000002',
  });
  return rideId;
}

/** The ride's row (table on desktop, card on a phone) in the driver's available lists. */
export const rideRow = (page: Page, rideId: string) => page.getByTestId(`ride-${rideId}`);

/** Presses the live step button and waits until the card moved to the next one. */
export async function driverStep(page: Page, label: string, status: string): Promise<void> {
  await page.getByRole('button', { name: label, exact: true }).click();
  await page
    .getByTestId('ongoing-ride-status')
    .filter({ hasText: new RegExp(`^${status}$`) })
    .waitFor();
}

interface DriverListRow {
  OPERATOR_ID: string;
  VEHICLE: string;
  NAME: string;
  MOBILE: string;
  ROLE: string;
  FORKLIFT: string;
  STATUS: string;
  COMMENTS: string;
  VEHICLE_TYPE: string;
}

/** The admin saves the driver's record with another status, as the Driver Information screen does. */
export async function setDriverStatus(admin: ApiSession, tokenNo: string, status: 'Active' | 'Not Active'): Promise<void> {
  const { drivers } = await admin.call<{ drivers: DriverListRow[] }>('GET', '/api/drivers/getDrivers?limit=500');
  const row = drivers.find((d) => d.OPERATOR_ID === tokenNo);
  if (!row) throw new Error(`no driver record for ${tokenNo}`);
  await admin.call('PUT', '/api/drivers/update', {
    operatorId: row.OPERATOR_ID,
    vehicle: row.VEHICLE,
    name: row.NAME,
    mobile: row.MOBILE,
    role: row.ROLE,
    forklift: row.FORKLIFT,
    status,
    comments: row.COMMENTS,
    vehicleAssigned: row.VEHICLE_TYPE,
  });
}

/** The newest maintenance request of a driver, as staff list them. */
export async function latestRequestOf(staff: ApiSession, driverId: string): Promise<{ ID: string; STATUS: string; COMMENT_TEXT: string }> {
  const list = await staff.call<{ ID: string; DRIVER_ID: string; STATUS: string; COMMENT_TEXT: string }[]>(
    'GET',
    '/api/requests/maintenanceReq?limit=500',
  );
  const found = list.find((r) => r.DRIVER_ID === driverId);
  if (!found) throw new Error(`no maintenance request of ${driverId}`);
  return found;
}

/** Accept, then Mark Complete, through the API (the maintenance head's screen makes the same two calls). */
export async function completeMaintenance(staff: ApiSession, requestId: string): Promise<void> {
  await staff.call('PUT', `/api/requests/${requestId}/status`, { status: 'accepted', maintenance_date: null });
  await staff.call('PUT', `/api/requests/${requestId}/status`, { status: 'completed', maintenance_date: new Date().toISOString() });
}
