import {
  MESSAGES,
  SERVER_MESSAGES,
  endsSessions,
  userStreamId,
  vehicleTypeSchema,
  type Actor,
  type ChangeUser,
  type DriverEvent,
  type Language,
  type Role,
  type UserEvent,
  type VehicleType,
} from '@plantride/schemas';
import type { CommandHandler, StreamRef } from '../commands/command-handler';
import { actorTokenNo, actsAs, requireActor } from '../commands/actors';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../commands/errors';
import { accessCodeTimes, accessCodeValid, type StoredAccessCode } from '../auth/access-code';
import { driverStream, type DriverState } from '../drivers/driver.decider';

/** An account as its stream tells it. */
export interface User {
  tokenNo: string;
  name: string;
  mobile: string;
  role: Role;
  assignedVehicleType: VehicleType | null;
  isBlocked: boolean;
  passwordHash: string;
  /**
   * Bumped by every fact that ends the sessions issued before it (`endsSessions`: sign-out, block,
   * password reset, a new role).
   * Sign-in writes it into the token; a token carrying an older one is no longer honoured.
   */
  sessionVersion: number;
  /** Signed up on a recorded driver's token number without his activation code: no driver rights until the admin approves. */
  pendingDriverRegistration: boolean;
  /** The unused password-reset code the admin issued last, or null. */
  resetCode: StoredAccessCode | null;
  /** The language he chose for his screens; null until he chooses one. */
  language: Language | null;
}

/** No account yet, or the account. */
export type UserState = User | null;

/**
 * Create an account. The route hashes the password (and the activation code); the decision never
 * sees either. People signing up give no role: an operator the admin recorded as a driver becomes
 * that driver with the activation code the admin gave him, without it a pending driver registration;
 * anyone else a requester. The system (bootstrap, demo) names the role.
 */
export interface SignUpUser {
  type: 'SignUp';
  data: {
    tokenNo: string;
    name: string | null;
    mobile: string | null;
    passwordHash: string;
    role?: Role;
    assignedVehicleType?: VehicleType | null;
    activationCodeHash?: string;
  };
}

/** An admin issues a one-time code: a password reset for an account, else the activation code of a recorded driver who has none. */
export interface IssueAccessCode {
  type: 'IssueAccessCode';
  data: { tokenNo: string; codeHash: string; ttlMs: number };
}

/** Someone sets a new password with the reset code the admin gave him. */
export interface ResetPassword {
  type: 'ResetPassword';
  data: { tokenNo: string; codeHash: string; passwordHash: string };
}

/** An admin approves or rejects a pending driver registration (Driver Info). */
export interface DecideDriverRegistration {
  type: 'ApproveDriverRegistration' | 'RejectDriverRegistration';
  data: { tokenNo: string };
}

/** An admin's change of role, vehicle type, profile or block; omitted fields stay as they are. */
export interface ChangeUserCommand {
  type: 'ChangeUser';
  data: ChangeUser['data'] & { isBlocked?: boolean };
}

/** The user chooses the language his screens speak. */
export interface ChooseLanguage {
  type: 'ChooseLanguage';
  data: { tokenNo: string; language: Language };
}

export interface SignOutUser {
  type: 'SignOut';
  data: { tokenNo: string };
}

/** The driver record an operator id has, as far as his account needs it. */
function recordedVehicle(driver: DriverState): { vehicleType: VehicleType | null } | null {
  if (!driver.record) return null;
  const vehicle = vehicleTypeSchema.safeParse(driver.record.vehicleAssigned);
  return { vehicleType: vehicle.success ? vehicle.data : null };
}

type SignUpDecision = { account: UserEvent[]; driver?: DriverEvent[] };

/** The account on a recorded driver's id, as his record tells it: his name and mobile unless he gave his own, and his vehicle type as its own fact. */
function recordedDriverEvents(data: SignUpUser['data'], driver: DriverState): UserEvent[] {
  const { tokenNo, passwordHash } = data;
  const vehicleType = recordedVehicle(driver)?.vehicleType ?? null;
  const name = data.name ?? driver.record?.name ?? '';
  const mobile = data.mobile ?? driver.record?.mobile ?? '';
  const events: UserEvent[] = [{ type: 'UserSignedUp', data: { tokenNo, name, mobile, role: 'driver', passwordHash } }];
  if (vehicleType) events.push({ type: 'UserRoleChanged', data: { tokenNo, role: 'driver', assignedVehicleType: vehicleType } });
  return events;
}

/**
 * Sign-up with the activation code of a recorded driver: the code proves he is the operator the
 * admin recorded. An account someone made on his number meanwhile (a requester, maybe a pending
 * registration) becomes his: his password replaces the other's, whose sessions end. A driver's or
 * staff account stays as it is. A wrong, expired or used code is one refusal, whichever it was.
 */
function activatedSignUp(data: SignUpUser['data'], codeHash: string, user: UserState, driver: DriverState, now: Date): SignUpDecision {
  const { record } = driver;
  if (!record || !accessCodeValid(driver.activationCode, codeHash, now)) throw unauthorized(SERVER_MESSAGES.invalidActivationCode);
  const used: DriverEvent[] = [{ type: 'DriverActivationCodeUsed', data: { operatorId: record.operatorId } }];
  if (!user) return { account: recordedDriverEvents(data, driver), driver: used };
  if (user.role !== 'requester') throw conflict(SERVER_MESSAGES.tokenAlreadyRegistered);
  const { tokenNo } = user;
  const events: UserEvent[] = [{ type: 'UserPasswordReset', data: { tokenNo, passwordHash: data.passwordHash } }];
  if (user.pendingDriverRegistration) events.push({ type: 'DriverRegistrationApproved', data: { tokenNo } });
  events.push(...asRecordedDriver(user, driver));
  return { account: events, driver: used };
}

function signUpEvents({ data }: SignUpUser, user: UserState, driver: DriverState, actor: Actor, now: Date): SignUpDecision {
  const trusted = 'system' in actor;
  if (data.role !== undefined && !trusted) throw forbidden();
  // A robot's operator id (issue #33 item 4) is no person's token number: nobody signs up on it.
  if (driver.robot) throw conflict(SERVER_MESSAGES.tokenAlreadyRegistered);
  if (data.activationCodeHash !== undefined) return activatedSignUp(data, data.activationCodeHash, user, driver, now);
  if (user) throw conflict(SERVER_MESSAGES.tokenAlreadyRegistered);
  const recorded = recordedVehicle(driver);
  const { tokenNo, passwordHash } = data;
  // A recorded driver's token number without his code proves nothing: the account waits for the admin, with no driver rights and none of the record's details.
  if (recorded && !trusted) {
    const signedUp: UserEvent = {
      type: 'UserSignedUp',
      data: { tokenNo, name: data.name ?? '', mobile: data.mobile ?? '', role: 'requester', passwordHash },
    };
    return { account: [signedUp, { type: 'DriverRegistrationRequested', data: { tokenNo } }] };
  }
  const role = data.role ?? (recorded ? 'driver' : 'requester');
  const assignedVehicleType = data.assignedVehicleType !== undefined ? data.assignedVehicleType : (recorded?.vehicleType ?? null);
  if (role !== 'driver' && assignedVehicleType !== null) throw badRequest(SERVER_MESSAGES.invalidRequest);
  const name = data.name ?? driver.record?.name ?? '';
  const mobile = data.mobile ?? driver.record?.mobile ?? '';
  const events: UserEvent[] = [{ type: 'UserSignedUp', data: { tokenNo, name, mobile, role, passwordHash } }];
  // The vehicle a driver serves is a fact of its own, the same one an admin's later change records.
  if (assignedVehicleType) events.push({ type: 'UserRoleChanged', data: { tokenNo, role, assignedVehicleType } });
  return { account: events };
}

/** An existing account made the recorded driver: his role and vehicle type, and the record's name and mobile where the account has none. */
function asRecordedDriver(user: User, driver: DriverState): UserEvent[] {
  const { tokenNo } = user;
  const assignedVehicleType = recordedVehicle(driver)?.vehicleType ?? null;
  const events: UserEvent[] = [{ type: 'UserRoleChanged', data: { tokenNo, role: 'driver', assignedVehicleType } }];
  const name = user.name || driver.record?.name || '';
  const mobile = user.mobile || driver.record?.mobile || '';
  if (name !== user.name || mobile !== user.mobile) events.push({ type: 'UserProfileUpdated', data: { tokenNo, name, mobile } });
  return events;
}

function change({ data }: ChangeUserCommand, user: User, actorTokenNo: string | null): UserEvent[] {
  const role = data.role ?? user.role;
  if (role !== 'driver' && data.assignedVehicleType) throw badRequest(SERVER_MESSAGES.invalidRequest);
  const assignedVehicleType =
    role !== 'driver' ? null : data.assignedVehicleType !== undefined ? data.assignedVehicleType : user.assignedVehicleType;
  const isBlocked = data.isBlocked ?? user.isBlocked;
  // An admin locking himself out could leave the plant without one.
  if (actorTokenNo === user.tokenNo && (role !== user.role || isBlocked)) throw forbidden();
  const name = data.name ?? user.name;
  const mobile = data.mobile ?? user.mobile;
  const { tokenNo } = user;
  const events: UserEvent[] = [];
  if (role !== user.role || assignedVehicleType !== user.assignedVehicleType)
    events.push({ type: 'UserRoleChanged', data: { tokenNo, role, assignedVehicleType } });
  if (name !== user.name || mobile !== user.mobile) events.push({ type: 'UserProfileUpdated', data: { tokenNo, name, mobile } });
  if (isBlocked !== user.isBlocked) events.push({ type: isBlocked ? 'UserBlocked' : 'UserUnblocked', data: { tokenNo } });
  return events;
}

export function evolveUser(user: UserState, event: UserEvent): UserState {
  if (event.type === 'UserSignedUp') {
    const { tokenNo, name, mobile, role, passwordHash } = event.data;
    return {
      tokenNo,
      name,
      mobile,
      role,
      assignedVehicleType: null,
      isBlocked: false,
      passwordHash,
      sessionVersion: 0,
      pendingDriverRegistration: false,
      resetCode: null,
      language: null,
    };
  }
  if (!user) return user;
  const next = applyUserEvent(user, event);
  // Whether the sessions issued before it still hold is the schemas' one rule, not this fold's.
  return endsSessions(event, user.role) ? { ...next, sessionVersion: user.sessionVersion + 1 } : next;
}

function applyUserEvent(user: User, event: Exclude<UserEvent, { type: 'UserSignedUp' }>): User {
  switch (event.type) {
    case 'UserRoleChanged': {
      const { role, assignedVehicleType } = event.data;
      return { ...user, role, assignedVehicleType };
    }
    case 'UserProfileUpdated':
      return { ...user, name: event.data.name, mobile: event.data.mobile };
    case 'UserBlocked':
      return { ...user, isBlocked: true };
    case 'UserUnblocked':
      return { ...user, isBlocked: false };
    case 'UserSignedOut':
      return user;
    case 'PasswordResetCodeIssued':
      return { ...user, resetCode: { codeHash: event.data.codeHash, expiresAt: event.data.expiresAt } };
    case 'UserPasswordReset':
      return { ...user, passwordHash: event.data.passwordHash, resetCode: null };
    case 'DriverRegistrationRequested':
      return { ...user, pendingDriverRegistration: true };
    case 'DriverRegistrationApproved':
    case 'DriverRegistrationRejected':
      return { ...user, pendingDriverRegistration: false };
    case 'LanguageChosen':
      return { ...user, language: event.data.language };
  }
}

/** The `user-{tokenNo}` stream: an account as its events tell it. */
export function userStream(tokenNo: string): StreamRef<UserState, UserEvent> {
  return { id: userStreamId(tokenNo), initial: () => null, evolve: evolveUser };
}

/**
 * What a driver record asks of the account on its operator id: a driver account serves the record's
 * vehicle type. No account yet (signing up reads the record), a staff account (a record never demotes
 * an admin) or a requester asks nothing: whoever made a requester account on that number has not
 * shown he is the operator (see `driverRecordAddedEvents`).
 */
export function driverRoleEvents(user: UserState, assignedVehicleType: VehicleType | null): UserEvent[] {
  if (!user || user.role !== 'driver' || user.assignedVehicleType === assignedVehicleType) return [];
  return [{ type: 'UserRoleChanged', data: { tokenNo: user.tokenNo, role: 'driver', assignedVehicleType } }];
}

/**
 * A new driver record and the account on its operator id: a driver account serves the record's type;
 * a requester account becomes a pending driver registration, for the admin to approve in Driver Info
 * (or for the operator to claim with the activation code).
 */
export function driverRecordAddedEvents(user: UserState, assignedVehicleType: VehicleType | null): UserEvent[] {
  if (user?.role === 'requester')
    return user.pendingDriverRegistration ? [] : [{ type: 'DriverRegistrationRequested', data: { tokenNo: user.tokenNo } }];
  return driverRoleEvents(user, assignedVehicleType);
}

/** POST /api/auth/signup (and the system's accounts): the account and, on a recorded driver's id, his role, read together with the record (and its activation code, then used). */
export const signUp: CommandHandler<SignUpUser, { account: StreamRef<UserState, UserEvent>; driver: StreamRef<DriverState, DriverEvent> }> =
  {
    streams: (command) => ({ account: userStream(command.data.tokenNo), driver: driverStream(command.data.tokenNo) }),
    decide: (command, { account, driver }, { actor, now }) => signUpEvents(command, account, driver, actor, now),
  };

type AccountAndRecord = { account: StreamRef<UserState, UserEvent>; driver: StreamRef<DriverState, DriverEvent> };
const accountAndRecord = (tokenNo: string): AccountAndRecord => ({ account: userStream(tokenNo), driver: driverStream(tokenNo) });

/**
 * POST /api/users/{tokenNo}/reset-code and Driver Info's reset (admin): an account gets a password
 * reset code; a recorded driver without an account gets a new activation code (the last one issued
 * is the one that works). Only the code's hash is stored.
 */
export const issueAccessCode: CommandHandler<IssueAccessCode, AccountAndRecord> = {
  streams: (command) => accountAndRecord(command.data.tokenNo),
  decide(command, { account, driver }, { actor, now }) {
    requireActor(actor, 'admin');
    const { codeHash, ttlMs } = command.data;
    const times = accessCodeTimes(now, ttlMs);
    if (account) return { account: [{ type: 'PasswordResetCodeIssued', data: { tokenNo: account.tokenNo, codeHash, ...times } }] };
    if (driver.record)
      return { driver: [{ type: 'DriverActivationCodeIssued', data: { operatorId: driver.record.operatorId, codeHash, ...times } }] };
    throw notFound(MESSAGES.userNotFound);
  },
};

/** POST /api/auth/reset-password: the right, unexpired, unused reset code sets the new password and ends every session of the account. */
export const resetPassword: CommandHandler<ResetPassword, { account: StreamRef<UserState, UserEvent> }> = {
  streams: (command) => ({ account: userStream(command.data.tokenNo) }),
  decide(command, { account }, { now }) {
    // No account, no code, a wrong, expired or used one: one answer, so none of them is revealed.
    if (!account || !accessCodeValid(account.resetCode, command.data.codeHash, now))
      throw unauthorized(SERVER_MESSAGES.invalidActivationCode);
    return { account: [{ type: 'UserPasswordReset', data: { tokenNo: account.tokenNo, passwordHash: command.data.passwordHash } }] };
  },
};

/**
 * POST /api/drivers/registrations/{tokenNo}/approve and /reject (admin): approval makes the pending
 * account the recorded driver (as a sign-up with his code would); rejection leaves it a requester.
 */
export const decideDriverRegistration: CommandHandler<DecideDriverRegistration, AccountAndRecord> = {
  streams: (command) => accountAndRecord(command.data.tokenNo),
  decide(command, { account, driver }, { actor }) {
    requireActor(actor, 'admin');
    if (!account) throw notFound(MESSAGES.userNotFound);
    if (!account.pendingDriverRegistration) throw conflict(SERVER_MESSAGES.noPendingRegistration);
    const { tokenNo } = account;
    if (command.type === 'RejectDriverRegistration') return { account: [{ type: 'DriverRegistrationRejected', data: { tokenNo } }] };
    if (!driver.record) throw notFound(SERVER_MESSAGES.driverNotFound);
    return { account: [{ type: 'DriverRegistrationApproved', data: { tokenNo } }, ...asRecordedDriver(account, driver)] };
  },
};

/** PUT /api/users/{tokenNo} (admin). */
export const changeUser: CommandHandler<ChangeUserCommand, { account: StreamRef<UserState, UserEvent> }> = {
  streams: (command) => ({ account: userStream(command.data.tokenNo) }),
  decide(command, { account }, { actor }) {
    requireActor(actor, 'admin');
    if (!account) throw notFound(MESSAGES.userNotFound);
    return { account: change(command, account, actorTokenNo(actor)) };
  },
};

/** POST /api/auth/logout: every session of the account issued so far ends. */
export const signOut: CommandHandler<SignOutUser, { account: StreamRef<UserState, UserEvent> }> = {
  streams: (command) => ({ account: userStream(command.data.tokenNo) }),
  decide(command, { account }, { actor }) {
    // One's own sessions only.
    if (!actsAs(actor) && actorTokenNo(actor) !== command.data.tokenNo) throw forbidden();
    if (!account) throw notFound(MESSAGES.userNotFound);
    return { account: [{ type: 'UserSignedOut', data: { tokenNo: account.tokenNo } }] };
  },
};

/** PUT /api/users/me/language: one's own choice, recorded once; the same language again records nothing. */
export const chooseLanguage: CommandHandler<ChooseLanguage, { account: StreamRef<UserState, UserEvent> }> = {
  streams: (command) => ({ account: userStream(command.data.tokenNo) }),
  decide(command, { account }, { actor }) {
    if (actorTokenNo(actor) !== command.data.tokenNo) throw forbidden();
    if (!account) throw notFound(MESSAGES.userNotFound);
    const { language } = command.data;
    return { account: account.language === language ? [] : [{ type: 'LanguageChosen', data: { tokenNo: account.tokenNo, language } }] };
  },
};
