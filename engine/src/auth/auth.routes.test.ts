import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { decodeJwt } from 'jose';
import { MESSAGES, SERVER_MESSAGES, driverStreamId, userStreamId, type UserEvent } from '@plantride/schemas';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds } from '../test-support/test-database';
import { toDomainEvent } from '../event-store/upcast';
import { signUpRecordedDriver } from '../test-support/driver-signup';
import { verifyPassword } from './password';

describe.each(testStoreKinds())('accounts and sessions on %s', (kind) => {
  let testApp: TestApp;
  const app = () => testApp.app;
  const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    app().inject({ method: 'POST', url, payload: payload as object, headers });
  const signUp = (body: unknown, headers?: Record<string, string>) => post('/api/auth/signup', body, headers);
  const signIn = (body: unknown) => post('/api/auth/signin', body);
  const me = (headers: Record<string, string>) => app().inject({ method: 'GET', url: '/api/users/me', headers });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const userEvents = async (tokenNo: string) =>
    (await app().eventStore.readStream(userStreamId(tokenNo))).map((e) => toDomainEvent(e) as UserEvent);

  beforeEach(async () => {
    // The account back-off, short: ten failures on one account would otherwise wait ~8 s here.
    vi.stubEnv('SIGNIN_BACKOFF_MAX_MS', '20');
    testApp = await createTestApp(kind);
  });
  afterEach(async () => {
    await testApp.close();
    vi.unstubAllEnvs();
  });

  describe('sign-up', () => {
    it('when a person signs up with a padded lower-case token, then a requester is created under the upper-cased token with a hashed password', async () => {
      const response = await signUp({ token_no: ' ab12 ', password: 'pass1', name: 'Asha Rao', mobile: '9876543210' });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ message: MESSAGES.signupSucceeded, position: await app().eventStore.headPosition() });
      const [signedUp] = await userEvents('AB12');
      expect(signedUp).toMatchObject({
        type: 'UserSignedUp',
        data: { tokenNo: 'AB12', name: 'Asha Rao', mobile: '9876543210', role: 'requester' },
      });
      const { passwordHash } = (signedUp as Extract<UserEvent, { type: 'UserSignedUp' }>).data;
      expect(passwordHash).not.toBe('pass1');
      expect(await verifyPassword('pass1', passwordHash)).toBe(true);
    });

    it.each([
      ['a 3-character token', { token_no: 'ab1', password: 'pass' }],
      ['a token of 3 characters once trimmed', { token_no: '  ab1  ', password: 'pass' }],
      ['a 6-character token', { token_no: 'ab1234', password: 'pass' }],
      ['a 3-character password', { token_no: 'ab12', password: 'abc' }],
      ['no password', { token_no: 'ab12' }],
      ['no token', { password: 'pass' }],
      ['a numeric token', { token_no: 1234, password: 'pass' }],
      ['no body', undefined],
    ])('when someone signs up with %s, then the answer is 400 with the spec text and nothing is appended', async (_, body) => {
      const response = await signUp(body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: MESSAGES.invalidTokenAndPassword });
      expect(await app().eventStore.headPosition()).toBe(0);
    });

    it('given an account, when the same token signs up again in another case, then the answer is 409 and nothing is appended', async () => {
      await signUp({ token_no: 'AB12', password: 'pass' });
      const head = await app().eventStore.headPosition();
      const again = await signUp({ token_no: 'ab12', password: 'other' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: SERVER_MESSAGES.tokenAlreadyRegistered });
      expect(await app().eventStore.headPosition()).toBe(head);
    });

    it('when two sign-ups race for one token, then exactly one account is created and the other is told it is taken', async () => {
      const answers = await Promise.all([signUp({ token_no: 'AB12', password: 'one1' }), signUp({ token_no: 'AB12', password: 'two2' })]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
      expect(answers.find((a) => a.statusCode === 409)?.json()).toEqual({ message: SERVER_MESSAGES.tokenAlreadyRegistered });
      expect(await userEvents('AB12')).toHaveLength(1);
    });

    it('when a sign-up is sent twice with one Idempotency-Key, then the first answer returns and one account exists', async () => {
      const headers = { 'idempotency-key': 'signup-1' };
      const first = await signUp({ token_no: 'AB12', password: 'pass' }, headers);
      const second = await signUp({ token_no: 'AB12', password: 'pass' }, headers);
      expect(first.statusCode).toBe(201);
      expect(second.statusCode).toBe(201);
      expect(second.json()).toEqual(first.json());
      expect(await userEvents('AB12')).toHaveLength(1);
    });

    it('given a driver record for the operator id, when he signs up with the activation code the admin gave him, then he is a driver of that vehicle type', async () => {
      const record = {
        operatorId: 'OP77',
        serial: 1,
        vehicle: 'MH12',
        name: 'Ravi Kumar',
        mobile: '9876500000',
        role: 'Driver',
        forklift: '7',
        status: 'Active',
        comments: '',
        vehicleAssigned: 'Crane',
        createdAt: new Date().toISOString(),
      };
      await app().eventStore.append(
        driverStreamId('OP77'),
        0,
        [{ eventId: crypto.randomUUID(), type: 'DriverAdded', schemaVersion: 1, data: record }],
        { actor: { system: 'test' } },
      );
      expect(
        (await signUpRecordedDriver(app(), await testApp.tokenFor('AD01', 'admin'), { token_no: 'op77', password: 'pass' })).statusCode,
      ).toBe(201);
      const signedIn = await signIn({ token_no: 'OP77', password: 'pass' });
      expect(signedIn.json().user).toMatchObject({ name: 'Ravi Kumar', role: 'driver', assignedVehicleType: 'Crane' });
    });
  });

  describe('sign-in', () => {
    beforeEach(async () => {
      await signUp({ token_no: 'AB12', password: 'pass1', name: 'Asha Rao' });
    });

    it('given an account, when it signs in, then it gets the stored user with a session token carrying role and exp, also as an httpOnly cookie', async () => {
      const response = await signIn({ token_no: ' ab12', password: 'pass1' });
      expect(response.statusCode).toBe(200);
      const { message, user } = response.json();
      expect(message).toBe(SERVER_MESSAGES.signedIn);
      expect(user).toMatchObject({ name: 'Asha Rao', token_no: 'AB12', role: 'requester', is_blocked: false, assignedVehicleType: null });
      const verified = await app().tokens.verify(user.jwt_token);
      expect(verified).toMatchObject({ tokenNo: 'AB12', role: 'requester' });
      const claims = decodeJwt(user.jwt_token);
      expect(claims).toMatchObject({ role: 'requester', token_no: 'AB12' });
      expect((claims.exp as number) * 1000).toBe(verified?.expiresAt.getTime());
      const cookie = String(response.headers['set-cookie']);
      expect(cookie).toContain(`token=${user.jwt_token}`);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect((await me(bearer(user.jwt_token))).json()).toMatchObject({ token_no: 'AB12', role: 'requester' });
      expect((await me({ cookie: `token=${user.jwt_token}` })).statusCode).toBe(200);
    });

    it('when it signs in, then nothing is appended', async () => {
      const head = await app().eventStore.headPosition();
      await signIn({ token_no: 'AB12', password: 'pass1' });
      expect(await app().eventStore.headPosition()).toBe(head);
    });

    it.each([
      ['a 3-character token', { token_no: 'ab1', password: 'pass1' }],
      ['a 6-character token', { token_no: 'ab1234', password: 'pass1' }],
      ['an empty password', { token_no: 'AB12', password: '' }],
      ['no token', { password: 'pass1' }],
      ['no body', undefined],
    ])('when someone signs in with %s, then the answer is 400 with the spec text and nothing is appended', async (_, body) => {
      const head = await app().eventStore.headPosition();
      const response = await signIn(body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: MESSAGES.invalidCredentials });
      expect(await app().eventStore.headPosition()).toBe(head);
    });

    it('when a wrong password or an unknown token signs in, then both get the same 401 answer and no cookie', async () => {
      const wrong = await signIn({ token_no: 'AB12', password: 'pass2' });
      const unknown = await signIn({ token_no: 'ZZ99', password: 'pass1' });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ message: MESSAGES.invalidCredentials });
      expect(unknown.body).toBe(wrong.body);
      expect(wrong.headers['set-cookie']).toBeUndefined();
    });

    it('given a blocked account, when it signs in with the right password, then it is refused with the spec text; a wrong password reveals nothing', async () => {
      const admin = await testApp.tokenFor('AD01', 'admin');
      await app().inject({ method: 'PUT', url: '/api/users/AB12', headers: bearer(admin), payload: { is_blocked: true } });
      const blocked = await signIn({ token_no: 'AB12', password: 'pass1' });
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json()).toEqual({ message: MESSAGES.accountBlocked });
      expect((await signIn({ token_no: 'AB12', password: 'nope' })).statusCode).toBe(401);
    });

    it('given ten attempts on one token, when an eleventh comes, then it is 429 even with the right password, while other tokens still sign in', async () => {
      await signUp({ token_no: 'CD34', password: 'pass3' });
      for (let i = 0; i < 10; i++) expect((await signIn({ token_no: 'AB12', password: `wrong${i}` })).statusCode).toBe(401);
      const limited = await signIn({ token_no: 'ab12', password: 'pass1' });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ message: SERVER_MESSAGES.tooManySignInAttempts });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await signIn({ token_no: 'CD34', password: 'pass3' })).statusCode).toBe(200);
    });
  });

  describe('sign-in limit per address', () => {
    beforeEach(async () => {
      await testApp.close();
      vi.stubEnv('SIGNIN_MAX_PER_ADDRESS', '3');
      testApp = await createTestApp(kind);
    });

    it('given the address limit reached, when any token signs in from that address, then it is 429, while another address is served', async () => {
      const from = (remoteAddress: string, tokenNo: string) =>
        app().inject({ method: 'POST', url: '/api/auth/signin', remoteAddress, payload: { token_no: tokenNo, password: 'pass' } });
      for (const tokenNo of ['AA11', 'BB22', 'CC33']) expect((await from('10.0.0.5', tokenNo)).statusCode).toBe(401);
      const limited = await from('10.0.0.5', 'DD44');
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ message: SERVER_MESSAGES.tooManySignInAttempts });
      expect((await from('10.0.0.6', 'DD44')).statusCode).toBe(401);
    });
  });

  describe('logout', () => {
    let token: string;
    beforeEach(async () => {
      await signUp({ token_no: 'AB12', password: 'pass1' });
      token = (await signIn({ token_no: 'AB12', password: 'pass1' })).json().user.jwt_token;
    });

    it('given a session, when the user logs out, then UserSignedOut is appended, the cookie is cleared and the session no longer works', async () => {
      const response = await post('/api/auth/logout', undefined, bearer(token));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: MESSAGES.logoutSucceeded, position: await app().eventStore.headPosition() });
      expect((await userEvents('AB12')).map((e) => e.type)).toEqual(['UserSignedUp', 'UserSignedOut']);
      expect(String(response.headers['set-cookie'])).toMatch(/^token=; Path=\/; Max-Age=0; HttpOnly; SameSite=Lax/);
      expect((await me(bearer(token))).statusCode).toBe(401);
      const again = (await signIn({ token_no: 'AB12', password: 'pass1' })).json().user.jwt_token;
      expect((await me(bearer(again))).statusCode).toBe(200);
    });

    it('when the client logs out with a JSON content type and no body, then it is accepted', async () => {
      const response = await app().inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { ...bearer(token), 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(200);
    });

    it('when someone logs out without a session, then the answer is 401 and nothing is appended', async () => {
      const head = await app().eventStore.headPosition();
      expect((await post('/api/auth/logout')).statusCode).toBe(401);
      expect((await post('/api/auth/logout', undefined, bearer('not-a-token'))).statusCode).toBe(401);
      expect(await app().eventStore.headPosition()).toBe(head);
    });
  });
});
