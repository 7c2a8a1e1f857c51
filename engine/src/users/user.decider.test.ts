import { describe, expect, it } from 'vitest';
import { MESSAGES, SERVER_MESSAGES, type Actor, type UserEvent } from '@plantride/schemas';
import { SYSTEM, commandSpec } from '../test-support/decider-spec';
import { driverEvents } from '../test-support/driver-events';
import { changeUser, driverRoleEvents, evolveUser, signOut, signUp, type ChangeUserCommand, type SignUpUser, type UserState } from './user.decider';

const tokenNo = 'AB12';
const admin: Actor = { tokenNo: 'AD01', role: 'admin' };
// Whoever signs up is, to the route, the requester he would become.
const anonymous: Actor = { tokenNo, role: 'requester' };
const signedUp = { type: 'UserSignedUp', data: { tokenNo, name: 'Asha Rao', mobile: '9000000001', role: 'requester', passwordHash: 'scrypt$hash' } } as const;
const asRole = (role: 'driver' | 'admin') => ({ ...signedUp, data: { ...signedUp.data, role } });
const madeDriver = { type: 'UserRoleChanged', data: { tokenNo, role: 'driver', assignedVehicleType: 'Crane' } } as const;

describe('sign up', () => {
  const spec = commandSpec(signUp);
  const register = (data: Partial<SignUpUser['data']> = {}): SignUpUser => ({ type: 'SignUp', data: { tokenNo, name: 'Asha Rao', mobile: '9000000001', passwordHash: 'scrypt$hash', ...data } });

  it('given no account, when someone signs up, then a requester account is created with the hash only', () => {
    spec.given({}).when(register(), anonymous).then({ account: [signedUp] });
  });

  it('given a driver record on the token number, when he signs up without a name, then he is that driver, with the record\'s name and mobile and his vehicle type as its own fact', () => {
    spec
      .given({ driver: [driverEvents.added(tokenNo, 0, { name: 'Ravi Kumar', mobile: '9876543210', vehicleAssigned: 'Crane' })] })
      .when(register({ name: null, mobile: null }), anonymous)
      .then({ account: [{ type: 'UserSignedUp', data: { tokenNo, name: 'Ravi Kumar', mobile: '9876543210', role: 'driver', passwordHash: 'scrypt$hash' } }, madeDriver] });
  });

  it('given a driver record on the token number, when he signs up with his own name, then his name is kept', () => {
    spec
      .given({ driver: [driverEvents.added(tokenNo, 0, { vehicleAssigned: 'Crane' })] })
      .when(register(), anonymous)
      .then({ account: [asRole('driver'), madeDriver] });
  });

  it('given a driver record with no vehicle, when he signs up, then he is a driver with no vehicle type yet', () => {
    spec.given({ driver: [driverEvents.added(tokenNo, 0, { vehicleAssigned: '' })] }).when(register(), anonymous).then({ account: [asRole('driver')] });
  });

  it('given no account, when someone signing up names a role, then he is refused; the system may name one', () => {
    spec.given({}).when(register({ role: 'admin' }), anonymous).thenThrows(403, SERVER_MESSAGES.forbidden);
    spec.given({}).when(register({ role: 'driver', assignedVehicleType: 'Crane' }), anonymous).thenThrows(403, SERVER_MESSAGES.forbidden);
    spec.given({}).when(register({ role: 'admin' }), SYSTEM).then({ account: [asRole('admin')] });
  });

  it('given no account, when the system creates a driver with a vehicle type, then the vehicle is recorded as its own fact', () => {
    spec.given({}).when(register({ role: 'driver', assignedVehicleType: 'Crane' }), SYSTEM).then({ account: [asRole('driver'), madeDriver] });
  });

  it('given no account, when a requester is created with a vehicle type, then it is refused', () => {
    spec.given({}).when(register({ role: 'requester', assignedVehicleType: 'AMR' }), SYSTEM).thenThrows(400, SERVER_MESSAGES.invalidRequest);
  });

  it('given an account, when the token number signs up again, then it is refused as already registered', () => {
    spec.given({ account: [signedUp] }).when(register(), anonymous).thenThrows(409, SERVER_MESSAGES.tokenAlreadyRegistered);
  });
});

describe('change a user', () => {
  const spec = commandSpec(changeUser);
  const change = (data: Omit<ChangeUserCommand['data'], 'tokenNo'>): ChangeUserCommand => ({ type: 'ChangeUser', data: { tokenNo, ...data } });

  it('given a requester, when an admin makes him a Crane driver, then his role changes with the vehicle', () => {
    spec.given({ account: [signedUp] }).when(change({ role: 'driver', assignedVehicleType: 'Crane' }), admin).then({ account: [madeDriver] });
  });

  it('given a driver, when an admin makes him a requester, then his vehicle type is cleared', () => {
    spec.given({ account: [signedUp, madeDriver] }).when(change({ role: 'requester' }), admin).then({ account: [{ type: 'UserRoleChanged', data: { tokenNo, role: 'requester', assignedVehicleType: null } }] });
  });

  it('given a requester, when an admin gives him a vehicle type without the driver role, then it is refused', () => {
    spec.given({ account: [signedUp] }).when(change({ assignedVehicleType: 'Forklift' }), admin).thenThrows(400, SERVER_MESSAGES.invalidRequest);
  });

  it('given an account, when an admin changes name and mobile, then the profile is updated', () => {
    spec.given({ account: [signedUp] }).when(change({ name: 'Asha Menon', mobile: '9111111111' }), admin).then({ account: [{ type: 'UserProfileUpdated', data: { tokenNo, name: 'Asha Menon', mobile: '9111111111' } }] });
  });

  it('given an account, when an admin blocks and later unblocks it, then each is a fact', () => {
    spec.given({ account: [signedUp] }).when(change({ isBlocked: true }), admin).then({ account: [{ type: 'UserBlocked', data: { tokenNo } }] });
    spec.given({ account: [signedUp, { type: 'UserBlocked', data: { tokenNo } }] }).when(change({ isBlocked: false }), admin).then({ account: [{ type: 'UserUnblocked', data: { tokenNo } }] });
  });

  it('given an account, when an admin sends what it already is, then nothing happens', () => {
    spec.given({ account: [signedUp] }).when(change({ role: 'requester', name: 'Asha Rao', mobile: '9000000001', isBlocked: false }), admin).then({});
  });

  it('given an admin, when he removes his own admin role or blocks himself, then it is refused; his own profile he may edit', () => {
    const self: Actor = { tokenNo, role: 'admin' };
    spec.given({ account: [asRole('admin')] }).when(change({ role: 'requester' }), self).thenThrows(403, SERVER_MESSAGES.forbidden);
    spec.given({ account: [asRole('admin')] }).when(change({ isBlocked: true }), self).thenThrows(403, SERVER_MESSAGES.forbidden);
    spec.given({ account: [asRole('admin')] }).when(change({ name: 'Asha R' }), self).then({ account: [{ type: 'UserProfileUpdated', data: { tokenNo, name: 'Asha R', mobile: '9000000001' } }] });
  });

  it('given no account, when it is changed, then the user is not found', () => {
    spec.given({}).when(change({ role: 'admin' }), admin).thenThrows(404, MESSAGES.userNotFound);
  });
});

describe('sign out', () => {
  const spec = commandSpec(signOut);

  it('given an account, when it signs out, then its sessions end', () => {
    spec.given({ account: [signedUp] }).when({ type: 'SignOut', data: { tokenNo } }, anonymous).then({ account: [{ type: 'UserSignedOut', data: { tokenNo } }] });
  });

  it('given no account, when it signs out, then the user is not found', () => {
    spec.given({}).when({ type: 'SignOut', data: { tokenNo } }, anonymous).thenThrows(404, MESSAGES.userNotFound);
  });
});

const fold = (...events: UserEvent[]): UserState => events.reduce<UserState>(evolveUser, null);

describe('an account as its stream tells it', () => {
  it('given an account, when it signs out, is blocked or changes role, then its session version moves on; a profile edit or a new vehicle does not', () => {
    expect(fold(signedUp)?.sessionVersion).toBe(0);
    expect(fold(signedUp, { type: 'UserSignedOut', data: { tokenNo } })?.sessionVersion).toBe(1);
    expect(fold(signedUp, { type: 'UserBlocked', data: { tokenNo } }, { type: 'UserUnblocked', data: { tokenNo } })?.sessionVersion).toBe(1);
    expect(fold(signedUp, madeDriver, { type: 'UserRoleChanged', data: { tokenNo, role: 'driver', assignedVehicleType: 'AMR' } })?.sessionVersion).toBe(1);
    expect(fold(signedUp, { type: 'UserProfileUpdated', data: { tokenNo, name: 'A', mobile: '' } })?.sessionVersion).toBe(0);
  });

  it('given a driver record, when it asks its account to be a driver of its type, then a requester becomes one; staff accounts and one already so are left alone', () => {
    expect(driverRoleEvents(null, 'Crane')).toEqual([]);
    expect(driverRoleEvents(fold(signedUp), 'Crane')).toEqual([madeDriver]);
    expect(driverRoleEvents(fold(signedUp, madeDriver), 'Crane')).toEqual([]);
    expect(driverRoleEvents(fold(asRole('admin')), 'Crane')).toEqual([]);
    expect(driverRoleEvents(fold({ ...signedUp, data: { ...signedUp.data, role: 'maintenanceHead' } }), 'Crane')).toEqual([]);
  });
});
