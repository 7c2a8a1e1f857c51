import { describe, expect, it } from 'vitest';
import { USER_EVENT_TYPES, userEventSchema } from './user.events';
import { domainEventSchema } from './index';

describe('user events', () => {
  it('given the user stream, then its types cover sign-up, role, profile, sign-out, blocking, password reset and driver registration', () => {
    expect([...USER_EVENT_TYPES].sort()).toEqual(
      [
        'UserSignedUp',
        'UserRoleChanged',
        'UserProfileUpdated',
        'UserSignedOut',
        'UserBlocked',
        'UserUnblocked',
        'PasswordResetCodeIssued',
        'UserPasswordReset',
        'DriverRegistrationRequested',
        'DriverRegistrationApproved',
        'DriverRegistrationRejected',
      ].sort(),
    );
  });

  it('given a block and an unblock, when parsed as domain events, then both round-trip', () => {
    for (const type of ['UserBlocked', 'UserUnblocked']) {
      const event = { type, data: { tokenNo: 'AB12' } };
      expect(domainEventSchema.parse(event)).toEqual(event);
    }
  });

  it('given a sign-up without a password hash, then it is refused', () => {
    const signedUp = { type: 'UserSignedUp', data: { tokenNo: 'AB12', name: '', mobile: '', role: 'requester', passwordHash: '' } };
    expect(userEventSchema.safeParse(signedUp).success).toBe(false);
  });
});
