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

const later = '2026-11-25T08:05:00.000Z';
const TIMER = { system: 'timer' } as const;
type RideRequestedData = Extract<RideEvent, { type: 'RideRequested' }>['data'];

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

  it('given a ride waiting for reassignment, when its requester cancels, then it is cancelled by him', () => {
    spec
      .given([requested, accepted, started, picked, redistributed])
      .when({ type: 'CancelRide', data: { rideId } }, { tokenNo: 'AB12', role: 'requester' })
      .then([{ type: 'RideCancelled', data: { rideId, cancelledBy: 'AB12', cancelledAt: at } }]);
  });

  it('given a ride waiting for reassignment, when another requester cancels it, then he is refused', () => {
    spec.given([requested, accepted, started, picked, redistributed]).when({ type: 'CancelRide', data: { rideId } }, { tokenNo: 'ZZ99', role: 'requester' }).thenThrows(403, SERVER_MESSAGES.forbidden);
  });

  it('given a requested ride a timer was armed for, when the wait alert fires, then the ride is alerted once', () => {
    const alert: RideCommand = { type: 'AlertWaitingRide', data: { rideId, dueAt: later } };
    const alerted: RideEvent = { type: 'RideWaitAlerted', data: { rideId, requestedAt: at, dueAt: later, alertedAt: at } };
    spec.given([requested]).when(alert, TIMER).then([alerted]);
    spec.given([requested, alerted]).when(alert, TIMER).thenThrows(409, SERVER_MESSAGES.actionNotAllowed);
    spec.given([requested, accepted]).when(alert, TIMER).thenThrows(409, SERVER_MESSAGES.actionNotAllowed);
  });

  it('given a timer command, when a user sends it, then it is forbidden', () => {
    spec.given([requested]).when({ type: 'AlertWaitingRide', data: { rideId, dueAt: later } }, { tokenNo: 'AD01', role: 'admin' }).thenThrows(403, SERVER_MESSAGES.forbidden);
  });

  it('given a ride waiting for reassignment, when the reassignment timer fires, then the notice is recorded with the next deadline one period on', () => {
    const note = (notice: number): RideCommand => ({ type: 'NoteNoAlternativeDriver', data: { rideId, redistribution: 1, notice, dueAt: later, periodMs: 60_000 } });
    const first: RideEvent = { type: 'ReassignmentOverdue', data: { rideId, redistribution: 1, notice: 1, dueAt: later, nextDueAt: '2026-11-25T08:01:00.000Z', notedAt: at } };
    const waiting = [requested, accepted, started, picked, redistributed];
    spec.given(waiting).when(note(1), TIMER).then([first]);
    // The same timer twice, or one of an earlier breakdown, changes nothing.
    spec.given([...waiting, first]).when(note(1), TIMER).thenThrows(409, SERVER_MESSAGES.actionNotAllowed);
    spec.given(waiting).when({ type: 'NoteNoAlternativeDriver', data: { rideId, redistribution: 2, notice: 1, dueAt: later, periodMs: 60_000 } }, TIMER).thenThrows(409, SERVER_MESSAGES.actionNotAllowed);
    spec.given([...waiting, first]).when(note(2), TIMER).then([{ type: 'ReassignmentOverdue', data: { rideId, redistribution: 1, notice: 2, dueAt: later, nextDueAt: '2026-11-25T08:01:00.000Z', notedAt: at } }]);
  });

  it('given a started Special Task, when the overrun timer fires, then it overran with its driver and booked duration', () => {
    const special: RideEvent = { ...requested, data: { ...(requested.data as RideRequestedData), rideType: 'Special Task', durationMinutes: 30 } } as RideEvent;
    const overrun: RideCommand = { type: 'NoteSpecialTaskOverrun', data: { rideId, dueAt: later } };
    spec.given([special, accepted, started]).when(overrun, TIMER).then([{ type: 'SpecialTaskOverran', data: { rideId, driverId: 'D001', startedAt: at, durationMinutes: 30, dueAt: later, overranAt: at } }]);
    spec.given([special, accepted]).when(overrun, TIMER).thenThrows(409, SERVER_MESSAGES.actionNotAllowed);
    spec.given([requested, accepted, started]).when(overrun, TIMER).thenThrows(409, SERVER_MESSAGES.actionNotAllowed);
  });

  it('given a requested ride, when someone redistributes it, then it is refused', () => {
    spec
      .given([requested])
      .when({ type: 'RedistributeRide', data: { rideId, originalDriverId: 'D001', vehicleType: 'Forklift', maintenanceComment: 'x', maintenanceRequestId: null }, originalDriverName: '' })
      .thenThrows(409, SERVER_MESSAGES.actionNotAllowed);
  });
});
