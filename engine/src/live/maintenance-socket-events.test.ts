import { describe, expect, it } from 'vitest';
import { MESSAGES, SOCKET_PAYLOADS, foldRide, type MaintenanceEvent, type RideEvent } from '@plantride/schemas';
import { toDomainEvent } from '../event-store/upcast';
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
    alternativeDrivers: 2,
  },
};
const redistributedWith = (alternativeDrivers: number | null): RideEvent => ({
  ...redistributed,
  data: { ...redistributed.data, alternativeDrivers },
});
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
    vehicleNumber: null,
    issue: '',
    commentText: 'hydraulics gone',
    breakdownType: 'partial',
    rideId: 'R1',
    requestedAt: AT,
  },
};

const factsAfter = (events: RideEvent[]): RideFacts | null => rideFactsOf(foldRide(events));
/** The request streams as the gateway would read them; `asked` counts the reads. */
function requestStreams() {
  const asked: string[] = [];
  const lookups: LiveLookups = {
    maintenanceDriver: async (id) => {
      asked.push(id);
      return id === 'M1' ? 'DR01' : null;
    },
  };
  return { asked, lookups };
}

function expectValid(emits: LiveEmit[]): void {
  for (const emit of emits) expect(SOCKET_PAYLOADS[emit.name].strict().safeParse(emit.payload).error, emit.name).toBeUndefined();
}

async function emitsFor(
  event: RideEvent | MaintenanceEvent,
  facts: RideFacts | null,
  lookups = requestStreams().lookups,
): Promise<LiveEmit[]> {
  const emits = socketEventsFor({ ...event, position: 30 }, facts, await liveContextFor(event, lookups));
  expectValid(emits);
  return emits;
}

const noAlternative = (emits: LiveEmit[]) => emits.filter((emit) => emit.name === 'noAlternativeDriver');

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

  it('given the redistribution recorded no other driver of its type, then the requester is told at once, and nothing was looked up for it', async () => {
    const { asked, lookups } = requestStreams();
    const emits = await emitsFor(redistributedWith(0), factsAfter([requested, accepted, ...picked]), lookups);
    expect(emits.at(-1)).toEqual({
      name: 'noAlternativeDriver',
      rooms: ['user:RQ01', 'ride:R1'],
      payload: { rideId: 'R1', message: MESSAGES.noAlternativeDrivers, position: 30 },
    });
    expect(asked).toEqual([]);
  });

  it.each([1, 5])(
    'given the redistribution recorded %i other drivers of its type, then the requester is not told there is none',
    async (count) => {
      expect(noAlternative(await emitsFor(redistributedWith(count), factsAfter([requested, accepted, ...picked])))).toEqual([]);
    },
  );

  it('given a redistribution stored before it recorded the count (version 2), when it is read and mapped, then the count is unknown and nothing is said of it', async () => {
    const {
      openToAll: _openToAll,
      alternativeDrivers: _count,
      ...version1
    } = redistributed.data as Extract<RideEvent, { type: 'RideRedistributed' }>['data'];
    for (const stored of [
      { schemaVersion: 1, data: version1 },
      { schemaVersion: 2, data: { ...version1, openToAll: true } },
    ]) {
      const lifted = toDomainEvent({ type: 'RideRedistributed', globalPosition: 30, ...stored }) as RideEvent;
      expect(lifted.data).toMatchObject({ alternativeDrivers: null });
      const emits = await emitsFor(lifted, factsAfter([requested, accepted, ...picked]));
      expect(emits.map((emit) => emit.name)).toEqual(['rideRedistributed', 'redistributedRide']);
    }
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
      // Staff boards read themselves again (issue #32 item 4).
      { name: 'boardChanged', rooms: ['staff'], payload: { position: 30 } },
    ]);
  });

  it('given no facts about the ride, when it is redistributed or taken over, then nothing is sent', async () => {
    expect(await emitsFor(redistributedWith(0), null)).toEqual([]);
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
      {
        type: 'MaintenanceRejected',
        data: { requestId: 'M1', driverId: 'DR01', reason: 'no fault found', rejectedAt: AT, inspectionDue: false },
      },
      'rejected',
      'maintenanceRejected',
    ],
    [
      { type: 'MaintenanceCompleted', data: { requestId: 'M1', driverId: 'DR01', maintenanceDate: AT, inspectionDue: false } },
      'completed',
      'maintenanceCompleted',
    ],
  ] as const satisfies ReadonlyArray<readonly [MaintenanceEvent, string, string | null]>)(
    'when a request moves on (%j), then staff get requestStatusUpdated and a finished one tells the driver it names, with no lookup',
    async (event, status, toDriver) => {
      const { asked, lookups } = requestStreams();
      const emits = await emitsFor(event, null, lookups);
      expect(asked).toEqual([]);
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

  it.each([
    [
      {
        type: 'MaintenanceRejected',
        data: { requestId: 'M1', driverId: 'DR01', reason: 'Duplicate.', rejectedAt: AT, inspectionDue: true },
      },
      'Your maintenance request was rejected: Duplicate. Pass a vehicle inspection before taking rides again.',
    ],
    [
      {
        type: 'MaintenanceRejected',
        data: { requestId: 'M1', driverId: 'DR01', reason: 'no fault found', rejectedAt: AT, inspectionDue: false },
      },
      'Your maintenance request was rejected: no fault found. You can take rides again.',
    ],
    [
      { type: 'MaintenanceCompleted', data: { requestId: 'M1', driverId: 'DR01', maintenanceDate: AT, inspectionDue: true } },
      'Maintenance completed. Pass a vehicle inspection before taking rides again.',
    ],
  ] as const satisfies ReadonlyArray<readonly [MaintenanceEvent, string]>)(
    'when a request closes (%j), then the driver is told what comes next, never "active again" while an inspection is due',
    async (event, message) => {
      const emits = await emitsFor(event, null, requestStreams().lookups);
      expect(emits[1]?.payload).toMatchObject({ driverId: 'DR01', message });
    },
  );

  it.each([
    ['MaintenanceRejected', { requestId: 'M1', reason: 'no fault found', rejectedAt: AT }, 'maintenanceRejected'],
    ['MaintenanceCompleted', { requestId: 'M1', maintenanceDate: AT }, 'maintenanceCompleted'],
  ] as const)(
    'given a %s stored before outcomes named the driver (version 1), when it is mapped, then its driver is read from the request and told',
    async (type, data, toDriver) => {
      const lifted = toDomainEvent({ type, schemaVersion: 1, globalPosition: 30, data }) as MaintenanceEvent;
      expect(lifted.data).toMatchObject({ driverId: null });
      const { asked, lookups } = requestStreams();
      const emits = await emitsFor(lifted, null, lookups);
      expect(asked).toEqual(['M1']);
      expect(emits[1]).toMatchObject({ name: toDriver, rooms: ['user:DR01', 'driver:DR01'], payload: { driverId: 'DR01' } });
    },
  );

  it('when a comment is edited, then nothing is sent', async () => {
    expect(await emitsFor({ type: 'MaintenanceCommentEdited', data: { requestId: 'M1', commentText: 'x', editedAt: AT } }, null)).toEqual(
      [],
    );
  });
});
