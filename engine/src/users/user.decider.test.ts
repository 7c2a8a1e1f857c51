import { describe, expect, it } from 'vitest';
import { MESSAGES, SERVER_MESSAGES, type Actor, type UserEvent } from '@plantride/schemas';
import { NOW, SYSTEM, commandSpec } from '../test-support/decider-spec';
import { driverEvents } from '../test-support/driver-events';
import {
  changeUser,
  decideDriverRegistration,
  driverRecordAddedEvents,
  driverRoleEvents,
  evolveUser,
  issueAccessCode,
  resetPassword,
  signOut,
  signUp,
  type ChangeUserCommand,
  type DecideDriverRegistration,
  type IssueAccessCode,
  type ResetPassword,
  type SignUpUser,
  type UserState,
} from './user.decider';

const tokenNo = 'AB12';
const admin: Actor = { tokenNo: 'AD01', role: 'admin' };
// Whoever signs up is, to the route, the requester he would become.
const anonymous: Actor = { tokenNo, role: 'requester' };
const signedUp = {
  type: 'UserSignedUp',
  data: { tokenNo, name: 'Asha Rao', mobile: '9000000001', role: 'requester', passwordHash: 'scrypt$hash' },
} as const;
const asRole = (role: 'driver' | 'admin') => ({ ...signedUp, data: { ...signedUp.data, role } });
const madeDriver = { type: 'UserRoleChanged', data: { tokenNo, role: 'driver', assignedVehicleType: 'Crane' } } as const;

describe('sign up', () => {
  const spec = commandSpec(signUp);
  const register = (data: Partial<SignUpUser['data']> = {}): SignUpUser => ({
    type: 'SignUp',
    data: { tokenNo, name: 'Asha Rao', mobile: '9000000001', passwordHash: 'scrypt$hash', ...data },
  });

  it('given no account, when someone signs up, then a requester account is created with the hash only', () => {
    spec
      .given({})
      .when(register(), anonymous)
      .then({ account: [signedUp] });
  });

  // The admin's record of D-operator AB12, with the activation code he was given (its hash) and when it expires.
  const CODE_HASH = 'sha256-of-the-code';
  const record = driverEvents.added(tokenNo, 0, { name: 'Ravi Kumar', mobile: '9876543210', vehicleAssigned: 'Crane' });
  const codeIssued = (expiresAt = '2026-12-02T08:00:00.000Z') =>
    ({
      type: 'DriverActivationCodeIssued',
      data: { operatorId: tokenNo, codeHash: CODE_HASH, issuedAt: '2026-11-25T07:00:00.000Z', expiresAt },
    }) as const;
  const codeUsed = { type: 'DriverActivationCodeUsed', data: { operatorId: tokenNo } } as const;
  const withCode = (data: Partial<SignUpUser['data']> = {}) => register({ activationCodeHash: CODE_HASH, ...data });
  const pending = { type: 'DriverRegistrationRequested', data: { tokenNo } } as const;

  it("given a driver record with his activation code, when he signs up with it and without a name, then he is that driver, with the record's name and mobile and his vehicle type as its own fact, and the code is used", () => {
    spec
      .given({ driver: [record, codeIssued()] })
      .when(withCode({ name: null, mobile: null }), anonymous)
      .then({
        account: [
          {
            type: 'UserSignedUp',
            data: { tokenNo, name: 'Ravi Kumar', mobile: '9876543210', role: 'driver', passwordHash: 'scrypt$hash' },
          },
          madeDriver,
        ],
        driver: [codeUsed],
      });
  });

  it('given a driver record with his code, when he signs up with it and his own name, then his name is kept', () => {
    spec
      .given({ driver: [record, codeIssued()] })
      .when(withCode(), anonymous)
      .then({ account: [asRole('driver'), madeDriver], driver: [codeUsed] });
  });

  it('given a driver record with no vehicle, when he signs up with his code, then he is a driver with no vehicle type yet', () => {
    spec
      .given({ driver: [driverEvents.added(tokenNo, 0, { vehicleAssigned: '' }), codeIssued()] })
      .when(withCode(), anonymous)
      .then({ account: [asRole('driver')], driver: [codeUsed] });
  });

  it("given a driver record, when someone signs up on its token number without the code, then the account is a requester waiting for approval, with none of the record's details", () => {
    spec
      .given({ driver: [record, codeIssued()] })
      .when(register({ name: null, mobile: null }), anonymous)
      .then({
        account: [
          { type: 'UserSignedUp', data: { tokenNo, name: '', mobile: '', role: 'requester', passwordHash: 'scrypt$hash' } },
          pending,
        ],
      });
  });

  it.each([
    ['a wrong code', [record, codeIssued()], 'another-hash'],
    ['an expired code', [record, codeIssued('2026-11-25T08:00:00.000Z')], CODE_HASH],
    ['a used code', [record, codeIssued(), codeUsed], CODE_HASH],
    ['no code issued', [record], CODE_HASH],
    ['no driver record', [], CODE_HASH],
  ])('given %s, when someone signs up with it, then one refusal says the code is not valid and nothing is recorded', (_, given, hash) => {
    spec
      .given({ driver: given })
      .when(withCode({ activationCodeHash: hash }), anonymous)
      .thenThrows(401, SERVER_MESSAGES.invalidActivationCode);
  });

  it('given a newer code for the driver, when he signs up with the older one, then it is refused; with the newer it works', () => {
    const newer = {
      type: 'DriverActivationCodeIssued',
      data: { operatorId: tokenNo, codeHash: 'newer-hash', issuedAt: NOW.toISOString(), expiresAt: '2026-12-02T08:00:00.000Z' },
    } as const;
    spec
      .given({ driver: [record, codeIssued(), newer] })
      .when(withCode(), anonymous)
      .thenThrows(401, SERVER_MESSAGES.invalidActivationCode);
    spec
      .given({ driver: [record, codeIssued(), newer] })
      .when(withCode({ activationCodeHash: 'newer-hash' }), anonymous)
      .then({ account: [asRole('driver'), madeDriver], driver: [codeUsed] });
  });

  it("given someone made a pending account on a driver's number, when the driver signs up with his code, then the account is his: his password, approved, his role and the record's details filled in", () => {
    const squatted = {
      type: 'UserSignedUp',
      data: { tokenNo, name: '', mobile: '', role: 'requester', passwordHash: 'scrypt$other' },
    } as const;
    spec
      .given({ driver: [record, codeIssued()], account: [squatted, pending] })
      .when(withCode(), anonymous)
      .then({
        account: [
          { type: 'UserPasswordReset', data: { tokenNo, passwordHash: 'scrypt$hash' } },
          { type: 'DriverRegistrationApproved', data: { tokenNo } },
          madeDriver,
          { type: 'UserProfileUpdated', data: { tokenNo, name: 'Ravi Kumar', mobile: '9876543210' } },
        ],
        driver: [codeUsed],
      });
  });

  it('given a driver or staff account on the number, when someone signs up with the right code, then it is already registered', () => {
    spec
      .given({ driver: [record, codeIssued()], account: [asRole('driver'), madeDriver] })
      .when(withCode(), anonymous)
      .thenThrows(409, SERVER_MESSAGES.tokenAlreadyRegistered);
    spec
      .given({ driver: [record, codeIssued()], account: [asRole('admin')] })
      .when(withCode(), anonymous)
      .thenThrows(409, SERVER_MESSAGES.tokenAlreadyRegistered);
  });

  it('given a driver record, when the system creates his account, then he is that driver without a code', () => {
    spec
      .given({ driver: [record] })
      .when(register({ role: 'driver', assignedVehicleType: 'Crane' }), SYSTEM)
      .then({ account: [asRole('driver'), madeDriver] });
  });

  it('given no account, when someone signing up names a role, then he is refused; the system may name one', () => {
    spec
      .given({})
      .when(register({ role: 'admin' }), anonymous)
      .thenThrows(403, SERVER_MESSAGES.forbidden);
    spec
      .given({})
      .when(register({ role: 'driver', assignedVehicleType: 'Crane' }), anonymous)
      .thenThrows(403, SERVER_MESSAGES.forbidden);
    spec
      .given({})
      .when(register({ role: 'admin' }), SYSTEM)
      .then({ account: [asRole('admin')] });
  });

  it('given no account, when the system creates a driver with a vehicle type, then the vehicle is recorded as its own fact', () => {
    spec
      .given({})
      .when(register({ role: 'driver', assignedVehicleType: 'Crane' }), SYSTEM)
      .then({ account: [asRole('driver'), madeDriver] });
  });

  it('given no account, when a requester is created with a vehicle type, then it is refused', () => {
    spec
      .given({})
      .when(register({ role: 'requester', assignedVehicleType: 'AMR' }), SYSTEM)
      .thenThrows(400, SERVER_MESSAGES.invalidRequest);
  });

  it('given an account, when the token number signs up again, then it is refused as already registered', () => {
    spec
      .given({ account: [signedUp] })
      .when(register(), anonymous)
      .thenThrows(409, SERVER_MESSAGES.tokenAlreadyRegistered);
  });
});

describe('change a user', () => {
  const spec = commandSpec(changeUser);
  const change = (data: Omit<ChangeUserCommand['data'], 'tokenNo'>): ChangeUserCommand => ({
    type: 'ChangeUser',
    data: { tokenNo, ...data },
  });

  it('given a requester, when an admin makes him a Crane driver, then his role changes with the vehicle', () => {
    spec
      .given({ account: [signedUp] })
      .when(change({ role: 'driver', assignedVehicleType: 'Crane' }), admin)
      .then({ account: [madeDriver] });
  });

  it('given a driver, when an admin makes him a requester, then his vehicle type is cleared', () => {
    spec
      .given({ account: [signedUp, madeDriver] })
      .when(change({ role: 'requester' }), admin)
      .then({ account: [{ type: 'UserRoleChanged', data: { tokenNo, role: 'requester', assignedVehicleType: null } }] });
  });

  it('given a requester, when an admin gives him a vehicle type without the driver role, then it is refused', () => {
    spec
      .given({ account: [signedUp] })
      .when(change({ assignedVehicleType: 'Forklift' }), admin)
      .thenThrows(400, SERVER_MESSAGES.invalidRequest);
  });

  it('given an account, when an admin changes name and mobile, then the profile is updated', () => {
    spec
      .given({ account: [signedUp] })
      .when(change({ name: 'Asha Menon', mobile: '9111111111' }), admin)
      .then({ account: [{ type: 'UserProfileUpdated', data: { tokenNo, name: 'Asha Menon', mobile: '9111111111' } }] });
  });

  it('given an account, when an admin blocks and later unblocks it, then each is a fact', () => {
    spec
      .given({ account: [signedUp] })
      .when(change({ isBlocked: true }), admin)
      .then({ account: [{ type: 'UserBlocked', data: { tokenNo } }] });
    spec
      .given({ account: [signedUp, { type: 'UserBlocked', data: { tokenNo } }] })
      .when(change({ isBlocked: false }), admin)
      .then({ account: [{ type: 'UserUnblocked', data: { tokenNo } }] });
  });

  it('given an account, when an admin sends what it already is, then nothing happens', () => {
    spec
      .given({ account: [signedUp] })
      .when(change({ role: 'requester', name: 'Asha Rao', mobile: '9000000001', isBlocked: false }), admin)
      .then({});
  });

  it('given an admin, when he removes his own admin role or blocks himself, then it is refused; his own profile he may edit', () => {
    const self: Actor = { tokenNo, role: 'admin' };
    spec
      .given({ account: [asRole('admin')] })
      .when(change({ role: 'requester' }), self)
      .thenThrows(403, SERVER_MESSAGES.forbidden);
    spec
      .given({ account: [asRole('admin')] })
      .when(change({ isBlocked: true }), self)
      .thenThrows(403, SERVER_MESSAGES.forbidden);
    spec
      .given({ account: [asRole('admin')] })
      .when(change({ name: 'Asha R' }), self)
      .then({ account: [{ type: 'UserProfileUpdated', data: { tokenNo, name: 'Asha R', mobile: '9000000001' } }] });
  });

  it('given no account, when it is changed, then the user is not found', () => {
    spec
      .given({})
      .when(change({ role: 'admin' }), admin)
      .thenThrows(404, MESSAGES.userNotFound);
  });
});

describe('one-time codes and password reset', () => {
  const issue = commandSpec(issueAccessCode);
  const reset = commandSpec(resetPassword);
  const issueCode: IssueAccessCode = { type: 'IssueAccessCode', data: { tokenNo, codeHash: 'code-hash', ttlMs: 7 * 24 * 3_600_000 } };
  const times = { issuedAt: NOW.toISOString(), expiresAt: '2026-12-02T08:00:00.000Z' };
  const resetCodeIssued = { type: 'PasswordResetCodeIssued', data: { tokenNo, codeHash: 'code-hash', ...times } } as const;
  const resetWith = (codeHash: string): ResetPassword => ({
    type: 'ResetPassword',
    data: { tokenNo, codeHash, passwordHash: 'scrypt$new' },
  });
  const passwordReset = { type: 'UserPasswordReset', data: { tokenNo, passwordHash: 'scrypt$new' } } as const;

  it('given an account, when an admin resets it, then a password reset code (its hash) is issued, expiring after the given time', () => {
    issue
      .given({ account: [signedUp] })
      .when(issueCode, admin)
      .then({ account: [resetCodeIssued] });
  });

  it('given a driver record with no account, when an admin resets it, then a new activation code is issued on the record', () => {
    issue
      .given({ driver: [driverEvents.added(tokenNo)] })
      .when(issueCode, admin)
      .then({ driver: [{ type: 'DriverActivationCodeIssued', data: { operatorId: tokenNo, codeHash: 'code-hash', ...times } }] });
  });

  it('given neither account nor record, when an admin resets it, then the user is not found; anyone but an admin is refused', () => {
    issue.given({}).when(issueCode, admin).thenThrows(404, MESSAGES.userNotFound);
    issue
      .given({ account: [signedUp] })
      .when(issueCode, anonymous)
      .thenThrows(403, SERVER_MESSAGES.forbidden);
    issue
      .given({ account: [signedUp] })
      .when(issueCode, { tokenNo: 'MH01', role: 'maintenanceHead' })
      .thenThrows(403, SERVER_MESSAGES.forbidden);
  });

  it('given a reset code, when its holder sets a new password with it, then the password is replaced', () => {
    reset
      .given({ account: [signedUp, resetCodeIssued] })
      .when(resetWith('code-hash'), anonymous)
      .then({ account: [passwordReset] });
  });

  it.each([
    ['a wrong code', [signedUp, resetCodeIssued], 'other-hash', NOW],
    ['an expired code', [signedUp, resetCodeIssued], 'code-hash', new Date('2026-12-02T08:00:00.000Z')],
    ['a used code', [signedUp, resetCodeIssued, passwordReset], 'code-hash', NOW],
    ['no code issued', [signedUp], 'code-hash', NOW],
    ['no account', [], 'code-hash', NOW],
  ] as const)('given %s, when a password is reset with it, then one refusal says the code is not valid', (_, given, hash, now) => {
    reset
      .given({ account: [...given] })
      .when(resetWith(hash), anonymous, now)
      .thenThrows(401, SERVER_MESSAGES.invalidActivationCode);
  });

  it('given an account, when its password is reset, then its sessions end, the new hash counts and the code is spent', () => {
    const after = fold(signedUp, resetCodeIssued, passwordReset);
    expect(after).toMatchObject({ passwordHash: 'scrypt$new', sessionVersion: 1, resetCode: null });
    expect(fold(signedUp, resetCodeIssued)?.sessionVersion).toBe(0);
  });
});

describe('pending driver registrations', () => {
  const spec = commandSpec(decideDriverRegistration);
  const approve: DecideDriverRegistration = { type: 'ApproveDriverRegistration', data: { tokenNo } };
  const reject: DecideDriverRegistration = { type: 'RejectDriverRegistration', data: { tokenNo } };
  const unnamed = {
    type: 'UserSignedUp',
    data: { tokenNo, name: '', mobile: '', role: 'requester', passwordHash: 'scrypt$hash' },
  } as const;
  const pending = { type: 'DriverRegistrationRequested', data: { tokenNo } } as const;
  const record = driverEvents.added(tokenNo, 0, { name: 'Ravi Kumar', mobile: '9876543210', vehicleAssigned: 'Crane' });

  it('given a pending registration, when the admin approves it, then the account is the recorded driver, as a sign-up with his code makes him', () => {
    spec
      .given({ account: [unnamed, pending], driver: [record] })
      .when(approve, admin)
      .then({
        account: [
          { type: 'DriverRegistrationApproved', data: { tokenNo } },
          madeDriver,
          { type: 'UserProfileUpdated', data: { tokenNo, name: 'Ravi Kumar', mobile: '9876543210' } },
        ],
      });
  });

  it('given a pending registration with its own name and mobile, when it is approved, then they are kept', () => {
    spec
      .given({ account: [signedUp, pending], driver: [record] })
      .when(approve, admin)
      .then({ account: [{ type: 'DriverRegistrationApproved', data: { tokenNo } }, madeDriver] });
  });

  it('given a pending registration, when the admin rejects it, then it stays a requester', () => {
    spec
      .given({ account: [unnamed, pending], driver: [record] })
      .when(reject, admin)
      .then({ account: [{ type: 'DriverRegistrationRejected', data: { tokenNo } }] });
    expect(fold(unnamed, pending, { type: 'DriverRegistrationRejected', data: { tokenNo } })).toMatchObject({
      role: 'requester',
      pendingDriverRegistration: false,
    });
  });

  it('given no pending registration (none, approved or rejected), when it is approved or rejected, then it is refused', () => {
    for (const command of [approve, reject]) {
      spec
        .given({ account: [signedUp], driver: [record] })
        .when(command, admin)
        .thenThrows(409, SERVER_MESSAGES.noPendingRegistration);
      spec
        .given({ account: [unnamed, pending, { type: 'DriverRegistrationRejected', data: { tokenNo } }], driver: [record] })
        .when(command, admin)
        .thenThrows(409, SERVER_MESSAGES.noPendingRegistration);
      spec
        .given({ driver: [record] })
        .when(command, admin)
        .thenThrows(404, MESSAGES.userNotFound);
    }
  });

  it('given a pending registration, when anyone but an admin decides it, then it is refused', () => {
    spec
      .given({ account: [unnamed, pending], driver: [record] })
      .when(approve, { tokenNo: 'MH01', role: 'maintenanceHead' })
      .thenThrows(403, SERVER_MESSAGES.forbidden);
    spec
      .given({ account: [unnamed, pending], driver: [record] })
      .when(approve, anonymous)
      .thenThrows(403, SERVER_MESSAGES.forbidden);
  });
});

describe('sign out', () => {
  const spec = commandSpec(signOut);

  it('given an account, when it signs out, then its sessions end', () => {
    spec
      .given({ account: [signedUp] })
      .when({ type: 'SignOut', data: { tokenNo } }, anonymous)
      .then({ account: [{ type: 'UserSignedOut', data: { tokenNo } }] });
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
    expect(fold(signedUp, { type: 'UserBlocked', data: { tokenNo } }, { type: 'UserUnblocked', data: { tokenNo } })?.sessionVersion).toBe(
      1,
    );
    expect(
      fold(signedUp, madeDriver, { type: 'UserRoleChanged', data: { tokenNo, role: 'driver', assignedVehicleType: 'AMR' } })
        ?.sessionVersion,
    ).toBe(1);
    expect(fold(signedUp, { type: 'UserProfileUpdated', data: { tokenNo, name: 'A', mobile: '' } })?.sessionVersion).toBe(0);
  });

  it('given a driver record, when it asks its account to serve its type, then only a driver account of another type changes; requesters, staff and one already so are left alone', () => {
    expect(driverRoleEvents(null, 'Crane')).toEqual([]);
    expect(driverRoleEvents(fold(signedUp), 'Crane')).toEqual([]);
    expect(
      driverRoleEvents(fold(asRole('driver'), { ...madeDriver, data: { ...madeDriver.data, assignedVehicleType: 'AMR' } }), 'Crane'),
    ).toEqual([madeDriver]);
    expect(driverRoleEvents(fold(signedUp, madeDriver), 'Crane')).toEqual([]);
    expect(driverRoleEvents(fold(asRole('admin')), 'Crane')).toEqual([]);
    expect(driverRoleEvents(fold({ ...signedUp, data: { ...signedUp.data, role: 'maintenanceHead' } }), 'Crane')).toEqual([]);
  });

  it('given a new driver record, when it meets a requester account on its number, then the account waits for approval (once), never made a driver by the record alone', () => {
    const pending = { type: 'DriverRegistrationRequested', data: { tokenNo } } as const;
    expect(driverRecordAddedEvents(fold(signedUp), 'Crane')).toEqual([pending]);
    expect(driverRecordAddedEvents(fold(signedUp, pending), 'Crane')).toEqual([]);
    expect(driverRecordAddedEvents(fold(asRole('admin')), 'Crane')).toEqual([]);
  });
});
