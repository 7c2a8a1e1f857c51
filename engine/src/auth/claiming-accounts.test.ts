import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES, SERVER_MESSAGES, type Role } from '@plantride/schemas';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds } from '../test-support/test-database';
import { seedUsers } from '../test-support/seed';
import { issueAccessCode } from '../test-support/driver-signup';

// Small limits: the test of guessed codes reaches them in a few tries.
const PER_TOKEN = 3;

/**
 * Issue 17 item 1, "Claiming accounts": a recorded driver's token number alone no longer makes its
 * caller that driver. His activation code does (once); without it the account waits for the admin.
 */
describe.each(testStoreKinds())('claiming accounts on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  const head = () => t.app.eventStore.headPosition();
  const post = (url: string, payload?: object, headers: Record<string, string> = {}, remoteAddress?: string) =>
    t.app.inject({ method: 'POST', url, payload, headers, remoteAddress });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const asAdmin = () => bearer(admin);
  const addDriver = (operatorId: string, more: Record<string, unknown> = {}) =>
    post(
      '/api/drivers/add',
      { operatorId, vehicle: 'MH12 AB 0009', name: 'Ravi Kumar', mobile: '9876543210', forklift: '9', vehicleAssigned: 'Crane', ...more },
      asAdmin(),
    );
  const signIn = (tokenNo: string, password: string) => post('/api/auth/signin', { token_no: tokenNo, password });

  beforeAll(async () => {
    vi.stubEnv('SIGNIN_MAX_PER_TOKEN', String(PER_TOKEN));
    vi.stubEnv('SIGNIN_BACKOFF_MAX_MS', '20');
    t = await createTestApp(kind);
    const people: Array<[string, Role]> = [
      ['AD01', 'admin'],
      ['MH01', 'maintenanceHead'],
      ['RQ01', 'requester'],
    ];
    await seedUsers(
      t.app,
      people.map(([tokenNo, role]) => ({ tokenNo, role })),
    );
    admin = await t.tokenFor('AD01', 'admin');
  });
  afterAll(async () => {
    await t.close();
    vi.unstubAllEnvs();
  });

  it('given a recorded driver who has not signed up, when a stranger signs up with his token number alone, then the account is a requester waiting for approval, without his name, vehicle or rides', async () => {
    expect((await addDriver('D0009')).statusCode).toBe(200);
    const signedUp = await post('/api/auth/signup', { token_no: 'd0009', password: 'attacker' });
    expect(signedUp.statusCode).toBe(201);
    expect(signedUp.json()).toMatchObject({ message: SERVER_MESSAGES.signedUpPendingApproval, pendingApproval: true });
    const session = await signIn('D0009', 'attacker');
    expect(session.json().user).toMatchObject({ role: 'requester', name: '', assignedVehicleType: null });
    const token = session.json().user.jwt_token as string;
    // No driver reads of the record either: its name and mobile are his, not the caller's.
    expect((await get('/api/drivers/getSpecificDriver/D0009', token)).statusCode).toBe(403);
    expect((await get('/api/drivers/available-rides?vehicleType=Crane', token)).statusCode).toBe(403);
    const listed = await get(`/api/drivers/registrations?position=${signedUp.json().position}`, admin);
    expect(listed.json().registrations).toContainEqual(
      expect.objectContaining({ tokenNo: 'D0009', name: '', recordName: 'Ravi Kumar', vehicleAssigned: 'Crane' }),
    );
  });

  it('given a recorded driver, when he signs up with the activation code the admin was shown, then he is that driver; the code works once', async () => {
    const added = await addDriver('D0010', { name: 'Suresh Patil' });
    const { activationCode } = added.json();
    const signedUp = await post('/api/auth/signup', { token_no: 'D0010', password: 'his-own', activation_code: activationCode });
    expect(signedUp.statusCode).toBe(201);
    expect(signedUp.json()).toEqual({ message: MESSAGES.signupSucceeded, position: expect.any(Number) });
    expect((await signIn('D0010', 'his-own')).json().user).toMatchObject({
      role: 'driver',
      name: 'Suresh Patil',
      assignedVehicleType: 'Crane',
    });
    const before = await head();
    const again = await post('/api/auth/signup', { token_no: 'D0010', password: 'attacker', activation_code: activationCode });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: SERVER_MESSAGES.invalidActivationCode });
    expect(await head()).toBe(before);
  });

  it("given a stranger waiting on a driver's number, when the driver signs up with his code, then the account is his: the stranger's password and session end", async () => {
    const { activationCode } = (await addDriver('D0011')).json();
    expect((await post('/api/auth/signup', { token_no: 'D0011', password: 'attacker' })).statusCode).toBe(201);
    const strangerSession = (await signIn('D0011', 'attacker')).json().user.jwt_token as string;
    const claimed = await post('/api/auth/signup', { token_no: 'D0011', password: 'rightful', activation_code: activationCode });
    expect(claimed.statusCode).toBe(201);
    expect((await get('/api/users/me', strangerSession)).statusCode).toBe(401);
    expect((await signIn('D0011', 'attacker')).statusCode).toBe(401);
    expect((await signIn('D0011', 'rightful')).json().user).toMatchObject({
      role: 'driver',
      name: 'Ravi Kumar',
      assignedVehicleType: 'Crane',
    });
    const listed = (await get(`/api/drivers/registrations?position=${claimed.json().position}`, admin)).json().registrations;
    expect(listed.map((r: { tokenNo: string }) => r.tokenNo)).not.toContain('D0011');
  });

  it("given guesses at a driver's code from one address, when they pass the sign-in limit, then even the right code from there is 429, and nothing was appended for any of them", async () => {
    const { activationCode } = (await addDriver('D0012')).json();
    const before = await head();
    for (let i = 0; i < PER_TOKEN; i++) {
      const guess = await post(
        '/api/auth/signup',
        { token_no: 'D0012', password: 'attacker', activation_code: `WRONG${i}CODE` },
        {},
        '198.51.100.9',
      );
      expect(guess.statusCode).toBe(401);
      expect(guess.json()).toEqual({ message: SERVER_MESSAGES.invalidActivationCode });
    }
    const refused = await post(
      '/api/auth/signup',
      { token_no: 'D0012', password: 'attacker', activation_code: activationCode },
      {},
      '198.51.100.9',
    );
    expect(refused.statusCode).toBe(429);
    expect(await head()).toBe(before);
    // The driver, from his own address, still signs up.
    expect(
      (await post('/api/auth/signup', { token_no: 'D0012', password: 'his-own', activation_code: activationCode }, {}, '10.1.1.12'))
        .statusCode,
    ).toBe(201);
  });

  it('given pending registrations, when the admin approves one and rejects another, then one is the recorded driver and the other stays a requester; neither is listed, and deciding again is refused', async () => {
    await addDriver('D0013', { name: 'Arjun Reddy', vehicleAssigned: 'AMR' });
    await addDriver('D0014');
    for (const tokenNo of ['D0013', 'D0014'])
      expect((await post('/api/auth/signup', { token_no: tokenNo, password: 'pass' })).json().pendingApproval).toBe(true);
    expect((await post('/api/drivers/registrations/D0013/approve', undefined, asAdmin())).json()).toMatchObject({
      message: SERVER_MESSAGES.driverRegistrationApproved,
    });
    const rejected = await post('/api/drivers/registrations/D0014/reject', undefined, asAdmin());
    expect(rejected.json()).toMatchObject({ message: SERVER_MESSAGES.driverRegistrationRejected });
    expect((await signIn('D0013', 'pass')).json().user).toMatchObject({ role: 'driver', name: 'Arjun Reddy', assignedVehicleType: 'AMR' });
    expect((await signIn('D0014', 'pass')).json().user).toMatchObject({ role: 'requester', assignedVehicleType: null });
    const listed = (await get(`/api/drivers/registrations?position=${rejected.json().position}`, admin))
      .json()
      .registrations.map((r: { tokenNo: string }) => r.tokenNo);
    expect(listed).not.toContain('D0013');
    expect(listed).not.toContain('D0014');
    const again = await post('/api/drivers/registrations/D0014/approve', undefined, asAdmin());
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: SERVER_MESSAGES.noPendingRegistration });
    expect((await post('/api/drivers/registrations/ZZ99/approve', undefined, asAdmin())).statusCode).toBe(404);
  });

  it('given an account, when the admin resets its password and the user sets a new one with the code, then his sessions end, only the new password works and the code is spent', async () => {
    // RQ01 was seeded without a usable password: a reset is how he gets one.
    expect((await signIn('RQ01', 'first-pw')).statusCode).toBe(401);
    const code = await issueAccessCode(t.app, admin, 'RQ01');
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
    const spaced = `${code.slice(0, 5)}-${code.slice(5).toLowerCase()}`;
    const reset = await post('/api/auth/reset-password', { token_no: 'rq01', activation_code: spaced, password: 'first-pw' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ message: SERVER_MESSAGES.passwordReset });
    const first = (await signIn('RQ01', 'first-pw')).json().user.jwt_token as string;
    expect((await get('/api/users/me', first)).statusCode).toBe(200);

    const second = await issueAccessCode(t.app, admin, 'RQ01');
    const before = await head();
    const wrong = await post('/api/auth/reset-password', { token_no: 'RQ01', activation_code: code, password: 'stolen-pw' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: SERVER_MESSAGES.invalidActivationCode });
    expect(await head()).toBe(before);
    expect((await post('/api/auth/reset-password', { token_no: 'RQ01', activation_code: second, password: 'second-pw' })).statusCode).toBe(
      200,
    );
    expect((await get('/api/users/me', first)).statusCode).toBe(401);
    expect((await signIn('RQ01', 'first-pw')).statusCode).toBe(401);
    expect((await signIn('RQ01', 'second-pw')).statusCode).toBe(200);
    expect((await post('/api/auth/reset-password', { token_no: 'RQ01', activation_code: second, password: 'third-pw' })).statusCode).toBe(
      401,
    );
  });

  it('given a recorded driver without an account, when the admin resets him, then a new activation code replaces the one the add showed', async () => {
    const { activationCode: first } = (await addDriver('D0015')).json();
    const reset = await post('/api/users/D0015/reset-code', undefined, asAdmin());
    expect(reset.json()).toMatchObject({
      tokenNo: 'D0015',
      purpose: 'signUp',
      activationCode: expect.stringMatching(/^[A-HJ-NP-Z2-9]{10}$/),
      expiresAt: expect.any(String),
    });
    expect((await post('/api/auth/signup', { token_no: 'D0015', password: 'pass', activation_code: first })).statusCode).toBe(401);
    expect(
      (await post('/api/auth/signup', { token_no: 'D0015', password: 'pass', activation_code: reset.json().activationCode })).statusCode,
    ).toBe(201);
    expect((await post('/api/users/D0015/reset-code', undefined, asAdmin())).json()).toMatchObject({ purpose: 'resetPassword' });
    expect((await post('/api/users/NONE1/reset-code', undefined, asAdmin())).statusCode).toBe(404);
  });

  it('given an add sent again with its Idempotency-Key, then the repeat answers without a code (only its hash was kept) and the first code still works', async () => {
    const headers = { ...asAdmin(), 'idempotency-key': 'add-d0016-once' };
    const body = {
      operatorId: 'D0016',
      vehicle: 'MH12 AB 0016',
      name: 'Ravi Kumar',
      mobile: '9876543210',
      forklift: '16',
      vehicleAssigned: 'Crane',
    };
    const first = await post('/api/drivers/add', body, headers);
    const repeat = await post('/api/drivers/add', body, headers);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json().activationCode).toBeUndefined();
    expect(repeat.json().position).toBe(first.json().position);
    expect(
      (await post('/api/auth/signup', { token_no: 'D0016', password: 'pass', activation_code: first.json().activationCode })).statusCode,
    ).toBe(201);
  });
});
