import { z } from 'zod';
import { languageSchema, roleSchema, vehicleTypeSchema, type Role } from '../constants';
import { idSchema, isoDateTimeSchema } from '../primitives';
import { defineEvent } from './define-event';

/** A person created an account; name and mobile are '' when not given at sign-up. */
export const userSignedUpSchema = defineEvent('UserSignedUp', {
  tokenNo: idSchema,
  name: z.string(),
  mobile: z.string(),
  role: roleSchema,
  // Only ever a slow hash (e.g. scrypt/argon2 encoded string), never the password itself.
  passwordHash: z.string().min(1),
});

/** An admin changed a user's role; drivers also get the vehicle type they serve. */
export const userRoleChangedSchema = defineEvent('UserRoleChanged', {
  tokenNo: idSchema,
  role: roleSchema,
  assignedVehicleType: vehicleTypeSchema.nullable(),
});

/** A user's name or mobile changed. */
export const userProfileUpdatedSchema = defineEvent('UserProfileUpdated', {
  tokenNo: idSchema,
  name: z.string(),
  mobile: z.string(),
});

/** A user logged out; sessions issued before it are no longer honoured. */
export const userSignedOutSchema = defineEvent('UserSignedOut', {
  tokenNo: idSchema,
});

/** An admin blocked the account: sign-in is refused and its sessions end. */
export const userBlockedSchema = defineEvent('UserBlocked', {
  tokenNo: idSchema,
});

/** An admin lifted the account's block. */
export const userUnblockedSchema = defineEvent('UserUnblocked', {
  tokenNo: idSchema,
});

/**
 * An admin issued a one-time code for the account's password reset (SPEC §7 has none; docs/DECISIONS.md).
 * Only a hash of the code is kept; the admin saw the code once and hands it over in person.
 */
export const passwordResetCodeIssuedSchema = defineEvent('PasswordResetCodeIssued', {
  tokenNo: idSchema,
  codeHash: z.string().min(1),
  issuedAt: isoDateTimeSchema,
  expiresAt: isoDateTimeSchema,
});

/** The account's password was replaced (with a one-time code): every session issued before it ends, and the code is used. */
export const userPasswordResetSchema = defineEvent('UserPasswordReset', {
  tokenNo: idSchema,
  // Only ever a slow hash, as in UserSignedUp.
  passwordHash: z.string().min(1),
});

/**
 * Someone signed up on a recorded driver's token number without his activation code (or the admin
 * recorded a driver on a requester's token number): the account waits, without driver rights, for
 * the admin's approval in Driver Info.
 */
export const driverRegistrationRequestedSchema = defineEvent('DriverRegistrationRequested', {
  tokenNo: idSchema,
});

/** The admin approved the pending driver registration; the account's driver role is its own UserRoleChanged. */
export const driverRegistrationApprovedSchema = defineEvent('DriverRegistrationApproved', {
  tokenNo: idSchema,
});

/** The admin rejected the pending driver registration; the account stays a requester. */
export const driverRegistrationRejectedSchema = defineEvent('DriverRegistrationRejected', {
  tokenNo: idSchema,
});

/** The user chose the language his screens speak (issue #34 item 4); remembered across devices. */
export const languageChosenSchema = defineEvent('LanguageChosen', {
  tokenNo: idSchema,
  language: languageSchema,
});

/** Any event of a `user-{tokenNo}` stream. */
export const userEventSchema = z.discriminatedUnion('type', [
  userSignedUpSchema,
  userRoleChangedSchema,
  userProfileUpdatedSchema,
  userSignedOutSchema,
  userBlockedSchema,
  userUnblockedSchema,
  passwordResetCodeIssuedSchema,
  userPasswordResetSchema,
  driverRegistrationRequestedSchema,
  driverRegistrationApprovedSchema,
  driverRegistrationRejectedSchema,
  languageChosenSchema,
]);

export type UserSignedUp = z.infer<typeof userSignedUpSchema>;
export type UserRoleChanged = z.infer<typeof userRoleChangedSchema>;
export type UserProfileUpdated = z.infer<typeof userProfileUpdatedSchema>;
export type UserSignedOut = z.infer<typeof userSignedOutSchema>;
export type UserBlocked = z.infer<typeof userBlockedSchema>;
export type UserUnblocked = z.infer<typeof userUnblockedSchema>;
export type PasswordResetCodeIssued = z.infer<typeof passwordResetCodeIssuedSchema>;
export type UserPasswordReset = z.infer<typeof userPasswordResetSchema>;
export type DriverRegistrationRequested = z.infer<typeof driverRegistrationRequestedSchema>;
export type DriverRegistrationApproved = z.infer<typeof driverRegistrationApprovedSchema>;
export type DriverRegistrationRejected = z.infer<typeof driverRegistrationRejectedSchema>;
export type LanguageChosen = z.infer<typeof languageChosenSchema>;
export type UserEvent = z.infer<typeof userEventSchema>;
export type UserEventType = UserEvent['type'];

export const USER_EVENT_SCHEMA_VERSIONS = {
  UserSignedUp: 1,
  UserRoleChanged: 1,
  UserProfileUpdated: 1,
  UserSignedOut: 1,
  UserBlocked: 1,
  UserUnblocked: 1,
  PasswordResetCodeIssued: 1,
  UserPasswordReset: 1,
  DriverRegistrationRequested: 1,
  DriverRegistrationApproved: 1,
  DriverRegistrationRejected: 1,
  LanguageChosen: 1,
} as const satisfies Record<UserEventType, number>;

export const USER_EVENT_TYPES = Object.keys(USER_EVENT_SCHEMA_VERSIONS) as UserEventType[];

// A sign-out, a block, a password reset and a change of role: the sessions issued before them may no longer hold.
const SESSION_ENDING: ReadonlySet<string> = new Set<UserEventType>([
  'UserSignedOut',
  'UserBlocked',
  'UserRoleChanged',
  'UserPasswordReset',
]);

/**
 * Whether an account event ends the sessions issued before it: the one rule behind the account's
 * session version, the live sockets it closes and the audit feed it re-checks. A role change ends
 * them when the role is new; given the account's role before it, a driver given another vehicle
 * type keeps them. Without `roleBefore` any role change counts, and the caller checks again.
 */
export function endsSessions(event: { type: string; data: unknown }, roleBefore?: Role): boolean {
  if (!SESSION_ENDING.has(event.type)) return false;
  if (event.type !== 'UserRoleChanged' || roleBefore === undefined) return true;
  return (event.data as { role?: unknown } | null)?.role !== roleBefore;
}
