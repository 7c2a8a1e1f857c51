import { SignJWT, jwtVerify, errors } from 'jose';
import { roleSchema, type Role } from '@plantride/schemas';

export interface AuthUser {
  tokenNo: string;
  role: Role;
}

export interface TokenService {
  sign(user: AuthUser): Promise<{ token: string; expiresAt: Date }>;
  /** The user a token names, or null when it is malformed, tampered, of another algorithm, or expired. */
  verify(token: string): Promise<(AuthUser & { expiresAt: Date }) | null>;
}

const ALGORITHM = 'HS256';

export function createTokenService(secret: string, lifetimeSeconds: number, now: () => Date = () => new Date()): TokenService {
  if (secret.length < 32) throw new Error('JWT_SECRET must be at least 32 characters');
  const key = new TextEncoder().encode(secret);
  return {
    async sign(user) {
      const issuedAt = Math.floor(now().getTime() / 1000);
      const exp = issuedAt + lifetimeSeconds;
      const token = await new SignJWT({ role: user.role })
        .setProtectedHeader({ alg: ALGORITHM })
        .setSubject(user.tokenNo)
        .setIssuedAt(issuedAt)
        .setExpirationTime(exp)
        .sign(key);
      return { token, expiresAt: new Date(exp * 1000) };
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], currentDate: now() });
        const role = roleSchema.safeParse(payload.role);
        if (!payload.sub || !role.success || !payload.exp) return null;
        return { tokenNo: payload.sub, role: role.data, expiresAt: new Date(payload.exp * 1000) };
      } catch (error) {
        if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
        throw error;
      }
    },
  };
}
