import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds } from '../test-support/test-database';
import { LOG_REDACTION } from './log-redaction';

describe.each(testStoreKinds())('logging of accounts on %s', (kind) => {
  let testApp: TestApp;
  let lines: string[];

  beforeEach(async () => {
    lines = [];
    testApp = await createTestApp(kind, {
      logger: { level: 'trace', redact: LOG_REDACTION, stream: { write: (line: string) => lines.push(line) } },
    });
  });
  afterEach(async () => testApp.close());

  it('when a user signs up, signs in with a wrong and a right password and logs out, then no password or session token reaches the log', async () => {
    const { app } = testApp;
    await app.inject({ method: 'POST', url: '/api/auth/signup', payload: { token_no: 'AB12', password: 'sekret-one' } });
    await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { token_no: 'AB12', password: 'sekret-two' } });
    const token = (
      await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { token_no: 'AB12', password: 'sekret-one' } })
    ).json().user.jwt_token;
    await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${token}`, cookie: `token=${token}` } });
    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(0);
    expect(log).not.toContain('sekret');
    expect(log).not.toContain(token);
  });

  it('when an admin adds a driver who signs up with his code, resets his password, signs in and works, badly too, then no password, code, hash or token is in the log or any answer', async () => {
    const { app } = testApp;
    const admin = await testApp.tokenFor('AD01', 'admin');
    const password = 'drv-sekret-77';
    const answers: string[] = [];
    const send = async (request: InjectOptions) => {
      const response = await app.inject(request);
      answers.push(JSON.stringify(response.headers), response.body);
      return response;
    };
    const added = await send({
      method: 'POST',
      url: '/api/drivers/add',
      headers: { authorization: `Bearer ${admin}` },
      payload: {
        operatorId: 'DR01',
        vehicle: 'MH12 AB 1234',
        name: 'Ravi Kumar',
        mobile: '9876543210',
        forklift: '7',
        vehicleAssigned: 'Forklift',
      },
    });
    expect(added.statusCode).toBe(200);
    const code = added.json().activationCode as string;
    // A wrong code first, then his own.
    expect(
      (await send({ method: 'POST', url: '/api/auth/signup', payload: { token_no: 'DR01', password, activation_code: 'WRONGCODE9' } }))
        .statusCode,
    ).toBe(401);
    expect(
      (await send({ method: 'POST', url: '/api/auth/signup', payload: { token_no: 'DR01', password, activation_code: code } })).statusCode,
    ).toBe(201);
    const resetCode = (
      await send({ method: 'POST', url: '/api/users/DR01/reset-code', headers: { authorization: `Bearer ${admin}` } })
    ).json().activationCode as string;
    expect(
      (await send({ method: 'POST', url: '/api/auth/reset-password', payload: { token_no: 'DR01', activation_code: resetCode, password } }))
        .statusCode,
    ).toBe(200);
    const token = (await send({ method: 'POST', url: '/api/auth/signin', payload: { token_no: 'DR01', password } })).json().user
      .jwt_token as string;
    const bearer = { authorization: `Bearer ${token}` };
    // A malformed body carrying the password, a refused command, a read of his own account and a 404.
    await send({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { 'content-type': 'application/json' },
      payload: `{"token_no":"DR01","password":"${password}"`,
    });
    await send({ method: 'PUT', url: '/api/users/DR01', headers: bearer, payload: { is_blocked: false } });
    await send({ method: 'GET', url: '/api/users/me', headers: bearer });
    await send({ method: 'GET', url: '/api/drivers/getDrivers', headers: { authorization: `Bearer ${admin}` } });
    await send({ method: 'GET', url: '/api/no-such-route', headers: bearer });
    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(0);
    for (const secret of [password, token, admin, 'scrypt$', code, resetCode, 'WRONGCODE9', 'codeHash'])
      expect(log, secret).not.toContain(secret);
    // Answers: the sign-in answer carries the session token by design (SPEC §7) and nothing else secret.
    // The codes are shown to the admin once, in the answers that issued them.
    const others = answers.join('\n').split(token).join('<session>').split(code).join('<code>').split(resetCode).join('<code>');
    expect(others).not.toContain('codeHash');
    for (const secret of [password, 'scrypt$', 'passwordHash', 'password_hash']) expect(others, secret).not.toContain(secret);
  });

  it('when something logs a request with credentials, then they are censored', () => {
    testApp.app.log.info({
      req: { headers: { authorization: 'Bearer abc.def', cookie: 'token=abc.def' } },
      body: { password: 'sekret' },
      user: { jwt_token: 'abc.def' },
    });
    const entry = lines.at(-1) ?? '';
    expect(entry).not.toContain('abc.def');
    expect(entry).not.toContain('sekret');
    expect(entry).toContain('[redacted]');
  });
});
