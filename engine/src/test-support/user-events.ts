import { userStreamId, type Role, type UserEvent, type VehicleType } from '@plantride/schemas';
import { eventsOf } from './event-builder';

type Data<T extends UserEvent['type']> = Extract<UserEvent, { type: T }>['data'];
const event = eventsOf<UserEvent>((data) => userStreamId(data.tokenNo));

/** A stand-in for the slow hash a sign-up carries; tests check it never reaches a read model. */
export const TEST_PASSWORD_HASH = 'scrypt$test-salt$test-hash';

/** User events with plausible defaults, for given-events tests. */
export const userEvents = {
  signedUp: (tokenNo: string, more: Partial<Data<'UserSignedUp'>> = {}) =>
    event('UserSignedUp', {
      tokenNo,
      name: `User ${tokenNo}`,
      mobile: '9000000002',
      role: 'requester',
      passwordHash: TEST_PASSWORD_HASH,
      ...more,
    }),
  roleChanged: (tokenNo: string, role: Role, assignedVehicleType: VehicleType | null = null) =>
    event('UserRoleChanged', { tokenNo, role, assignedVehicleType }),
  profileUpdated: (tokenNo: string, name: string, mobile: string) => event('UserProfileUpdated', { tokenNo, name, mobile }),
  signedOut: (tokenNo: string) => event('UserSignedOut', { tokenNo }),
  blocked: (tokenNo: string) => event('UserBlocked', { tokenNo }),
  unblocked: (tokenNo: string) => event('UserUnblocked', { tokenNo }),
  resetCodeIssued: (tokenNo: string, codeHash = 'test-code-hash', expiresAt = '2099-01-01T00:00:00.000Z') =>
    event('PasswordResetCodeIssued', { tokenNo, codeHash, issuedAt: '2026-01-01T00:00:00.000Z', expiresAt }),
  passwordReset: (tokenNo: string, passwordHash = TEST_PASSWORD_HASH) => event('UserPasswordReset', { tokenNo, passwordHash }),
  registrationRequested: (tokenNo: string) => event('DriverRegistrationRequested', { tokenNo }),
  registrationApproved: (tokenNo: string) => event('DriverRegistrationApproved', { tokenNo }),
  registrationRejected: (tokenNo: string) => event('DriverRegistrationRejected', { tokenNo }),
};
