import {
  LANGUAGES,
  ROLES,
  VEHICLE_TYPES,
  type JwtClaims,
  type Language,
  type Role,
  type SignInAnswer,
  type StoredUser,
  type VehicleType,
} from '@plantride/schemas';

// Plain checks for what the sign-in path reads (the stored user, the sign-in answer, the JWT claims),
// so /signin loads without zod. They accept and return exactly what storedUserSchema,
// signInAnswerSchema and jwtClaimsSchema do; stored-user.test.ts holds them to that.

type Fields = Record<string, unknown>;
const isObject = (v: unknown): v is Fields => typeof v === 'object' && v !== null && !Array.isArray(v);
const isRole = (v: unknown): v is Role => (ROLES as readonly unknown[]).includes(v);
const isVehicleType = (v: unknown): v is VehicleType => (VEHICLE_TYPES as readonly unknown[]).includes(v);
const isLanguage = (v: unknown): v is Language => (LANGUAGES as readonly unknown[]).includes(v);
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);

/** The stored user with only its known keys, or null when it is not one. */
export function parseStoredUser(value: unknown): StoredUser | null {
  if (!isObject(value)) return null;
  const { name, token_no, jwt_token, role, is_blocked, assignedVehicleType, token } = value;
  if (typeof name !== 'string' || typeof token_no !== 'string' || typeof jwt_token !== 'string') return null;
  if (!isRole(role) || typeof is_blocked !== 'boolean') return null;
  if (assignedVehicleType !== null && !isVehicleType(assignedVehicleType)) return null;
  if (token !== undefined && typeof token !== 'string') return null;
  const user: StoredUser = { name, token_no, jwt_token, role, is_blocked, assignedVehicleType };
  if ('token' in value) user.token = token;
  return user;
}

/** The answer of POST /api/auth/signin; throws like a schema's parse when it is not one. */
export function parseSignInAnswer(value: unknown): SignInAnswer {
  const user = isObject(value) ? parseStoredUser(value.user) : null;
  if (!user || !isObject(value) || typeof value.message !== 'string') throw new TypeError('Unexpected sign-in answer');
  const language = value.language ?? null;
  if (language !== null && !isLanguage(language)) throw new TypeError('Unexpected sign-in answer');
  return { user, message: value.message, language };
}

/** A JWT's claims, or null when they are not the ones the engine issues. */
export function parseJwtClaims(value: unknown): JwtClaims | null {
  if (!isObject(value)) return null;
  const { token_no, role, exp, iat } = value;
  if (typeof token_no !== 'string' || !isRole(role) || !isInt(exp)) return null;
  if (iat !== undefined && !isInt(iat)) return null;
  const claims: JwtClaims = { token_no, role, exp };
  if ('iat' in value) claims.iat = iat;
  return claims;
}
