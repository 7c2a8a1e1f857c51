import { describe, it } from 'vitest';
import { SERVER_MESSAGES, type DriverEvent } from '@plantride/schemas';
import { NOW, deciderSpec } from '../test-support/decider-spec';
import { driverDecider } from './driver.decider';

const record = { operatorId: 'D001', vehicle: 'MH12AB1234', name: 'Ravi Kumar', mobile: '9876543210', role: 'Driver' as const, forklift: '12', status: 'Active' as const, comments: '', vehicleAssigned: 'Forklift' as const };
const added: DriverEvent = { type: 'DriverAdded', data: { ...record, serial: 1, createdAt: NOW.toISOString() } };
const blocked: DriverEvent = { type: 'DriverBlockedForMaintenance', data: { operatorId: 'D001', maintenanceRequestId: 'M1' } };
const spec = deciderSpec(driverDecider);

describe('driver decider', () => {
  it('given no driver, when an admin adds him, then he is added with his serial and creation time', () => {
    spec.given([]).when({ type: 'AddDriver', data: record, serial: 1 }).then([added]);
  });

  it('given a driver, when he is added again, then it is refused', () => {
    spec.given([added]).when({ type: 'AddDriver', data: record, serial: 2 }).thenThrows(409, SERVER_MESSAGES.driverAlreadyExists);
  });

  it('given an Active driver, when an admin saves him Not Active, then the record and the status change are recorded', () => {
    spec
      .given([added])
      .when({ type: 'UpdateDriver', data: { ...record, status: 'Not Active', comments: 'licence expired' } })
      .then([
        { type: 'DriverUpdated', data: { ...record, status: 'Not Active', comments: 'licence expired', serial: 1, createdAt: NOW.toISOString() } },
        { type: 'DriverStatusChanged', data: { operatorId: 'D001', status: 'Not Active' } },
      ]);
  });

  it('given no driver, when an admin updates him, then he is not found', () => {
    spec.given([]).when({ type: 'UpdateDriver', data: record }).thenThrows(404, SERVER_MESSAGES.driverNotFound);
  });

  it('given a driver, when he asks for maintenance, then he is blocked; asking again while blocked is refused', () => {
    spec.given([added]).when({ type: 'BlockDriverForMaintenance', data: { operatorId: 'D001', maintenanceRequestId: 'M1' } }).then([blocked]);
    spec.given([added, blocked]).when({ type: 'BlockDriverForMaintenance', data: { operatorId: 'D001', maintenanceRequestId: 'M2' } }).thenThrows(409, SERVER_MESSAGES.driverAlreadyBlocked);
  });

  it('given a blocked driver, when maintenance completes, then he is unblocked; unblocking again changes nothing', () => {
    spec.given([added, blocked]).when({ type: 'UnblockDriver', data: { operatorId: 'D001', reason: 'maintenance_completed' } }).then([{ type: 'DriverUnblocked', data: { operatorId: 'D001', reason: 'maintenance_completed' } }]);
    spec.given([added]).when({ type: 'UnblockDriver', data: { operatorId: 'D001', reason: 'maintenance_rejected' } }).then([]);
  });

  it('given a free driver, when he takes a ride, then it is assigned to him; taking it again changes nothing', () => {
    const assigned: DriverEvent = { type: 'DriverAssignedToRide', data: { operatorId: 'D001', rideId: 'R1' } };
    spec.given([added]).when({ type: 'AssignRide', data: { operatorId: 'D001', rideId: 'R1' } }).then([assigned]);
    spec.given([added, assigned]).when({ type: 'AssignRide', data: { operatorId: 'D001', rideId: 'R1' } }).then([]);
  });

  it('given a driver holding a ride, when he takes another, then it is refused until the first is released', () => {
    const assigned: DriverEvent = { type: 'DriverAssignedToRide', data: { operatorId: 'D001', rideId: 'R1' } };
    const released: DriverEvent = { type: 'DriverReleasedFromRide', data: { operatorId: 'D001', rideId: 'R1', reason: 'ended' } };
    spec.given([added, assigned]).when({ type: 'AssignRide', data: { operatorId: 'D001', rideId: 'R2' } }).thenThrows(409, SERVER_MESSAGES.driverHasOngoingRide);
    spec.given([added, assigned]).when({ type: 'ReleaseRide', data: { operatorId: 'D001', rideId: 'R1', reason: 'ended' } }).then([released]);
    spec.given([added, assigned, released]).when({ type: 'AssignRide', data: { operatorId: 'D001', rideId: 'R2' } }).then([{ type: 'DriverAssignedToRide', data: { operatorId: 'D001', rideId: 'R2' } }]);
  });

  it('given a driver not holding a ride, when it is released, then nothing is recorded', () => {
    const assigned: DriverEvent = { type: 'DriverAssignedToRide', data: { operatorId: 'D001', rideId: 'R1' } };
    spec.given([added]).when({ type: 'ReleaseRide', data: { operatorId: 'D001', rideId: 'R1', reason: 'redistributed' } }).then([]);
    spec.given([added, assigned]).when({ type: 'ReleaseRide', data: { operatorId: 'D001', rideId: 'R9', reason: 'ended' } }).then([]);
  });

  it('given a driver with access, when access is withdrawn, then it is toggled once', () => {
    spec.given([added]).when({ type: 'ToggleDriverAccess', data: { operatorId: 'D001', active: false } }).then([{ type: 'DriverAccessToggled', data: { operatorId: 'D001', active: false } }]);
    spec.given([added]).when({ type: 'ToggleDriverAccess', data: { operatorId: 'D001', active: true } }).then([]);
  });
});
