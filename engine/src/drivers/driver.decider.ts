import {
  BREAK_MESSAGES,
  SERVER_MESSAGES,
  driverStreamId,
  type AddDriver,
  type Actor,
  type DriverEvent,
  type RosterEvent,
  type ToggleDriverAccess,
  type UpdateDriver,
  type SiteState,
  type UserEvent,
  type VehicleType,
} from '@plantride/schemas';
import type { CommandHandler, StreamRef } from '../commands/command-handler';
import { actorTokenNo, requireActor } from '../commands/actors';
import { placeInUse } from '../site/site.decider';
import { conflict, forbidden, notFound } from '../commands/errors';
import { driverRecordAddedEvents, driverRoleEvents, userStream, type UserState } from '../users/user.decider';
import { accessCodeTimes, type StoredAccessCode } from '../auth/access-code';
import { countChange, nextSerial, rosterStream, type RosterState } from './roster.decider';

type DriverRecord = Extract<DriverEvent, { type: 'DriverAdded' }>['data'];

export interface DriverState {
  record: DriverRecord | null;
  accessActive: boolean;
  /** The maintenance request that blocks the driver, or null. */
  blockedFor: string | null;
  /** The ride he holds (accepted or took over, not yet ended or handed over), or null. */
  ongoingRideId: string | null;
  /** The activation code issued last with the record, while unused; signing up with it makes the caller this driver. */
  activationCode: StoredAccessCode | null;
  /** His shift as last started, until he ends it (it also runs out at `endsAt`: see onShift). */
  shift: DriverShift | null;
  /** When the break he took on that shift began, until he ends it or the shift ends (see onBreak); null: none. */
  breakStartedAt: string | null;
  /**
   * The plant day (yyyy-MM-dd) of his last passed vehicle inspection (issue #21) that still counts, or null:
   * a release that says a passed inspection must come first (issue #32) discards the one before.
   */
  lastPassedInspectionDay: string | null;
  /** His last vehicle inspection, passed or not, or null. */
  lastInspection: DriverInspection | null;
  /** An AMR robot's VDA 5050 identity (issue #33 item 4): the engine drives it; null for a person. */
  robot: RobotIdentity | null;
}

export interface RobotIdentity {
  manufacturer: string;
  serialNumber: string;
}

export interface DriverInspection {
  inspectionId: string;
  day: string;
  passed: boolean;
  inspectedAt: string;
  /** The failed items' texts. */
  defects: string[];
}

export interface DriverShift {
  startedAt: string;
  endsAt: string;
  /** Where he began it: a place of the site, or null. */
  location: string | null;
}

/** Whether the driver is on shift at `now`: started, not ended, not run out. */
export const onShift = (driver: Pick<DriverState, 'shift'>, now: Date): boolean =>
  driver.shift !== null && now.getTime() < Date.parse(driver.shift.endsAt);

/**
 * Whether the driver is on break at `now` (issue #32 item 4): he started one on this shift and has not
 * ended it, and the shift still runs (a break that would outlast the shift ends with it). The one rule
 * offers, taking a ride, staff's assignment and the board all follow: on break he is not free.
 */
export const onBreak = (driver: Pick<DriverState, 'shift' | 'breakStartedAt'>, now: Date): boolean =>
  driver.breakStartedAt !== null && onShift(driver, now);

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
      return { ...state, blockedFor: null, ...(event.data.inspectionDue ? { lastPassedInspectionDay: null } : {}) };
    case 'DriverAssignedToRide':
      return { ...state, ongoingRideId: event.data.rideId };
    case 'DriverReleasedFromRide':
      return state.ongoingRideId === event.data.rideId ? { ...state, ongoingRideId: null } : state;
    case 'DriverActivationCodeIssued':
      return { ...state, activationCode: { codeHash: event.data.codeHash, expiresAt: event.data.expiresAt } };
    case 'DriverActivationCodeUsed':
      return { ...state, activationCode: null };
    case 'DriverShiftStarted':
      // A new shift starts without a break (one left from a shift that ran out ended with it).
      return {
        ...state,
        shift: { startedAt: event.data.startedAt, endsAt: event.data.endsAt, location: event.data.location },
        breakStartedAt: null,
      };
    case 'DriverShiftEnded':
      // Ending the shift ends the break.
      return { ...state, shift: null, breakStartedAt: null };
    case 'DriverBreakStarted':
      return { ...state, breakStartedAt: event.data.startedAt };
    case 'DriverBreakEnded':
      return { ...state, breakStartedAt: null };
    case 'VehicleInspected': {
      const { inspectionId, day, passed, inspectedAt, items } = event.data;
      const lastInspection = { inspectionId, day, passed, inspectedAt, defects: items.filter((item) => !item.ok).map((item) => item.text) };
      return { ...state, lastInspection, lastPassedInspectionDay: passed ? day : state.lastPassedInspectionDay };
    }
    case 'RobotRegistered':
      return { ...state, robot: { manufacturer: event.data.manufacturer, serialNumber: event.data.serialNumber } };
    case 'RobotOrderCancelled':
      return state;
  }
}

export const initialDriverState = (): DriverState => ({
  record: null,
  accessActive: true,
  blockedFor: null,
  ongoingRideId: null,
  activationCode: null,
  shift: null,
  breakStartedAt: null,
  lastPassedInspectionDay: null,
  lastInspection: null,
  robot: null,
});

/** A driver record's stream: admin edits, Active / Not Active, access, the maintenance block, and the ride he holds. */
export function driverStream(operatorId: string): StreamRef<DriverState, DriverEvent> {
  return { id: driverStreamId(operatorId), initial: initialDriverState, evolve: evolveDriver };
}

type DriverAdminStreams = { driver: StreamRef<DriverState, DriverEvent>; account: StreamRef<UserState, UserEvent> };
const adminStreams = (operatorId: string): DriverAdminStreams => ({ driver: driverStream(operatorId), account: userStream(operatorId) });

const vehicleTypeOf = (record: { vehicleAssigned: VehicleType | '' }): VehicleType | null => record.vehicleAssigned || null;

/** The activation code an admin's add issues with the record (its hash; the route shows the code once). The system's demo records have none. */
export interface ActivationCodeToIssue {
  codeHash: string;
  ttlMs: number;
}

type RecordStreams = DriverAdminStreams & { roster: StreamRef<RosterState, RosterEvent> };

/**
 * POST /api/drivers/add: the record with its activation code, and the account on its operator id
 * (if any): a driver account serves its vehicle type, a requester's waits for approval. The serial is
 * the roster's next, issued on the roster in the same append, so two adds never share one. One append.
 */
export const addDriver: CommandHandler<AddDriver & { activation?: ActivationCodeToIssue }, RecordStreams> = {
  streams: (command) => ({ ...adminStreams(command.data.operatorId), roster: rosterStream() }),
  decide(command, { driver, account, roster }, { now, actor }) {
    requireActor(actor, 'admin');
    if (driver.record) throw conflict(SERVER_MESSAGES.driverAlreadyExists);
    const { operatorId } = command.data;
    const serial = nextSerial(roster);
    const added: DriverEvent = { type: 'DriverAdded', data: { ...command.data, serial, createdAt: now.toISOString() } };
    const code: DriverEvent[] = command.activation
      ? [
          {
            type: 'DriverActivationCodeIssued',
            data: { operatorId, codeHash: command.activation.codeHash, ...accessCodeTimes(now, command.activation.ttlMs) },
          },
        ]
      : [];
    return {
      driver: [added, ...code],
      account: driverRecordAddedEvents(account, vehicleTypeOf(command.data)),
      roster: [{ type: 'DriverSerialIssued', data: { operatorId, serial } }, ...countChange(roster, operatorId, command.data)],
    };
  },
};

/**
 * PUT /api/drivers/update: the record replaced (operator id, serial and creation time are the engine's),
 * its status change, the account's role, and what the roster counts it for when that changed.
 */
export const updateDriver: CommandHandler<UpdateDriver, RecordStreams> = {
  streams: (command) => ({ ...adminStreams(command.data.operatorId), roster: rosterStream() }),
  decide(command, { driver, account, roster }, { actor }) {
    requireActor(actor, 'admin');
    const { record } = driver;
    if (!record) throw notFound(SERVER_MESSAGES.driverNotFound);
    const updated: DriverEvent = {
      type: 'DriverUpdated',
      data: { ...command.data, operatorId: record.operatorId, serial: record.serial, createdAt: record.createdAt },
    };
    const statusChanged: DriverEvent[] =
      command.data.status !== record.status
        ? [{ type: 'DriverStatusChanged', data: { operatorId: record.operatorId, status: command.data.status } }]
        : [];
    return {
      driver: [updated, ...statusChanged],
      account: driverRoleEvents(account, vehicleTypeOf(command.data)),
      roster: countChange(roster, record.operatorId, command.data),
    };
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

export interface SetShiftCommand {
  type: 'SetShift';
  data: { operatorId: string; on: boolean; location: string | null };
  /** The plant's shift length (SHIFT_HOURS). */
  shiftMs: number;
  /** The site as this engine holds it, for the place he starts at (a soft check, as a booking's). */
  site: SiteState | null;
}

/** His own shift or break: a driver acting for himself (a system actor may act for anyone), with a record. */
function himselfWithRecord(actor: Actor, operatorId: string, driver: DriverState): void {
  requireActor(actor, 'driver');
  if (actorTokenNo(actor) !== null && actorTokenNo(actor) !== operatorId) throw forbidden();
  if (!driver.record) throw notFound(SERVER_MESSAGES.driverNotFound);
}

/**
 * POST /api/drivers/shift (issue #20): a driver with a record starts or ends his own shift. Starting
 * while on shift, or ending while off, changes nothing. Where he starts must be a place in use.
 */
export const setShift: CommandHandler<SetShiftCommand, { driver: StreamRef<DriverState, DriverEvent> }> = {
  streams: (command) => ({ driver: driverStream(command.data.operatorId) }),
  decide(command, { driver }, { now, actor }) {
    himselfWithRecord(actor, command.data.operatorId, driver);
    const { operatorId, on } = command.data;
    if (on === onShift(driver, now)) return {};
    if (!on) return { driver: [{ type: 'DriverShiftEnded', data: { operatorId, endedAt: now.toISOString() } }] };
    const location = command.data.location === null ? null : placeInUse(command.site, command.data.location).name;
    const endsAt = new Date(now.getTime() + command.shiftMs).toISOString();
    return { driver: [{ type: 'DriverShiftStarted', data: { operatorId, location, startedAt: now.toISOString(), endsAt } }] };
  },
};

export interface SetBreakCommand {
  type: 'SetBreak';
  data: { operatorId: string; on: boolean };
}

/**
 * POST /api/drivers/break (issue #32 item 4): a driver starts or ends his own break. Only on shift, and
 * not while he holds a ride (his stream says which: `ongoingRideId`). Starting while on break, or
 * ending while not on one, changes nothing. No length limit: it lasts until he ends it or his shift
 * ends (`onBreak`). An offer he holds stands until he declines it or it runs out: on break he cannot
 * accept it (`eligibleTaker`).
 */
export const setBreak: CommandHandler<SetBreakCommand, { driver: StreamRef<DriverState, DriverEvent> }> = {
  streams: (command) => ({ driver: driverStream(command.data.operatorId) }),
  decide(command, { driver }, { now, actor }) {
    himselfWithRecord(actor, command.data.operatorId, driver);
    const { operatorId, on } = command.data;
    if (on === onBreak(driver, now)) return {};
    if (!on) return { driver: [{ type: 'DriverBreakEnded', data: { operatorId, endedAt: now.toISOString() } }] };
    if (!onShift(driver, now)) throw conflict(BREAK_MESSAGES.offShift);
    if (driver.ongoingRideId) throw conflict(BREAK_MESSAGES.midRide);
    return { driver: [{ type: 'DriverBreakStarted', data: { operatorId, startedAt: now.toISOString() } }] };
  },
};
