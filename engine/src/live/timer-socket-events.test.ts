import { describe, expect, it } from 'vitest';
import { MESSAGES, SERVER_MESSAGES, SOCKET_PAYLOADS, foldRide, type RideEvent } from '@plantride/schemas';
import { rideFactsOf, type RideFacts } from './ride-facts';
import { socketEventsFor, type LiveEmit } from './ride-socket-events';

const AT = '2026-11-25T08:00:00.000Z';
const LATER = '2026-11-25T08:05:00.000Z';
const requested: RideEvent = {
  type: 'RideRequested',
  data: {
    rideId: 'R1',
    requesterId: 'RQ01',
    requesterName: 'Asha',
    requesterMobile: '9000000001',
    fromLocation: 'fgs',
    toLocation: 'RMS',
    vehicleType: 'Crane',
    rideType: 'Special Task',
    estimatedMinutes: 5,
    durationMinutes: 30,
    requestedAt: AT,
  },
};
const accepted: RideEvent = {
  type: 'RideAccepted',
  data: { rideId: 'R1', driverId: 'DR01', driverName: 'Ravi', driverMobile: '9000000002', vehicleNumber: '12', acceptedAt: AT },
};
const redistributed: RideEvent = {
  type: 'RideRedistributed',
  data: {
    rideId: 'R1',
    originalDriverId: 'DR01',
    originalDriverName: 'Ravi',
    maintenanceComment: '',
    maintenanceRequestId: null,
    resumeState: 'accepted',
    redistributedAt: AT,
    openToAll: true,
    alternativeDrivers: 1,
  },
};
const factsAfter = (events: RideEvent[]): RideFacts | null => rideFactsOf(foldRide(events));

function expectValid(emits: LiveEmit[]): void {
  for (const emit of emits) expect(SOCKET_PAYLOADS[emit.name].strict().safeParse(emit.payload).error, emit.name).toBeUndefined();
}

describe('timer events to socket events', () => {
  const requesterData = { userId: 'RQ01', name: 'Asha', mobile: '9000000001' };

  it('given a requested ride, when its wait alert fires, then staff hear rideWaitingTooLong and its drivers get newRideRequest again', () => {
    const emits = socketEventsFor(
      { type: 'RideWaitAlerted', data: { rideId: 'R1', requestedAt: AT, dueAt: LATER, alertedAt: LATER }, position: 9 },
      factsAfter([requested]),
    );
    const ride = { rideId: 'R1', fromLocation: 'fgs', toLocation: 'RMS', isSpecialTask: true, requesterData };
    expect(emits).toEqual([
      {
        name: 'rideWaitingTooLong',
        rooms: ['staff'],
        payload: { ...ride, vehicleType: 'Crane', requestedAt: AT, message: SERVER_MESSAGES.rideWaitingTooLong, position: 9 },
      },
      // The very payload of the booking's newRideRequest, at the alert's position.
      {
        name: 'newRideRequest',
        rooms: ['vehicle:Crane'],
        payload: (socketEventsFor({ ...requested, position: 9 }, null)[0] as LiveEmit).payload,
      },
    ]);
    expectValid(emits);
  });

  it('given a waiting ride, when a reassignment notice fires, then the requester hears noAlternativeDriver', () => {
    const emits = socketEventsFor(
      {
        type: 'ReassignmentOverdue',
        data: { rideId: 'R1', redistribution: 1, notice: 2, dueAt: LATER, nextDueAt: LATER, notedAt: LATER },
        position: 12,
      },
      factsAfter([requested, accepted, redistributed]),
    );
    expect(emits).toEqual([
      {
        name: 'noAlternativeDriver',
        rooms: ['user:RQ01', 'ride:R1'],
        payload: { rideId: 'R1', message: MESSAGES.noAlternativeDrivers, position: 12 },
      },
    ]);
    expectValid(emits);
  });

  it('given a started Special Task, when it overruns, then its requester and driver hear specialTaskOverdue', () => {
    const emits = socketEventsFor(
      {
        type: 'SpecialTaskOverran',
        data: { rideId: 'R1', driverId: 'DR01', startedAt: AT, durationMinutes: 30, dueAt: LATER, overranAt: LATER },
        position: 14,
      },
      factsAfter([requested, accepted]),
    );
    expect(emits).toEqual([
      {
        name: 'specialTaskOverdue',
        rooms: ['user:RQ01', 'driver:DR01', 'ride:R1'],
        payload: {
          rideId: 'R1',
          driverId: 'DR01',
          startedAt: AT,
          durationMinutes: 30,
          message: SERVER_MESSAGES.specialTaskOverdue,
          position: 14,
        },
      },
    ]);
    expectValid(emits);
  });

  it('given a ride the gateway knows nothing of, when a timer event arrives, then it sends nothing', () => {
    expect(
      socketEventsFor(
        { type: 'RideWaitAlerted', data: { rideId: 'R9', requestedAt: AT, dueAt: LATER, alertedAt: LATER }, position: 1 },
        null,
      ),
    ).toEqual([]);
  });

  it('given a ride waiting for reassignment, when its requester cancels, then its drivers drop it', () => {
    const emits = socketEventsFor(
      { type: 'RideCancelled', data: { rideId: 'R1', cancelledBy: 'RQ01', cancelledAt: LATER }, position: 15 },
      factsAfter([requested, accepted, redistributed]),
    );
    // Staff boards read themselves again too (issue #32 item 4).
    expect(emits).toEqual([
      { name: 'removeRide', rooms: ['vehicle:Crane'], payload: { rideId: 'R1', position: 15 } },
      { name: 'boardChanged', rooms: ['staff'], payload: { position: 15 } },
    ]);
  });
});
