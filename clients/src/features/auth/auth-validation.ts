import { LIMITS, MESSAGES } from '@plantride/schemas';

/** The token as the form keeps it: trimmed, at most 5 characters (SPEC §5). */
export const normaliseTokenInput = (value: string): string => value.trim().slice(0, LIMITS.tokenMaxLength);

const tokenOk = (token: string) => {
  const length = token.trim().length;
  return length >= LIMITS.tokenMinLength && length <= LIMITS.tokenMaxLength;
};

/** A typed new password that breaks the rule (an empty field has not broken it yet). */
export const newPasswordTooShort = (password: string): boolean => password.length > 0 && password.length < LIMITS.passwordMinLength;

/** Sign-up: token 4-5 characters, password at least 4; null when valid. */
export function signUpError(token: string, password: string): string | null {
  return tokenOk(token) && password.length >= LIMITS.passwordMinLength ? null : MESSAGES.invalidTokenAndPassword;
}

/** Sign-in: token 4-5 characters and a non-empty password; null when valid. */
export function signInError(token: string, password: string): string | null {
  return tokenOk(token) && password.length > 0 ? null : MESSAGES.invalidCredentials;
}
