import {
  SERVER_MESSAGES,
  driverStreamId,
  type AddDriver,
  type DriverEvent,
  type ToggleDriverAccess,
  type UpdateDriver,
  type UserEvent,
  type VehicleType,
} from '@plantride/schemas';
import type { CommandHandler, StreamRef } from '../commands/command-handler';
import { requireActor } from '../commands/actors';
import { conflict, notFound } from '../commands/errors';
import { driverRoleEvents, userStream, type UserState } from '../users/user.decider';

type DriverRecord = Extract<DriverEvent, { type: 'DriverAdded' }>['data'];

export interface DriverState {
  record: DriverRecord | null;
  accessActive: boolean;
  /** The maintenance request that blocks the driver, or null. */
  blockedFor: string | null;
  /** The ride he holds (accepted or took over, not yet ended or handed over), or null. */
  ongoingRideId: string | null;
}

export function evolveDriver(state: DriverState, event: DriverEvent): DriverState {
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

export const initialDriverState = (): DriverState => ({ record: null, accessActive: true, blockedFor: null, ongoingRideId: null });

/** A driver record's stream: admin edits, Active / Not Active, access, the maintenance block, and the ride he holds. */
export function driverStream(operatorId: string): StreamRef<DriverState, DriverEvent> {
  return { id: driverStreamId(operatorId), initial: initialDriverState, evolve: evolveDriver };
}

type DriverAdminStreams = { driver: StreamRef<DriverState, DriverEvent>; account: StreamRef<UserState, UserEvent> };
const adminStreams = (operatorId: string): DriverAdminStreams => ({ driver: driverStream(operatorId), account: userStream(operatorId) });

const vehicleTypeOf = (record: { vehicleAssigned: VehicleType | '' }): VehicleType | null => record.vehicleAssigned || null;

/** POST /api/drivers/add: the record, and the account on its operator id (if any) made a driver of its vehicle type, in one append. */
export const addDriver: CommandHandler<AddDriver & { serial: number }, DriverAdminStreams> = {
  streams: (command) => adminStreams(command.data.operatorId),
  decide(command, { driver, account }, { now, actor }) {
    requireActor(actor, 'admin');
    if (driver.record) throw conflict(SERVER_MESSAGES.driverAlreadyExists);
    return {
      driver: [{ type: 'DriverAdded', data: { ...command.data, serial: command.serial, createdAt: now.toISOString() } }],
      account: driverRoleEvents(account, vehicleTypeOf(command.data)),
    };
  },
};

/** PUT /api/drivers/update: the record replaced (operator id, serial and creation time are the engine's), its status change, and the account's role. */
export const updateDriver: CommandHandler<UpdateDriver, DriverAdminStreams> = {
  streams: (command) => adminStreams(command.data.operatorId),
  decide(command, { driver, account }, { actor }) {
    requireActor(actor, 'admin');
    const { record } = driver;
    if (!record) throw notFound(SERVER_MESSAGES.driverNotFound);
    const updated: DriverEvent = { type: 'DriverUpdated', data: { ...command.data, operatorId: record.operatorId, serial: record.serial, createdAt: record.createdAt } };
    const statusChanged: DriverEvent[] = command.data.status !== record.status ? [{ type: 'DriverStatusChanged', data: { operatorId: record.operatorId, status: command.data.status } }] : [];
    return { driver: [updated, ...statusChanged], account: driverRoleEvents(account, vehicleTypeOf(command.data)) };
  },
};

/** PUT /api/drivers/toggle-access: access granted or withdrawn; as it already is, nothing. */
export const toggleDriverAccess: CommandHandler<ToggleDriverAccess, { driver: StreamRef<DriverState, DriverEvent> }> = {
  streams: (command) => ({ driver: driverStream(command.data.operatorId) }),
  decide(command, { driver }, { actor }) {
    requireActor(actor, 'admin');
    if (!driver.record) throw notFound(SERVER_MESSAGES.driverNotFound);
    if (command.data.active === driver.accessActive) return {};
    return { driver: [{ type: 'DriverAccessToggled', data: { operatorId: driver.record.operatorId, active: command.data.active } }] };
  },
};
