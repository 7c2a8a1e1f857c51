import type { JwtClaims } from '@plantride/schemas';
import { parseJwtClaims } from './stored-user';

/** Reads a JWT's claims without verifying it: the server verifies; the client only needs `exp` and `role`. */
export function readClaims(token: string): JwtClaims | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const json = atob(
      part
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(part.length / 4) * 4, '='),
    );
    return parseJwtClaims(JSON.parse(json));
  } catch {
    return null;
  }
}

/** Milliseconds until the token expires; 0 or less when it already has (or cannot be read). */
export function msUntilExpiry(token: string, now = Date.now()): number {
  const claims = readClaims(token);
  return claims ? claims.exp * 1000 - now : 0;
}
