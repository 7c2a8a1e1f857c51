import { describe, expect, it } from 'vitest';
import { LIMITS, MESSAGES, signUpBodySchema } from '@plantride/schemas';
import { i18n } from '../../i18n/i18n';
import { newPasswordTooShort, normaliseTokenInput, signInError, signUpError } from './auth-validation';

describe('sign-up and sign-in rules (SPEC §5)', () => {
  it.each([
    ['AB12', 'abcd', null],
    ['AB123', 'abcdef', null],
    ['AB1', 'abcd', MESSAGES.invalidTokenAndPassword],
    ['AB1234', 'abcd', MESSAGES.invalidTokenAndPassword],
    ['AB12', 'abc', MESSAGES.invalidTokenAndPassword],
    ['', '', MESSAGES.invalidTokenAndPassword],
  ])('given token %j and password %j, when signing up, then the error is %j', (token, password, expected) => {
    expect(signUpError(token, password)).toBe(expected);
  });

  it.each([
    ['AB12', 'x', null],
    ['AB12', '', MESSAGES.invalidCredentials],
    ['A1', 'secret', MESSAGES.invalidCredentials],
  ])('given token %j and password %j, when signing in, then the error is %j', (token, password, expected) => {
    expect(signInError(token, password)).toBe(expected);
  });

  it('given a typed token, when the field keeps it, then it is trimmed and cut to 5 characters', () => {
    expect(normaliseTokenInput('  ab12  ')).toBe('ab12');
    expect(normaliseTokenInput('abcdefg')).toBe('abcde');
  });

  it('given a new password, when it is shorter than the limit the sign-up schema applies, then it breaks the stated rule', () => {
    const accepted = (password: string) => signUpBodySchema.safeParse({ token_no: 'AB12', password }).success;
    const short = 'a'.repeat(LIMITS.passwordMinLength - 1);
    const enough = 'a'.repeat(LIMITS.passwordMinLength);
    expect([newPasswordTooShort(short), accepted(short)]).toEqual([true, false]);
    expect([newPasswordTooShort(enough), accepted(enough)]).toEqual([false, true]);
    // An empty field has not broken it yet.
    expect(newPasswordTooShort('')).toBe(false);
    expect(i18n.t('auth.newPasswordRule', { min: LIMITS.passwordMinLength })).toBe(`At least ${LIMITS.passwordMinLength} characters.`);
  });
});
