import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  SERVER_MESSAGES,
  filedBreakdownType,
  filedIssue,
  maintenanceRequestProblem,
  type Actor,
  type DomainEvent,
  type EditMaintenanceComment,
  type MaintenanceEvent,
  type SetMaintenanceStatus,
} from '@plantride/schemas';
import { NOW, commandSpec, type Given } from '../test-support/decider-spec';
import { driverEvents } from '../test-support/driver-events';
import { maintenanceEvents } from '../test-support/maintenance-events';
import { rideEvents } from '../test-support/ride-events';
import { userEvents } from '../test-support/user-events';
import {
  STAFF_UNBLOCK_REASON,
  editMaintenanceComment,
  evolveMaintenance,
  initialMaintenanceState,
  requestIdFor,
  requestMaintenance,
  setMaintenanceStatus,
  unblockDriver,
  type RequestMaintenanceCommand,
} from './maintenance.decider';

// The builders' events name their stream; a decision's events do not.
const plain = <E extends { streamId: string }>({ streamId: _streamId, ...event }: E): Omit<E, 'streamId'> => event;

const AT = NOW.toISOString();
const D = 'D001';
const driver: Actor = { tokenNo: D, role: 'driver' };
const head: Actor = { tokenNo: 'MH01', role: 'maintenanceHead' };
const blocked = (requestId = 'M1') => driverEvents.blockedForMaintenance(D, requestId);

const account = [userEvents.signedUp(D, { role: 'driver', name: 'Ravi K (account)' }), userEvents.roleChanged(D, 'driver', 'Forklift')];

/** D001's streams: a Forklift driver recorded as 'Ravi Kumar', his account under another name, plus whatever else happened. */
function driverStreams(more: { driver?: DomainEvent[]; ride?: DomainEvent[] } = {}): Given {
  return {
    driver: [driverEvents.added(D, 0, { name: 'Ravi Kumar' }), ...(more.driver ?? [])],
    account,
    ...(more.ride ? { ride: more.ride } : {}),
  };
}

describe('request maintenance', () => {
  const spec = commandSpec(requestMaintenance);
  const ask = (
    more: Partial<RequestMaintenanceCommand['data']> = {},
    alternativeDrivers: RequestMaintenanceCommand['alternativeDrivers'] = { Forklift: 2, Crane: 1 },
  ): RequestMaintenanceCommand => ({
    type: 'RequestMaintenance',
    data: {
      requestId: 'M1',
      driverId: D,
      vehicleType: 'Forklift',
      issue: 'Engine Issue',
      customIssue: '',
      commentText: 'smoke',
      breakdownType: 'full',
      ...more,
    },
    alternativeDrivers,
  });
  const filed = (more: Partial<Extract<MaintenanceEvent, { type: 'MaintenanceRequested' }>['data']> = {}) =>
    plain(
      maintenanceEvents.requested('M1', D, 0, {
        driverName: 'Ravi Kumar',
        vehicleNumber: 'MH12 D001',
        issue: 'Engine Issue',
        commentText: 'smoke',
        ...more,
      }),
    );
  const midRide = [rideEvents.requested('R1', 'AB12'), rideEvents.accepted('R1', D), rideEvents.started('R1', D)];

  it("given a driver with no ride, when he asks for maintenance, then he is blocked and the request is filed under his record's name", () => {
    spec
      .given(driverStreams())
      .when(ask(), driver)
      .then({ request: [filed()], driver: [plain(blocked())] });
  });

  it('given a driver with no ride, when he gives Others as the reason, then his own words are the issue', () => {
    spec
      .given(driverStreams())
      .when(ask({ issue: 'Others', customIssue: 'Horn stuck' }), driver)
      .then({ request: [filed({ issue: 'Horn stuck' })], driver: [plain(blocked())] });
  });

  it("given a driver record without a registration, when he asks, then the request records none; with one, it records his record's", () => {
    spec
      .given({ ...driverStreams(), driver: [driverEvents.added(D, 0, { name: 'Ravi Kumar', vehicle: '' })] })
      .when(ask(), driver)
      .then({ request: [filed({ vehicleNumber: null })], driver: [plain(blocked())] });
  });

  it('given a driver record without a name, when he asks, then the request carries his account name', () => {
    spec
      .given({ ...driverStreams(), driver: [driverEvents.added(D, 0, { name: '' })] })
      .when(ask(), driver)
      .then({ request: [filed({ driverName: 'Ravi K (account)' })], driver: [plain(blocked())] });
  });

  const handedOver = (alternativeDrivers: number) => ({
    type: 'RideRedistributed' as const,
    data: {
      rideId: 'R1',
      originalDriverId: D,
      originalDriverName: 'Driver D001',
      maintenanceComment: 'hydraulics',
      maintenanceRequestId: 'M1',
      resumeState: 'started' as const,
      redistributedAt: AT,
      openToAll: true,
      alternativeDrivers,
    },
  });

  it('given a driver mid-ride, when he asks, then in one decision he is blocked, the request is filed as partial with the ride, the ride is handed over with the count of drivers of its type who could take it, and he is freed of it', () => {
    spec
      .given(driverStreams({ driver: [driverEvents.assignedToRide(D, 'R1')], ride: midRide }))
      .when(ask({ issue: '', breakdownType: 'full', commentText: 'hydraulics' }), driver)
      .then({
        request: [filed({ issue: '', commentText: 'hydraulics', breakdownType: 'partial', rideId: 'R1' })],
        driver: [plain(blocked()), plain(driverEvents.releasedFromRide(D, 'R1', 'redistributed'))],
        ride: [handedOver(2)],
      });
  });

  it('given a driver mid-ride and no other driver of its type who could take it, when he asks, then the redistribution records none', () => {
    spec
      .given(driverStreams({ driver: [driverEvents.assignedToRide(D, 'R1')], ride: midRide }))
      .when(ask({ issue: '', commentText: 'hydraulics' }, { Crane: 4 }), driver)
      .then({
        request: [filed({ issue: '', commentText: 'hydraulics', breakdownType: 'partial', rideId: 'R1' })],
        driver: [plain(blocked()), plain(driverEvents.releasedFromRide(D, 'R1', 'redistributed'))],
        ride: [handedOver(0)],
      });
  });

  it('given the ride his stream holds is no longer his in progress, when he asks, then it is filed as a request without a ride', () => {
    const ended = [...midRide, rideEvents.picked('R1', D), rideEvents.dropped('R1', D), rideEvents.ended('R1', D)];
    spec
      .given(driverStreams({ driver: [driverEvents.assignedToRide(D, 'R1')], ride: ended }))
      .when(ask(), driver)
      .then({ request: [filed()], driver: [plain(blocked())] });
  });

  it.each<[string, Partial<RequestMaintenanceCommand['data']>, DomainEvent[] | undefined, string]>([
    ['mid-ride without a comment', { commentText: ' ' }, midRide, MESSAGES.enterMaintenanceComment],
    ['without a reason', { issue: ' ' }, undefined, MESSAGES.selectReasonAndBreakdown],
    ['with Others and no words', { issue: 'Others', customIssue: '' }, undefined, MESSAGES.selectReasonAndBreakdown],
    ['without a breakdown type', { breakdownType: null }, undefined, MESSAGES.selectReasonAndBreakdown],
    ['for a vehicle type not his', { vehicleType: 'Crane' }, undefined, MESSAGES.selectVehicleType],
  ])('given a driver, when he asks %s, then it is refused with the spec message', (_why, change, ride, message) => {
    const held = ride ? [driverEvents.assignedToRide(D, 'R1')] : [];
    spec
      .given(driverStreams({ driver: held, ride }))
      .when(ask(change), driver)
      .thenThrows(400, message);
  });

  it("given every mix of ride, reason, own words, breakdown type and comment, when he asks, then the decision refuses what the schemas' rule refuses, in its words", () => {
    for (const onRide of [false, true])
      for (const issue of ['', 'Engine Issue', 'Others'])
        for (const customIssue of ['', 'horn stuck'])
          for (const breakdownType of [null, 'partial', 'full'] as const)
            for (const commentText of ['', 'hydraulics']) {
              const given = driverStreams(onRide ? { driver: [driverEvents.assignedToRide(D, 'R1')], ride: midRide } : {});
              const when = spec.given(given).when(ask({ issue, customIssue, breakdownType, commentText }), driver);
              const problem = maintenanceRequestProblem({
                midRide: onRide,
                issue: filedIssue(issue, customIssue),
                breakdownType,
                commentText,
              });
              if (problem) {
                when.thenThrows(400, problem.message);
                continue;
              }
              const data = { issue: filedIssue(issue, customIssue), breakdownType: filedBreakdownType(onRide, breakdownType) };
              when.then({
                request: [expect.objectContaining({ type: 'MaintenanceRequested', data: expect.objectContaining(data) })],
                driver: onRide ? [expect.anything(), expect.anything()] : [expect.anything()],
                ...(onRide ? { ride: [expect.anything()] } : {}),
              });
            }
  });

  it('given a driver, when someone else asks for him, then it is refused', () => {
    spec.given(driverStreams()).when(ask(), { tokenNo: 'D002', role: 'driver' }).thenThrows(403, MESSAGES.invalidParameters);
    spec.given(driverStreams()).when(ask(), head).thenThrows(403, MESSAGES.invalidParameters);
  });

  it('given a driver account with no driver record, when he asks, then the driver is not found', () => {
    spec.given({ account }).when(ask(), driver).thenThrows(404, SERVER_MESSAGES.driverNotFound);
  });

  it('given a driver already blocked, when he asks again, then it is refused', () => {
    spec
      .given(driverStreams({ driver: [blocked('M0')] }))
      .when(ask(), driver)
      .thenThrows(409, SERVER_MESSAGES.driverAlreadyBlocked);
  });

  it('given a request, when the same request id is asked for again, then it is refused', () => {
    spec
      .given({ ...driverStreams(), request: [maintenanceEvents.requested('M1', D)] })
      .when(ask(), driver)
      .thenThrows(409, SERVER_MESSAGES.invalidStatusChange);
  });

  it('given a command id, when its request id is derived twice, then it is the same id', () => {
    expect(requestIdFor('c0ffee00-0000-4000-8000-000000000001')).toBe(requestIdFor('c0ffee00-0000-4000-8000-000000000001'));
    expect(requestIdFor('c0ffee00-0000-4000-8000-000000000001')).not.toBe(requestIdFor('c0ffee00-0000-4000-8000-000000000002'));
  });
});

const requested = maintenanceEvents.requested('M1', D, 0, { issue: 'Engine Issue', commentText: 'smoke' });
const accepted = maintenanceEvents.accepted('M1', 0);
const rejected = maintenanceEvents.rejected('M1', D, 'not a fault', 0);
const completed = maintenanceEvents.completed('M1', D, 0);
const unblocked = (reason: 'maintenance_completed' | 'maintenance_rejected', inspectionDue = false) =>
  plain(driverEvents.unblocked(D, reason, inspectionDue));
/** The plant requires a passed inspection before rides (issue #21). */
const inspectionsRequired = { inspection: [{ type: 'InspectionSettingsChanged', data: { inspectionRequired: true } } as DomainEvent] };

describe("set a maintenance request's status", () => {
  const spec = commandSpec(setMaintenanceStatus);
  const setStatus = (
    status: SetMaintenanceStatus['data']['status'],
    extra: { reason?: string; maintenanceDate?: string } = {},
  ): SetMaintenanceStatus => ({
    type: 'SetMaintenanceStatus',
    data: { requestId: 'M1', status, reason: extra.reason ?? null, maintenanceDate: extra.maintenanceDate ?? null },
  });
  const blockedBy = (requestId = 'M1') => ({ driver: [driverEvents.added(D), blocked(requestId)] });

  it('given a pending request, when the head accepts it, then it is accepted and the driver stays blocked', () => {
    spec
      .given({ request: [requested], ...blockedBy() })
      .when(setStatus('accepted'), head)
      .then({ request: [plain(accepted)] });
  });

  it('given a pending request that blocks the driver, when the head rejects it with a reason, then it is rejected naming its driver and he is unblocked in the same decision', () => {
    spec
      .given({ request: [requested], ...blockedBy() })
      .when(setStatus('rejected', { reason: 'not a fault' }), head)
      .then({ request: [plain(rejected)], driver: [unblocked('maintenance_rejected')] });
  });

  it('given an accepted request that blocks the driver, when the head completes it with a date, then it is completed on that date naming its driver, and he is unblocked', () => {
    spec
      .given({ request: [requested, accepted], ...blockedBy() })
      .when(setStatus('completed', { maintenanceDate: AT }), head)
      .then({ request: [plain(completed)], driver: [unblocked('maintenance_completed')] });
  });

  describe('returning the vehicle to service (issue #32)', () => {
    const partial = maintenanceEvents.requested('M1', D, 0, { issue: 'Engine Issue', commentText: 'smoke', breakdownType: 'partial' });
    const midRide = maintenanceEvents.requested('M1', D, 0, {
      issue: '',
      commentText: 'mast chain snapped',
      breakdownType: 'partial',
      rideId: 'R1',
    });

    it('given inspections required and a full breakdown, when the head completes or rejects it, then the driver is released but a passed inspection must come first, in both events', () => {
      spec
        .given({ request: [requested, accepted], ...blockedBy(), ...inspectionsRequired })
        .when(setStatus('completed', { maintenanceDate: AT }), head)
        .then({
          request: [{ type: 'MaintenanceCompleted', data: { requestId: 'M1', driverId: D, maintenanceDate: AT, inspectionDue: true } }],
          driver: [unblocked('maintenance_completed', true)],
        });
      spec
        .given({ request: [requested], ...blockedBy(), ...inspectionsRequired })
        .when(setStatus('rejected', { reason: 'Duplicate' }), head)
        .then({
          request: [
            {
              type: 'MaintenanceRejected',
              data: { requestId: 'M1', driverId: D, reason: 'Duplicate', rejectedAt: AT, inspectionDue: true },
            },
          ],
          driver: [unblocked('maintenance_rejected', true)],
        });
    });

    it('given inspections required and a breakdown mid-ride (filed as partial), when the head rejects it, then a passed inspection must come first', () => {
      spec
        .given({ request: [midRide], ...blockedBy(), ...inspectionsRequired })
        .when(setStatus('rejected', { reason: 'Duplicate' }), head)
        .then({
          request: [
            {
              type: 'MaintenanceRejected',
              data: { requestId: 'M1', driverId: D, reason: 'Duplicate', rejectedAt: AT, inspectionDue: true },
            },
          ],
          driver: [unblocked('maintenance_rejected', true)],
        });
    });

    it('given inspections required and a partial breakdown off a ride, or inspections not required and a full one, when the head closes it, then the vehicle is back at once', () => {
      spec
        .given({ request: [partial, accepted], ...blockedBy(), ...inspectionsRequired })
        .when(setStatus('completed', { maintenanceDate: AT }), head)
        .then({ request: [plain(completed)], driver: [unblocked('maintenance_completed')] });
      spec
        .given({ request: [requested], ...blockedBy() })
        .when(setStatus('rejected', { reason: 'not a fault' }), head)
        .then({ request: [plain(rejected)], driver: [unblocked('maintenance_rejected')] });
    });
  });

  it('given a driver blocked by a newer request or not at all, when an older request is closed, then only its status changes', () => {
    spec
      .given({ request: [requested, accepted], ...blockedBy('M2') })
      .when(setStatus('completed', { maintenanceDate: AT }), head)
      .then({ request: [plain(completed)] });
    spec
      .given({ request: [requested], driver: [driverEvents.added(D)] })
      .when(setStatus('rejected', { reason: 'not a fault' }), head)
      .then({ request: [plain(rejected)] });
  });

  it('given a pending request, when the head rejects it without a reason, then it is refused with the spec message', () => {
    spec
      .given({ request: [requested] })
      .when(setStatus('rejected'), head)
      .thenThrows(400, MESSAGES.rejectionReasonRequired);
    spec
      .given({ request: [requested] })
      .when(setStatus('rejected', { reason: 'REJECTED:  ' }), head)
      .thenThrows(400, MESSAGES.rejectionReasonRequired);
  });

  it('given a pending request whose comment the head wrote as a rejection, when he sends the status alone, then the comment is the reason', () => {
    spec
      .given({ request: [requested, maintenanceEvents.commentEdited('M1', 'REJECTED: not a fault')], ...blockedBy() })
      .when(setStatus('rejected'), head)
      .then({ request: [plain(rejected)], driver: [unblocked('maintenance_rejected')] });
  });

  it('given an accepted request, when the head completes it without a date, then it is refused', () => {
    spec
      .given({ request: [requested, accepted] })
      .when(setStatus('completed'), head)
      .thenThrows(400, SERVER_MESSAGES.maintenanceDateRequired);
  });

  it.each<[string, DomainEvent[], SetMaintenanceStatus]>([
    ['pending', [requested], setStatus('completed', { maintenanceDate: AT })],
    ['accepted', [requested, accepted], setStatus('accepted')],
    ['accepted', [requested, accepted], setStatus('rejected', { reason: 'late' })],
    ['completed', [requested, accepted, completed], setStatus('rejected', { reason: 'late' })],
    ['completed', [requested, accepted, completed], setStatus('completed', { maintenanceDate: AT })],
    ['rejected', [requested, rejected], setStatus('accepted')],
  ])('given a %s request, when another status move is asked for, then it is 409', (_status, given, command) => {
    spec
      .given({ request: given, ...blockedBy() })
      .when(command, head)
      .thenThrows(409, SERVER_MESSAGES.invalidStatusChange);
  });

  it('given no request, when its status is changed, then it is not found', () => {
    spec.given({}).when(setStatus('accepted'), head).thenThrows(404, SERVER_MESSAGES.maintenanceRequestNotFound);
  });

  it('given a rejected request, then its comment carries the REJECTED prefix once', () => {
    expect([requested, rejected].reduce(evolveMaintenance, initialMaintenanceState())?.commentText).toBe('REJECTED: not a fault');
    expect(
      [requested, maintenanceEvents.rejected('M1', D, 'REJECTED: worn')].reduce(evolveMaintenance, initialMaintenanceState())?.commentText,
    ).toBe('REJECTED: worn');
  });
});

describe("edit a maintenance request's comment", () => {
  const spec = commandSpec(editMaintenanceComment);
  const edit = (commentText: string): EditMaintenanceComment => ({
    type: 'EditMaintenanceComment',
    data: { requestId: 'M1', commentText },
  });
  const edited = (commentText: string) => plain(maintenanceEvents.commentEdited('M1', commentText, 0));

  it('given a request, when the head edits its comment, then the trimmed comment is recorded; the same comment again records nothing', () => {
    spec
      .given({ request: [requested] })
      .when(edit('  oil leak '), head)
      .then({ request: [edited('oil leak')] });
    spec
      .given({ request: [requested, edited('oil leak')] })
      .when(edit('oil leak'), head)
      .then({});
  });

  it('given a request, when the head empties its comment, then it is refused with the spec message', () => {
    spec
      .given({ request: [requested] })
      .when(edit('   '), head)
      .thenThrows(400, MESSAGES.commentCannotBeEmpty);
  });

  it('given a rejected request, when the head edits its comment, then the rejection reason stays', () => {
    spec
      .given({ request: [requested, rejected] })
      .when(edit('all fine now'), head)
      .thenThrows(409, SERVER_MESSAGES.rejectedCommentLocked);
  });

  it('given a completed request, when the head edits its comment, then it is recorded', () => {
    spec
      .given({ request: [requested, accepted, completed] })
      .when(edit('new pump fitted'), head)
      .then({ request: [edited('new pump fitted')] });
  });

  it('given no request, when its comment is changed, then it is not found', () => {
    spec.given({}).when(edit('x'), head).thenThrows(404, SERVER_MESSAGES.maintenanceRequestNotFound);
  });
});

describe('staff unblock a driver', () => {
  const spec = commandSpec(unblockDriver);
  const unblock = (reason: 'maintenance_completed' | 'maintenance_rejected') =>
    ({ type: 'UnblockDriver', data: { operatorId: D, reason } }) as const;
  const blockedDriver = { driver: [driverEvents.added(D), blocked()] };

  it('given a driver blocked by a pending request, when staff unblock him as maintained, then the request is completed today and he is unblocked', () => {
    spec
      .given({ ...blockedDriver, request: [requested] })
      .when(unblock('maintenance_completed'), head)
      .then({
        request: [{ type: 'MaintenanceCompleted', data: { requestId: 'M1', driverId: D, maintenanceDate: AT, inspectionDue: false } }],
        driver: [unblocked('maintenance_completed')],
      });
  });

  it('given a driver blocked by an accepted request, when staff unblock him as rejected, then the request is rejected for the staff reason and he is unblocked', () => {
    spec
      .given({ ...blockedDriver, request: [requested, accepted] })
      .when(unblock('maintenance_rejected'), head)
      .then({
        request: [
          {
            type: 'MaintenanceRejected',
            data: { requestId: 'M1', driverId: D, reason: STAFF_UNBLOCK_REASON, rejectedAt: AT, inspectionDue: false },
          },
        ],
        driver: [unblocked('maintenance_rejected')],
      });
  });

  it('given inspections required and a driver blocked by a full breakdown, when staff unblock him, then the request closes and he is released with a passed inspection due first', () => {
    spec
      .given({ ...blockedDriver, request: [requested], ...inspectionsRequired })
      .when(unblock('maintenance_completed'), head)
      .then({
        request: [{ type: 'MaintenanceCompleted', data: { requestId: 'M1', driverId: D, maintenanceDate: AT, inspectionDue: true } }],
        driver: [unblocked('maintenance_completed', true)],
      });
  });

  it('given a driver still blocked by a request already closed, when staff unblock him, then only the block is lifted', () => {
    spec
      .given({ ...blockedDriver, request: [requested, accepted, completed] })
      .when(unblock('maintenance_completed'), head)
      .then({ driver: [unblocked('maintenance_completed')] });
  });

  it('given a driver not blocked, when staff unblock him, then nothing changes', () => {
    spec
      .given({ driver: [driverEvents.added(D)] })
      .when(unblock('maintenance_completed'), head)
      .then({});
    spec
      .given({
        driver: [driverEvents.added(D), blocked(), driverEvents.unblocked(D, 'maintenance_rejected')],
        request: [requested, rejected],
      })
      .when(unblock('maintenance_rejected'), head)
      .then({});
  });

  it('given no driver, when staff unblock him, then he is not found', () => {
    spec.given({}).when(unblock('maintenance_completed'), head).thenThrows(404, SERVER_MESSAGES.driverNotFound);
  });
});
