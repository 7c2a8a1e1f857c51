import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, snap } from './support/browser';
import { apiRequester, bookFixedRide, driverStep, signInDriver } from './support/driver-flows';
import { admin, freshToken, newDriver, type ApiSession } from './support/engine-api';
import { signUpInBrowser, bookFixedRideOnScreen } from './support/requester-flows';

/** How many events of each type the ride's stream holds, as the audit timeline replays it. */
async function eventCounts(rideId: string): Promise<Record<string, number>> {
  const staff = await admin();
  const { events } = await staff.call<{ events: { type: string }[] }>('GET', `/api/rides/${rideId}/timeline`);
  const counts: Record<string, number> = {};
  for (const { type } of events) counts[type] = (counts[type] ?? 0) + 1;
  return counts;
}

/** The request reaches the engine, which records it; its answer is lost on the way back. */
async function dropAnswer(route: Route): Promise<void> {
  await route.fetch();
  await route.abort('failed');
}

describe("A driver's step whose answer is lost, against the real engine", () => {
  let browser: Browser;
  let page: Page;
  let driver: ApiSession;
  let requester: ApiSession;
  let rideId: string;
  // Every update-timestamps call the page made: its step and Idempotency-Key.
  const sent: { event: string; key: string | undefined }[] = [];
  const dropOnce = new Set<string>();
  // While set, steps reach the engine but no answer comes back / no socket event reaches the page.
  let answersLost = false;
  let socketEventsLost = false;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage(browser, 360, 740);
    driver = await newDriver(freshToken('IK'), 'Ramesh Patil', 'Forklift');
    requester = await apiRequester(freshToken('IQ'), 'Nisha Rao');
    rideId = await bookFixedRide(requester, 'Forklift', 'main gate', 'canteen');
    await driver.call('POST', '/api/tracking/accept-ride', { driverId: driver.tokenNo, rideId });
    await page.route('**/api/bookings/update-timestamps', async (route) => {
      const event = (route.request().postDataJSON() as { event: string }).event;
      sent.push({ event, key: (await route.request().allHeaders())['idempotency-key'] });
      if (dropOnce.delete(event) || answersLost) await dropAnswer(route);
      else await route.continue();
    });
    // Engine.IO '4' + Socket.IO '2' is an event; pings and the rest still pass, so the socket stays up.
    const isEvent = (packet: string) => packet.startsWith('42');
    await page.routeWebSocket(/\/socket\.io\//, (socket) => {
      const engine = socket.connectToServer();
      engine.onMessage((message) => {
        if (!(socketEventsLost && typeof message === 'string' && isEvent(message))) socket.send(message);
      });
    });
    // Before (or without) the upgrade to a WebSocket, events come in long-polling answers, packets split by \x1e.
    await page.route(/\/socket\.io\/.*transport=polling/, async (route) => {
      if (!socketEventsLost || route.request().method() !== 'GET') return route.continue();
      const response = await route.fetch();
      const packets = (await response.text()).split('\x1e');
      await route.fulfill({ response, body: packets.map((p) => (isEvent(p) ? '6' : p)).join('\x1e') });
    });
    await signInDriver(page, driver.tokenNo, driver.name);
    await page.getByTestId('ongoing-ride-id').filter({ hasText: rideId }).waitFor();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('given Start Ride recorded but its answer lost, when the client retries on its own with the same key, then the card moves on and the store holds one RideStarted', async () => {
    // Without the socket's rideStarted, only the retry's answer can move the card on.
    socketEventsLost = true;
    dropOnce.add('start');
    // The first send's answer is dropped (a failed request, no response): the one answer the page gets is the retry's.
    const retried = page.waitForResponse(
      (response) =>
        response.url().includes('/api/bookings/update-timestamps') &&
        (response.request().postDataJSON() as { event: string }).event === 'start',
    );
    await driverStep(page, 'Start Ride', 'started');
    expect((await retried).status()).toBe(200);
    socketEventsLost = false;
    // The retry was answered as the first send, not refused as a step already done.
    expect(await page.locator('.Toastify__toast--error').count()).toBe(0);
    const starts = sent.filter((s) => s.event === 'start');
    expect(starts).toHaveLength(2);
    expect(starts[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(starts[1]!.key).toBe(starts[0]!.key);
    expect(dropOnce.size).toBe(0);
    expect(await eventCounts(rideId)).toMatchObject({ RideStarted: 1 });
  });

  it('given Material Picked recorded but no answer ever comes back, when the driver taps it again once the network is back, then it goes with the same key and the store holds one MaterialPicked', async () => {
    answersLost = true;
    socketEventsLost = true;
    await page.getByRole('button', { name: 'Material Picked', exact: true }).click();
    await page.getByText('No answer from the server. Check your connection and tap the step again.').waitFor();
    expect(await page.getByRole('button', { name: 'Material Picked', exact: true }).isEnabled()).toBe(true);
    await snap(page, 'idempotent-01-step-not-answered');
    const unanswered = sent.filter((s) => s.event === 'materialPicked').length;
    expect(unanswered).toBeGreaterThan(1);

    answersLost = false;
    await driverStep(page, 'Material Picked', 'material picked');
    const picks = sent.filter((s) => s.event === 'materialPicked');
    expect(picks).toHaveLength(unanswered + 1);
    expect(new Set(picks.map((p) => p.key)).size).toBe(1);
    expect(picks[0]!.key).not.toBe(sent.find((s) => s.event === 'start')!.key);
    expect(await page.getByText("This action is not allowed in the ride's current state.").count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Material Dropped', exact: true }).isEnabled()).toBe(true);
    expect(await eventCounts(rideId)).toMatchObject({ RideStarted: 1, MaterialPicked: 1 });
    socketEventsLost = false;
  });

  it('given the next step, when it is answered at once, then it is a new action with its own key', async () => {
    await driverStep(page, 'Material Dropped', 'delivered');
    const drops = sent.filter((s) => s.event === 'materialDropped');
    expect(drops).toHaveLength(1);
    expect(new Set(sent.map((s) => s.key)).size).toBe(3);
    expect(await eventCounts(rideId)).toMatchObject({ RideStarted: 1, MaterialPicked: 1, MaterialDropped: 1 });
  });
});

describe('Cancelling a ride that waits for another driver after the material was picked up', () => {
  let browser: Browser;
  let page: Page;
  let driver: ApiSession;
  const requester = freshToken('IC');
  const password = 'secret-5';

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage(browser, 360, 740);
    driver = await newDriver(freshToken('IB'), 'Sunil Joshi', 'Crane');
    await signUpInBrowser(page, requester, password);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('given the vehicle broke down with the material on board, when the requester presses Cancel Request, then the dialog says what cancelling means and Yes cancels the ride once', async () => {
    const rideId = await bookFixedRideOnScreen(page, 'Crane', 'south gate', 'canteen');
    await driver.call('POST', '/api/tracking/accept-ride', { driverId: driver.tokenNo, rideId });
    await driver.call('PUT', '/api/bookings/update-timestamps', { rideId, event: 'start' });
    await driver.call('PUT', '/api/bookings/update-timestamps', { rideId, event: 'materialPicked' });
    await driver.call('POST', '/api/requests/maintenanceReq', {
      driver_id: driver.tokenNo,
      driver_name: driver.name,
      vehicle_type: 'Crane',
      issue: '',
      comment_text: 'boom hydraulics leaking',
      status: 'pending',
      breakdown_type: null,
      ride_id: rideId,
    });
    await page.getByText('Waiting for a new driver to get assigned...').waitFor();

    await page.getByRole('button', { name: 'Cancel Request' }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure you want to cancel this ride?' });
    await dialog
      .getByText(
        'The material was already picked up by the vehicle that broke down. If you cancel, the ride ends there: no other driver will bring the material to canteen, and you will have to arrange to collect it from that vehicle.',
      )
      .waitFor();
    await snap(page, 'idempotent-02-cancel-after-pick-up');

    await dialog.getByRole('button', { name: 'Yes' }).click();
    await page.getByText('Ride cancelled.').waitFor();
    await page.getByRole('button', { name: 'Request Transport' }).waitFor();
    expect(await eventCounts(rideId)).toMatchObject({ RideCancelled: 1 });
  });
});
