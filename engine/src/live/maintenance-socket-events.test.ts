import { describe, expect, it } from 'vitest';
import { MESSAGES, SOCKET_PAYLOADS, foldRide, type MaintenanceEvent, type RideEvent } from '@plantride/schemas';
import { liveContextFor, type LiveLookups } from './live-lookups';
import { rideFactsOf, type RideFacts } from './ride-facts';
import { reaches, socketEventsFor, type LiveEmit } from './ride-socket-events';
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
    rideType: 'Special Task',
    estimatedMinutes: 11,
    durationMinutes: 30,
    requestedAt: AT,
  },
};
const accepted: RideEvent = {
  type: 'RideAccepted',
  data: { rideId: 'R1', driverId: 'DR01', driverName: 'Ravi', driverMobile: '9000000002', vehicleNumber: '12', acceptedAt: AT },
};
const picked: RideEvent[] = [
  { type: 'RideStarted', data: { rideId: 'R1', driverId: 'DR01', startedAt: AT } },
  { type: 'MaterialPicked', data: { rideId: 'R1', driverId: 'DR01', pickedAt: AT } },
];
const redistributed: RideEvent = {
  type: 'RideRedistributed',
  data: {
    rideId: 'R1',
    originalDriverId: 'DR01',
    originalDriverName: 'Ravi',
    maintenanceComment: 'hydraulics gone',
    maintenanceRequestId: 'M1',
    resumeState: 'material picked',
    redistributedAt: AT,
    openToAll: true,
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
    resumeState: 'material picked',
    takenOverAt: AT,
  },
};
const maintenanceRequested: MaintenanceEvent = {
  type: 'MaintenanceRequested',
  data: {
    requestId: 'M1',
    driverId: 'DR01',
    driverName: 'Ravi',
    vehicleType: 'Forklift',
    issue: '',
    commentText: 'hydraulics gone',
    breakdownType: 'partial',
    rideId: 'R1',
    requestedAt: AT,
  },
};

const factsAfter = (events: RideEvent[]): RideFacts | null => rideFactsOf(foldRide(events));
const lookups = (alternatives: number): LiveLookups => ({
  availableDrivers: async () => alternatives,
  maintenanceDriver: async (id) => (id === 'M1' ? 'DR01' : null),
});

function expectValid(emits: LiveEmit[]): void {
  for (const emit of emits) expect(SOCKET_PAYLOADS[emit.name].strict().safeParse(emit.payload).error, emit.name).toBeUndefined();
}

async function emitsFor(event: RideEvent | MaintenanceEvent, facts: RideFacts | null, alternatives = 2): Promise<LiveEmit[]> {
  const emits = socketEventsFor({ ...event, position: 30 }, facts, await liveContextFor(event, facts, lookups(alternatives)));
  expectValid(emits);
  return emits;
}

describe('maintenance and redistribution to socket events', () => {
  it('given a ride with its material picked, when it is redistributed, then the requester waits and the other drivers of its type are offered it at that state', async () => {
    const emits = await emitsFor(redistributed, factsAfter([requested, accepted, ...picked]));
    expect(emits).toEqual([
      {
        name: 'rideRedistributed',
        rooms: ['user:RQ01', 'ride:R1'],
        payload: { rideId: 'R1', message: MESSAGES.vehicleBrokeDown, position: 30 },
      },
      {
        name: 'redistributedRide',
        rooms: ['vehicle:Forklift'],
        except: ['driver:DR01'],
        payload: {
          rideId: 'R1',
          fromLocation: 'main gate',
          toLocation: 'canteen',
          vehicleType: 'Forklift',
          isSpecialTask: true,
          requesterData: null,
          originalDriverId: 'DR01',
          originalDriverName: 'Ravi',
          maintenanceComment: 'hydraulics gone',
          rideState: 'material_picked',
          position: 30,
        },
      },
    ]);
  });

  it('given a redistributed ride, then the offer reaches another driver of its type but not the blocked driver who broke down, nor a driver of another type', async () => {
    const offer = (await emitsFor(redistributed, factsAfter([requested, accepted, ...picked]))).find(
      (emit) => emit.name === 'redistributedRide',
    )!;
    expect(reaches(offer, new Set(roomsFor('DR02', { role: 'driver', assignedVehicleType: 'Forklift' })))).toBe(true);
    expect(reaches(offer, new Set(roomsFor('DR01', { role: 'driver', assignedVehicleType: 'Forklift' })))).toBe(false);
    expect(reaches(offer, new Set(roomsFor('DR03', { role: 'driver', assignedVehicleType: 'Crane' })))).toBe(false);
  });

  it('given no other driver of its type can work, when a ride is redistributed, then the requester is told at once', async () => {
    const emits = await emitsFor(redistributed, factsAfter([requested, accepted, ...picked]), 0);
    expect(emits.at(-1)).toEqual({
      name: 'noAlternativeDriver',
      rooms: ['user:RQ01', 'ride:R1'],
      payload: { rideId: 'R1', message: MESSAGES.noAlternativeDrivers, position: 30 },
    });
  });

  it('given a redistributed ride, when another driver takes it over, then the requester learns who and the drivers lose it', async () => {
    const emits = await emitsFor(takenOver, factsAfter([requested, accepted, ...picked, redistributed]));
    const driver = { id: 'DR02', name: 'Meena', mobile: '9000000003', vehicle: '7' };
    expect(emits).toEqual([
      { name: 'removeRide', rooms: ['vehicle:Forklift'], payload: { rideId: 'R1', position: 30 } },
      {
        name: 'driverReassigned',
        rooms: ['user:RQ01', 'ride:R1'],
        payload: { rideId: 'R1', driverDetails: driver, newDriverName: 'Meena', newDriverId: 'DR02', position: 30 },
      },
      {
        name: 'rideAccepted',
        rooms: ['user:RQ01', 'ride:R1'],
        payload: { rideId: 'R1', driverData: driver, isRedistributed: true, driverId: 'DR02', position: 30 },
      },
    ]);
  });

  it('given no facts about the ride, when it is redistributed or taken over, then nothing is sent', async () => {
    expect(await emitsFor(redistributed, null, 0)).toEqual([]);
    expect(await emitsFor(takenOver, null)).toEqual([]);
  });

  it('when a driver asks for maintenance, then staff are told twice over, as the spec names it', async () => {
    const emits = await emitsFor(maintenanceRequested, null);
    expect(emits.map((e) => [e.name, e.rooms])).toEqual([
      ['maintenanceRequestAdded', ['staff']],
      ['newMaintenanceRequest', ['staff']],
    ]);
    expect(emits[1]?.payload).toMatchObject({ requestId: 'M1', driverId: 'DR01', message: expect.stringContaining('Ravi') });
  });

  it.each([
    [{ type: 'MaintenanceAccepted', data: { requestId: 'M1', acceptedAt: AT } }, 'accepted', null],
    [
      { type: 'MaintenanceRejected', data: { requestId: 'M1', reason: 'no fault found', rejectedAt: AT } },
      'rejected',
      'maintenanceRejected',
    ],
    [{ type: 'MaintenanceCompleted', data: { requestId: 'M1', maintenanceDate: AT } }, 'completed', 'maintenanceCompleted'],
  ] as const)(
    'when a request moves on (%j), then staff get requestStatusUpdated and a finished one tells its driver',
    async (event, status, toDriver) => {
      const emits = await emitsFor(event, null);
      expect(emits[0]).toEqual({ name: 'requestStatusUpdated', rooms: ['staff'], payload: { requestId: 'M1', status, position: 30 } });
      if (!toDriver) return expect(emits).toHaveLength(1);
      expect(emits[1]).toMatchObject({
        name: toDriver,
        rooms: ['user:DR01', 'driver:DR01'],
        payload: { driverId: 'DR01', requestId: 'M1', message: expect.any(String) },
      });
      if (toDriver === 'maintenanceCompleted')
        expect(emits[1]?.payload).toMatchObject({ message: MESSAGES.maintenanceCompletedVehicleActive });
    },
  );

  it('when a comment is edited, then nothing is sent', async () => {
    expect(await emitsFor({ type: 'MaintenanceCommentEdited', data: { requestId: 'M1', commentText: 'x', editedAt: AT } }, null)).toEqual(
      [],
    );
  });
});
