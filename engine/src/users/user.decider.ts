import { MESSAGES, SERVER_MESSAGES, type ChangeUser, type Role, type UserEvent, type VehicleType } from '@plantride/schemas';
import type { Decider } from '../commands/command-handler';
import { badRequest, conflict, forbidden, notFound } from '../commands/errors';

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

/** Create an account. The route hashes the password; the decider never sees it. */
export interface SignUpUser {
  type: 'SignUp';
  data: { tokenNo: string; name: string; mobile: string; role: Role; assignedVehicleType: VehicleType | null; passwordHash: string };
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

export type UserCommand = SignUpUser | ChangeUserCommand | SignOutUser;

function signUp({ data }: SignUpUser, user: UserState): UserEvent[] {
  if (user) throw conflict(SERVER_MESSAGES.tokenAlreadyRegistered);
  if (data.role !== 'driver' && data.assignedVehicleType !== null) throw badRequest(SERVER_MESSAGES.invalidRequest);
  const { tokenNo, name, mobile, role, passwordHash } = data;
  const events: UserEvent[] = [{ type: 'UserSignedUp', data: { tokenNo, name, mobile, role, passwordHash } }];
  // The vehicle a driver serves is a fact of its own, the same one an admin's later change records.
  if (data.assignedVehicleType) events.push({ type: 'UserRoleChanged', data: { tokenNo, role, assignedVehicleType: data.assignedVehicleType } });
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

/** The `user-{tokenNo}` stream's decider. */
export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  initialState: () => null,
  evolve: evolveUser,
  decide(command, user, { actor }) {
    if (command.type === 'SignUp') return signUp(command, user);
    if (!user) throw notFound(MESSAGES.userNotFound);
    if (command.type === 'SignOut') return [{ type: 'UserSignedOut', data: { tokenNo: user.tokenNo } }];
    return change(command, user, 'tokenNo' in actor ? actor.tokenNo : null);
  },
};
