import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOAD_MESSAGES } from '@plantride/schemas';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds, waitFor } from '../test-support/test-database';
import { seedPeople } from '../test-support/people';

/*
 * Issue #32 item 7, through the HTTP API: a booking says what is moved; the driver's available rides and
 * the staff reports (screen and CSV) carry it; a load the rule refuses is a 400 with its message and
 * nothing is written.
 */
type Body = Record<string, unknown>;

describe.each(testStoreKinds())('what is being moved, on %s', (kind) => {
  let t: TestApp;
  let tokens: Record<string, string> = {};
  const call = (who: string, method: 'GET' | 'POST', url: string, payload?: Body) =>
    t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${tokens[who]}` } });
  const booking = (load?: unknown): Body => ({
    userId: 'RQ01',
    fromLocation: 'main gate',
    toLocation: 'canteen',
    vehicleType: 'Forklift',
    rideType: 'Regular',
    ...(load === undefined ? {} : { load }),
  });

  beforeAll(async () => {
    t = await createTestApp(kind);
    tokens = await seedPeople(t, [
      ['RQ01', 'requester'],
      ['F001', 'driver'],
      ['AD01', 'admin'],
    ]);
  });
  afterAll(async () => t.close());

  it('given a booking that says what is moved, then the driver sees the load on the ride and the reports and their CSV carry it', async () => {
    const load = { description: ' Gear boxes ', quantity: 12, unit: 'pallets', weightKg: 350, handling: ['hazardous', 'fragile'] };
    const booked = await call('RQ01', 'POST', '/api/bookings/book-ride', booking(load));
    expect(booked.statusCode, booked.body).toBe(200);
    const { rideId } = booked.json<{ rideId: string }>();
    const recorded = { description: 'Gear boxes', quantity: 12, unit: 'pallets', weightKg: 350, handling: ['fragile', 'hazardous'] };

    let rows: Body[] = [];
    await waitFor(async () => {
      rows = (await call('F001', 'GET', '/api/drivers/available-rides?vehicleType=Forklift')).json<{ rides: { rows: Body[] } }>().rides
        .rows;
      return rows.some((row) => row.RIDE_ID === rideId);
    });
    expect(rows.find((row) => row.RIDE_ID === rideId)?.LOAD).toEqual(recorded);

    let reports: Body[] = [];
    await waitFor(async () => {
      reports = (await call('AD01', 'GET', '/api/reports/rides')).json<{ rideReports: Body[] }>().rideReports;
      return reports.some((row) => row.RIDE_ID === rideId);
    });
    expect(reports.find((row) => row.RIDE_ID === rideId)?.LOAD).toEqual(recorded);

    const csv = await call('AD01', 'GET', '/api/reports/rides.csv');
    expect(csv.statusCode).toBe(200);
    const [header, ...lines] = csv.body.trim().split('\n');
    // The scan overrides (issue #34 item 2) come last: none here.
    expect(header).toMatch(/,PRIORITY,SLA_MET,LOAD_DESCRIPTION,LOAD_QUANTITY,LOAD_WEIGHT_KG,LOAD_HANDLING,SCAN_OVERRIDES$/);
    expect(lines.find((line) => line.startsWith(rideId))).toMatch(/,Gear boxes,12 pallets,350,"fragile, hazardous",$/);
  });

  it.each([
    [{ quantity: 5 }, LOAD_MESSAGES.quantityWithoutUnit],
    [{ unit: 'pallets' }, LOAD_MESSAGES.unitWithoutQuantity],
    [{ quantity: 0, unit: 'boxes' }, LOAD_MESSAGES.quantity],
    [{ weightKg: 50_001 }, LOAD_MESSAGES.weightKg],
    [{ handling: ['fragile', 'fragile'] }, LOAD_MESSAGES.handlingTwice],
    [{ handling: ['radioactive'] }, LOAD_MESSAGES.handling],
    [{ description: 'x'.repeat(201) }, 'Load description must be at most 200 characters.'],
    ['pallets', LOAD_MESSAGES.notALoad],
  ])('given a booking with the load %j, then it is refused with its message and nothing is written', async (load, message) => {
    const head = await t.app.eventStore.headPosition();
    const answer = await call('RQ01', 'POST', '/api/bookings/book-ride', booking(load));
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ message });
    expect(await t.app.eventStore.headPosition()).toBe(head);
  });
});
