import { describe, expect, it } from 'vitest';
import { MESSAGES, SERVER_MESSAGES, type MaintenanceEvent, type RequestMaintenance } from '@plantride/schemas';
import { NOW, deciderSpec } from '../test-support/decider-spec';
import { maintenanceDecider, type MaintenanceCommand } from './maintenance.decider';

const AT = NOW.toISOString();
const request: RequestMaintenance['data'] = { requestId: 'M1', driverId: 'D001', driverName: 'Ravi', vehicleType: 'Forklift', issue: 'Engine Issue', commentText: 'smoke', breakdownType: 'full', rideId: null };
const requested: MaintenanceEvent = { type: 'MaintenanceRequested', data: { ...request, requestedAt: AT } };
const accepted: MaintenanceEvent = { type: 'MaintenanceAccepted', data: { requestId: 'M1', acceptedAt: AT } };
const rejected: MaintenanceEvent = { type: 'MaintenanceRejected', data: { requestId: 'M1', reason: 'not a fault', rejectedAt: AT } };
const completed: MaintenanceEvent = { type: 'MaintenanceCompleted', data: { requestId: 'M1', maintenanceDate: AT } };
const edited = (commentText: string): MaintenanceEvent => ({ type: 'MaintenanceCommentEdited', data: { requestId: 'M1', commentText, editedAt: AT } });
const setStatus = (status: 'accepted' | 'rejected' | 'completed', extra: { reason?: string | null; maintenanceDate?: string | null } = {}): MaintenanceCommand => ({
  type: 'SetMaintenanceStatus',
  data: { requestId: 'M1', status, reason: extra.reason ?? null, maintenanceDate: extra.maintenanceDate ?? null },
});
const editComment = (commentText: string): MaintenanceCommand => ({ type: 'EditMaintenanceComment', data: { requestId: 'M1', commentText } });
const spec = deciderSpec(maintenanceDecider);

describe('maintenance decider', () => {
  it('given no request, when a driver asks for maintenance, then it is requested', () => {
    spec.given([]).when({ type: 'RequestMaintenance', data: request }).then([requested]);
  });

  it('given no request, when a driver asks mid-ride, then the breakdown is partial whatever he chose', () => {
    const midRide = { ...request, rideId: 'R1', breakdownType: null, issue: '' };
    spec.given([]).when({ type: 'RequestMaintenance', data: midRide }).then([{ type: 'MaintenanceRequested', data: { ...midRide, breakdownType: 'partial', requestedAt: AT } }]);
  });

  it.each([
    [{ rideId: 'R1', commentText: ' ' }, MESSAGES.enterMaintenanceComment],
    [{ issue: '' }, MESSAGES.selectReasonAndBreakdown],
    [{ breakdownType: null }, MESSAGES.selectReasonAndBreakdown],
  ])('given no request, when a request breaks a SPEC §5 rule (%j), then it is refused with the spec message', (change, message) => {
    spec.given([]).when({ type: 'RequestMaintenance', data: { ...request, ...change } }).thenThrows(400, message);
  });

  it('given a request, when the same request id is asked for again, then it is refused', () => {
    spec.given([requested]).when({ type: 'RequestMaintenance', data: request }).thenThrows(409, SERVER_MESSAGES.invalidStatusChange);
  });

  it('given a pending request, when the head accepts it, then it is accepted', () => {
    spec.given([requested]).when(setStatus('accepted')).then([accepted]);
  });

  it('given a pending request, when the head rejects it with a reason, then it is rejected for that reason', () => {
    spec.given([requested]).when(setStatus('rejected', { reason: 'not a fault' })).then([rejected]);
  });

  it('given a pending request, when the head rejects it without a reason, then it is refused with the spec message', () => {
    spec.given([requested]).when(setStatus('rejected')).thenThrows(400, MESSAGES.rejectionReasonRequired);
    spec.given([requested]).when(setStatus('rejected', { reason: 'REJECTED:  ' })).thenThrows(400, MESSAGES.rejectionReasonRequired);
  });

  it('given a pending request whose comment the head wrote as a rejection, when he sends the status alone, then the comment is the reason', () => {
    spec.given([requested, edited('REJECTED: not a fault')]).when(setStatus('rejected')).then([rejected]);
  });

  it('given a rejected request, then its comment carries the REJECTED prefix once', () => {
    const state = [requested, rejected].reduce(maintenanceDecider.evolve, maintenanceDecider.initialState());
    expect(state?.commentText).toBe('REJECTED: not a fault');
    const again = [requested, { ...rejected, data: { ...rejected.data, reason: 'REJECTED: worn' } } as MaintenanceEvent].reduce(maintenanceDecider.evolve, maintenanceDecider.initialState());
    expect(again?.commentText).toBe('REJECTED: worn');
  });

  it('given an accepted request, when the head completes it with a date, then it is completed on that date', () => {
    spec.given([requested, accepted]).when(setStatus('completed', { maintenanceDate: AT })).then([completed]);
  });

  it('given an accepted request, when the head completes it without a date, then it is refused', () => {
    spec.given([requested, accepted]).when(setStatus('completed')).thenThrows(400, SERVER_MESSAGES.maintenanceDateRequired);
  });

  it.each([
    ['pending', [requested], setStatus('completed', { maintenanceDate: AT })],
    ['accepted', [requested, accepted], setStatus('accepted')],
    ['accepted', [requested, accepted], setStatus('rejected', { reason: 'late' })],
    ['completed', [requested, accepted, completed], setStatus('rejected', { reason: 'late' })],
    ['completed', [requested, accepted, completed], setStatus('completed', { maintenanceDate: AT })],
    ['rejected', [requested, rejected], setStatus('accepted')],
  ] as const)('given a %s request, when another status move is asked for, then it is 409', (_status, given, command) => {
    spec.given([...given]).when(command).thenThrows(409, SERVER_MESSAGES.invalidStatusChange);
  });

  it('given no request, when its status or comment is changed, then it is not found', () => {
    spec.given([]).when(setStatus('accepted')).thenThrows(404, SERVER_MESSAGES.maintenanceRequestNotFound);
    spec.given([]).when(editComment('x')).thenThrows(404, SERVER_MESSAGES.maintenanceRequestNotFound);
  });

  it('given a request, when the head edits its comment, then the new comment is recorded; the same comment again records nothing', () => {
    spec.given([requested]).when(editComment('  oil leak ')).then([edited('oil leak')]);
    spec.given([requested, edited('oil leak')]).when(editComment('oil leak')).then([]);
  });

  it('given a request, when the head empties its comment, then it is refused with the spec message', () => {
    spec.given([requested]).when(editComment('   ')).thenThrows(400, MESSAGES.commentCannotBeEmpty);
  });
});
