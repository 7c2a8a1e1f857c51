import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds } from '../test-support/test-database';
import { LOG_REDACTION } from './log-redaction';

describe.each(testStoreKinds())('logging of accounts on %s', (kind) => {
  let testApp: TestApp;
  let lines: string[];

  beforeEach(async () => {
    lines = [];
    testApp = await createTestApp(kind, { logger: { level: 'trace', redact: LOG_REDACTION, stream: { write: (line: string) => lines.push(line) } } });
  });
  afterEach(async () => testApp.close());

  it('when a user signs up, signs in with a wrong and a right password and logs out, then no password or session token reaches the log', async () => {
    const { app } = testApp;
    await app.inject({ method: 'POST', url: '/api/auth/signup', payload: { token_no: 'AB12', password: 'sekret-one' } });
    await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { token_no: 'AB12', password: 'sekret-two' } });
    const token = (await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { token_no: 'AB12', password: 'sekret-one' } })).json().user.jwt_token;
    await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${token}`, cookie: `token=${token}` } });
    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(0);
    expect(log).not.toContain('sekret');
    expect(log).not.toContain(token);
  });

  it('when something logs a request with credentials, then they are censored', () => {
    testApp.app.log.info({ req: { headers: { authorization: 'Bearer abc.def', cookie: 'token=abc.def' } }, body: { password: 'sekret' }, user: { jwt_token: 'abc.def' } });
    const entry = lines.at(-1) ?? '';
    expect(entry).not.toContain('abc.def');
    expect(entry).not.toContain('sekret');
    expect(entry).toContain('[redacted]');
  });
});
