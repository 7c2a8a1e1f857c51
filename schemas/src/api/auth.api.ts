import { z } from 'zod';
import { roleSchema, vehicleTypeSchema, LIMITS } from '../constants';
import { MESSAGES } from '../messages';
import { commandAnswerSchema, mobileSchema, tokenNoInput } from './common.api';

const signUpMessage = MESSAGES.invalidTokenAndPassword;
const signInMessage = MESSAGES.invalidCredentials;

// The spec's sign-up form only has token and password; blank optional fields count as not given.
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** POST /api/auth/signup */
export const signUpBodySchema = z.object({
  token_no: tokenNoInput(signUpMessage),
  password: z.string({ error: signUpMessage }).min(LIMITS.passwordMinLength, signUpMessage),
  name: z.preprocess(blankToUndefined, z.string().trim().optional()),
  mobile: z.preprocess(blankToUndefined, mobileSchema.optional()),
}, { error: signUpMessage });
export type SignUpBody = z.infer<typeof signUpBodySchema>;

/** Answer of POST /api/auth/signup. */
export const signUpAnswerSchema = commandAnswerSchema.extend({ message: z.string() });

/** POST /api/auth/signin */
export const signInBodySchema = z.object({
  token_no: tokenNoInput(signInMessage),
  password: z.string({ error: signInMessage }).min(1, signInMessage),
}, { error: signInMessage });
export type SignInBody = z.infer<typeof signInBodySchema>;

/** The signed-in user as the server returns it and the browser stores it (key `user`). */
export const storedUserSchema = z.object({
  name: z.string(),
  token_no: z.string(),
  jwt_token: z.string(),
  role: roleSchema,
  is_blocked: z.boolean(),
  assignedVehicleType: vehicleTypeSchema.nullable(),
  // The spec lists `token` among the stored keys; it repeats jwt_token for older screens.
  token: z.string().optional(),
});
export type StoredUser = z.infer<typeof storedUserSchema>;

/** Answer of POST /api/auth/signin. */
export const signInAnswerSchema = z.object({ user: storedUserSchema, message: z.string() });
export type SignInAnswer = z.infer<typeof signInAnswerSchema>;

/** Claims of the JWT in `jwt_token`; clients schedule logout at `exp` (seconds since epoch). */
export const jwtClaimsSchema = z.object({
  token_no: z.string(),
  role: roleSchema,
  exp: z.number().int(),
  iat: z.number().int().optional(),
});
export type JwtClaims = z.infer<typeof jwtClaimsSchema>;

/** Answer of POST /api/auth/logout (no body is sent). */
export const logoutAnswerSchema = commandAnswerSchema.extend({ message: z.string() });
