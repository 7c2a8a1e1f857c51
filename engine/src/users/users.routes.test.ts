import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES, SERVER_MESSAGES, userStreamId, type Role } from '@plantride/schemas';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds } from '../test-support/test-database';
import { ensureAdmin } from './bootstrap';

describe.each(testStoreKinds())('users API on %s', (kind) => {
  let testApp: TestApp;
  const app = () => testApp.app;
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const put = (tokenNo: string, payload: unknown, headers: Record<string, string> = {}) =>
    app().inject({ method: 'PUT', url: `/api/users/${tokenNo}`, payload: payload as object, headers });
  const me = (token: string) => app().inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
  const signIn = async (tokenNo: string, password: string) =>
    app().inject({ method: 'POST', url: '/api/auth/signin', payload: { token_no: tokenNo, password } });
  const sessionOf = async (tokenNo: string, password: string) => (await signIn(tokenNo, password)).json().user.jwt_token as string;
  const tokenOf = (role: Role) => testApp.tokenFor('XY99', role);

  beforeEach(async () => {
    testApp = await createTestApp(kind);
    await app().inject({ method: 'POST', url: '/api/auth/signup', payload: { token_no: 'AB12', password: 'pass1', name: 'Asha Rao' } });
  });
  afterEach(async () => testApp.close());

  describe('PUT /api/users/{tokenNo}', () => {
    it('given no session, when someone changes a user, then the answer is 401 and nothing is appended', async () => {
      const head = await app().eventStore.headPosition();
      const response = await put('AB12', { role: 'admin' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: SERVER_MESSAGES.authenticationRequired });
      expect(await app().eventStore.headPosition()).toBe(head);
    });

    it.each<Role>(['requester', 'driver', 'maintenanceHead'])(
      'given a %s session, when he changes a user, then the answer is 403 and nothing is appended',
      async (role) => {
        const head = await app().eventStore.headPosition();
        const response = await put('AB12', { role: 'admin' }, bearer(await tokenOf(role)));
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ message: SERVER_MESSAGES.forbidden });
        expect(await app().eventStore.headPosition()).toBe(head);
      },
    );

    it('given an admin, when he makes a requester a Forklift driver and renames him, then the answer is the changed account and its position', async () => {
      const response = await put(
        'ab12',
        { role: 'driver', assignedVehicleType: 'Forklift', name: 'Asha Menon', mobile: '9123456789' },
        bearer(await tokenOf('admin')),
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        position: await app().eventStore.headPosition(),
        user: {
          token_no: 'AB12',
          name: 'Asha Menon',
          mobile: '9123456789',
          role: 'driver',
          is_blocked: false,
          assignedVehicleType: 'Forklift',
          language: null,
        },
      });
      const stored = await app().eventStore.readStream(userStreamId('AB12'));
      expect(stored.map((e) => e.type)).toEqual(['UserSignedUp', 'UserRoleChanged', 'UserProfileUpdated']);
      expect(stored[1]?.metadata).toMatchObject({ actor: { tokenNo: 'XY99', role: 'admin' } });
    });

    it('given an admin, when he changes a token number no one signed up with, then the answer is 404', async () => {
      const response = await put('ZZ99', { role: 'driver' }, bearer(await tokenOf('admin')));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: MESSAGES.userNotFound });
    });

    it.each([
      ['a 9-digit mobile', { mobile: '912345678' }, MESSAGES.invalidMobile],
      ['a name with digits', { name: 'Asha 2' }, MESSAGES.nameOnlyAlphabets],
      ['an unknown vehicle type', { role: 'driver', assignedVehicleType: 'Truck' }, MESSAGES.selectVehicleType],
      ['a vehicle type for a requester', { assignedVehicleType: 'Crane' }, SERVER_MESSAGES.invalidRequest],
    ])('given an admin, when he sends %s, then the answer is 400 with its text and nothing is appended', async (_, body, message) => {
      const head = await app().eventStore.headPosition();
      const response = await put('AB12', body, bearer(await tokenOf('admin')));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
      expect(await app().eventStore.headPosition()).toBe(head);
    });

    it('when one change is sent twice with one Idempotency-Key, then the second answers the first and appends nothing', async () => {
      const headers = { ...bearer(await tokenOf('admin')), 'idempotency-key': 'block-ab12' };
      const first = await put('AB12', { is_blocked: true }, headers);
      await put('AB12', { is_blocked: false }, bearer(await tokenOf('admin')));
      const second = await put('AB12', { is_blocked: true }, headers);
      expect(second.json().position).toBe(first.json().position);
      expect((await app().eventStore.readStream(userStreamId('AB12'))).map((e) => e.type)).toEqual([
        'UserSignedUp',
        'UserBlocked',
        'UserUnblocked',
      ]);
    });

    it('given a signed-in admin from the bootstrap, when he signs in and changes a user, then it works with his real session', async () => {
      await ensureAdmin(app().eventStore, { tokenNo: 'AD01', password: 'admin-pass' });
      const response = await put('AB12', { role: 'maintenanceHead' }, bearer(await sessionOf('AD01', 'admin-pass')));
      expect(response.json().user.role).toBe('maintenanceHead');
    });
  });

  describe('sessions after an admin change', () => {
    it('given a signed-in requester, when an admin changes his role, then his old session ends and a new sign-in carries the new role', async () => {
      const before = await sessionOf('AB12', 'pass1');
      await put('AB12', { role: 'driver', assignedVehicleType: 'AMR' }, bearer(await tokenOf('admin')));
      expect((await me(before)).statusCode).toBe(401);
      const after = await signIn('AB12', 'pass1');
      expect(after.json().user).toMatchObject({ role: 'driver', assignedVehicleType: 'AMR' });
      expect(await app().tokens.verify(after.json().user.jwt_token)).toMatchObject({ role: 'driver' });
    });

    it('given a signed-in user, when an admin blocks him, then his session ends; once unblocked he signs in again', async () => {
      const session = await sessionOf('AB12', 'pass1');
      await put('AB12', { is_blocked: true }, bearer(await tokenOf('admin')));
      expect((await me(session)).statusCode).toBe(401);
      await put('AB12', { is_blocked: false }, bearer(await tokenOf('admin')));
      expect((await signIn('AB12', 'pass1')).statusCode).toBe(200);
    });

    it('given a signed-in user, when an admin edits only his name, then his session goes on', async () => {
      const session = await sessionOf('AB12', 'pass1');
      await put('AB12', { name: 'Asha Menon' }, bearer(await tokenOf('admin')));
      expect((await me(session)).json().name).toBe('Asha Menon');
    });
  });

  describe('GET /api/users/me', () => {
    it('given a session, when the user asks who he is, then he gets his profile without the password hash', async () => {
      const response = await me(await sessionOf('AB12', 'pass1'));
      expect(response.json()).toEqual({
        token_no: 'AB12',
        name: 'Asha Rao',
        mobile: '',
        role: 'requester',
        is_blocked: false,
        assignedVehicleType: null,
        language: null,
      });
    });

    it('given no session, then the answer is 401; given a session of an account that does not exist, then 404', async () => {
      expect((await app().inject({ method: 'GET', url: '/api/users/me' })).statusCode).toBe(401);
      const ghost = await me(await testApp.tokenFor('ZZ99', 'requester'));
      expect(ghost.statusCode).toBe(404);
      expect(ghost.json()).toEqual({ message: MESSAGES.userNotFound });
    });
  });

  describe('PUT /api/users/me/language', () => {
    const choose = (token: string | null, payload: unknown) =>
      app().inject({ method: 'PUT', url: '/api/users/me/language', payload: payload as object, headers: token ? bearer(token) : {} });
    const chosen = async () =>
      (await app().eventStore.readStream(userStreamId('AB12')))
        .filter((event) => event.type === 'LanguageChosen')
        .map((event) => event.data);

    it('given a signed-in requester, when he chooses Marathi, then it is recorded once, his profile and his next sign-in answer carry it, and the same choice again records nothing', async () => {
      const token = await sessionOf('AB12', 'pass1');
      const first = await choose(token, { language: 'mr' });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ position: await app().eventStore.headPosition(), language: 'mr' });
      expect((await me(token)).json()).toMatchObject({ token_no: 'AB12', language: 'mr' });
      expect((await signIn('AB12', 'pass1')).json()).toMatchObject({ language: 'mr', user: { token_no: 'AB12' } });

      const head = await app().eventStore.headPosition();
      expect((await choose(token, { language: 'mr' })).statusCode).toBe(200);
      expect(await app().eventStore.headPosition()).toBe(head);
      expect(await chosen()).toEqual([{ tokenNo: 'AB12', language: 'mr' }]);
    });

    it('given a user who never chose, when he signs in, then the answer says language null (the device keeps its own)', async () => {
      expect((await signIn('AB12', 'pass1')).json()).toMatchObject({ language: null });
    });

    it.each([{ language: 'fr' }, { language: '' }, {}, { language: 1 }])(
      'given a signed-in user, when he sends %j, then the answer is 400 with the language refusal and nothing is appended',
      async (payload) => {
        const token = await sessionOf('AB12', 'pass1');
        const head = await app().eventStore.headPosition();
        const response = await choose(token, payload);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ message: SERVER_MESSAGES.unknownLanguage });
        expect(await app().eventStore.headPosition()).toBe(head);
        expect(await chosen()).toEqual([]);
      },
    );

    it('given no session, when someone chooses a language, then the answer is 401 and nothing is appended', async () => {
      const head = await app().eventStore.headPosition();
      expect((await choose(null, { language: 'hi' })).statusCode).toBe(401);
      expect(await app().eventStore.headPosition()).toBe(head);
    });
  });
});
