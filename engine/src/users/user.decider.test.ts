import { describe, expect, it } from 'vitest';
import { MESSAGES, SERVER_MESSAGES, type Actor, type UserEvent } from '@plantride/schemas';
import { deciderSpec } from '../test-support/decider-spec';
import { userDecider, type SignUpUser, type UserCommand } from './user.decider';

const tokenNo = 'AB12';
const admin: Actor = { tokenNo: 'AD01', role: 'admin' };
const signedUp: UserEvent = { type: 'UserSignedUp', data: { tokenNo, name: 'Asha Rao', mobile: '9000000001', role: 'requester', passwordHash: 'scrypt$hash' } };
const signUp = (overrides: Partial<SignUpUser['data']> = {}): SignUpUser => ({
  type: 'SignUp',
  data: { tokenNo, name: 'Asha Rao', mobile: '9000000001', role: 'requester', assignedVehicleType: null, passwordHash: 'scrypt$hash', ...overrides },
});
const change = (data: Omit<Extract<UserCommand, { type: 'ChangeUser' }>['data'], 'tokenNo'>): UserCommand => ({ type: 'ChangeUser', data: { tokenNo, ...data } });
const madeDriver: UserEvent = { type: 'UserRoleChanged', data: { tokenNo, role: 'driver', assignedVehicleType: 'Crane' } };
const spec = deciderSpec(userDecider);

describe('user decider', () => {
  it('given no account, when a requester signs up, then the account is created with the hash only', () => {
    spec.given([]).when(signUp()).then([signedUp]);
  });

  it('given no account, when a driver is created with a vehicle type, then the vehicle is recorded as its own fact', () => {
    spec
      .given([])
      .when(signUp({ role: 'driver', assignedVehicleType: 'Crane' }))
      .then([{ ...signedUp, data: { ...signedUp.data, role: 'driver' } } as UserEvent, madeDriver]);
  });

  it('given an account, when the token number signs up again, then it is refused as already registered', () => {
    spec.given([signedUp]).when(signUp()).thenThrows(409, SERVER_MESSAGES.tokenAlreadyRegistered);
  });

  it('given no account, when a requester is created with a vehicle type, then it is refused', () => {
    spec.given([]).when(signUp({ assignedVehicleType: 'AMR' })).thenThrows(400, SERVER_MESSAGES.invalidRequest);
  });

  it('given a requester, when an admin makes him a Crane driver, then his role changes with the vehicle', () => {
    spec.given([signedUp]).when(change({ role: 'driver', assignedVehicleType: 'Crane' }), admin).then([madeDriver]);
  });

  it('given a driver, when an admin makes him a requester, then his vehicle type is cleared', () => {
    spec.given([signedUp, madeDriver]).when(change({ role: 'requester' }), admin).then([{ type: 'UserRoleChanged', data: { tokenNo, role: 'requester', assignedVehicleType: null } }]);
  });

  it('given a requester, when an admin gives him a vehicle type without the driver role, then it is refused', () => {
    spec.given([signedUp]).when(change({ assignedVehicleType: 'Forklift' }), admin).thenThrows(400, SERVER_MESSAGES.invalidRequest);
  });

  it('given an account, when an admin changes name and mobile, then the profile is updated', () => {
    spec.given([signedUp]).when(change({ name: 'Asha Menon', mobile: '9111111111' }), admin).then([{ type: 'UserProfileUpdated', data: { tokenNo, name: 'Asha Menon', mobile: '9111111111' } }]);
  });

  it('given an account, when an admin blocks and later unblocks it, then each is a fact', () => {
    spec.given([signedUp]).when(change({ isBlocked: true }), admin).then([{ type: 'UserBlocked', data: { tokenNo } }]);
    spec.given([signedUp, { type: 'UserBlocked', data: { tokenNo } }]).when(change({ isBlocked: false }), admin).then([{ type: 'UserUnblocked', data: { tokenNo } }]);
  });

  it('given an account, when an admin sends what it already is, then nothing happens', () => {
    spec.given([signedUp]).when(change({ role: 'requester', name: 'Asha Rao', mobile: '9000000001', isBlocked: false }), admin).then([]);
  });

  it('given an admin, when he removes his own admin role or blocks himself, then it is refused', () => {
    const self: Actor = { tokenNo, role: 'admin' };
    const adminSignedUp = { ...signedUp, data: { ...signedUp.data, role: 'admin' } } as UserEvent;
    spec.given([adminSignedUp]).when(change({ role: 'requester' }), self).thenThrows(403, SERVER_MESSAGES.forbidden);
    spec.given([adminSignedUp]).when(change({ isBlocked: true }), self).thenThrows(403, SERVER_MESSAGES.forbidden);
    spec.given([adminSignedUp]).when(change({ name: 'Asha R' }), self).then([{ type: 'UserProfileUpdated', data: { tokenNo, name: 'Asha R', mobile: '9000000001' } }]);
  });

  it('given no account, when it is changed or signs out, then the user is not found', () => {
    spec.given([]).when(change({ role: 'admin' }), admin).thenThrows(404, MESSAGES.userNotFound);
    spec.given([]).when({ type: 'SignOut', data: { tokenNo } }).thenThrows(404, MESSAGES.userNotFound);
  });

  it('given an account, when it signs out, then its sessions end', () => {
    spec.given([signedUp]).when({ type: 'SignOut', data: { tokenNo } }).then([{ type: 'UserSignedOut', data: { tokenNo } }]);
  });

  it('given an account, when it signs out, is blocked or changes role, then its session version moves on; a profile edit or a new vehicle does not', () => {
    const versionAfter = (events: UserEvent[]) => events.reduce(userDecider.evolve, userDecider.initialState())?.sessionVersion;
    expect(versionAfter([signedUp])).toBe(0);
    expect(versionAfter([signedUp, { type: 'UserSignedOut', data: { tokenNo } }])).toBe(1);
    expect(versionAfter([signedUp, { type: 'UserBlocked', data: { tokenNo } }, { type: 'UserUnblocked', data: { tokenNo } }])).toBe(1);
    expect(versionAfter([signedUp, madeDriver, { type: 'UserRoleChanged', data: { tokenNo, role: 'driver', assignedVehicleType: 'AMR' } }])).toBe(1);
    expect(versionAfter([signedUp, { type: 'UserProfileUpdated', data: { tokenNo, name: 'A', mobile: '' } }])).toBe(0);
  });
});
