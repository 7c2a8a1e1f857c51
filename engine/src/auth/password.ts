import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface ScryptParameters {
  /** CPU/memory cost, a power of two. */
  N: number;
  r: number;
  p: number;
}

// About 100 ms and 32 MiB per hash on our machines. The parameters travel inside each hash, so they
// can be raised later without invalidating the passwords already stored.
export const DEFAULT_SCRYPT: ScryptParameters = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;
// Refuses hashes whose parameters would make one sign-in eat the server.
const MAX_MEMORY = 256 * 1024 * 1024;
const PREFIX = 'scrypt';

function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(password.normalize('NFC'), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

const memoryOf = ({ N, r }: ScryptParameters) => 128 * N * r;

/** `scrypt$N$r$p$salt$key` (salt and key in base64): a random salt per password, the parameters kept with it. */
export async function hashPassword(password: string, parameters: ScryptParameters = DEFAULT_SCRYPT): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await scrypt(password, salt, KEY_LENGTH, { ...parameters, maxmem: 2 * memoryOf(parameters) });
  return [PREFIX, parameters.N, parameters.r, parameters.p, salt.toString('base64'), key.toString('base64')].join('$');
}

function parse(encoded: string): { parameters: ScryptParameters; salt: Buffer; key: Buffer } | null {
  const [prefix, n, r, p, salt, key, ...rest] = encoded.split('$');
  if (prefix !== PREFIX || rest.length > 0 || !salt || !key) return null;
  const parameters = { N: Number(n), r: Number(r), p: Number(p) };
  const valid = Object.values(parameters).every((v) => Number.isSafeInteger(v) && v > 0) && memoryOf(parameters) <= MAX_MEMORY;
  return valid ? { parameters, salt: Buffer.from(salt, 'base64'), key: Buffer.from(key, 'base64') } : null;
}

/** Whether `password` matches `encoded`; a malformed hash never matches. Compares in constant time. */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const stored = parse(encoded);
  if (!stored || stored.key.length === 0) return false;
  const key = await scrypt(password, stored.salt, stored.key.length, { ...stored.parameters, maxmem: 2 * memoryOf(stored.parameters) });
  return timingSafeEqual(key, stored.key);
}

let decoy: Promise<string> | undefined;

/**
 * Spends the time of one real check, for an unknown token number: otherwise the quick answer
 * would tell an attacker which token numbers are registered.
 */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoy ??= hashPassword(randomBytes(12).toString('base64'));
  await verifyPassword(password, await decoy);
  return false;
}
