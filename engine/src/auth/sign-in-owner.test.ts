import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SERVER_MESSAGES } from '@plantride/schemas';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds } from '../test-support/test-database';
import { parseTrustProxy } from '../security/trust-proxy';

const PROXY = '10.0.0.1';
// Past the first test (the default ten), smaller limits keep the password hashing short.
const PER_TOKEN = 4;
const PER_ADDRESS = 6;

describe.each(testStoreKinds())('sign-in limits an attacker cannot turn against the owner, on %s', (kind) => {
  let t: TestApp;
  const signIn = (remoteAddress: string, tokenNo: string, password: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/auth/signin', remoteAddress, headers, payload: { token_no: tokenNo, password } });
  const start = async (trustProxy?: string, limits: 'default' | 'small' = 'small') => {
    if (limits === 'small') {
      vi.stubEnv('SIGNIN_MAX_PER_TOKEN', String(PER_TOKEN));
      vi.stubEnv('SIGNIN_MAX_PER_ADDRESS', String(PER_ADDRESS));
    }
    t = await createTestApp(kind, { trustProxy: parseTrustProxy(trustProxy) });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { token_no: 'OWN1', password: 'owner-pw' } })).statusCode,
    ).toBe(201);
  };

  beforeEach(() => {
    // The account's back-off stays in force, only short, so ten failures do not take seconds here.
    vi.stubEnv('SIGNIN_BACKOFF_MAX_MS', '20');
  });
  afterEach(async () => {
    await t.close();
    vi.unstubAllEnvs();
  });

  it('given ten wrong passwords (the default limit) for an account from one address, when its owner signs in from his own address, then he gets in, while the guessing address gets 429 even with the right password', async () => {
    await start(undefined, 'default');
    for (let i = 0; i < 10; i++) expect((await signIn('198.51.100.66', 'OWN1', `guess-${i}`)).statusCode).toBe(401);
    const owner = await signIn('10.20.0.7', 'OWN1', 'owner-pw');
    expect(owner.statusCode).toBe(200);
    expect(owner.json().user.token_no).toBe('OWN1');
    const refused = await signIn('198.51.100.66', 'OWN1', 'owner-pw');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: SERVER_MESSAGES.tooManySignInAttempts });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Guesses from many more addresses only slow the account: the owner is still let in.
    for (let i = 0; i < 4; i++) expect((await signIn(`198.51.100.${i}`, 'OWN1', 'guess')).statusCode).toBe(401);
    expect((await signIn('10.20.0.7', 'OWN1', 'owner-pw')).statusCode).toBe(200);
  });

  it('given one address spraying wrong passwords over many accounts, when it passes the address limit, then it gets 429 for any account, another address does not', async () => {
    await start();
    for (let i = 0; i < PER_ADDRESS; i++) expect((await signIn('198.51.100.66', `S${100 + i}`, 'guess')).statusCode).toBe(401);
    expect((await signIn('198.51.100.66', 'OWN1', 'owner-pw')).statusCode).toBe(429);
    expect((await signIn('10.20.0.7', 'OWN1', 'owner-pw')).statusCode).toBe(200);
  });

  it('given no TRUST_PROXY, when clients behind one address name themselves in X-Forwarded-For, then the socket address is the one counted', async () => {
    await start();
    for (let i = 0; i < PER_TOKEN; i++)
      expect((await signIn(PROXY, 'OWN1', 'guess', { 'x-forwarded-for': `203.0.113.${i}` })).statusCode).toBe(401);
    expect((await signIn(PROXY, 'OWN1', 'owner-pw', { 'x-forwarded-for': '203.0.113.200' })).statusCode).toBe(429);
    expect((await signIn('10.0.0.2', 'OWN1', 'owner-pw')).statusCode).toBe(200);
  });

  it('given TRUST_PROXY names the proxy, when clients come through it, then the X-Forwarded-For client is the one counted, and a client reaching the engine directly cannot choose its address', async () => {
    await start(`${PROXY}/32`);
    const attacker = { 'x-forwarded-for': '203.0.113.66' };
    for (let i = 0; i < PER_TOKEN; i++) expect((await signIn(PROXY, 'OWN1', `guess-${i}`, attacker)).statusCode).toBe(401);
    expect((await signIn(PROXY, 'OWN1', 'owner-pw', attacker)).statusCode).toBe(429);
    expect((await signIn(PROXY, 'OWN1', 'owner-pw', { 'x-forwarded-for': '203.0.113.7' })).statusCode).toBe(200);
    // Not through the trusted proxy: X-Forwarded-For is ignored, the socket's address counts.
    for (let i = 0; i < PER_TOKEN; i++)
      expect((await signIn('198.51.100.9', 'OWN1', 'guess', { 'x-forwarded-for': `203.0.113.${100 + i}` })).statusCode).toBe(401);
    expect((await signIn('198.51.100.9', 'OWN1', 'owner-pw', { 'x-forwarded-for': '203.0.113.8' })).statusCode).toBe(429);
  });

  it('given TRUST_PROXY as a hop count, then the client the last proxy names is the one counted', async () => {
    await start('1');
    for (let i = 0; i < PER_TOKEN; i++)
      expect((await signIn(PROXY, 'OWN1', 'guess', { 'x-forwarded-for': '203.0.113.66' })).statusCode).toBe(401);
    // A client's own X-Forwarded-For entry is not believed beyond the one hop: the proxy appended the real one.
    expect((await signIn(PROXY, 'OWN1', 'owner-pw', { 'x-forwarded-for': '203.0.113.7, 203.0.113.66' })).statusCode).toBe(429);
    expect((await signIn(PROXY, 'OWN1', 'owner-pw', { 'x-forwarded-for': '203.0.113.66, 203.0.113.7' })).statusCode).toBe(200);
  });
});
