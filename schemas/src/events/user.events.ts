import { z } from 'zod';
import { roleSchema, vehicleTypeSchema } from '../constants';
import { idSchema } from '../primitives';
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

/** Any event of a `user-{tokenNo}` stream. */
export const userEventSchema = z.discriminatedUnion('type', [
  userSignedUpSchema,
  userRoleChangedSchema,
  userProfileUpdatedSchema,
  userSignedOutSchema,
  userBlockedSchema,
  userUnblockedSchema,
]);

export type UserSignedUp = z.infer<typeof userSignedUpSchema>;
export type UserRoleChanged = z.infer<typeof userRoleChangedSchema>;
export type UserProfileUpdated = z.infer<typeof userProfileUpdatedSchema>;
export type UserSignedOut = z.infer<typeof userSignedOutSchema>;
export type UserBlocked = z.infer<typeof userBlockedSchema>;
export type UserUnblocked = z.infer<typeof userUnblockedSchema>;
export type UserEvent = z.infer<typeof userEventSchema>;
export type UserEventType = UserEvent['type'];

export const USER_EVENT_SCHEMA_VERSIONS = {
  UserSignedUp: 1,
  UserRoleChanged: 1,
  UserProfileUpdated: 1,
  UserSignedOut: 1,
  UserBlocked: 1,
  UserUnblocked: 1,
} as const satisfies Record<UserEventType, number>;

export const USER_EVENT_TYPES = Object.keys(USER_EVENT_SCHEMA_VERSIONS) as UserEventType[];
