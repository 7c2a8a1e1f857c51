import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/*
 * API keys of service accounts (issue #33 item 1): `prk_<account>_<key>_<secret>`. The account and key
 * ids say which stored hash to compare with; the secret (32 random bytes) is what proves the caller.
 * A secret that random needs no slow hash: SHA-256 of it is kept, and compared in constant time.
 */

const PREFIX = 'prk';
const ID = /^[a-z0-9]{4,16}$/;
const SECRET = /^[A-Za-z0-9_-]{43}$/;

/** A short random id of lower-case letters and digits (account and key ids: no `_`, so the key splits cleanly). */
export const newServiceId = (prefix: string, bytes = 5): string =>
  prefix +
  randomBytes(bytes)
    .readUIntBE(0, bytes)
    .toString(36)
    .padStart(Math.ceil(bytes * 1.55), '0');

export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

export interface IssuedKey {
  keyId: string;
  /** Shown once, to the admin who asked for it; never stored. */
  apiKey: string;
  secretHash: string;
}

export function issueKey(accountId: string): IssuedKey {
  const keyId = newServiceId('k', 4);
  const secret = randomBytes(32).toString('base64url');
  return { keyId, apiKey: `${PREFIX}_${accountId}_${keyId}_${secret}`, secretHash: hashSecret(secret) };
}

export interface PresentedKey {
  accountId: string;
  keyId: string;
  secretHash: string;
}

/** Whether a bearer token is shaped like an API key (else it is a person's session, or nothing). */
export const looksLikeApiKey = (token: string): boolean => token.startsWith(`${PREFIX}_`);

/** A presented key's parts, with its secret hashed; null for anything not shaped like a key. */
export function parseKey(token: string): PresentedKey | null {
  const [prefix, accountId, keyId, ...rest] = token.split('_');
  const secret = rest.join('_');
  if (prefix !== PREFIX || !accountId || !keyId || !ID.test(accountId) || !ID.test(keyId) || !SECRET.test(secret)) return null;
  return { accountId, keyId, secretHash: hashSecret(secret) };
}
