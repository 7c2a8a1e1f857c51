import { ASSIGN_MESSAGES, type EventOfType, type SocketEventName, type SocketPayload } from '@plantride/schemas';
import { liveRooms } from './live-rooms';
import type { RideFacts } from './ride-facts';
import type { LiveEmit } from './ride-socket-events';

type Positioned = EventOfType<'RideAssigned'> & { position: number };

function emit<E extends SocketEventName>(name: E, rooms: string[], payload: SocketPayload<E>): LiveEmit {
  return { name, rooms, payload } as LiveEmit;
}

/**
 * Staff gave a ride to a driver (issue #32 item 4): the other drivers lose it from their lists, the
 * driver it went to is told it is his, the driver it was taken back from that it is not, and the
 * requester sees the new driver: as an accept for a ride that never had one, as a reassignment otherwise.
 */
export function rideAssigned({ data, position }: Positioned, facts: RideFacts | null): LiveEmit[] {
  if (!facts) return [];
  const { rideId, driverId, fromDriverId } = data;
  const driverData = { id: driverId, name: data.driverName, mobile: data.driverMobile, vehicle: data.vehicleNumber };
  const toRequester = [liveRooms.user(facts.requesterId), liveRooms.ride(rideId)];
  // It had a driver before: taken back now, or handed over after a breakdown (the ride remembers where it resumes).
  const hadDriver = fromDriverId !== null || facts.resumeState !== null;
  return [
    emit('removeRide', [liveRooms.vehicle(facts.vehicleType)], { rideId, position }),
    emit('rideAssigned', [liveRooms.driver(driverId)], {
      rideId,
      fromLocation: facts.fromLocation,
      toLocation: facts.toLocation,
      vehicleType: facts.vehicleType,
      isSpecialTask: facts.rideType === 'Special Task',
      requesterData: { userId: facts.requesterId, name: facts.requesterName, mobile: facts.requesterMobile },
      reason: data.reason,
      fromDriverId,
      message: ASSIGN_MESSAGES.assignedToYou,
      position,
    }),
    ...(fromDriverId === null
      ? []
      : [
          emit('rideTakenBack', [liveRooms.driver(fromDriverId)], {
            rideId,
            newDriverId: driverId,
            reason: data.reason,
            message: ASSIGN_MESSAGES.takenBack,
            position,
          }),
        ]),
    ...(hadDriver
      ? [
          emit('driverReassigned', toRequester, {
            rideId,
            driverDetails: driverData,
            newDriverName: data.driverName,
            newDriverId: driverId,
            position,
          }),
        ]
      : []),
    emit('rideAccepted', toRequester, { rideId, driverData, isRedistributed: hadDriver, driverId, position }),
  ];
}
