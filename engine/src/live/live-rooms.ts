import { isEventType, userRoleChangedSchema, userSignedUpSchema, userStreamId, type Role, type VehicleType } from '@plantride/schemas';
import type { EventStore } from '../event-store/event-store';
import { toDomainEvent } from '../event-store/upcast';

/** Room names; the server alone puts sockets in them. Socket ids never contain ':', so they cannot collide. */
export const liveRooms = {
  user: (tokenNo: string) => `user:${tokenNo}`,
  driver: (driverId: string) => `driver:${driverId}`,
  vehicle: (vehicleType: string) => `vehicle:${vehicleType}`,
  ride: (rideId: string) => `ride:${rideId}`,
  staff: 'staff',
  /** Every signed-in socket: news for all, such as a change of the site (issue #20). */
  everyone: 'everyone',
} as const;

const STAFF_ROLES: readonly Role[] = ['admin', 'maintenanceHead'];

export function isStaff(role: Role): boolean {
  return STAFF_ROLES.includes(role);
}

/** What the gateway needs to know about an account, as of the end of its stream. */
export interface LiveProfile {
  role: Role;
  assignedVehicleType: VehicleType | null;
  blocked: boolean;
}

/**
 * Folds a `user-{tokenNo}` stream (upcast). Types are compared as strings so the account
 * events added by the accounts feature (blocking) are read without depending on their types.
 */
export function foldLiveProfile(events: readonly { type: string; data: unknown }[]): LiveProfile | null {
  return events.reduce(evolveLiveProfile, null);
}

function evolveLiveProfile(profile: LiveProfile | null, event: { type: string; data: unknown }): LiveProfile | null {
  if (event.type === 'UserSignedUp')
    return { role: userSignedUpSchema.shape.data.parse(event.data).role, assignedVehicleType: null, blocked: false };
  if (!profile) return null;
  switch (event.type) {
    case 'UserRoleChanged': {
      const { role, assignedVehicleType } = userRoleChangedSchema.shape.data.parse(event.data);
      return { ...profile, role, assignedVehicleType };
    }
    case 'UserBlocked':
      return { ...profile, blocked: true };
    case 'UserUnblocked':
      return { ...profile, blocked: false };
    default:
      return profile;
  }
}

export async function loadLiveProfile(store: EventStore, tokenNo: string): Promise<LiveProfile | null> {
  const recorded = await store.readStream(userStreamId(tokenNo));
  return foldLiveProfile(recorded.map((event) => (isEventType(event.type) ? toDomainEvent(event) : event)));
}

/** Rooms a user's sockets join: their own, and those their current role allows. */
export function roomsFor(tokenNo: string, profile: Pick<LiveProfile, 'role' | 'assignedVehicleType'>): string[] {
  const rooms = [liveRooms.user(tokenNo)];
  if (profile.role === 'driver') {
    rooms.push(liveRooms.driver(tokenNo));
    if (profile.assignedVehicleType) rooms.push(liveRooms.vehicle(profile.assignedVehicleType));
  }
  if (isStaff(profile.role)) rooms.push(liveRooms.staff);
  rooms.push(liveRooms.everyone);
  return rooms;
}
