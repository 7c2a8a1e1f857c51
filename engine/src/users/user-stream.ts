import type { UserProfile } from '@plantride/schemas';
import { readState } from '../commands/command-handler';
import type { EventStore } from '../event-store/event-store';
import { userStream, type User, type UserState } from './user.decider';

/** The account as its stream tells it now; null when no one signed up with this token number. */
export function loadUser(store: EventStore, tokenNo: string): Promise<UserState> {
  return readState(store, userStream(tokenNo));
}

export function toProfile(user: User): UserProfile {
  return {
    token_no: user.tokenNo,
    name: user.name,
    mobile: user.mobile,
    role: user.role,
    is_blocked: user.isBlocked,
    assignedVehicleType: user.assignedVehicleType,
    language: user.language,
  };
}
