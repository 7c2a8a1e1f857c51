import {
  SERVER_MESSAGES,
  canApply,
  evolveRide,
  initialRideSnapshot,
  resumeStateOf,
  type AcceptRide,
  type BookRide,
  type CancelRide,
  type DropMaterial,
  type EndRide,
  type PickMaterial,
  type RedistributeRide,
  type RideEvent,
  type RideSnapshot,
  type StartRide,
  type TakeOverRide,
} from '@plantride/schemas';
import { conflict, forbidden, notFound } from '../commands/errors';
import type { Decider } from '../commands/command-handler';
import { TIMER_COMMAND_TYPES, type TimerCommand } from '../timers/timer-commands';

/** What the route knows about the driver acting, read from the drivers' read model. */
export interface DriverProfile {
  name: string;
  mobile: string;
  vehicleNumber: string | null;
  vehicleType: string | null;
}

export type RideCommand =
  | (BookRide & { estimatedMinutes: number })
  | CancelRide
  | (AcceptRide & { driver: DriverProfile })
  | StartRide
  | PickMaterial
  | DropMaterial
  | EndRide
  | (RedistributeRide & { originalDriverName: string })
  | (TakeOverRide & { driver: DriverProfile })
  | TimerCommand;

type Step = StartRide | PickMaterial | DropMaterial | EndRide;

function stepEvent(command: Step, at: string): RideEvent {
  const { rideId, driverId } = command.data;
  switch (command.type) {
    case 'StartRide':
      return { type: 'RideStarted', data: { rideId, driverId, startedAt: at } };
    case 'PickMaterial':
      return { type: 'MaterialPicked', data: { rideId, driverId, pickedAt: at } };
    case 'DropMaterial':
      return { type: 'MaterialDropped', data: { rideId, driverId, droppedAt: at } };
    case 'EndRide':
      return { type: 'RideEnded', data: { rideId, driverId, endedAt: at } };
  }
}

// A timer's deadline passed; whether it still stands is the statechart's call (its guards).
function timerEvent(command: TimerCommand, ride: RideSnapshot, at: string): RideEvent {
  const { rideId, dueAt } = command.data;
  const c = ride.context;
  switch (command.type) {
    case 'AlertWaitingRide':
      return { type: 'RideWaitAlerted', data: { rideId, requestedAt: c.requestedAt ?? at, dueAt, alertedAt: at } };
    case 'NoteNoAlternativeDriver': {
      const { redistribution, notice, periodMs } = command.data;
      // The next notice counts from this one, so a timer that fired late does not bunch the next ones up.
      const nextDueAt = new Date(Date.parse(at) + periodMs).toISOString();
      return { type: 'ReassignmentOverdue', data: { rideId, redistribution, notice, dueAt, nextDueAt, notedAt: at } };
    }
    case 'NoteSpecialTaskOverrun':
      if (!c.driverId || !c.startedAt || c.durationMinutes === null) throw conflict(SERVER_MESSAGES.actionNotAllowed);
      return { type: 'SpecialTaskOverran', data: { rideId, driverId: c.driverId, startedAt: c.startedAt, durationMinutes: c.durationMinutes, dueAt, overranAt: at } };
  }
}

const isTimerCommand = (command: RideCommand): command is TimerCommand => (TIMER_COMMAND_TYPES as readonly string[]).includes(command.type);

function eventsFor(command: RideCommand, ride: RideSnapshot, at: string, actorId: string, isAdmin: boolean): RideEvent[] {
  if (isTimerCommand(command)) return [timerEvent(command, ride, at)];
  switch (command.type) {
    case 'BookRide': {
      const { rideId, requesterId, requesterName, requesterMobile, fromLocation, toLocation, vehicleType, rideType, durationMinutes } = command.data;
      return [{ type: 'RideRequested', data: { rideId, requesterId, requesterName, requesterMobile, fromLocation, toLocation, vehicleType, rideType, estimatedMinutes: command.estimatedMinutes, durationMinutes, requestedAt: at } }];
    }
    case 'CancelRide':
      if (actorId !== ride.context.requesterId && !isAdmin) throw forbidden();
      return [{ type: 'RideCancelled', data: { rideId: command.data.rideId, cancelledBy: actorId, cancelledAt: at } }];
    case 'AcceptRide': {
      const { driver } = command;
      if (driver.vehicleType !== ride.context.vehicleType) throw forbidden(SERVER_MESSAGES.wrongVehicleType);
      return [{ type: 'RideAccepted', data: { rideId: command.data.rideId, driverId: command.data.driverId, driverName: driver.name, driverMobile: driver.mobile, vehicleNumber: driver.vehicleNumber, acceptedAt: at } }];
    }
    case 'StartRide':
    case 'PickMaterial':
    case 'DropMaterial':
    case 'EndRide':
      return [stepEvent(command, at)];
    case 'RedistributeRide': {
      const resumeState = resumeStateOf(ride);
      if (!resumeState) throw conflict(SERVER_MESSAGES.actionNotAllowed);
      if (ride.context.driverId !== command.data.originalDriverId) throw forbidden(SERVER_MESSAGES.forbidden);
      const { rideId, originalDriverId, maintenanceComment, maintenanceRequestId } = command.data;
      return [{ type: 'RideRedistributed', data: { rideId, originalDriverId, originalDriverName: command.originalDriverName, maintenanceComment, maintenanceRequestId, resumeState, redistributedAt: at } }];
    }
    case 'TakeOverRide': {
      const { driver } = command;
      // A driver of another vehicle type is refused before the ride's state is judged, as when accepting.
      if (driver.vehicleType !== ride.context.vehicleType) throw forbidden(SERVER_MESSAGES.wrongVehicleType);
      const resumeState = ride.context.resumeState;
      if (!resumeState) throw conflict(SERVER_MESSAGES.rideNotAvailable);
      // A client that believes the ride stands elsewhere is looking at stale data.
      if (command.data.resumeState !== null && command.data.resumeState !== resumeState) throw conflict(SERVER_MESSAGES.conflict);
      return [{ type: 'RideTakenOver', data: { rideId: command.data.rideId, driverId: command.data.driverId, driverName: driver.name, driverMobile: driver.mobile, vehicleNumber: driver.vehicleNumber, resumeState, takenOverAt: at } }];
    }
  }
}

/** The ride stream's decider: the statechart decides what may happen; this maps commands to its events. */
export const rideDecider: Decider<RideSnapshot, RideCommand, RideEvent> = {
  initialState: initialRideSnapshot,
  evolve: evolveRide,
  decide(command, ride, { now, actor }) {
    if (command.type !== 'BookRide' && ride.value === 'new') throw notFound(SERVER_MESSAGES.rideNotFound);
    // Only people and the system act; a system actor (timer, reactor) is trusted like an admin.
    const isAdmin = 'system' in actor || actor.role === 'admin';
    // Deadlines are the system's to declare, never a user's.
    if (isTimerCommand(command) && !('system' in actor)) throw forbidden();
    // Someone else's ride is refused as such before its state is judged: a stranger learns nothing of where it stands.
    const isStep = command.type === 'StartRide' || command.type === 'PickMaterial' || command.type === 'DropMaterial' || command.type === 'EndRide';
    if (isStep && ride.context.driverId !== command.data.driverId) throw forbidden(SERVER_MESSAGES.forbidden);
    const events = eventsFor(command, ride, now.toISOString(), 'tokenNo' in actor ? actor.tokenNo : actor.system, isAdmin);
    let state = ride;
    for (const event of events) {
      // An event the machine does not accept leaves the snapshot as it is, so refuse explicitly.
      if (!canApply(state, event)) throw conflict(command.type === 'AcceptRide' || command.type === 'CancelRide' ? SERVER_MESSAGES.rideNotAvailable : SERVER_MESSAGES.actionNotAllowed);
      state = evolveRide(state, event);
    }
    return events;
  },
};
