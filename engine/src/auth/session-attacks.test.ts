import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { io as connectClient } from 'socket.io-client';
import { MESSAGES, SERVER_MESSAGES } from '@plantride/schemas';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds } from '../test-support/test-database';
import { createTokenService } from './jwt';

const base64url = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const partsOf = (token: string) => token.split('.') as [string, string, string];
const claimsOf = (token: string) => JSON.parse(Buffer.from(partsOf(token)[1], 'base64url').toString()) as Record<string, unknown>;

describe.each(testStoreKinds())('forged and ended sessions on %s', (kind) => {
  const secret = randomBytes(32).toString('hex');
  const tokens = createTokenService(secret, 3600);
  let t: TestApp;
  let url: string;
  let session: string;

  const post = (path: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: path, payload, headers });
  const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });
  const meByCookie = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: `token=${encodeURIComponent(token)}` } });
  // An admin-only command: what a forger would most like to reach.
  const blockSomeone = (token: string) =>
    t.app.inject({ method: 'PUT', url: '/api/users/VICT', headers: { authorization: `Bearer ${token}` }, payload: { is_blocked: true } });
  const handshake = (token: string) =>
    new Promise<string>((resolve) => {
      const socket = connectClient(url, {
        path: '/socket.io',
        auth: { token },
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
      });
      socket.once('connect', () => {
        socket.disconnect();
        resolve('connected');
      });
      socket.once('connect_error', (error) => resolve(error.message));
    });

  beforeAll(async () => {
    // The account back-off, short: twenty guesses would otherwise hold the owner's sign-in 4 s.
    vi.stubEnv('SIGNIN_BACKOFF_MAX_MS', '20');
    t = await createTestApp(kind, { tokens });
    url = await t.listen();
    for (const tokenNo of ['AB12', 'VICT'])
      expect((await post('/api/auth/signup', { token_no: tokenNo, password: `pw-${tokenNo}` })).statusCode).toBe(201);
    session = (await post('/api/auth/signin', { token_no: 'AB12', password: 'pw-AB12' })).json().user.jwt_token;
  });
  afterAll(async () => {
    await t.close();
    vi.unstubAllEnvs();
  });

  it('given a real session, then it works over HTTP, as a cookie and on the socket (the forgeries below are refused for what they are)', async () => {
    expect((await me(session)).statusCode).toBe(200);
    expect((await meByCookie(session)).statusCode).toBe(200);
    expect(await handshake(session)).toBe('connected');
  });

  const forgeries: Array<[string, () => Promise<string>]> = [
    [
      'its payload changed to role admin, signature kept',
      async () => {
        const [header, , signature] = partsOf(session);
        return `${header}.${base64url({ ...claimsOf(session), role: 'admin' })}.${signature}`;
      },
    ],
    [
      'its payload given another token number, signature kept',
      async () => {
        const [header, , signature] = partsOf(session);
        return `${header}.${base64url({ ...claimsOf(session), sub: 'VICT', token_no: 'VICT' })}.${signature}`;
      },
    ],
    [
      'its signature altered',
      async () => {
        const [header, payload, signature] = partsOf(session);
        return `${header}.${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
      },
    ],
    ['its signature removed', async () => `${partsOf(session)[0]}.${partsOf(session)[1]}.`],
    [
      'alg none with an admin payload',
      async () => `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ ...claimsOf(session), role: 'admin', sv: undefined })}.`,
    ],
    [
      'alg NONE, no signature part',
      async () => `${base64url({ alg: 'NONE' })}.${base64url({ sub: 'AB12', token_no: 'AB12', role: 'admin', exp: 4_102_444_800 })}`,
    ],
    [
      'signed with another secret',
      async () => (await createTokenService(randomBytes(32).toString('hex'), 3600).sign({ tokenNo: 'AB12', role: 'admin' })).token,
    ],
    [
      'signed with the secret but expired',
      async () => {
        const past = createTokenService(secret, 60, () => new Date(Date.now() - 2 * 3600_000));
        return (await past.sign({ tokenNo: 'AB12', role: 'admin' })).token;
      },
    ],
    [
      'signed with the secret as HS512 (another algorithm)',
      async () => {
        const { SignJWT } = await import('jose');
        return new SignJWT({ role: 'admin', token_no: 'AB12' })
          .setProtectedHeader({ alg: 'HS512' })
          .setSubject('AB12')
          .setExpirationTime('1h')
          .sign(new TextEncoder().encode(secret));
      },
    ],
    [
      'signed with the secret for a role that does not exist',
      async () => {
        const { SignJWT } = await import('jose');
        return new SignJWT({ role: 'superuser', token_no: 'AB12' })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject('AB12')
          .setExpirationTime('1h')
          .sign(new TextEncoder().encode(secret));
      },
    ],
    ['not a JWT at all', async () => 'Bearer.eyJ.garbage'],
  ];

  it.each(forgeries)(
    'when a token with %s is presented, then HTTP answers 401, the admin command appends nothing, and the socket handshake is refused',
    async (_, forge) => {
      const token = await forge();
      const before = await t.app.eventStore.headPosition();
      for (const answer of [await me(token), await meByCookie(token), await blockSomeone(token)]) {
        expect(answer.statusCode).toBe(401);
        expect(answer.json()).toEqual({ message: SERVER_MESSAGES.authenticationRequired });
      }
      expect(await t.app.eventStore.headPosition()).toBe(before);
      expect(await handshake(token)).toBe(SERVER_MESSAGES.authenticationRequired);
    },
  );

  it('when twenty wrong passwords for one account arrive at once from one address, then no more than the limit are judged and the rest are 429; the owner elsewhere still gets in', async () => {
    // Without TRUST_PROXY the X-Forwarded-For entries are not believed: all twenty come from the socket's one address.
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post('/api/auth/signin', { token_no: 'VICT', password: `guess-${i}` }, { 'x-forwarded-for': `10.9.0.${i}` }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 401).length).toBeLessThanOrEqual(10);
    expect(codes.filter((code) => code === 429).length).toBeGreaterThanOrEqual(10);
    expect(codes.every((code) => code === 401 || code === 429)).toBe(true);
    // Even the right password waits out the window from that address, but not from the owner's.
    expect((await post('/api/auth/signin', { token_no: 'VICT', password: 'pw-VICT' })).statusCode).toBe(429);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/signin',
          remoteAddress: '10.20.0.7',
          payload: { token_no: 'VICT', password: 'pw-VICT' },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('given a signed-in user whom an admin blocks, then his session stops on HTTP and the socket, and he cannot sign in again', async () => {
    const admin = await t.tokenFor('AD01', 'admin');
    const before = (await post('/api/auth/signin', { token_no: 'AB12', password: 'pw-AB12' })).json().user.jwt_token as string;
    expect(await handshake(before)).toBe('connected');
    const blocked = await t.app.inject({
      method: 'PUT',
      url: '/api/users/AB12',
      headers: { authorization: `Bearer ${admin}` },
      payload: { is_blocked: true },
    });
    expect(blocked.statusCode).toBe(200);
    expect((await me(before)).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/bookings/book-ride',
          headers: { authorization: `Bearer ${before}` },
          payload: { userId: 'AB12', fromLocation: 'main gate', toLocation: 'canteen', vehicleType: 'Forklift', rideType: 'Regular' },
        })
      ).statusCode,
    ).toBe(401);
    expect(await handshake(before)).toBe(SERVER_MESSAGES.authenticationRequired);
    const again = await post('/api/auth/signin', { token_no: 'AB12', password: 'pw-AB12' });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({ message: MESSAGES.accountBlocked });
    expect(again.headers['set-cookie']).toBeUndefined();
  });
});
