import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, SERVER_MESSAGES, TEXT_LIMITS, formatCount, type Role } from '@plantride/schemas';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds } from '../test-support/test-database';
import { seedPeople } from '../test-support/people';

type Method = 'POST' | 'PUT';

/** A text field of a command's body, and what a refusal of it answers. */
interface TextField {
  field: string;
  /** The field in words: refusals read '{label} contains characters…' and '{label} must be at most {max} characters.' */
  label?: string;
  max: number;
  /** The spec's (or our) message for the field, answered instead of the label's wording. */
  message?: string;
  /** What a text past the limit answers, when not the label's wording. */
  lengthMessage?: string;
  /** A text past the limit that breaks no other rule of the field first. */
  long?: string;
}

interface Mutation {
  as: string | null;
  method: Method;
  url: string;
  /** A body that passes validation, so the field under test is the only fault. */
  body: Record<string, unknown>;
  fields: TextField[];
}

const PEOPLE: Array<[string, Role]> = [
  ['RQ01', 'requester'],
  ['DR01', 'driver'],
  ['AD01', 'admin'],
  ['MH01', 'maintenanceHead'],
];

const id = (field: string, label: string, message: string = MESSAGES.invalidParameters): TextField => ({
  field,
  label,
  max: TEXT_LIMITS.id,
  message,
});
const comment = (field: string, label: string): TextField => ({ field, label, max: TEXT_LIMITS.comment });
const place = (field: string, label: string): TextField => ({ field, label, max: TEXT_LIMITS.place });

const driverRecord = {
  operatorId: 'ZD01',
  vehicle: 'MH12 AB 0001',
  name: 'Ravi Kumar',
  mobile: '9876543210',
  forklift: '7',
  comments: 'new',
  vehicleAssigned: 'Forklift',
};
const driverFields: TextField[] = [
  { field: 'operatorId', max: 5, message: SERVER_MESSAGES.invalidOperatorId, lengthMessage: SERVER_MESSAGES.invalidOperatorId },
  { field: 'vehicle', label: 'Vehicle number', max: TEXT_LIMITS.vehicleNumber },
  { field: 'name', label: 'Name', max: TEXT_LIMITS.name, message: MESSAGES.nameOnlyAlphabets, long: 'A'.repeat(TEXT_LIMITS.name + 1) },
  { field: 'mobile', max: 10, message: MESSAGES.invalidMobile, lengthMessage: MESSAGES.invalidMobile, long: '9'.repeat(11) },
  { field: 'forklift', max: 2, message: MESSAGES.invalidVehicleNumber, lengthMessage: MESSAGES.invalidVehicleNumber, long: '123' },
  comment('comments', 'Comments'),
];
const requesterRecord = {
  rideId: 'R0000001',
  userId: 'RQ01',
  fromLocation: 'main gate',
  toLocation: 'canteen',
  status: 'requested',
  estimatedTime: 11,
  timestamp: '2026-03-01T09:30:00Z',
  rideType: 'Regular',
  duration: null,
};
const completionRecord = {
  RIDE_ID: 'R0000001',
  FROM_LOCATION: 'main gate',
  TO_LOCATION: 'canteen',
  VEHICLE_TYPE: 'Forklift',
  RIDE_TYPE: 'Regular',
  COMPLETED_AT: '2026-03-01T09:30:00Z',
  DRIVER_ID: 'DR01',
};

/** Every command of the API with a text field in its body. */
const MUTATIONS: Mutation[] = [
  {
    as: null,
    method: 'POST',
    url: '/api/auth/signup',
    body: { token_no: 'NEW1', password: 'pass1', name: 'Asha', mobile: '9876543210' },
    fields: [
      { field: 'token_no', max: 5, message: MESSAGES.invalidTokenAndPassword, lengthMessage: MESSAGES.invalidTokenAndPassword },
      {
        field: 'password',
        max: TEXT_LIMITS.password,
        message: MESSAGES.invalidTokenAndPassword,
        lengthMessage: MESSAGES.invalidTokenAndPassword,
      },
      { field: 'name', label: 'Name', max: TEXT_LIMITS.name },
      { field: 'mobile', max: 10, message: MESSAGES.invalidMobile, lengthMessage: MESSAGES.invalidMobile, long: '9'.repeat(11) },
    ],
  },
  {
    as: null,
    method: 'POST',
    url: '/api/auth/signin',
    body: { token_no: 'RQ01', password: 'pass1' },
    fields: [
      { field: 'token_no', max: 5, message: MESSAGES.invalidCredentials, lengthMessage: MESSAGES.invalidCredentials },
      { field: 'password', max: TEXT_LIMITS.password, message: MESSAGES.invalidCredentials, lengthMessage: MESSAGES.invalidCredentials },
    ],
  },
  {
    as: 'AD01',
    method: 'PUT',
    url: '/api/users/RQ01',
    body: { name: 'Asha', mobile: '9876543210' },
    fields: [
      { field: 'name', label: 'Name', max: TEXT_LIMITS.name, message: MESSAGES.nameOnlyAlphabets, long: 'A'.repeat(TEXT_LIMITS.name + 1) },
      { field: 'mobile', max: 10, message: MESSAGES.invalidMobile, lengthMessage: MESSAGES.invalidMobile, long: '9'.repeat(11) },
    ],
  },
  {
    as: 'RQ01',
    method: 'POST',
    url: '/api/bookings/book-ride',
    body: {
      userId: 'RQ01',
      fromLocation: 'main gate',
      toLocation: 'canteen',
      vehicleType: 'Forklift',
      rideType: 'Special Task',
      reqName: 'Asha',
      reqMobileNo: '9876543210',
      duration: '0h 30m',
    },
    fields: [
      id('userId', 'User ID', MESSAGES.invalidUserId),
      place('fromLocation', 'Pickup location'),
      place('toLocation', 'Drop location'),
      { field: 'reqName', label: 'Requester name', max: TEXT_LIMITS.name },
      { field: 'reqMobileNo', label: 'Requester mobile number', max: TEXT_LIMITS.mobile },
      {
        field: 'duration',
        max: 10,
        message: "Duration must be {hours, minutes} or written like '1h 30m'.",
        lengthMessage: "Duration must be {hours, minutes} or written like '1h 30m'.",
      },
    ],
  },
  {
    as: 'DR01',
    method: 'PUT',
    url: '/api/bookings/update-timestamps',
    body: { rideId: 'R0000001', event: 'start' },
    fields: [id('rideId', 'Ride ID')],
  },
  {
    as: 'DR01',
    method: 'POST',
    url: '/api/tracking/accept-ride',
    body: { driverId: 'DR01', rideId: 'R0000001' },
    fields: [id('driverId', 'Driver ID'), id('rideId', 'Ride ID')],
  },
  { as: 'DR01', method: 'POST', url: '/api/tracking/complete-ride', body: { rideId: 'R0000001' }, fields: [id('rideId', 'Ride ID')] },
  {
    as: 'RQ01',
    method: 'POST',
    url: '/api/ride-history',
    body: requesterRecord,
    fields: [
      id('rideId', 'Ride ID'),
      id('userId', 'User ID', MESSAGES.invalidUserId),
      place('fromLocation', 'Pickup location'),
      place('toLocation', 'Drop location'),
      { field: 'timestamp', label: 'Timestamp', max: TEXT_LIMITS.short },
      { field: 'duration', label: 'Duration', max: TEXT_LIMITS.short },
    ],
  },
  {
    as: 'DR01',
    method: 'POST',
    url: '/api/ride-history',
    body: completionRecord,
    fields: [
      id('RIDE_ID', 'Ride ID'),
      place('FROM_LOCATION', 'Pickup location'),
      place('TO_LOCATION', 'Drop location'),
      { field: 'COMPLETED_AT', label: 'Completion time', max: TEXT_LIMITS.short },
      id('DRIVER_ID', 'Driver ID'),
    ],
  },
  { as: 'AD01', method: 'POST', url: '/api/drivers/add', body: driverRecord, fields: driverFields },
  { as: 'AD01', method: 'PUT', url: '/api/drivers/update', body: driverRecord, fields: driverFields },
  {
    as: 'AD01',
    method: 'PUT',
    url: '/api/drivers/toggle-access',
    body: { driverId: 'DR01', active: 1 },
    fields: [id('driverId', 'Driver ID')],
  },
  {
    as: 'DR01',
    method: 'POST',
    url: '/api/requests/maintenanceReq',
    body: {
      driver_id: 'DR01',
      driver_name: 'Ravi',
      vehicle_type: 'Forklift',
      issue: 'Engine Issue',
      comment_text: 'smoke',
      status: 'pending',
      breakdown_type: 'full',
      ride_id: null,
    },
    fields: [
      id('driver_id', 'Driver ID'),
      { field: 'driver_name', label: 'Driver name', max: TEXT_LIMITS.name },
      comment('issue', 'Issue'),
      comment('comment_text', 'Comment'),
      { field: 'ride_id', label: 'Ride ID', max: TEXT_LIMITS.id },
    ],
  },
  {
    as: 'MH01',
    method: 'PUT',
    url: '/api/requests/maintenanceReq/REQ1/comment',
    body: { comment_text: 'checked' },
    fields: [comment('comment_text', 'Comment')],
  },
  {
    as: 'MH01',
    method: 'PUT',
    url: '/api/requests/REQ1/status',
    body: { status: 'rejected', maintenance_date: null, reason: 'not needed' },
    fields: [{ field: 'reason', label: 'Reason', max: TEXT_LIMITS.reason }],
  },
  {
    as: 'MH01',
    method: 'PUT',
    url: '/api/requests/unblock-driver',
    body: { driverId: 'DR01', reason: 'maintenance_completed' },
    fields: [id('driverId', 'Driver ID')],
  },
  {
    as: 'DR01',
    method: 'POST',
    url: '/api/maintenance/accept-redistributed-ride',
    body: { rideId: 'R0000001', newDriverId: 'DR01' },
    fields: [id('rideId', 'Ride ID'), id('newDriverId', 'New driver ID')],
  },
  {
    as: 'DR01',
    method: 'POST',
    url: '/api/maintenance/redistribute-ride',
    body: { rideId: 'R0000001', originalDriverId: 'DR01', vehicleType: 'Forklift', maintenanceComment: 'smoke' },
    fields: [id('rideId', 'Ride ID'), id('originalDriverId', 'Original driver ID'), comment('maintenanceComment', 'Maintenance comment')],
  },
];

const HOSTILE = [
  { what: 'a lone surrogate', value: 'AB\udc00C', fault: 'characters' },
  { what: 'a lone high surrogate', value: 'AB\ud83dC', fault: 'characters' },
  { what: 'a NUL', value: 'AB\u0000C', fault: 'characters' },
  { what: 'an over-long value', value: null, fault: 'length' },
] as const;

function expectedMessage(field: TextField, fault: 'characters' | 'length'): string {
  if (fault === 'length' && field.lengthMessage) return field.lengthMessage;
  if (fault === 'characters' && field.message) return field.message;
  if (!field.label) throw new Error(`${field.field} needs a label or a message`);
  return fault === 'length'
    ? `${field.label} must be at most ${formatCount(field.max)} characters.`
    : `${field.label} contains characters that are not allowed.`;
}

describe.each(testStoreKinds())('text fields of every command on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(kind);
    Object.assign(tokens, await seedPeople(t, PEOPLE));
  }, 0);
  afterAll(async () => t?.close());

  const send = (mutation: Mutation, body: Record<string, unknown>) =>
    t.app.inject({
      method: mutation.method,
      url: mutation.url,
      payload: body,
      headers: mutation.as ? { authorization: `Bearer ${tokens[mutation.as]}` } : {},
    });

  const cases = MUTATIONS.flatMap((mutation) =>
    mutation.fields.flatMap((field) => HOSTILE.map((hostile) => ({ mutation, field, hostile }))),
  );

  it.each(cases.map((c) => [`${c.mutation.method} ${c.mutation.url} ${c.field.field}`, c.hostile.what, c] as const))(
    'when %s holds %s, then the answer is 400 naming the field and nothing is appended',
    async (_, __, { mutation, field, hostile }) => {
      const value = hostile.value ?? field.long ?? 'x'.repeat(field.max + 1);
      const before = await t.app.eventStore.headPosition();
      const answer = await send(mutation, { ...mutation.body, [field.field]: value });
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json()).toEqual({ message: expectedMessage(field, hostile.fault) });
      expect(await t.app.eventStore.headPosition()).toBe(before);
    },
  );

  it('when a path names a ride by an over-long id, then the answer is 400 naming the field and nothing is appended', async () => {
    const before = await t.app.eventStore.headPosition();
    const answer = await t.app.inject({
      method: 'DELETE',
      url: `/api/bookings/cancel/${'X'.repeat(TEXT_LIMITS.id + 1)}`,
      headers: { authorization: `Bearer ${tokens.RQ01}` },
    });
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json()).toEqual({ message: `Ride ID must be at most ${TEXT_LIMITS.id} characters.` });
    expect(await t.app.eventStore.headPosition()).toBe(before);
  });

  it('given a text exactly at its limit, when it is sent, then it is not refused for its length', async () => {
    const atLimit = await send(
      MUTATIONS.find((m) => m.url === '/api/requests/maintenanceReq/REQ1/comment')!,
      { comment_text: 'x'.repeat(TEXT_LIMITS.comment) },
    );
    // The comment passed; the request it names does not exist.
    expect(atLimit.statusCode, atLimit.body).toBe(404);
    expect(atLimit.json()).toEqual({ message: SERVER_MESSAGES.maintenanceRequestNotFound });
  });
});
