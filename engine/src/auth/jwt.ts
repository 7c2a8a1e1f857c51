import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
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
  /**
   * A keyed digest of `text` (HMAC-SHA256 under a key drawn from the session secret, never the secret itself),
   * for what the store keeps of a request: it tells two requests apart and reveals nothing of either (a
   * request's body may carry a password, which a plain hash would let anyone reading the store guess at).
   */
  digest(text: string): string;
  /**
   * `text` encrypted (AES-256-GCM under a key drawn from the session secret) for the store: a webhook's
   * signing secret, which the engine must read back to sign with, but an audit feed must never show.
   * A store moved under another JWT_SECRET cannot open it (its subscriptions need a new secret).
   */
  seal(text: string): string;
  /** What `seal` sealed, or null when it was sealed under another secret or tampered with. */
  open(sealed: string): string | null;
}

const ALGORITHM = 'HS256';
/** Tokens verified lately, kept so a token's HMAC is checked once (issue #18: every request and socket verifies one). */
const VERIFIED_LIMIT = 10_000;

export function createTokenService(secret: string, lifetimeSeconds: number, now: () => Date = () => new Date()): TokenService {
  if (secret.length < 32) throw new Error('JWT_SECRET must be at least 32 characters');
  const key = new TextEncoder().encode(secret);
  // Its own key, so no digest can stand for a token's signature (both are HMACs of the caller's text).
  const digestKey = createHmac('sha256', secret).update('plantride/request-digest').digest();
  const sealKey = createHmac('sha256', secret).update('plantride/sealed-secrets').digest();
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
    digest(text) {
      return createHmac('sha256', digestKey).update(text).digest('base64url');
    },
    seal(text) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', sealKey, iv);
      const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', sealKey, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
