import { describe, expect, it } from 'vitest';
import { foldRide, type RideEvent } from '@plantride/schemas';
import { mayTrackRide } from './track-ride';

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
const started: RideEvent = { type: 'RideStarted', data: { rideId: 'R1', driverId: 'DR01', startedAt: AT } };
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

describe('who may track a ride', () => {
  const ride = foldRide([requested, accepted, started, redistributed, takenOver]);

  it.each([
    ['its requester', { tokenNo: 'RQ01', role: 'requester' }],
    ['its current driver', { tokenNo: 'DR02', role: 'driver' }],
    ['its original driver', { tokenNo: 'DR01', role: 'driver' }],
    ['an admin', { tokenNo: 'AD01', role: 'admin' }],
    ['a maintenance head', { tokenNo: 'MH01', role: 'maintenanceHead' }],
  ] as const)('given a taken-over ride, when %s asks, then it may', (_who, user) => {
    expect(mayTrackRide(user, ride)).toBe(true);
  });

  it.each([
    ['another requester', { tokenNo: 'RQ02', role: 'requester' }],
    ['another driver', { tokenNo: 'DR03', role: 'driver' }],
  ] as const)('given a taken-over ride, when %s asks, then it may not', (_who, user) => {
    expect(mayTrackRide(user, ride)).toBe(false);
  });

  it('given no such ride, when even staff asks, then it may not', () => {
    expect(mayTrackRide({ tokenNo: 'AD01', role: 'admin' }, foldRide([]))).toBe(false);
  });
});
