import { describe, expect, it } from 'vitest';
import { MESSAGES, SOCKET_PAYLOADS, foldRide, type RideEvent } from '@plantride/schemas';
import { rideFactsOf, type RideFacts } from './ride-facts';
import { reaches, socketEventsFor, type LiveEmit, type PositionedEvent } from './ride-socket-events';
import { roomsFor } from './live-rooms';

const AT = '2026-11-25T08:00:00.000Z';
const requested: RideEvent = {
  type: 'RideRequested',
  data: {
    rideId: 'R1',
    requesterId: 'RQ01',
    requesterName: 'Asha',
    requesterMobile: '9000000001',
    fromLocation: 'main gate',
    toLocation: 'canteen',
    vehicleType: 'Forklift',
    rideType: 'Regular',
    estimatedMinutes: 11,
    durationMinutes: null,
    requestedAt: AT,
  },
};
const accepted: RideEvent = {
  type: 'RideAccepted',
  data: { rideId: 'R1', driverId: 'DR01', driverName: 'Ravi', driverMobile: '9000000002', vehicleNumber: '12', acceptedAt: AT },
};
const steps: RideEvent[] = [
  { type: 'RideStarted', data: { rideId: 'R1', driverId: 'DR01', startedAt: AT } },
  { type: 'MaterialPicked', data: { rideId: 'R1', driverId: 'DR01', pickedAt: AT } },
  { type: 'MaterialDropped', data: { rideId: 'R1', driverId: 'DR01', droppedAt: AT } },
  { type: 'RideEnded', data: { rideId: 'R1', driverId: 'DR01', endedAt: AT } },
];
const cancelled: RideEvent = { type: 'RideCancelled', data: { rideId: 'R1', cancelledBy: 'RQ01', cancelledAt: AT } };

const factsAfter = (events: RideEvent[]): RideFacts | null => rideFactsOf(foldRide(events));
// Issue #32 item 4: what staff boards hear beside a ride's own socket events.
const board = (position: number): LiveEmit => ({ name: 'boardChanged', rooms: ['staff'], payload: { position } });

// Payloads are checked against the spec's schemas here, not on the hot path; strict, so no field sneaks in.
function expectValid(emits: LiveEmit[]): void {
  for (const emit of emits) expect(SOCKET_PAYLOADS[emit.name].strict().safeParse(emit.payload).error, emit.name).toBeUndefined();
}

describe('store events to socket events', () => {
  it('when a ride is requested, then drivers of its vehicle type get newRideRequest and staff get rideRequested', () => {
    const emits = socketEventsFor({ ...requested, position: 7 }, null);
    const requesterData = { userId: 'RQ01', name: 'Asha', mobile: '9000000001' };
    expect(emits).toEqual([
      {
        name: 'newRideRequest',
        rooms: ['vehicle:Forklift'],
        payload: {
          message: MESSAGES.newRideBooked,
          assignedTo: 'Forklift',
          rideId: 'R1',
          fromLocation: 'main gate',
          toLocation: 'canteen',
          isSpecialTask: false,
          requesterData: null,
          vehicleType: 'Forklift',
          position: 7,
        },
      },
      {
        name: 'rideRequested',
        rooms: ['staff'],
        payload: { rideId: 'R1', fromLocation: 'main gate', toLocation: 'canteen', isSpecialTask: false, requesterData, position: 7 },
      },
    ]);
    expectValid(emits);
  });

  it('when a Special Task ride is requested, then the payloads say so', () => {
    const special: RideEvent = { ...requested, data: { ...requested.data, rideType: 'Special Task', durationMinutes: 30 } } as RideEvent;
    const emits = socketEventsFor({ ...special, position: 7 }, null);
    expect(emits.map((emit) => (emit.payload as { isSpecialTask: boolean }).isSpecialTask)).toEqual([true, true]);
  });

  it('given a requested ride, when a driver accepts, then its vehicle type loses it and the requester is told who drives', () => {
    const emits = socketEventsFor({ ...accepted, position: 8 }, factsAfter([requested]));
    expect(emits).toEqual([
      { name: 'removeRide', rooms: ['vehicle:Forklift'], payload: { rideId: 'R1', position: 8 } },
      {
        name: 'rideAccepted',
        rooms: ['user:RQ01', 'ride:R1'],
        payload: {
          rideId: 'R1',
          driverData: { id: 'DR01', name: 'Ravi', mobile: '9000000002', vehicle: '12' },
          isRedistributed: false,
          driverId: 'DR01',
          position: 8,
        },
      },
      board(8),
    ]);
    expectValid(emits);
  });

  it.each([
    [0, 'rideStarted'],
    [1, 'materialPicked'],
    [2, 'materialDropped'],
    [3, 'rideEnded'],
  ] as const)('given an accepted ride, when step %i happens, then requester, driver and ride room get %s', (index, name) => {
    const emits = socketEventsFor(
      { ...(steps[index] as RideEvent), position: 20 },
      factsAfter([requested, accepted, ...steps.slice(0, index)]),
    );
    // Ended, the driver is free again on the board; the steps before change nothing it shows.
    expect(emits).toEqual([
      { name, rooms: ['user:RQ01', 'driver:DR01', 'ride:R1'], payload: { rideId: 'R1', position: 20 } },
      ...(name === 'rideEnded' ? [board(20)] : []),
    ]);
    expectValid(emits);
  });

  it('given a requested ride, when it is cancelled, then drivers of its vehicle type remove it', () => {
    const emits = socketEventsFor({ ...cancelled, position: 9 }, factsAfter([requested]));
    expect(emits).toEqual([{ name: 'removeRide', rooms: ['vehicle:Forklift'], payload: { rideId: 'R1', position: 9 } }, board(9)]);
    expectValid(emits);
  });

  it('given no facts about the ride, when a later event arrives, then it is sent nowhere', () => {
    expect(socketEventsFor({ ...accepted, position: 8 }, null)).toEqual([]);
  });

  it('when an event has no socket mapping, then nothing is sent', () => {
    const signedOut = { type: 'UserSignedOut', data: { tokenNo: 'RQ01' }, position: 3 } as const;
    expect(socketEventsFor(signedOut, null)).toEqual([]);
  });
});

describe('ride facts', () => {
  it('given a ride broken down and taken over, then the facts name the new and the original driver', () => {
    const redistributed: RideEvent = {
      type: 'RideRedistributed',
      data: {
        rideId: 'R1',
        originalDriverId: 'DR01',
        originalDriverName: 'Ravi',
        maintenanceComment: 'flat tyre',
        maintenanceRequestId: null,
        resumeState: 'started',
        redistributedAt: AT,
        openToAll: true,
        alternativeDrivers: 1,
      },
    };
    const takenOver: RideEvent = {
      type: 'RideTakenOver',
      data: {
        rideId: 'R1',
        driverId: 'DR02',
        driverName: 'Meena',
        driverMobile: '9000000003',
        vehicleNumber: '7',
        resumeState: 'started',
        takenOverAt: AT,
      },
    };
    expect(factsAfter([requested, accepted, steps[0] as RideEvent, redistributed])).toMatchObject({
      requesterId: 'RQ01',
      vehicleType: 'Forklift',
      driverId: null,
      originalDriverId: 'DR01',
    });
    expect(factsAfter([requested, accepted, steps[0] as RideEvent, redistributed, takenOver])).toMatchObject({
      requesterId: 'RQ01',
      vehicleType: 'Forklift',
      driverId: 'DR02',
      originalDriverId: 'DR01',
    });
  });
});

describe('site changes (issue #20)', () => {
  it("given an admin's edit of the site, then every signed-in socket hears siteChanged; the site's first definition sends nothing", () => {
    const changed = socketEventsFor({ type: 'LocationChanged', data: { id: 'main-gate', retired: true }, position: 42 }, null);
    expect(changed).toEqual([{ name: 'siteChanged', rooms: ['everyone'], payload: { position: 42 } }]);
    expectValid(changed);
    expect(reaches(changed[0]!, new Set(roomsFor('RQ01', { role: 'requester', assignedVehicleType: null })))).toBe(true);
    expect(
      socketEventsFor({ type: 'RouteTimeChanged', data: { from: 'a', to: 'b', minutes: 4 }, position: 43 }, null).map((emit) => emit.name),
    ).toEqual(['siteChanged']);
  });
});

// Issue #32 item 4: the dispatcher board hears of every change it shows, not only at its 15-second read.
describe('the board hears of its changes', () => {
  const staff = new Set(['staff']);
  const boardChanges = (emits: LiveEmit[]) => emits.filter((emit) => emit.name === 'boardChanged');

  it('given a ride taken, ended or cancelled, or a driver starting a break, then staff get boardChanged at its position and nobody else does', () => {
    const cases: [PositionedEvent, RideEvent[]][] = [
      [{ ...accepted, position: 12 }, [requested]],
      [{ ...steps[3]!, position: 12 }, [requested, accepted, ...steps.slice(0, 3)]],
      [{ ...cancelled, position: 12 }, [requested]],
      [{ type: 'DriverBreakStarted', data: { operatorId: 'DR01', startedAt: AT }, position: 12 }, []],
    ];
    for (const [event, before] of cases) {
      const emits = socketEventsFor(event, factsAfter(before));
      expect(boardChanges(emits), event.type).toEqual([{ name: 'boardChanged', rooms: ['staff'], payload: { position: 12 } }]);
      expectValid(boardChanges(emits));
    }
  });

  it('given a booking or a step on the way, then no boardChanged: staff hear rideRequested, and a step changes nothing the board shows', () => {
    const booking = socketEventsFor({ ...requested, position: 3 }, null);
    expect(boardChanges(booking)).toEqual([]);
    expect(booking.some((emit) => emit.name === 'rideRequested' && reaches(emit, staff))).toBe(true);
    expect(boardChanges(socketEventsFor({ ...steps[1]!, position: 4 }, factsAfter([requested, accepted, steps[0]!])))).toEqual([]);
  });
});
