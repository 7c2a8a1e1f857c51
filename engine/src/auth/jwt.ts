import { SignJWT, jwtVerify, errors } from 'jose';
import { roleSchema, type Role } from '@plantride/schemas';

export interface AuthUser {
  tokenNo: string;
  role: Role;
}

export interface SessionClaims {
  /** The account's session version at sign-in; a later sign-out, block or role change outdates the token. */
  sessionVersion?: number;
}

export interface TokenService {
  sign(user: AuthUser, claims?: SessionClaims): Promise<{ token: string; expiresAt: Date }>;
  /** The user a token names, or null when it is malformed, tampered, of another algorithm, or expired. */
  verify(token: string): Promise<(AuthUser & SessionClaims & { expiresAt: Date }) | null>;
}

const ALGORITHM = 'HS256';
/** Tokens verified lately, kept so a token's HMAC is checked once (issue #18: every request and socket verifies one). */
const VERIFIED_LIMIT = 10_000;

export function createTokenService(secret: string, lifetimeSeconds: number, now: () => Date = () => new Date()): TokenService {
  if (secret.length < 32) throw new Error('JWT_SECRET must be at least 32 characters');
  const key = new TextEncoder().encode(secret);
  // A token string verified once verifies again until it expires: its signature cannot change.
  // Whether its session still stands (sign-out, block) is the session check's, at every use.
  const verified = new Map<string, AuthUser & SessionClaims & { expiresAt: Date }>();
  return {
    async sign(user, claims = {}) {
      const issuedAt = Math.floor(now().getTime() / 1000);
      const exp = issuedAt + lifetimeSeconds;
      // token_no repeats `sub` for the spec's client, which reads the claims of SPEC §3 (role, exp).
      const payload = {
        role: user.role,
        token_no: user.tokenNo,
        ...(claims.sessionVersion === undefined ? {} : { sv: claims.sessionVersion }),
      };
      const token = await new SignJWT(payload)
        .setProtectedHeader({ alg: ALGORITHM })
        .setSubject(user.tokenNo)
        .setIssuedAt(issuedAt)
        .setExpirationTime(exp)
        .sign(key);
      return { token, expiresAt: new Date(exp * 1000) };
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        // As jose: expired once the clock reaches `exp`.
        if (now().getTime() < known.expiresAt.getTime()) return known;
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], currentDate: now() });
        const role = roleSchema.safeParse(payload.role);
        if (!payload.sub || !role.success || !payload.exp) return null;
        const user = { tokenNo: payload.sub, role: role.data, expiresAt: new Date(payload.exp * 1000) };
        if (payload.sv !== undefined && !(Number.isSafeInteger(payload.sv) && (payload.sv as number) >= 0)) return null;
        const answer = payload.sv === undefined ? user : { ...user, sessionVersion: payload.sv as number };
        if (verified.size >= VERIFIED_LIMIT) verified.delete(verified.keys().next().value as string);
        verified.set(token, answer);
        return answer;
      } catch (error) {
        if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
        throw error;
      }
    },
  };
}
