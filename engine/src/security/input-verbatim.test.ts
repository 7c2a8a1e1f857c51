import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, SERVER_MESSAGES, type Role } from '@plantride/schemas';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds } from '../test-support/test-database';
import { seedUsers } from '../test-support/seed';

/** Strings an attacker types into free-text fields: SQL, markup and template injection, and plain odd text. */
const HOSTILE = [
  "Robert'); DROP TABLE events; --",
  "' OR '1'='1' --",
  '"; SELECT pg_sleep(5); --',
  "\\'; DELETE FROM users WHERE '1'='1",
  '<img src=x onerror="window.__xss=1">',
  '<script>alert(document.cookie)</script>',
  '${7*7} {{7*7}} %s%n $1 $$ ?',
  // Right-to-left letters, not direction controls: those are refused in names (human-names.api.test.ts, issue #31).
  'Ünïcødé 名前 🚜 عربي',
];

describe.each(testStoreKinds())('hostile text on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const as = (tokenNo: string) => ({ authorization: `Bearer ${tokens[tokenNo]}` });
  const call = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, payload, headers: as(who) });
  const head = () => t.app.eventStore.headPosition();

  beforeAll(async () => {
    t = await createTestApp(kind);
    const people: Array<[string, Role, 'Forklift'?]> = [
      ['RQ01', 'requester'],
      ['AD01', 'admin'],
      ['MH01', 'maintenanceHead'],
    ];
    await seedUsers(
      t.app,
      people.map(([tokenNo, role, vehicleType]) => ({ tokenNo, role, vehicleType })),
    );
    for (const [tokenNo, role] of people) tokens[tokenNo] = await t.tokenFor(tokenNo, role);
  });
  afterAll(async () => t.close());

  it('when every free-text field gets SQL and script strings, then each is stored and read back exactly as sent', async () => {
    for (const [index, text] of HOSTILE.entries()) {
      const operator = `F${String(index).padStart(3, '0')}`;
      // A driver record with the string as its vehicle; the operator signs up with it as his name.
      const added = await call('AD01', 'POST', '/api/drivers/add', {
        operatorId: operator,
        vehicle: text,
        name: 'Ravi Kumar',
        mobile: '9876543210',
        forklift: '7',
        vehicleAssigned: 'Forklift',
      });
      expect(added.statusCode, added.body).toBe(200);
      const signedUp = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { token_no: operator, password: 'pass1', name: text, activation_code: added.json().activationCode },
      });
      expect(signedUp.statusCode, signedUp.body).toBe(201);
      tokens[operator] = await t.tokenFor(operator, 'driver');
      expect((await call(operator, 'GET', '/api/users/me')).json().name).toBe(text);

      const booked = await call('RQ01', 'POST', '/api/bookings/book-ride', {
        userId: 'RQ01',
        fromLocation: 'main gate',
        toLocation: 'canteen',
        vehicleType: 'Forklift',
        rideType: 'Regular',
        reqName: text,
        reqMobileNo: text,
      });
      expect(booked.statusCode, booked.body).toBe(200);
      expect(booked.json()).toMatchObject({ reqName: text, reqMobileNo: text });
      const rideId = booked.json().rideId as string;
      const offered = await call(operator, 'GET', `/api/drivers/available-rides?vehicleType=Forklift&position=${booked.json().position}`);
      expect(offered.json().rides.rows.find((row: { RIDE_ID: string }) => row.RIDE_ID === rideId)?.REQUESTER_DETAILS).toBeNull();

      const filed = await call(operator, 'POST', '/api/requests/maintenanceReq', {
        driver_id: operator,
        driver_name: text,
        vehicle_type: 'Forklift',
        issue: text,
        comment_text: text,
        status: 'pending',
        breakdown_type: 'full',
        ride_id: null,
      });
      expect(filed.statusCode, filed.body).toBe(200);
      const requestId = filed.json().requestId as string;
      const commented = await call('MH01', 'PUT', `/api/requests/maintenanceReq/${requestId}/comment`, {
        comment_text: `REJECTED: ${text}`,
      });
      expect(commented.statusCode, commented.body).toBe(200);
      const rows = (await call('MH01', 'GET', `/api/requests/maintenanceReq?position=${commented.json().position}`)).json() as Array<
        Record<string, unknown>
      >;
      expect(rows.find((row) => row.ID === requestId)).toMatchObject({ ISSUE: text, COMMENT_TEXT: `REJECTED: ${text}` });
      const drivers = (await call('AD01', 'GET', `/api/drivers/getDrivers?position=${commented.json().position}`)).json().drivers as Array<
        Record<string, unknown>
      >;
      expect(JSON.stringify(drivers.find((row) => row.operator_id === operator))).toContain(JSON.stringify(text).slice(1, -1));
    }
    // The store still answers and holds every write: nothing was dropped or run.
    expect(await head()).toBeGreaterThan(HOSTILE.length * 4);
  });

  it('when a location or an id is an injection string, then it is refused with the spec message and nothing is appended', async () => {
    const before = await head();
    const booked = await call('RQ01', 'POST', '/api/bookings/book-ride', {
      userId: 'RQ01',
      fromLocation: HOSTILE[0],
      toLocation: 'canteen',
      vehicleType: 'Forklift',
      rideType: 'Regular',
    });
    expect(booked.statusCode).toBe(400);
    expect(booked.json()).toEqual({ message: SERVER_MESSAGES.unknownLocation });
    for (const text of HOSTILE.slice(0, 4)) {
      const status = await call('MH01', 'GET', `/api/tracking/ride-status/${encodeURIComponent(text)}`);
      expect(status.statusCode, text).toBe(404);
      const history = await call('MH01', 'GET', `/api/ride-history/user?userId=${encodeURIComponent(text)}`);
      expect(history.statusCode, text).toBeLessThan(500);
      const named = await call('AD01', 'POST', '/api/drivers/add', {
        operatorId: 'Z001',
        vehicle: 'v',
        name: text,
        mobile: '9876543210',
        forklift: '7',
        vehicleAssigned: 'Forklift',
      });
      expect(named.statusCode).toBe(400);
      expect(named.json()).toEqual({ message: MESSAGES.nameOnlyAlphabets });
    }
    expect(await head()).toBe(before);
  });

  it('when a body, a query or a path holds a NUL character, which PostgreSQL cannot store, then it is 400 naming the field (the generic message where no field is named), never a 500, and nothing is appended', async () => {
    const before = await head();
    const named = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { token_no: 'NUL1', password: 'pass1', name: 'a\u0000b' },
    });
    expect(named.statusCode, named.body).toBe(400);
    expect(named.json()).toEqual({ message: 'Name contains characters that are not allowed.' });
    const answers = [
      await call('RQ01', 'POST', '/api/bookings/book-ride', {
        userId: 'RQ01',
        fromLocation: 'main gate',
        toLocation: 'canteen',
        vehicleType: 'Forklift',
        rideType: 'Regular',
        reqName: 'x',
        nested: { ['k\u0000']: 1 },
      }),
      await call('MH01', 'GET', '/api/tracking/ride-status/AB%00CD'),
      await call('MH01', 'GET', '/api/ride-history/user?userId=RQ%0001'),
    ];
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json()).toEqual({ message: SERVER_MESSAGES.invalidRequest });
    }
    expect(await head()).toBe(before);
  });
});
