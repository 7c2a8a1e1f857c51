import { createHash, randomInt } from 'node:crypto';

// No look-alikes (0/O, 1/I): the admin reads the code out or writes it down, the driver types it.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 10;

/** The one-time codes' lifetime unless ACCESS_CODE_TTL_HOURS says otherwise: 7 days. */
export const DEFAULT_ACCESS_CODE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** A fresh one-time code: 10 characters of 32 (50 bits), from the system's strong random source. */
export function newAccessCode(): string {
  return Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

/**
 * What the store keeps of a code: its SHA-256, bound to the token number. A random code of 50 bits
 * needs no slow hash; guessing is held back by the sign-in limits, not by the hash.
 */
export function hashAccessCode(tokenNo: string, code: string): string {
  return createHash('sha256').update(`plantride-access-code:${tokenNo.toUpperCase()}:${code.toUpperCase()}`).digest('hex');
}

/** A code as the store keeps it. */
export interface StoredAccessCode {
  codeHash: string;
  expiresAt: string;
}

/** Whether `codeHash` is the stored code's, and the code has not expired at `now`. */
export function accessCodeValid(stored: StoredAccessCode | null, codeHash: string, now: Date): boolean {
  return stored !== null && stored.codeHash === codeHash && now.getTime() < Date.parse(stored.expiresAt);
}

/** The code's issue and expiry times as its event carries them. */
export function accessCodeTimes(now: Date, ttlMs: number): { issuedAt: string; expiresAt: string } {
  return { issuedAt: now.toISOString(), expiresAt: new Date(now.getTime() + ttlMs).toISOString() };
}

/** A code-issuing command's events, as far as the admin's answer needs them. */
interface IssuedEvents {
  events: ReadonlyArray<{ type: string; data: unknown }>;
  duplicate: boolean;
}

/**
 * What the admin is shown of a code just issued: the code itself (once; a repeat of the same call
 * cannot show it again, only its hash was kept), what it is for and when it expires.
 */
export function issuedCodeAnswer(
  result: IssuedEvents,
  code: string,
): { activationCode?: string; purpose: 'signUp' | 'resetPassword'; expiresAt?: string } {
  const issued = result.events.find((event) => event.type === 'PasswordResetCodeIssued' || event.type === 'DriverActivationCodeIssued');
  const purpose = issued?.type === 'PasswordResetCodeIssued' ? 'resetPassword' : 'signUp';
  const expiresAt = (issued?.data as { expiresAt?: string } | undefined)?.expiresAt;
  if (result.duplicate || !issued) return { purpose, expiresAt };
  return { activationCode: code, purpose, expiresAt };
}
