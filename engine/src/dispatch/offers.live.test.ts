import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DISPATCH_SETTINGS, SERVER_MESSAGES, rideStreamId, type Role, type SocketEventName } from '@plantride/schemas';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds, waitFor } from '../test-support/test-database';
import { seedUsers } from '../test-support/seed';
import { connectLive, type LiveClient, type Received } from '../test-support/live-client';

// Offer dispatch end to end (issue #20): settings, shifts, booking, offers on sockets, decline, fall back to all.
describe.each(testStoreKinds())('offer dispatch through the engine on %s', (kind) => {
  let t: TestApp;
  let url: string;
  const tokens: Record<string, string> = {};
  const clients: LiveClient[] = [];
  const people: Array<[string, Role, 'Forklift'?]> = [
    ['AD01', 'admin'],
    ['RQ01', 'requester'],
    ['FL01', 'driver', 'Forklift'],
    ['FL02', 'driver', 'Forklift'],
    ['FL03', 'driver', 'Forklift'],
  ];
  const call = (tokenNo: string, method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
    t.app.inject({ method, url: path, payload, headers: { authorization: `Bearer ${tokens[tokenNo]}` } });

  async function connect(tokenNo: string): Promise<Received[]> {
    const client = await connectLive(url, { token: tokens[tokenNo] });
    clients.push(client);
    return client.received;
  }
  const named = (received: Received[], name: SocketEventName) => received.filter((r) => r.name === name).map((r) => r.payload);
  const offersTo = (received: Received[]) => named(received, 'rideOffered').map((p) => p.rideId);

  beforeAll(async () => {
    t = await createTestApp(kind);
    url = await t.listen();
    await seedUsers(
      t.app,
      people.map(([tokenNo, role, vehicleType]) => ({ tokenNo, role, vehicleType })),
    );
    for (const [tokenNo, role] of people) tokens[tokenNo] = await t.tokenFor(tokenNo, role);
  });
  afterEach(() => clients.splice(0).forEach((client) => client.socket.disconnect()));
  afterAll(async () => t.close());

  it('given offer mode and two drivers on shift (one off), when a ride is booked, then the nearest hears it alone; he declines, the other hears it; he declines, every driver hears it and may take it', async () => {
    expect(
      (await call('AD01', 'PUT', '/api/dispatch/settings', { ...DEFAULT_DISPATCH_SETTINGS, mode: 'offer', offerSeconds: 300 })).statusCode,
    ).toBe(200);
    expect((await call('FL01', 'POST', '/api/drivers/shift', { on: true, location: 'canteen' })).statusCode).toBe(200);
    expect((await call('FL02', 'POST', '/api/drivers/shift', { on: true, location: 'car parking' })).statusCode).toBe(200);
    const [near, far, offShift] = [await connect('FL02'), await connect('FL01'), await connect('FL03')];

    const booked = await call('RQ01', 'POST', '/api/bookings/book-ride', {
      userId: 'RQ01',
      fromLocation: 'RMS',
      toLocation: 'fgs',
      vehicleType: 'Forklift',
      priority: 'urgent',
    });
    expect(booked.statusCode).toBe(200);
    const rideId = booked.json<{ rideId: string }>().rideId;
    await waitFor(() => offersTo(near).includes(rideId), 10_000, 'the offer to the nearest driver');
    expect(named(near, 'rideOffered')[0]).toMatchObject({
      rideId,
      fromLocation: 'RMS',
      toLocation: 'fgs',
      priority: 'urgent',
      vehicleType: 'Forklift',
    });
    expect(named(near, 'newRideRequest').map((p) => p.rideId)).toEqual([rideId]);
    type Row = { RIDE_ID: string; OFFERED_TO_YOU?: boolean; OFFER_EXPIRES_AT?: string | null };
    const rows = async (tokenNo: string, position: number) =>
      (await call(tokenNo, 'GET', `/api/drivers/available-rides?vehicleType=Forklift&position=${position}`)).json<{
        rides: { rows: Row[] };
      }>().rides.rows;
    const available = async (tokenNo: string, position: number) => (await rows(tokenNo, position)).map((r) => r.RIDE_ID);
    const bookedAt = booked.json<{ position: number }>().position;
    expect(await available('FL02', bookedAt)).toEqual([rideId]);
    // His list says the offer is his and until when, for any device of his (not only the socket that heard it).
    const [offeredRow] = await rows('FL02', bookedAt);
    expect(offeredRow).toMatchObject({ OFFERED_TO_YOU: true, OFFER_EXPIRES_AT: named(near, 'rideOffered')[0]!.expiresAt });
    expect(await available('FL01', bookedAt)).toEqual([]);
    // Not his to take yet.
    const early = await call('FL01', 'POST', '/api/tracking/accept-ride', { rideId, driverId: 'FL01' });
    expect([early.statusCode, early.json().message]).toEqual([409, SERVER_MESSAGES.rideNotAvailable]);

    expect((await call('FL02', 'POST', '/api/tracking/decline-offer', { rideId })).json().message).toBe(SERVER_MESSAGES.offerDeclined);
    await waitFor(() => offersTo(far).includes(rideId), 10_000, 'the offer to the next driver');
    await waitFor(() => named(near, 'removeRide').some((p) => p.rideId === rideId), 10_000, 'the declined ride leaving his list');
    expect((await call('FL02', 'POST', '/api/tracking/decline-offer', { rideId })).statusCode).toBe(409);

    const lastDecline = await call('FL01', 'POST', '/api/tracking/decline-offer', { rideId });
    expect(lastDecline.statusCode).toBe(200);
    await waitFor(
      () => named(offShift, 'newRideRequest').some((p) => p.rideId === rideId),
      10_000,
      'every driver hearing the ride once nobody is left',
    );
    expect(offersTo(offShift)).toEqual([]);
    expect(await rows('FL02', lastDecline.json<{ position: number }>().position)).toEqual([
      expect.objectContaining({ RIDE_ID: rideId, OFFERED_TO_YOU: false, OFFER_EXPIRES_AT: null }),
    ]);
    expect((await call('FL02', 'POST', '/api/tracking/accept-ride', { rideId, driverId: 'FL02' })).statusCode).toBe(200);

    // Staff lower its priority once it is under way.
    const lowered = await t.app.inject({
      method: 'PATCH',
      url: `/api/rides/${rideId}/priority`,
      payload: { priority: 'normal' },
      headers: { authorization: `Bearer ${tokens.AD01}` },
    });
    expect(lowered.json()).toMatchObject({ rideId, priority: 'normal' });
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/rides/${rideId}/priority`,
          payload: { priority: 'high' },
          headers: { authorization: `Bearer ${tokens.AD01}` },
        })
      ).statusCode,
    ).toBe(400);

    const types = (await t.app.eventStore.readStream(rideStreamId(rideId))).map((event) => event.type);
    expect(types).toEqual([
      'RideRequested',
      'RideOffered',
      'RideOfferDeclined',
      'RideOffered',
      'RideOfferDeclined',
      'RideOpenedToAll',
      'RideAccepted',
      'RidePriorityChanged',
    ]);
  });

  it("given the only free driver holding a normal ride's offer, when an urgent ride is booked, then he is offered the urgent one, and the normal one goes to every driver", async () => {
    // After the first test FL02 carries a ride and FL03 is off shift: FL01 is the only free Forklift driver on shift.
    expect(
      (await call('AD01', 'PUT', '/api/dispatch/settings', { ...DEFAULT_DISPATCH_SETTINGS, mode: 'offer', offerSeconds: 300 })).statusCode,
    ).toBe(200);
    const [fl01, fl03] = [await connect('FL01'), await connect('FL03')];
    const book = async (priority: 'normal' | 'urgent') =>
      (
        await call('RQ01', 'POST', '/api/bookings/book-ride', {
          userId: 'RQ01',
          fromLocation: 'canteen',
          toLocation: 'fgs',
          vehicleType: 'Forklift',
          priority,
        })
      ).json<{ rideId: string }>().rideId;
    const normal = await book('normal');
    await waitFor(() => offersTo(fl01).includes(normal), 10_000, 'the normal ride offered to FL01');
    const urgent = await book('urgent');
    await waitFor(() => offersTo(fl01).includes(urgent), 10_000, 'the urgent ride offered to FL01');
    await waitFor(() => named(fl01, 'removeRide').some((p) => p.rideId === normal), 10_000, 'the normal offer taken back from FL01');
    await waitFor(() => named(fl03, 'newRideRequest').some((p) => p.rideId === normal), 10_000, 'the normal ride open to every driver');
    const types = async (rideId: string) => (await t.app.eventStore.readStream(rideStreamId(rideId))).map((event) => event.type);
    expect(await types(normal)).toEqual(['RideRequested', 'RideOffered', 'RideOfferWithdrawn', 'RideOpenedToAll']);
    expect(await types(urgent)).toEqual(['RideRequested', 'RideOffered']);
    expect((await call('FL01', 'POST', '/api/tracking/accept-ride', { rideId: urgent, driverId: 'FL01' })).statusCode).toBe(200);
  });
});
