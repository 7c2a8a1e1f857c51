import { MESSAGES, SERVER_MESSAGES, userStreamId, vehicleTypeSchema, type Actor, type ChangeUser, type DriverEvent, type Role, type UserEvent, type VehicleType } from '@plantride/schemas';
import type { CommandHandler, StreamRef } from '../commands/command-handler';
import { actorTokenNo, actsAs, requireActor } from '../commands/actors';
import { badRequest, conflict, forbidden, notFound } from '../commands/errors';
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
   * Bumped by every fact that ends the sessions issued before it (sign-out, block, role change).
   * Sign-in writes it into the token; a token carrying an older one is no longer honoured.
   */
  sessionVersion: number;
}

/** No account yet, or the account. */
export type UserState = User | null;

/**
 * Create an account. The route hashes the password; the decision never sees it. People signing up
 * give no role: an operator the admin recorded as a driver becomes that driver, anyone else a
 * requester. The system (bootstrap, demo) names the role.
 */
export interface SignUpUser {
  type: 'SignUp';
  data: { tokenNo: string; name: string | null; mobile: string | null; passwordHash: string; role?: Role; assignedVehicleType?: VehicleType | null };
}

/** An admin's change of role, vehicle type, profile or block; omitted fields stay as they are. */
export interface ChangeUserCommand {
  type: 'ChangeUser';
  data: ChangeUser['data'] & { isBlocked?: boolean };
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

function signUpEvents({ data }: SignUpUser, user: UserState, driver: DriverState, actor: Actor): UserEvent[] {
  if (user) throw conflict(SERVER_MESSAGES.tokenAlreadyRegistered);
  if (data.role !== undefined && !('system' in actor)) throw forbidden();
  const recorded = recordedVehicle(driver);
  const role = data.role ?? (recorded ? 'driver' : 'requester');
  const assignedVehicleType = data.assignedVehicleType !== undefined ? data.assignedVehicleType : (recorded?.vehicleType ?? null);
  if (role !== 'driver' && assignedVehicleType !== null) throw badRequest(SERVER_MESSAGES.invalidRequest);
  const { tokenNo, passwordHash } = data;
  const name = data.name ?? driver.record?.name ?? '';
  const mobile = data.mobile ?? driver.record?.mobile ?? '';
  const events: UserEvent[] = [{ type: 'UserSignedUp', data: { tokenNo, name, mobile, role, passwordHash } }];
  // The vehicle a driver serves is a fact of its own, the same one an admin's later change records.
  if (assignedVehicleType) events.push({ type: 'UserRoleChanged', data: { tokenNo, role, assignedVehicleType } });
  return events;
}

function change({ data }: ChangeUserCommand, user: User, actorTokenNo: string | null): UserEvent[] {
  const role = data.role ?? user.role;
  if (role !== 'driver' && data.assignedVehicleType) throw badRequest(SERVER_MESSAGES.invalidRequest);
  const assignedVehicleType = role !== 'driver' ? null : data.assignedVehicleType !== undefined ? data.assignedVehicleType : user.assignedVehicleType;
  const isBlocked = data.isBlocked ?? user.isBlocked;
  // An admin locking himself out could leave the plant without one.
  if (actorTokenNo === user.tokenNo && (role !== user.role || isBlocked)) throw forbidden();
  const name = data.name ?? user.name;
  const mobile = data.mobile ?? user.mobile;
  const { tokenNo } = user;
  const events: UserEvent[] = [];
  if (role !== user.role || assignedVehicleType !== user.assignedVehicleType) events.push({ type: 'UserRoleChanged', data: { tokenNo, role, assignedVehicleType } });
  if (name !== user.name || mobile !== user.mobile) events.push({ type: 'UserProfileUpdated', data: { tokenNo, name, mobile } });
  if (isBlocked !== user.isBlocked) events.push({ type: isBlocked ? 'UserBlocked' : 'UserUnblocked', data: { tokenNo } });
  return events;
}

export function evolveUser(user: UserState, event: UserEvent): UserState {
  if (event.type === 'UserSignedUp') {
    const { tokenNo, name, mobile, role, passwordHash } = event.data;
    return { tokenNo, name, mobile, role, assignedVehicleType: null, isBlocked: false, passwordHash, sessionVersion: 0 };
  }
  if (!user) return user;
  switch (event.type) {
    case 'UserRoleChanged': {
      const { role, assignedVehicleType } = event.data;
      return { ...user, role, assignedVehicleType, sessionVersion: user.sessionVersion + (role === user.role ? 0 : 1) };
    }
    case 'UserProfileUpdated':
      return { ...user, name: event.data.name, mobile: event.data.mobile };
    case 'UserBlocked':
      return { ...user, isBlocked: true, sessionVersion: user.sessionVersion + 1 };
    case 'UserUnblocked':
      return { ...user, isBlocked: false };
    case 'UserSignedOut':
      return { ...user, sessionVersion: user.sessionVersion + 1 };
  }
}

/** The `user-{tokenNo}` stream: an account as its events tell it. */
export function userStream(tokenNo: string): StreamRef<UserState, UserEvent> {
  return { id: userStreamId(tokenNo), initial: () => null, evolve: evolveUser };
}

/**
 * What a driver record asks of the account on its operator id: a driver of the record's vehicle
 * type. No account yet (signing up reads the record) or a staff account (a record never demotes an
 * admin) asks nothing, and neither does one that already is.
 */
export function driverRoleEvents(user: UserState, assignedVehicleType: VehicleType | null): UserEvent[] {
  if (!user || user.role === 'admin' || user.role === 'maintenanceHead') return [];
  if (user.role === 'driver' && user.assignedVehicleType === assignedVehicleType) return [];
  return [{ type: 'UserRoleChanged', data: { tokenNo: user.tokenNo, role: 'driver', assignedVehicleType } }];
}

/** POST /api/auth/signup (and the system's accounts): the account and, on a recorded driver's id, his role, read together with the record. */
export const signUp: CommandHandler<SignUpUser, { account: StreamRef<UserState, UserEvent>; driver: StreamRef<DriverState, DriverEvent> }> = {
  streams: (command) => ({ account: userStream(command.data.tokenNo), driver: driverStream(command.data.tokenNo) }),
  decide: (command, { account, driver }, { actor }) => ({ account: signUpEvents(command, account, driver, actor) }),
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
