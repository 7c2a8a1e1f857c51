import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds, waitFor } from '../test-support/test-database';
import { seedUsers } from '../test-support/seed';
import { connectLive, type LiveClient } from '../test-support/live-client';

const STEPS = ['start', 'materialPicked', 'materialDropped', 'end'] as const;

describe.each(testStoreKinds())('a ride over HTTP with live sockets on %s', (kind) => {
  let t: TestApp;
  let requester: LiveClient;
  let driver: LiveClient;
  let otherType: LiveClient;
  const auth: Record<string, string> = {};
  const headers = (tokenNo: string) => ({ authorization: `Bearer ${auth[tokenNo]}` });

  beforeAll(async () => {
    t = await createTestApp(kind);
    const url = await t.listen();
    await seedUsers(t.app, [
      { tokenNo: 'RQ01', role: 'requester', name: 'Ananya Iyer', mobile: '9820011003' },
      { tokenNo: 'FL01', role: 'driver', vehicleType: 'Forklift', name: 'Suresh Patil', mobile: '9876543210' },
      { tokenNo: 'CR01', role: 'driver', vehicleType: 'Crane', name: 'Arjun Reddy', mobile: '9876543220' },
    ]);
    auth.RQ01 = await t.tokenFor('RQ01', 'requester');
    auth.FL01 = await t.tokenFor('FL01', 'driver');
    auth.CR01 = await t.tokenFor('CR01', 'driver');
    requester = await connectLive(url, { token: auth.RQ01 });
    driver = await connectLive(url, { token: auth.FL01 });
    otherType = await connectLive(url, { token: auth.CR01 });
  });
  afterAll(async () => {
    for (const client of [requester, driver, otherType]) client?.socket.disconnect();
    await t.close();
  });

  async function carryOut(booking: Record<string, unknown>): Promise<string> {
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/bookings/book-ride',
      headers: headers('RQ01'),
      payload: { userId: 'RQ01', vehicleType: 'Forklift', ...booking },
    });
    expect(booked.statusCode).toBe(200);
    const { rideId } = booked.json() as { rideId: string };
    await waitFor(() => driver.names(rideId).includes('newRideRequest'), 10_000, 'newRideRequest at the driver');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/tracking/accept-ride',
          headers: headers('FL01'),
          payload: { driverId: 'FL01', rideId },
        })
      ).statusCode,
    ).toBe(200);
    await waitFor(() => requester.names(rideId).includes('rideAccepted'), 10_000, 'rideAccepted at the requester');
    for (const event of STEPS) {
      expect(
        (
          await t.app.inject({
            method: 'PUT',
            url: '/api/bookings/update-timestamps',
            headers: headers('FL01'),
            payload: { rideId, event },
          })
        ).statusCode,
      ).toBe(200);
    }
    await waitFor(
      () => requester.names(rideId).includes('rideEnded') && driver.names(rideId).includes('rideEnded'),
      10_000,
      'rideEnded on both sides',
    );
    return rideId;
  }

  it('given a requester and a Forklift driver on sockets, when a Fixed ride is carried out over HTTP, then each side gets every spec event in order', async () => {
    const rideId = await carryOut({ fromLocation: 'main gate', toLocation: 'car parking', rideType: 'Regular' });
    expect(requester.names(rideId)).toEqual(['rideAccepted', 'rideStarted', 'materialPicked', 'materialDropped', 'rideEnded']);
    expect(driver.names(rideId)).toEqual(['newRideRequest', 'removeRide', 'rideStarted', 'materialPicked', 'materialDropped', 'rideEnded']);
    expect(requester.received.find((r) => r.name === 'rideAccepted' && r.payload.rideId === rideId)?.payload).toMatchObject({
      driverId: 'FL01',
      driverData: { id: 'FL01', name: 'Suresh Patil', mobile: '9876543210' },
      isRedistributed: false,
    });
    expect(otherType.names(rideId)).toEqual([]);
    const positions = requester.received.filter((r) => r.payload.rideId === rideId).map((r) => r.payload.position as number);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('given the same parties, when a Special Task ride is carried out, then the driver is told it is a special task and both sides follow it to the end', async () => {
    const rideId = await carryOut({
      fromLocation: 'fgs',
      toLocation: 'scrap yard',
      rideType: 'Special Task',
      duration: { hours: 0, minutes: 45 },
    });
    expect(driver.received.find((r) => r.name === 'newRideRequest' && r.payload.rideId === rideId)?.payload).toMatchObject({
      isSpecialTask: true,
      fromLocation: 'fgs',
      toLocation: 'scrap yard',
    });
    expect(requester.names(rideId)).toEqual(['rideAccepted', 'rideStarted', 'materialPicked', 'materialDropped', 'rideEnded']);
    expect(driver.names(rideId)).toEqual(['newRideRequest', 'removeRide', 'rideStarted', 'materialPicked', 'materialDropped', 'rideEnded']);
  });

  it('given a requested ride, when its requester cancels it, then the drivers of its type are told to remove it', async () => {
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/bookings/book-ride',
      headers: headers('RQ01'),
      payload: { userId: 'RQ01', fromLocation: 'RMS', toLocation: 'canteen' },
    });
    const { rideId } = booked.json() as { rideId: string };
    expect((await t.app.inject({ method: 'DELETE', url: `/api/bookings/cancel/${rideId}`, headers: headers('RQ01') })).statusCode).toBe(
      200,
    );
    await waitFor(() => driver.names(rideId).includes('removeRide'), 10_000, 'removeRide after the cancel');
    expect(driver.names(rideId)).toEqual(['newRideRequest', 'removeRide']);
  });
});
