import { describe, expect, it } from 'vitest';
import { USER_EVENT_TYPES, endsSessions, userEventSchema } from './user.events';
import { domainEventSchema } from './index';

describe('user events', () => {
  it('given the user stream, then its types cover sign-up, role, profile, sign-out, blocking, password reset, driver registration and the chosen language', () => {
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
        'LanguageChosen',
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

describe('which account events end sessions', () => {
  const tokenNo = 'AB12';
  const madeDriver = { type: 'UserRoleChanged', data: { tokenNo, role: 'driver', assignedVehicleType: 'Crane' } };

  it('given each user event, then a sign-out, a block, a password reset and a role change end the sessions before it, and nothing else does', () => {
    const ending = USER_EVENT_TYPES.filter((type) => endsSessions({ type, data: { tokenNo } }));
    expect(ending.sort()).toEqual(['UserBlocked', 'UserPasswordReset', 'UserRoleChanged', 'UserSignedOut']);
  });

  it('given the role before it, when a driver is given another vehicle type, then his sessions hold; when his role changes, then they end', () => {
    expect(endsSessions(madeDriver, 'driver')).toBe(false);
    expect(endsSessions(madeDriver, 'requester')).toBe(true);
  });

  it('given no role before it, when a role change is heard, then it counts as ending them (the caller checks again)', () => {
    expect(endsSessions(madeDriver)).toBe(true);
  });

  it('given an event of another stream or an unknown type, then no session ends', () => {
    expect(endsSessions({ type: 'RideAccepted', data: { rideId: 'R1' } })).toBe(false);
    expect(endsSessions({ type: 'UserDeletedInAFutureVersion', data: { tokenNo } })).toBe(false);
  });
});
