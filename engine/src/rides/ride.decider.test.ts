import { describe, it } from 'vitest';
import { SERVER_MESSAGES, type RideEvent } from '@plantride/schemas';
import { NOW, deciderSpec } from '../test-support/decider-spec';
import { rideDecider, type RideCommand } from './ride.decider';

const at = NOW.toISOString();
const rideId = 'R1';
const driver = { name: 'Ravi Kumar', mobile: '9876543210', vehicleNumber: '12', vehicleType: 'Forklift' };
const other = { name: 'Sunil Patil', mobile: '9876500000', vehicleNumber: '7', vehicleType: 'Forklift' };

const requested: RideEvent = {
  type: 'RideRequested',
  data: { rideId, requesterId: 'AB12', requesterName: 'Asha', requesterMobile: '9000000001', fromLocation: 'main gate', toLocation: 'canteen', vehicleType: 'Forklift', rideType: 'Regular', estimatedMinutes: 11, durationMinutes: null, requestedAt: at },
};
const accepted: RideEvent = { type: 'RideAccepted', data: { rideId, driverId: 'D001', driverName: driver.name, driverMobile: driver.mobile, vehicleNumber: '12', acceptedAt: at } };
const started: RideEvent = { type: 'RideStarted', data: { rideId, driverId: 'D001', startedAt: at } };
const picked: RideEvent = { type: 'MaterialPicked', data: { rideId, driverId: 'D001', pickedAt: at } };
const redistributed: RideEvent = {
  type: 'RideRedistributed',
  data: { rideId, originalDriverId: 'D001', originalDriverName: driver.name, maintenanceComment: 'Hydraulic leak', maintenanceRequestId: 'M1', resumeState: 'material picked', redistributedAt: at },
};

const step = (type: 'StartRide' | 'PickMaterial' | 'DropMaterial' | 'EndRide', driverId = 'D001'): RideCommand => ({ type, data: { rideId, driverId } });
const spec = deciderSpec(rideDecider);

describe('ride decider', () => {
  it('given no ride, when a ride is booked, then it is requested with the route minutes', () => {
    const { data } = requested as Extract<RideEvent, { type: 'RideRequested' }>;
    spec.given([]).when({ type: 'BookRide', data: { ...data, rideType: 'Regular', durationMinutes: null }, estimatedMinutes: 11 }).then([requested]);
  });

  it('given a requested ride, when a driver accepts, then it is accepted with his details', () => {
    spec.given([requested]).when({ type: 'AcceptRide', data: { rideId, driverId: 'D001' }, driver }).then([accepted]);
  });

  it('given an accepted ride, when another driver accepts, then he is told it is no longer available', () => {
    spec.given([requested, accepted]).when({ type: 'AcceptRide', data: { rideId, driverId: 'D002' }, driver: other }).thenThrows(409, SERVER_MESSAGES.rideNotAvailable);
  });

  it('given an accepted ride, when its driver starts it, then it is started', () => {
    spec.given([requested, accepted]).when(step('StartRide')).then([started]);
  });

  it('given an accepted ride, when another driver starts it, then he is refused', () => {
    spec.given([requested, accepted]).when(step('StartRide', 'D002')).thenThrows(403, SERVER_MESSAGES.forbidden);
  });

  it('given an accepted ride, when material is dropped before it is picked, then the step is refused', () => {
    spec.given([requested, accepted]).when(step('DropMaterial')).thenThrows(409, SERVER_MESSAGES.actionNotAllowed);
  });

  it('given no ride, when a driver starts it, then the ride is not found', () => {
    spec.given([]).when(step('StartRide')).thenThrows(404, SERVER_MESSAGES.rideNotFound);
  });

  it('given a requested ride, when its requester cancels, then it is cancelled by him', () => {
    spec.given([requested]).when({ type: 'CancelRide', data: { rideId } }, { tokenNo: 'AB12', role: 'requester' }).then([{ type: 'RideCancelled', data: { rideId, cancelledBy: 'AB12', cancelledAt: at } }]);
  });

  it('given an accepted ride, when the requester cancels, then it is refused', () => {
    spec.given([requested, accepted]).when({ type: 'CancelRide', data: { rideId } }).thenThrows(409, SERVER_MESSAGES.rideNotAvailable);
  });

  it('given a ride with material picked, when its driver breaks down, then it waits for reassignment resuming from material picked', () => {
    spec
      .given([requested, accepted, started, picked])
      .when({ type: 'RedistributeRide', data: { rideId, originalDriverId: 'D001', vehicleType: 'Forklift', maintenanceComment: 'Hydraulic leak', maintenanceRequestId: 'M1' }, originalDriverName: driver.name })
      .then([redistributed]);
  });

  it('given a redistributed ride, when a new driver takes it over, then it resumes from the recorded state', () => {
    spec
      .given([requested, accepted, started, picked, redistributed])
      .when({ type: 'TakeOverRide', data: { rideId, driverId: 'D002', resumeState: null }, driver: other })
      .then([{ type: 'RideTakenOver', data: { rideId, driverId: 'D002', driverName: other.name, driverMobile: other.mobile, vehicleNumber: '7', resumeState: 'material picked', takenOverAt: at } }]);
  });

  it('given a redistributed ride, when a driver takes it over expecting another state, then it is a conflict', () => {
    spec
      .given([requested, accepted, started, picked, redistributed])
      .when({ type: 'TakeOverRide', data: { rideId, driverId: 'D002', resumeState: 'started' }, driver: other })
      .thenThrows(409, SERVER_MESSAGES.conflict);
  });

  it('given a requested ride, when someone redistributes it, then it is refused', () => {
    spec
      .given([requested])
      .when({ type: 'RedistributeRide', data: { rideId, originalDriverId: 'D001', vehicleType: 'Forklift', maintenanceComment: 'x', maintenanceRequestId: null }, originalDriverName: '' })
      .thenThrows(409, SERVER_MESSAGES.actionNotAllowed);
  });
});
