import { userStreamId, type UserEvent, type UserProfile } from '@plantride/schemas';
import type { EventStore } from '../event-store/event-store';
import { toDomainEvent } from '../event-store/upcast';
import { evolveUser, type User, type UserState } from './user.decider';

/** The account as its stream tells it now; null when no one signed up with this token number. */
export async function loadUser(store: EventStore, tokenNo: string): Promise<UserState> {
  const events = await store.readStream(userStreamId(tokenNo));
  return events.reduce<UserState>((user, event) => evolveUser(user, toDomainEvent(event) as UserEvent), null);
}

export function toProfile(user: User): UserProfile {
  return {
    token_no: user.tokenNo,
    name: user.name,
    mobile: user.mobile,
    role: user.role,
    is_blocked: user.isBlocked,
    assignedVehicleType: user.assignedVehicleType,
  };
}
