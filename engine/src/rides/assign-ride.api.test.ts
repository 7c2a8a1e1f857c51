import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSIGN_MESSAGES, SERVER_MESSAGES } from '@plantride/schemas';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds, waitFor } from '../test-support/test-database';
import { seedPeople } from '../test-support/people';
import { seedUsers } from '../test-support/seed';

/*
 * Issue #32 item 4 through the HTTP API: staff (an admin, the maintenance head) give a waiting ride
 * to a driver for a reason, or take an accepted one back and give it to another; the picker lists
 * the ride's drivers with the decider's own answer; everyone else is refused, and a refusal changes nothing.
 */
type Body = Record<string, unknown>;
interface TimelineEvent {
  type: string;
  actor: { tokenNo?: string; role?: string };
  data: Record<string, unknown>;
}

describe.each(testStoreKinds())('staff assign a ride, on %s', (kind) => {
  let t: TestApp;
  let tokens: Record<string, string> = {};
  const call = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Body) =>
    t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${tokens[who]}` } });
  const ok = async (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Body) => {
    const answer = await call(who, method, url, payload);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json();
  };
  const book = (): Promise<{ rideId: string }> =>
    ok('RQ01', 'POST', '/api/bookings/book-ride', {
      userId: 'RQ01',
      fromLocation: 'main gate',
      toLocation: 'canteen',
      vehicleType: 'Forklift',
      rideType: 'Regular',
    });
  const eventsOf = async (rideId: string): Promise<TimelineEvent[]> =>
    (await ok('AD01', 'GET', `/api/rides/${rideId}/timeline`)).events as TimelineEvent[];
  /** His ride in progress, as his screen reads it, once the read model has it (or none, once it has let go). */
  const ongoingOf = async (driverId: string, rideId: string | null) => {
    let shown: string | null = null;
    await waitFor(
      async () => {
        const answer = await call(driverId, 'GET', `/api/ride-history/ongoing?driverId=${driverId}`);
        if (answer.statusCode !== 200) return false;
        const history = answer.json().history as Array<{ RIDE_ID: string }>;
        shown = history[0]?.RIDE_ID ?? null;
        return shown === rideId;
      },
      20_000,
      `${driverId}'s ongoing ride to be ${rideId}`,
    );
    return shown;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    tokens = await seedPeople(t, [
      ['RQ01', 'requester'],
      ['F001', 'driver'],
      ['F002', 'driver'],
      ['AD01', 'admin'],
      ['MH01', 'maintenanceHead'],
    ]);
    await seedUsers(t.app, [{ tokenNo: 'C001', role: 'driver', vehicleType: 'Crane' }]);
    tokens.C001 = await t.tokenFor('C001', 'driver');
  });
  afterAll(async () => t.close());

  it('given a requested ride, when the maintenance head assigns it to a Forklift driver for a reason, then it is his ongoing ride and the audit shows who gave it and why', async () => {
    const { rideId } = await book();
    const picker = await ok('MH01', 'GET', `/api/rides/${rideId}/assignable-drivers`);
    // Only the ride's vehicle type; both free Forklift drivers may be given it.
    expect(picker.drivers.map((d: { operatorId: string; eligible: boolean }) => [d.operatorId, d.eligible])).toEqual([
      ['F001', true],
      ['F002', true],
    ]);

    const answer = await ok('MH01', 'POST', `/api/rides/${rideId}/assign`, { driverId: 'F001', reason: 'Closest to the main gate' });
    expect(answer).toMatchObject({ message: ASSIGN_MESSAGES.assigned, rideId, driverId: 'F001', fromDriverId: null });
    await ongoingOf('F001', rideId);

    const assigned = (await eventsOf(rideId)).filter((e) => e.type === 'RideAssigned');
    expect(assigned).toHaveLength(1);
    expect(assigned[0]!.actor).toMatchObject({ tokenNo: 'MH01', role: 'maintenanceHead' });
    expect(assigned[0]!.data).toMatchObject({
      driverId: 'F001',
      assignedBy: 'MH01',
      reason: 'Closest to the main gate',
      fromDriverId: null,
    });

    // He holds it now: the picker tells staff so for a second ride, and the decider refuses him.
    const second = await book();
    const again = await ok('AD01', 'GET', `/api/rides/${second.rideId}/assignable-drivers`);
    expect(again.drivers).toEqual([
      { operatorId: 'F002', name: expect.any(String), vehicleNumber: expect.anything(), eligible: true, refusal: null },
      {
        operatorId: 'F001',
        name: expect.any(String),
        vehicleNumber: expect.anything(),
        eligible: false,
        refusal: ASSIGN_MESSAGES.driverBusy,
      },
    ]);
    const busy = await call('AD01', 'POST', `/api/rides/${second.rideId}/assign`, { driverId: 'F001', reason: 'try' });
    expect([busy.statusCode, busy.json().message]).toEqual([409, ASSIGN_MESSAGES.driverBusy]);
    const crane = await call('AD01', 'POST', `/api/rides/${second.rideId}/assign`, { driverId: 'C001', reason: 'try' });
    expect([crane.statusCode, crane.json().message]).toEqual([409, ASSIGN_MESSAGES.wrongVehicleType]);
    // Refused: the second ride is as it was booked.
    expect((await eventsOf(second.rideId)).map((e) => e.type)).toEqual(['RideRequested']);
    await ok('RQ01', 'DELETE' as 'GET', `/api/bookings/cancel/${second.rideId}`);

    // He carries it out, and is free again at the end.
    for (const event of ['start', 'materialPicked', 'materialDropped'])
      await ok('F001', 'PUT', '/api/bookings/update-timestamps', { rideId, event });
    await ok('F001', 'POST', '/api/tracking/complete-ride', { rideId });
  });

  it('given a ride accepted by F001, when an admin takes it back and gives it to F002, then F002 carries it on and F001 may no longer step on it', async () => {
    const { rideId } = await book();
    await ok('F001', 'POST', '/api/tracking/accept-ride', { rideId, driverId: 'F001' });
    await ok('F001', 'PUT', '/api/bookings/update-timestamps', { rideId, event: 'start' });

    const answer = await ok('AD01', 'POST', `/api/rides/${rideId}/assign`, { driverId: 'F002', reason: 'F001 was called to the yard' });
    expect(answer).toMatchObject({ driverId: 'F002', fromDriverId: 'F001' });
    await ongoingOf('F002', rideId);
    await ongoingOf('F001', null);

    const refused = await call('F001', 'PUT', '/api/bookings/update-timestamps', { rideId, event: 'materialPicked' });
    expect([refused.statusCode, refused.json().message]).toEqual([403, SERVER_MESSAGES.forbidden]);
    await ok('F002', 'PUT', '/api/bookings/update-timestamps', { rideId, event: 'materialPicked' });
    // Picked up: no longer staff's to move.
    const late = await call('AD01', 'POST', `/api/rides/${rideId}/assign`, { driverId: 'F001', reason: 'back to F001' });
    expect([late.statusCode, late.json().message]).toEqual([409, ASSIGN_MESSAGES.rideNotAssignable]);
    // F001 is free again: he may accept another ride.
    const next = await book();
    await ok('F001', 'POST', '/api/tracking/accept-ride', { rideId: next.rideId, driverId: 'F001' });
  });

  it('given a requested ride, when a requester or a driver assigns it, or staff give no reason, then it is refused and nothing is recorded', async () => {
    const { rideId } = await book();
    for (const who of ['RQ01', 'F002']) {
      const answer = await call(who, 'POST', `/api/rides/${rideId}/assign`, { driverId: 'F002', reason: 'me' });
      expect(answer.statusCode).toBe(403);
      expect((await call(who, 'GET', `/api/rides/${rideId}/assignable-drivers`)).statusCode).toBe(403);
    }
    for (const reason of ['', '   ', undefined]) {
      const answer = await call('AD01', 'POST', `/api/rides/${rideId}/assign`, { driverId: 'F002', reason });
      expect([answer.statusCode, answer.json().message]).toEqual([400, ASSIGN_MESSAGES.reasonRequired]);
    }
    const unknown = await call('AD01', 'POST', '/api/rides/NO-SUCH-RIDE/assign', { driverId: 'F002', reason: 'x' });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, SERVER_MESSAGES.rideNotFound]);
    expect((await eventsOf(rideId)).map((e) => e.type)).toEqual(['RideRequested']);
  });
});
