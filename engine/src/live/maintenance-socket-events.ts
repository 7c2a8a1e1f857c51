import {
  MESSAGES,
  maintenanceOutcomeNotice,
  RESUME_STATE_TO_RIDE_STATE,
  type EventOfType,
  type EventType,
  type SocketEventName,
  type SocketPayload,
} from '@plantride/schemas';
import type { LiveContext } from './live-lookups';
import { liveRooms } from './live-rooms';
import type { RideFacts } from './ride-facts';
import type { LiveEmit } from './ride-socket-events';

type Positioned<T extends EventType> = EventOfType<T> & { position: number };

// Our own texts: the spec names these events but gives no wording for them.
const newMaintenanceRequestMessage = (driverName: string, driverId: string) => `New maintenance request from ${driverName || driverId}.`;

function emit<E extends SocketEventName>(name: E, rooms: string[], payload: SocketPayload<E>, except?: string[]): LiveEmit {
  return (except ? { name, rooms, except, payload } : { name, rooms, payload }) as LiveEmit;
}

// The requester follows his ride in his own room; staff who track it, in the ride's.
const requesterRooms = (facts: RideFacts, rideId: string) => [liveRooms.user(facts.requesterId), liveRooms.ride(rideId)];
const driverRooms = (driverId: string) => [liveRooms.user(driverId), liveRooms.driver(driverId)];

/**
 * The driver broke down mid-ride: the requester waits for another driver (and is told at once when
 * the decision found none to wait for), and the other drivers of its type are offered it where it
 * stood. The driver who broke down is blocked: he is not offered his own ride back.
 */
export function rideRedistributed({ data, position }: Positioned<'RideRedistributed'>, facts: RideFacts | null): LiveEmit[] {
  if (!facts) return [];
  const toRequester = requesterRooms(facts, data.rideId);
  const offer = {
    rideId: data.rideId,
    fromLocation: facts.fromLocation,
    toLocation: facts.toLocation,
    vehicleType: facts.vehicleType,
    isSpecialTask: facts.rideType === 'Special Task',
    // Offered to drivers who do not hold it: no requester's name or mobile (issue #17).
    requesterData: null,
    originalDriverId: data.originalDriverId,
    originalDriverName: data.originalDriverName,
    maintenanceComment: data.maintenanceComment,
    rideState: RESUME_STATE_TO_RIDE_STATE[data.resumeState],
    position,
  };
  const emits = [
    emit('rideRedistributed', toRequester, { rideId: data.rideId, message: MESSAGES.vehicleBrokeDown, position }),
    emit('redistributedRide', [liveRooms.vehicle(facts.vehicleType)], offer, [liveRooms.driver(data.originalDriverId)]),
  ];
  // As decided and recorded; null (recorded before the count was) tells nothing.
  if (data.alternativeDrivers === 0)
    emits.push(emit('noAlternativeDriver', toRequester, { rideId: data.rideId, message: MESSAGES.noAlternativeDrivers, position }));
  return emits;
}

/** Another driver took the ride over: the requester learns who, and the other drivers lose it from their list. */
export function rideTakenOver({ data, position }: Positioned<'RideTakenOver'>, facts: RideFacts | null): LiveEmit[] {
  if (!facts) return [];
  const driverDetails = { id: data.driverId, name: data.driverName, mobile: data.driverMobile, vehicle: data.vehicleNumber };
  const toRequester = requesterRooms(facts, data.rideId);
  return [
    emit('removeRide', [liveRooms.vehicle(facts.vehicleType)], { rideId: data.rideId, position }),
    emit('driverReassigned', toRequester, {
      rideId: data.rideId,
      driverDetails,
      newDriverName: data.driverName,
      newDriverId: data.driverId,
      position,
    }),
    emit('rideAccepted', toRequester, {
      rideId: data.rideId,
      driverData: driverDetails,
      isRedistributed: true,
      driverId: data.driverId,
      position,
    }),
  ];
}

/** A driver asked for maintenance: the maintenance screens add it. */
export function maintenanceRequested({ data, position }: Positioned<'MaintenanceRequested'>): LiveEmit[] {
  const { requestId, driverId } = data;
  return [
    emit('maintenanceRequestAdded', [liveRooms.staff], { requestId, driverId, position }),
    emit('newMaintenanceRequest', [liveRooms.staff], {
      requestId,
      driverId,
      message: newMaintenanceRequestMessage(data.driverName, driverId),
      position,
    }),
  ];
}

export function maintenanceAccepted({ data, position }: Positioned<'MaintenanceAccepted'>): LiveEmit[] {
  return [emit('requestStatusUpdated', [liveRooms.staff], { requestId: data.requestId, status: 'accepted', position })];
}

/** Rejected: staff lists move on, and the driver's block lifts. */
export function maintenanceRejected(
  { data, position }: Positioned<'MaintenanceRejected'>,
  _facts: RideFacts | null,
  context: LiveContext = {},
): LiveEmit[] {
  const emits = [emit('requestStatusUpdated', [liveRooms.staff], { requestId: data.requestId, status: 'rejected', position })];
  const driverId = data.driverId ?? context.maintenanceDriverId;
  if (driverId) {
    emits.push(
      emit('maintenanceRejected', driverRooms(driverId), {
        driverId,
        message: maintenanceOutcomeNotice({ status: 'rejected', reason: data.reason, inspectionDue: data.inspectionDue }),
        requestId: data.requestId,
        reason: 'maintenance_rejected',
        position,
      }),
    );
  }
  return emits;
}

/** Completed: staff lists move on, and the driver sees 'Maintenance completed. Your vehicle is now active.', or that an inspection comes first (issue #32). */
export function maintenanceCompleted(
  { data, position }: Positioned<'MaintenanceCompleted'>,
  _facts: RideFacts | null,
  context: LiveContext = {},
): LiveEmit[] {
  const emits = [emit('requestStatusUpdated', [liveRooms.staff], { requestId: data.requestId, status: 'completed', position })];
  const driverId = data.driverId ?? context.maintenanceDriverId;
  if (driverId) {
    emits.push(
      emit('maintenanceCompleted', driverRooms(driverId), {
        driverId,
        message: maintenanceOutcomeNotice({ status: 'completed', inspectionDue: data.inspectionDue }),
        requestId: data.requestId,
        reason: 'maintenance_completed',
        position,
      }),
    );
  }
  return emits;
}
