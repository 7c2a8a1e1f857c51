import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, invisibleCharactersMessage, type Role } from '@plantride/schemas';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds } from '../test-support/test-database';
import { seedPeople } from '../test-support/people';

/*
 * Issue #31 item 4: every name people read is refused with 400 naming its field when it hides
 * characters, and nothing is appended. The site's places and the checklists' items have their own
 * API tests (site.api.test.ts, inspections.api.test.ts); these are the people's names.
 */

const PEOPLE: Array<[string, Role]> = [
  ['RQ01', 'requester'],
  ['DR01', 'driver'],
  ['AD01', 'admin'],
];

const driverRecord = {
  operatorId: 'ZD01',
  vehicle: 'MH12 AB 0001',
  name: 'Ravi Kumar',
  mobile: '9876543210',
  forklift: '7',
  comments: '',
  vehicleAssigned: 'Forklift',
};

interface NameField {
  as: string | null;
  method: 'POST' | 'PUT';
  url: string;
  body: Record<string, unknown>;
  field: string;
  /** What the refusal answers: the field named, or the spec's own words for the driver form's names. */
  message: string;
}

const NAME_FIELDS: NameField[] = [
  {
    as: null,
    method: 'POST',
    url: '/api/auth/signup',
    body: { token_no: 'NEW1', password: 'pass1', mobile: '9876543210' },
    field: 'name',
    message: invisibleCharactersMessage('Name'),
  },
  { as: 'AD01', method: 'PUT', url: '/api/users/RQ01', body: {}, field: 'name', message: MESSAGES.nameOnlyAlphabets },
  { as: 'AD01', method: 'POST', url: '/api/drivers/add', body: driverRecord, field: 'name', message: MESSAGES.nameOnlyAlphabets },
  { as: 'AD01', method: 'PUT', url: '/api/drivers/update', body: driverRecord, field: 'name', message: MESSAGES.nameOnlyAlphabets },
  {
    as: 'RQ01',
    method: 'POST',
    url: '/api/bookings/book-ride',
    body: { userId: 'RQ01', fromLocation: 'main gate', toLocation: 'canteen', vehicleType: 'Forklift', reqMobileNo: '9876543210' },
    field: 'reqName',
    message: invisibleCharactersMessage('Requester name'),
  },
  {
    as: 'DR01',
    method: 'POST',
    url: '/api/requests/maintenanceReq',
    body: {
      driver_id: 'DR01',
      vehicle_type: 'Forklift',
      issue: 'Engine Issue',
      comment_text: 'smoke',
      breakdown_type: 'full',
      ride_id: null,
    },
    field: 'driver_name',
    message: invisibleCharactersMessage('Driver name'),
  },
];

const HIDDEN = [
  ['a zero-width space after the name', 'Ravi\u200B'],
  ['only zero-width characters', '\u200B\u200D\uFEFF'],
  ['a right-to-left override', '\u202Eivar'],
] as const;

describe.each(testStoreKinds())("people's names on %s (issue #31)", (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(kind);
    Object.assign(tokens, await seedPeople(t, PEOPLE));
  }, 0);
  afterAll(async () => t?.close());

  const cases = NAME_FIELDS.flatMap((name) =>
    HIDDEN.map(([what, value]) => [`${name.method} ${name.url} ${name.field}`, what, name, value] as const),
  );

  it.each(cases)('given %s holding %s, when sent, then 400 naming the field, and nothing is appended', async (_, __, name, value) => {
    const before = await t.app.eventStore.headPosition();
    const answer = await t.app.inject({
      method: name.method,
      url: name.url,
      payload: { ...name.body, [name.field]: value },
      headers: name.as ? { authorization: `Bearer ${tokens[name.as]}` } : {},
    });
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json()).toEqual({ message: name.message });
    expect(await t.app.eventStore.headPosition()).toBe(before);
  });

  it('given a name written decomposed ("e" + U+0301), when a requester signs up, then his account holds it composed', async () => {
    const signedUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { token_no: 'NEW2', password: 'pass1', name: 'Jose\u0301' },
    });
    expect(signedUp.statusCode, signedUp.body).toBe(201);
    const signedIn = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { token_no: 'NEW2', password: 'pass1' } });
    expect(signedIn.json().user.name).toBe('Jos\u00E9');
  });
});
