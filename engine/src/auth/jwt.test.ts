import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { jwtClaimsSchema } from '@plantride/schemas';
import { createTokenService } from './jwt';

const secret = 'a'.repeat(32);

describe('session tokens', () => {
  it('when a session is signed, then its claims are the spec client’s (token_no, role, exp) and it verifies', async () => {
    const tokens = createTokenService(secret, 600, () => new Date('2026-11-25T08:00:00Z'));
    const { token, expiresAt } = await tokens.sign({ tokenNo: 'AB12', role: 'driver' }, { sessionVersion: 3 });
    const claims = jwtClaimsSchema.parse(decodeJwt(token));
    expect(claims).toMatchObject({ token_no: 'AB12', role: 'driver', exp: Date.parse('2026-11-25T08:10:00Z') / 1000 });
    expect(expiresAt.toISOString()).toBe('2026-11-25T08:10:00.000Z');
    expect(await tokens.verify(token)).toEqual({ tokenNo: 'AB12', role: 'driver', sessionVersion: 3, expiresAt });
  });

  it('given a token signed without a session version, when verified, then it has none', async () => {
    const tokens = createTokenService(secret, 600);
    const { token } = await tokens.sign({ tokenNo: 'AB12', role: 'admin' });
    expect(await tokens.verify(token)).not.toHaveProperty('sessionVersion');
  });

  it('given a token past its expiry, when verified, then it is refused', async () => {
    let now = new Date('2026-11-25T08:00:00Z');
    const tokens = createTokenService(secret, 60, () => now);
    const { token } = await tokens.sign({ tokenNo: 'AB12', role: 'admin' });
    now = new Date('2026-11-25T08:01:01Z');
    expect(await tokens.verify(token)).toBeNull();
  });

  it('given a token verified before, when verified again once its expiry has come, then it is refused', async () => {
    let now = new Date('2026-11-25T08:00:00Z');
    const tokens = createTokenService(secret, 60, () => now);
    const { token } = await tokens.sign({ tokenNo: 'AB12', role: 'admin' });
    expect(await tokens.verify(token)).toMatchObject({ tokenNo: 'AB12' });
    now = new Date('2026-11-25T08:00:59Z');
    expect(await tokens.verify(token)).toMatchObject({ tokenNo: 'AB12' });
    now = new Date('2026-11-25T08:01:00Z');
    expect(await tokens.verify(token)).toBeNull();
  });

  it('given a token verified before, when one character of its signature changes, then the changed token is refused', async () => {
    const tokens = createTokenService(secret, 600);
    const { token } = await tokens.sign({ tokenNo: 'AB12', role: 'admin' });
    expect(await tokens.verify(token)).not.toBeNull();
    const tampered = `${token.slice(0, -2)}${token.at(-2) === 'A' ? 'B' : 'A'}${token.at(-1)}`;
    expect(await tokens.verify(tampered)).toBeNull();
  });

  it('given a request body with a password, when it is digested for the store, then the digest is keyed: the same under one secret, another under another, and neither a plain hash nor an HMAC under the secret itself', () => {
    const text = JSON.stringify(['POST', '/api/auth/signup', {}, {}, { token_no: 'AB12', password: 'Plant-ride-2026' }]);
    const tokens = createTokenService(secret, 600);
    expect(tokens.digest(text)).toBe(createTokenService(secret, 60).digest(text));
    expect(tokens.digest(text)).not.toBe(createTokenService('b'.repeat(32), 600).digest(text));
    expect(tokens.digest(text)).not.toBe(tokens.digest(text.replace('2026', '2027')));
    expect(tokens.digest(text)).not.toBe(createHash('sha256').update(text).digest('base64url'));
    // Not the token's own key: a digest can never stand for a signature over text a client chose.
    expect(tokens.digest(text)).not.toBe(createHmac('sha256', secret).update(text).digest('base64url'));
  });
});
