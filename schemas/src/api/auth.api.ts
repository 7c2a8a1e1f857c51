import { z } from 'zod';
import { languageSchema, roleSchema, vehicleTypeSchema, LIMITS } from '../constants';
import { MESSAGES, SERVER_MESSAGES } from '../messages';
import { commandAnswerSchema, mobileSchema, tokenNoInput, vehicleTypeInput } from './common.api';
import { TEXT_LIMITS, textField } from './text-fields';
import { humanNameField } from '../human-text';

const signUpMessage = MESSAGES.invalidTokenAndPassword;
const signInMessage = MESSAGES.invalidCredentials;

// The spec's sign-up form only has token and password; blank or null optional fields count as not given.
const blankToUndefined = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);

// Spaces are part of a password; the length cap only bounds the hashing work.
const password = (message: string, min: number) =>
  textField({ max: TEXT_LIMITS.password, label: 'Password', message, lengthMessage: message, trim: false }).min(min, message);

/**
 * A one-time code the admin hands over (activation or password reset): spaces and dashes are ignored,
 * letters read upper-case. Codes are 10 characters; anything not code-like answers like a wrong code.
 */
export const accessCodeInput = z.preprocess(
  (v) => (typeof v === 'string' ? v.replace(/[\s-]/g, '').toUpperCase() : v),
  z.string({ error: SERVER_MESSAGES.invalidActivationCode }).regex(/^[A-Z0-9]{1,32}$/, SERVER_MESSAGES.invalidActivationCode),
);

/** POST /api/auth/signup; `activation_code` (ours) is the code the admin gave a recorded driver. */
export const signUpBodySchema = z.object(
  {
    token_no: tokenNoInput(signUpMessage),
    password: password(signUpMessage, LIMITS.passwordMinLength),
    activation_code: z.preprocess(blankToUndefined, accessCodeInput.optional()),
    name: z.preprocess(blankToUndefined, humanNameField({ max: TEXT_LIMITS.name, label: 'Name' }).optional()),
    mobile: z.preprocess(blankToUndefined, mobileSchema.optional()),
  },
  { error: signUpMessage },
);
export type SignUpBody = z.infer<typeof signUpBodySchema>;

/** Answer of POST /api/auth/signup; `pendingApproval` when the account waits for the admin to approve it as a driver. */
export const signUpAnswerSchema = commandAnswerSchema.extend({ message: z.string(), pendingApproval: z.boolean().optional() });

/** POST /api/auth/reset-password (ours): the one-time code the admin gave, and the new password. */
export const resetPasswordBodySchema = z.object(
  {
    token_no: tokenNoInput(signInMessage),
    activation_code: accessCodeInput,
    password: password(signUpMessage, LIMITS.passwordMinLength),
  },
  { error: signUpMessage },
);
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/** Answer of POST /api/auth/reset-password. */
export const resetPasswordAnswerSchema = commandAnswerSchema.extend({ message: z.string() });

/** What a one-time code lets its holder do: sign up as the recorded driver, or set a new password. */
export const accessCodePurposeSchema = z.enum(['signUp', 'resetPassword']);
export type AccessCodePurpose = z.infer<typeof accessCodePurposeSchema>;

/**
 * A one-time code as the admin sees it, once: absent when the call was a repeat (its code is not
 * kept, only its hash).
 */
export const issuedAccessCodeSchema = z.object({
  activationCode: z.string().optional(),
  purpose: accessCodePurposeSchema,
  expiresAt: z.string().optional(),
});
export type IssuedAccessCode = z.infer<typeof issuedAccessCodeSchema>;

/** Answer of POST /api/users/{tokenNo}/reset-code (admin). */
export const resetCodeAnswerSchema = commandAnswerSchema
  .extend({ message: z.string(), tokenNo: z.string() })
  .extend(issuedAccessCodeSchema.shape);
export type ResetCodeAnswer = z.infer<typeof resetCodeAnswerSchema>;

/** POST /api/auth/signin */
export const signInBodySchema = z.object(
  {
    token_no: tokenNoInput(signInMessage),
    password: password(signInMessage, 1),
  },
  { error: signInMessage },
);
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

/**
 * Answer of POST /api/auth/signin; `language` is the user's recorded choice, null when he never chose
 * (the device's stays), and read as null from an engine that does not send it.
 */
export const signInAnswerSchema = z.object({
  user: storedUserSchema,
  message: z.string(),
  language: languageSchema.nullable().default(null),
});
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

/** Path params of PUT /api/users/{tokenNo}: the token number as sign-up stores it (trimmed, upper-cased). */
export const userParamsSchema = z.object({
  tokenNo: textField({ max: TEXT_LIMITS.id, label: 'Token number', message: MESSAGES.invalidParameters })
    .toUpperCase()
    .min(1, MESSAGES.invalidParameters),
});

/** A user's account as GET /api/users/me and PUT /api/users/{tokenNo} answer it; never the password hash. */
export const userProfileSchema = z.object({
  token_no: z.string(),
  name: z.string(),
  mobile: z.string(),
  role: roleSchema,
  is_blocked: z.boolean(),
  assignedVehicleType: vehicleTypeSchema.nullable(),
  /** The language he chose, or null when he never chose one (the client then keeps the device's). */
  language: languageSchema.nullable(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

// Blank name or mobile clears it; otherwise the driver form's rules apply.
const clearableName = humanNameField({ max: TEXT_LIMITS.name, label: 'Name', message: MESSAGES.nameOnlyAlphabets }).refine(
  (v) => v === '' || /^[A-Za-z ]+$/.test(v),
  MESSAGES.nameOnlyAlphabets,
);
const MOBILE = new RegExp(`^\\d{${LIMITS.mobileDigits}}$`);
const clearableMobile = z
  .string({ error: MESSAGES.invalidMobile })
  .trim()
  .refine((v) => v === '' || MOBILE.test(v), MESSAGES.invalidMobile);

/**
 * PUT /api/users/{tokenNo} (admin): omitted fields stay as they are. Only drivers have a vehicle
 * type; moving a user off the driver role clears it.
 */
export const changeUserBodySchema = z.object({
  role: roleSchema.optional(),
  assignedVehicleType: vehicleTypeInput.nullable().optional(),
  name: clearableName.optional(),
  mobile: clearableMobile.optional(),
  is_blocked: z.boolean().optional(),
});
export type ChangeUserBody = z.infer<typeof changeUserBodySchema>;

/** PUT /api/users/me/language (any signed-in user): the language his screens speak. */
export const chooseLanguageBodySchema = z.object({ language: z.enum(languageSchema.options, { error: SERVER_MESSAGES.unknownLanguage }) });
export type ChooseLanguageBody = z.infer<typeof chooseLanguageBodySchema>;

/** Answer of PUT /api/users/me/language. */
export const chooseLanguageAnswerSchema = commandAnswerSchema.extend({ language: languageSchema });

/** Answer of PUT /api/users/{tokenNo}: the account after the change. */
export const changeUserAnswerSchema = commandAnswerSchema.extend({ user: userProfileSchema });
