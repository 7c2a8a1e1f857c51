import { describe, expect, it } from 'vitest';
import { ASSIGN_MESSAGES, SOCKET_PAYLOADS, foldRide, type RideEvent } from '@plantride/schemas';
import { rideFactsOf } from './ride-facts';
import { reaches, socketEventsFor, type LiveEmit } from './ride-socket-events';
import { roomsFor } from './live-rooms';

// Issue #32 item 4: what staff's assignment tells each party, live.

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
const assigned = (driverId: string, fromDriverId: string | null): RideEvent => ({
  type: 'RideAssigned',
  data: {
    rideId: 'R1',
    driverId,
    driverName: `Driver ${driverId}`,
    driverMobile: '9000000003',
    vehicleNumber: null,
    fromDriverId,
    assignedBy: 'AD01',
    reason: 'Closest driver',
    assignedAt: AT,
  },
});

const driverRooms = (tokenNo: string) => new Set(roomsFor(tokenNo, { role: 'driver', assignedVehicleType: 'Forklift' }));
const requesterRooms = new Set(roomsFor('RQ01', { role: 'requester', assignedVehicleType: null }));
const heardBy = (emits: LiveEmit[], rooms: ReadonlySet<string>) => emits.filter((emit) => reaches(emit, rooms)).map((emit) => emit.name);

function expectValid(emits: LiveEmit[]): void {
  for (const emit of emits) expect(SOCKET_PAYLOADS[emit.name].strict().safeParse(emit.payload).error, emit.name).toBeUndefined();
}

describe('staff assign a ride, live', () => {
  it('given a requested ride, when staff assign it, then the driver hears it is his (with the requester), the others lose it, and the requester hears it accepted', () => {
    const emits = socketEventsFor({ ...assigned('DR02', null), position: 9 }, rideFactsOf(foldRide([requested])));
    expectValid(emits);
    expect(heardBy(emits, driverRooms('DR02'))).toEqual(['removeRide', 'rideAssigned']);
    expect(heardBy(emits, driverRooms('DR03'))).toEqual(['removeRide']);
    expect(heardBy(emits, requesterRooms)).toEqual(['rideAccepted']);
    const toDriver = emits.find((emit) => emit.name === 'rideAssigned')!;
    expect(toDriver.payload).toEqual({
      rideId: 'R1',
      fromLocation: 'main gate',
      toLocation: 'canteen',
      vehicleType: 'Forklift',
      isSpecialTask: false,
      requesterData: { userId: 'RQ01', name: 'Asha', mobile: '9000000001' },
      reason: 'Closest driver',
      fromDriverId: null,
      message: ASSIGN_MESSAGES.assignedToYou,
      position: 9,
    });
    expect(emits.find((emit) => emit.name === 'rideAccepted')!.payload).toMatchObject({ driverId: 'DR02', isRedistributed: false });
  });

  it('given a ride accepted by DR01, when staff give it to DR02, then DR01 hears it was taken back and the requester hears of the new driver', () => {
    const emits = socketEventsFor({ ...assigned('DR02', 'DR01'), position: 10 }, rideFactsOf(foldRide([requested, accepted])));
    expectValid(emits);
    expect(heardBy(emits, driverRooms('DR01'))).toEqual(['removeRide', 'rideTakenBack']);
    expect(emits.find((emit) => emit.name === 'rideTakenBack')!.payload).toEqual({
      rideId: 'R1',
      newDriverId: 'DR02',
      reason: 'Closest driver',
      message: ASSIGN_MESSAGES.takenBack,
      position: 10,
    });
    expect(heardBy(emits, driverRooms('DR02'))).toEqual(['removeRide', 'rideAssigned']);
    expect(heardBy(emits, requesterRooms)).toEqual(['driverReassigned', 'rideAccepted']);
    expect(emits.find((emit) => emit.name === 'driverReassigned')!.payload).toMatchObject({
      newDriverId: 'DR02',
      newDriverName: 'Driver DR02',
    });
    expect(emits.find((emit) => emit.name === 'rideAccepted')!.payload).toMatchObject({ driverId: 'DR02', isRedistributed: true });
  });
});
