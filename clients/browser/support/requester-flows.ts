import type { Locator, Page } from 'playwright-core';
import { choose, snap } from './browser';

/** Signs a new requester up on the sign-up screen; he ends signed in, on /requester. */
export async function signUpInBrowser(page: Page, tokenNo: string, password: string, shot?: string): Promise<void> {
  await page.goto('/signup');
  await page.getByRole('heading', { name: 'Create Your Account' }).waitFor();
  await page.getByLabel('Token Number').fill(tokenNo.toLowerCase());
  await page.getByLabel(/^Password/).fill(password);
  if (shot) await snap(page, shot);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.getByText('Signup successful! Redirecting...').waitFor();
  // One second after a successful sign-up the new account is signed in, on its home (DECISIONS.md).
  await page.waitForURL('**/requester');
}

export async function signInInBrowser(page: Page, tokenNo: string, password: string, shot?: string): Promise<void> {
  if (!page.url().endsWith('/signin')) await page.goto('/signin');
  await page.getByLabel('Token Number').fill(tokenNo);
  await page.getByLabel(/^Password/).fill(password);
  if (shot) await snap(page, shot);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/requester');
}

/** Picks a place in a type-ahead field by typing part of it and choosing the option. */
export async function pickLocation(page: Page, label: string, place: string): Promise<void> {
  const field = page.getByRole('combobox', { name: label });
  await field.click();
  await field.fill(place.slice(0, 4));
  await page.getByRole('option', { name: place, exact: true }).click();
}

/** Fills the form and confirms; answers the new ride's id from the tracker's title. */
/** From the requester's dashboard: Fixed Ride, the vehicle type, then `requestTransport`; the ride id. */
export async function bookFixedRideOnScreen(page: Page, vehicleType: string, from: string, to: string, shot?: string): Promise<string> {
  await page.getByRole('button', { name: 'Fixed Ride' }).click();
  await choose(page.getByRole('combobox', { name: 'Vehicle Type' }), vehicleType);
  return requestTransport(page, from, to, shot);
}

export async function requestTransport(page: Page, from: string, to: string, shot?: string): Promise<string> {
  await pickLocation(page, 'Pickup Location', from);
  await pickLocation(page, 'Drop Location', to);
  await page.getByRole('region', { name: 'Estimated delivery time' }).waitFor();
  if (shot) await snap(page, `${shot}-form`);
  await page.getByRole('button', { name: 'Request Transport' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Transport Request' });
  await dialog.waitFor();
  if (shot) await snap(page, `${shot}-confirm`);
  await dialog.getByRole('button', { name: 'Confirm Request' }).click();
  const title = page.getByRole('heading', { name: /^Ride Status for Ride ID: / });
  await title.waitFor();
  const text = (await title.textContent()) ?? '';
  return text.replace('Ride Status for Ride ID: ', '').trim();
}

/** Waits until the tracker shows step n (1-based) as done. */
export async function stepDone(page: Page, n: number): Promise<void> {
  await page.locator(`[data-testid="step-${n}"][data-state="done"]`).waitFor();
}

// As every screen writes a moment (lib/format-date): '14 Mar 2026, 14:05'.
const DATE_TIME = /\d{2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}(?!:)/;

/** Waits until each of the first `count` steps shows a date and time. */
export async function allStepTimes(page: Page, count: number): Promise<void> {
  for (let n = 1; n <= count; n += 1) {
    await page.getByTestId(`step-time-${n}`).filter({ hasText: DATE_TIME }).waitFor();
  }
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A ride's card in the requester's history, named by all it shows (WCAG 2.5.3): 'from → to', its
 * chips (urgent, the status), then 'Ride ID: …'. `rideId` null: any ride between the two places.
 */
export const historyCard = (page: Page | Locator, from: string, to: string, rideId: string | null, status: string): Locator =>
  page.getByRole('button', {
    name: new RegExp(
      `^${escaped(from)} → ${escaped(to)}\\b.*\\b${escaped(status)}\\b.*Ride ID: ${rideId === null ? '\\S+' : escaped(rideId)}\\b`,
      'i',
    ),
  });
