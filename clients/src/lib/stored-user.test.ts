import { describe, expect, it } from 'vitest';
import { jwtClaimsSchema, signInAnswerSchema, storedUserSchema } from '@plantride/schemas';
import { parseJwtClaims, parseSignInAnswer, parseStoredUser } from './stored-user';

const user = { name: 'Asha Rao', token_no: 'AB12', jwt_token: 'h.p.s', role: 'requester', is_blocked: false, assignedVehicleType: null };
const driver = { ...user, role: 'driver', assignedVehicleType: 'Cherry Picker', token: 'h.p.s' };

const users: [string, unknown][] = [
  ['a requester', user],
  ['a driver with a vehicle and the repeated token', driver],
  ['extra keys', { ...user, password: 'x', mobile: '9999999999' }],
  ['the maintenance head', { ...user, role: 'maintenanceHead' }],
  ['an unknown role', { ...user, role: 'pilot' }],
  ['a role in another case', { ...user, role: 'Requester' }],
  ['an unknown vehicle type', { ...user, assignedVehicleType: 'Boat' }],
  ['a missing vehicle type', { name: 'A', token_no: 'AB12', jwt_token: 't', role: 'admin', is_blocked: false }],
  ['is_blocked as a string', { ...user, is_blocked: 'false' }],
  ['a numeric token', { ...user, token_no: 1234 }],
  ['token as a number', { ...user, token: 5 }],
  ['a missing name', { ...user, name: undefined }],
  ['null', null],
  ['an array', [user]],
  ['a string', 'user'],
];

describe('stored user without zod (SPEC §5)', () => {
  it.each(users)('given %s, when checked, then it agrees with storedUserSchema', (_what, value) => {
    const schema = storedUserSchema.safeParse(value);
    expect(parseStoredUser(value)).toEqual(schema.success ? schema.data : null);
  });

  it.each([
    ...users.map(([what, u]): [string, unknown] => [what, { message: 'Login successful', user: u, language: null }]),
    ['a recorded language', { message: 'Login successful', user, language: 'mr' }],
    ['an unknown language', { message: 'Login successful', user, language: 'fr' }],
    ['no language', { message: 'Login successful', user }],
    ['no message', { user, language: null }],
    ['no user', { message: 'x' }],
    ['null', null],
  ])('given a sign-in answer with %s, when parsed, then it agrees with signInAnswerSchema', (_what, value) => {
    const schema = signInAnswerSchema.safeParse(value);
    if (schema.success) expect(parseSignInAnswer(value)).toEqual(schema.data);
    else expect(() => parseSignInAnswer(value)).toThrow();
  });

  it.each<[string, unknown]>([
    ['plain claims', { token_no: 'AB12', role: 'driver', exp: 1_900_000_000 }],
    ['claims with iat and extras', { token_no: 'AB12', role: 'admin', exp: 1_900_000_000, iat: 1_800_000_000, jti: 'x' }],
    ['a fractional exp', { token_no: 'AB12', role: 'admin', exp: 1.5 }],
    ['exp as a string', { token_no: 'AB12', role: 'admin', exp: '1900000000' }],
    ['an unsafe exp', { token_no: 'AB12', role: 'admin', exp: 2 ** 60 }],
    ['a fractional iat', { token_no: 'AB12', role: 'admin', exp: 1, iat: 0.5 }],
    ['an unknown role', { token_no: 'AB12', role: 'root', exp: 1 }],
    ['no token', { role: 'admin', exp: 1 }],
    ['null', null],
  ])('given JWT claims with %s, when checked, then they agree with jwtClaimsSchema', (_what, value) => {
    const schema = jwtClaimsSchema.safeParse(value);
    expect(parseJwtClaims(value)).toEqual(schema.success ? schema.data : null);
  });
});
