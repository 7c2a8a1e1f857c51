import { SERVER_MESSAGES, type AddDriver, type DriverEvent, type RideReleaseReason, type ToggleDriverAccess, type UnblockDriver, type UpdateDriver } from '@plantride/schemas';
import type { Decider } from '../commands/command-handler';
import { conflict, notFound } from '../commands/errors';

type DriverRecord = Extract<DriverEvent, { type: 'DriverAdded' }>['data'];

export interface DriverState {
  record: DriverRecord | null;
  accessActive: boolean;
  /** The maintenance request that blocks the driver, or null. */
  blockedFor: string | null;
  /** The ride he holds (accepted or took over, not yet ended or handed over), or null. */
  ongoingRideId: string | null;
}

export type DriverCommand =
  | (AddDriver & { serial: number })
  | UpdateDriver
  | ToggleDriverAccess
  | UnblockDriver
  | { type: 'BlockDriverForMaintenance'; data: { operatorId: string; maintenanceRequestId: string } }
  | { type: 'AssignRide'; data: { operatorId: string; rideId: string } }
  | { type: 'ReleaseRide'; data: { operatorId: string; rideId: string; reason: RideReleaseReason } };

function evolve(state: DriverState, event: DriverEvent): DriverState {
  switch (event.type) {
    case 'DriverAdded':
    case 'DriverUpdated':
      return { ...state, record: event.data };
    case 'DriverStatusChanged':
      return state.record ? { ...state, record: { ...state.record, status: event.data.status } } : state;
    case 'DriverAccessToggled':
      return { ...state, accessActive: event.data.active };
    case 'DriverBlockedForMaintenance':
      return { ...state, blockedFor: event.data.maintenanceRequestId };
    case 'DriverUnblocked':
      return { ...state, blockedFor: null };
    case 'DriverAssignedToRide':
      return { ...state, ongoingRideId: event.data.rideId };
    case 'DriverReleasedFromRide':
      return state.ongoingRideId === event.data.rideId ? { ...state, ongoingRideId: null } : state;
  }
}

/** A driver record's stream: admin edits, Active / Not Active, access, the maintenance block, and the ride he holds. */
export const driverDecider: Decider<DriverState, DriverCommand, DriverEvent> = {
  initialState: () => ({ record: null, accessActive: true, blockedFor: null, ongoingRideId: null }),
  evolve,
  decide(command, state, { now }) {
    if (command.type === 'AddDriver') {
      if (state.record) throw conflict(SERVER_MESSAGES.driverAlreadyExists);
      return [{ type: 'DriverAdded', data: { ...command.data, serial: command.serial, createdAt: now.toISOString() } }];
    }
    const record = state.record;
    if (!record) throw notFound(SERVER_MESSAGES.driverNotFound);
    switch (command.type) {
      case 'UpdateDriver': {
        // Operator id, serial and creation time are read-only.
        const updated: DriverEvent = { type: 'DriverUpdated', data: { ...command.data, operatorId: record.operatorId, serial: record.serial, createdAt: record.createdAt } };
        const statusChanged: DriverEvent[] = command.data.status !== record.status ? [{ type: 'DriverStatusChanged', data: { operatorId: record.operatorId, status: command.data.status } }] : [];
        return [updated, ...statusChanged];
      }
      case 'ToggleDriverAccess':
        return command.data.active === state.accessActive ? [] : [{ type: 'DriverAccessToggled', data: { operatorId: record.operatorId, active: command.data.active } }];
      case 'BlockDriverForMaintenance':
        if (state.blockedFor) throw conflict(SERVER_MESSAGES.driverAlreadyBlocked);
        return [{ type: 'DriverBlockedForMaintenance', data: { operatorId: record.operatorId, maintenanceRequestId: command.data.maintenanceRequestId } }];
      case 'UnblockDriver':
        // Unblocking someone who is not blocked changes nothing: completing and rejecting both unblock.
        return state.blockedFor ? [{ type: 'DriverUnblocked', data: { operatorId: record.operatorId, reason: command.data.reason } }] : [];
      case 'AssignRide':
        // One ride at a time; taking the ride he already holds again changes nothing.
        if (state.ongoingRideId === command.data.rideId) return [];
        if (state.ongoingRideId) throw conflict(SERVER_MESSAGES.driverHasOngoingRide);
        return [{ type: 'DriverAssignedToRide', data: { operatorId: record.operatorId, rideId: command.data.rideId } }];
      case 'ReleaseRide':
        // A ride taken before assignments were recorded was never held here: nothing to release.
        return state.ongoingRideId === command.data.rideId ? [{ type: 'DriverReleasedFromRide', data: { ...command.data, operatorId: record.operatorId } }] : [];
    }
  },
};
