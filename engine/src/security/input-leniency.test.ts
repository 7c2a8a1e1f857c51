import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type Role } from '@plantride/schemas';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds } from '../test-support/test-database';
import { seedUsers } from '../test-support/seed';

const PEOPLE: Array<[string, Role]> = [
  ['RQ01', 'requester'],
  ['DR01', 'driver'],
  ['AD01', 'admin'],
];

interface DriverRow {
  DRIVERID: number;
  OPERATOR_ID: string;
  VEHICLE: string;
  COMMENTS: string;
  VEHICLE_TYPE: string;
}
interface RideRow {
  RIDE_ID: string;
  DURATION: string | null;
}

/** Where the spec is loose, the server takes what the spec's clients plausibly send. */
describe.each(testStoreKinds())('lenient input on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const headers = (who: string) => ({ authorization: `Bearer ${tokens[who]}` });
  const call = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, payload, headers: headers(who) });
  const drivers = async (position: number) =>
    (await call('AD01', 'GET', `/api/drivers/getDrivers?position=${position}`)).json().drivers as DriverRow[];
  const book = (extra: Record<string, unknown>) =>
    call('RQ01', 'POST', '/api/bookings/book-ride', {
      userId: 'RQ01',
      fromLocation: 'main gate',
      toLocation: 'canteen',
      vehicleType: 'Forklift',
      ...extra,
    });

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedUsers(
      t.app,
      PEOPLE.map(([tokenNo, role]) => ({
        tokenNo,
        role,
        name: role === 'requester' ? 'Asha Rao' : undefined,
        mobile: '9123456780',
        vehicleType: role === 'driver' ? 'Forklift' : undefined,
      })),
    );
    for (const [tokenNo, role] of PEOPLE) tokens[tokenNo] = await t.tokenFor(tokenNo, role);
  }, 0);
  afterAll(async () => t?.close());

  it.each([
    ['empty', '', 'SR01'],
    ['a number as text', '5', 'SR02'],
    ['null', null, 'SR03'],
    ['a number', 99, 'SR04'],
    ['absent', undefined, 'SR05'],
  ])(
    'when a driver is added and updated with serial %s, then it is accepted and the server assigns the serial',
    async (_, serial, operatorId) => {
      const record = {
        operatorId,
        vehicle: 'MH12 AB 0001',
        name: 'Ravi Kumar',
        mobile: '9876543210',
        forklift: '7',
        vehicleAssigned: 'Crane',
        serial,
      };
      const before = await drivers(await t.app.eventStore.headPosition());
      const added = await call('AD01', 'POST', '/api/drivers/add', record);
      expect(added.statusCode, added.body).toBe(200);
      const assigned = (await drivers(added.json().position)).find((row) => row.OPERATOR_ID === operatorId)?.DRIVERID;
      expect(assigned).toBe(Math.max(0, ...before.map((row) => row.DRIVERID)) + 1);
      const updated = await call('AD01', 'PUT', '/api/drivers/update', {
        ...record,
        comments: 'checked',
        serial: serial === undefined ? 1 : serial,
      });
      expect(updated.statusCode, updated.body).toBe(200);
      expect((await drivers(updated.json().position)).find((row) => row.OPERATOR_ID === operatorId)).toMatchObject({
        DRIVERID: assigned,
        COMMENTS: 'checked',
      });
    },
  );

  it('when a driver record sends null for vehicle, comments and vehicleAssigned, then each is stored as empty', async () => {
    const added = await call('AD01', 'POST', '/api/drivers/add', {
      operatorId: 'NL01',
      vehicle: null,
      name: 'Ravi Kumar',
      mobile: '9876543210',
      forklift: '7',
      comments: null,
      vehicleAssigned: null,
    });
    expect(added.statusCode, added.body).toBe(200);
    expect((await drivers(added.json().position)).find((row) => row.OPERATOR_ID === 'NL01')).toMatchObject({
      VEHICLE: '',
      COMMENTS: '',
      VEHICLE_TYPE: '',
    });
    const updated = await call('AD01', 'PUT', '/api/drivers/update', {
      operatorId: 'NL01',
      vehicle: 'MH12 CD 0002',
      name: 'Ravi Kumar',
      mobile: '9876543210',
      forklift: '7',
      comments: null,
      vehicleAssigned: 'Forklift',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await drivers(updated.json().position)).find((row) => row.OPERATOR_ID === 'NL01')).toMatchObject({
      VEHICLE: 'MH12 CD 0002',
      COMMENTS: '',
      VEHICLE_TYPE: 'Forklift',
    });
  });

  it.each([
    ["the spec's text form", '1h 30m'],
    ['an object', { hours: 1, minutes: 30 }],
  ])('when a Special Task is booked with its duration as %s, then the ride is booked for that long', async (_, duration) => {
    const booked = await book({ rideType: 'Special Task', duration });
    expect(booked.statusCode, booked.body).toBe(200);
    const rows = (await call('DR01', 'GET', `/api/drivers/available-rides?vehicleType=Forklift&position=${booked.json().position}`)).json()
      .rides.rows as RideRow[];
    expect(rows.find((row) => row.RIDE_ID === booked.json().rideId)?.DURATION).toBe('1h 30m');
  });

  it("when a Special Task duration reads 0h 0m, then the spec's message answers and nothing is appended", async () => {
    const before = await t.app.eventStore.headPosition();
    const booked = await book({ rideType: 'Special Task', duration: '0h 0m' });
    expect(booked.statusCode).toBe(400);
    expect(booked.json()).toEqual({ message: MESSAGES.durationTooShort });
    expect(await t.app.eventStore.headPosition()).toBe(before);
  });

  it("when a booking sends null for the requester's name and mobile, then his account's are used", async () => {
    const booked = await book({ rideType: 'Regular', reqName: null, reqMobileNo: null });
    expect(booked.statusCode, booked.body).toBe(200);
    expect(booked.json()).toMatchObject({ reqName: 'Asha Rao', reqMobileNo: '9123456780' });
  });

  it('when sign-up sends null for name and mobile, then the account is made without them', async () => {
    const signedUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { token_no: 'NU01', password: 'pass1', name: null, mobile: null },
    });
    expect(signedUp.statusCode, signedUp.body).toBe(201);
  });

  describe("body-less calls with a JSON content type, as the spec's client sends them", () => {
    const bodyless = (who: string, method: 'POST' | 'DELETE', url: string) =>
      t.app.inject({ method, url, headers: { ...headers(who), 'content-type': 'application/json' } });

    it('when a requester cancels his ride that way, then it is cancelled', async () => {
      const booked = await book({ rideType: 'Regular' });
      const cancelled = await bodyless('RQ01', 'DELETE', `/api/bookings/cancel/${booked.json().rideId}`);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json().position).toBeGreaterThan(booked.json().position);
    });

    it('when a command that needs a body gets none, then the refusal is its own message, not a parser error', async () => {
      const before = await t.app.eventStore.headPosition();
      const accepted = await bodyless('DR01', 'POST', '/api/tracking/accept-ride');
      expect(accepted.statusCode).toBe(400);
      expect(accepted.json()).toEqual({ message: MESSAGES.invalidParameters });
      expect(await t.app.eventStore.headPosition()).toBe(before);
    });

    it('when the body is malformed JSON, then it is still refused', async () => {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/tracking/accept-ride',
        headers: { ...headers('DR01'), 'content-type': 'application/json' },
        payload: '{"rideId":',
      });
      expect(answer.statusCode).toBe(400);
    });
  });
});
