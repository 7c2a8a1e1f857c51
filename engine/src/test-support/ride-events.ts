import { rideStreamId, type OpenedToAllReason, type RideEvent } from '@plantride/schemas';

type Data<T extends RideEvent['type']> = Extract<RideEvent, { type: T }>['data'];
const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 8, minute)).toISOString();
const event = <T extends RideEvent['type']>(type: T, data: Data<T>) =>
  ({ streamId: rideStreamId(data.rideId), type, data }) as Extract<RideEvent, { type: T }> & { streamId: string };

/** Ride events with plausible defaults, for given-events tests; `minute` is minutes past 08:00 UTC on 25/11/2026. */
export const rideEvents = {
  requested: (rideId: string, requesterId: string, minute = 0, more: Partial<Data<'RideRequested'>> = {}) =>
    event('RideRequested', {
      rideId,
      requesterId,
      requesterName: `Requester ${requesterId}`,
      requesterMobile: '9000000001',
      fromLocation: 'main gate',
      toLocation: 'canteen',
      vehicleType: 'Forklift',
      rideType: 'Regular',
      estimatedMinutes: 11,
      durationMinutes: null,
      requestedAt: at(minute),
      ...more,
    }),
  accepted: (rideId: string, driverId: string, minute = 1) =>
    event('RideAccepted', {
      rideId,
      driverId,
      driverName: `Driver ${driverId}`,
      driverMobile: '9876543210',
      vehicleNumber: `MH12 ${driverId}`,
      acceptedAt: at(minute),
    }),
  started: (rideId: string, driverId: string, minute = 2) => event('RideStarted', { rideId, driverId, startedAt: at(minute) }),
  picked: (rideId: string, driverId: string, minute = 3) => event('MaterialPicked', { rideId, driverId, pickedAt: at(minute) }),
  dropped: (rideId: string, driverId: string, minute = 4) => event('MaterialDropped', { rideId, driverId, droppedAt: at(minute) }),
  ended: (rideId: string, driverId: string, minute = 5) => event('RideEnded', { rideId, driverId, endedAt: at(minute) }),
  cancelled: (rideId: string, requesterId: string, minute = 1) =>
    event('RideCancelled', { rideId, cancelledBy: requesterId, cancelledAt: at(minute) }),
  redistributed: (rideId: string, originalDriverId: string, minute = 3) =>
    event('RideRedistributed', {
      rideId,
      originalDriverId,
      originalDriverName: `Driver ${originalDriverId}`,
      maintenanceComment: 'hydraulics',
      maintenanceRequestId: null,
      resumeState: 'started',
      redistributedAt: at(minute),
      openToAll: true,
      alternativeDrivers: 1,
    }),
  takenOver: (rideId: string, driverId: string, minute = 4) =>
    event('RideTakenOver', {
      rideId,
      driverId,
      driverName: `Driver ${driverId}`,
      driverMobile: '9876500000',
      vehicleNumber: `MH12 ${driverId}`,
      resumeState: 'started',
      takenOverAt: at(minute),
    }),
  // Offer dispatch (issue #20); an offer lasts 30 s from its minute.
  offered: (rideId: string, driverId: string, round = 1, minute = 0) =>
    event('RideOffered', {
      rideId,
      driverId,
      round,
      offeredAt: at(minute),
      expiresAt: new Date(Date.parse(at(minute)) + 30_000).toISOString(),
    }),
  offerDeclined: (rideId: string, driverId: string, round = 1, minute = 0) =>
    event('RideOfferDeclined', { rideId, driverId, round, declinedAt: at(minute) }),
  offerExpired: (rideId: string, driverId: string, round = 1, minute = 1) =>
    event('RideOfferExpired', { rideId, driverId, round, expiredAt: at(minute) }),
  openedToAll: (rideId: string, minute = 1, reason: OpenedToAllReason = 'every driver passed') =>
    event('RideOpenedToAll', { rideId, reason, openedAt: at(minute) }),
};
