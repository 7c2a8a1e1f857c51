import {
  MESSAGES,
  SERVER_MESSAGES,
  serviceTargetMissed,
  type EventOfType,
  type EventType,
  type SocketEventName,
  type SocketPayload,
} from '@plantride/schemas';
import { liveRooms } from './live-rooms';
import type { RideFacts } from './ride-facts';
import type { LiveEmit } from './ride-socket-events';

type Positioned<T extends EventType> = EventOfType<T> & { position: number };

function emit<E extends SocketEventName>(name: E, rooms: string[], payload: SocketPayload<E>): LiveEmit {
  return { name, rooms, payload } as LiveEmit;
}

/**
 * Still requested at the wait alert: staff hear rideWaitingTooLong, and drivers of its type are
 * offered it again with the same newRideRequest the booking sent.
 */
export function rideWaitAlerted({ data, position }: Positioned<'RideWaitAlerted'>, facts: RideFacts | null): LiveEmit[] {
  if (!facts) return [];
  const requesterData = { userId: facts.requesterId, name: facts.requesterName, mobile: facts.requesterMobile };
  const ride = {
    rideId: data.rideId,
    fromLocation: facts.fromLocation,
    toLocation: facts.toLocation,
    isSpecialTask: facts.rideType === 'Special Task',
    requesterData,
  };
  return [
    emit('rideWaitingTooLong', [liveRooms.staff], {
      ...ride,
      vehicleType: facts.vehicleType,
      requestedAt: data.requestedAt,
      message: SERVER_MESSAGES.rideWaitingTooLong,
      position,
    }),
    // Under offer dispatch (issue #20) the drivers hear it only once it is open to all.
    ...(facts.openToAll
      ? [
          emit('newRideRequest', [liveRooms.vehicle(facts.vehicleType)], {
            message: MESSAGES.newRideBooked,
            assignedTo: facts.vehicleType,
            ...ride,
            requesterData: null,
            vehicleType: facts.vehicleType,
            position,
          }),
        ]
      : []),
  ];
}

/** Nobody took the redistributed ride over in time: the requester hears it now and each period after. */
export function reassignmentOverdue({ data, position }: Positioned<'ReassignmentOverdue'>, facts: RideFacts | null): LiveEmit[] {
  if (!facts) return [];
  return [
    emit('noAlternativeDriver', [liveRooms.user(facts.requesterId), liveRooms.ride(data.rideId)], {
      rideId: data.rideId,
      message: MESSAGES.noAlternativeDrivers,
      position,
    }),
  ];
}

/** A started Special Task ran past its booked duration: its requester and its driver are told. */
export function specialTaskOverran({ data, position }: Positioned<'SpecialTaskOverran'>, facts: RideFacts | null): LiveEmit[] {
  if (!facts) return [];
  const rooms = [liveRooms.user(facts.requesterId), liveRooms.driver(data.driverId), liveRooms.ride(data.rideId)];
  return [
    emit('specialTaskOverdue', rooms, {
      rideId: data.rideId,
      driverId: data.driverId,
      startedAt: data.startedAt,
      durationMinutes: data.durationMinutes,
      message: SERVER_MESSAGES.specialTaskOverdue,
      position,
    }),
  ];
}

/** A ride missed a service target (issue #20): staff are told, once per target. */
export function rideSlaBreached({ data, position }: Positioned<'RideSlaBreached'>, facts: RideFacts | null): LiveEmit[] {
  if (!facts) return [];
  const { rideId, target, priority, dueAt, breachedAt } = data;
  const { vehicleType, fromLocation, toLocation } = facts;
  const message = serviceTargetMissed({ rideId, priority, fromLocation, toLocation }, target);
  return [
    emit('rideSlaBreached', [liveRooms.staff], {
      rideId,
      target,
      priority,
      dueAt,
      breachedAt,
      vehicleType,
      fromLocation,
      toLocation,
      message,
      position,
    }),
  ];
}
