import {
  MESSAGES,
  REJECTION_COMMENT_PREFIX,
  SERVER_MESSAGES,
  type EditMaintenanceComment,
  type MaintenanceEvent,
  type MaintenanceStatus,
  type RequestMaintenance,
  type SetMaintenanceStatus,
  type VehicleType,
} from '@plantride/schemas';
import type { Decider } from '../commands/command-handler';
import { badRequest, conflict, notFound } from '../commands/errors';

export interface MaintenanceRequestState {
  requestId: string;
  driverId: string;
  vehicleType: VehicleType;
  rideId: string | null;
  status: MaintenanceStatus;
  commentText: string;
  maintenanceDate: string | null;
}

/** null until the request exists. */
export type MaintenanceState = MaintenanceRequestState | null;

export type MaintenanceCommand = RequestMaintenance | SetMaintenanceStatus | EditMaintenanceComment;

/** The comment a rejection leaves: its reason behind the 'REJECTED: ' prefix, never twice. */
export function rejectionComment(reason: string): string {
  return reason.startsWith(REJECTION_COMMENT_PREFIX) ? reason : `${REJECTION_COMMENT_PREFIX}${reason}`;
}

function reasonOf(text: string | null): string | null {
  const reason = text?.startsWith(REJECTION_COMMENT_PREFIX) ? text.slice(REJECTION_COMMENT_PREFIX.length) : text;
  return reason?.trim() || null;
}

/**
 * SPEC §5 rules of a driver's request; the route runs them before it blocks the driver, so a
 * refused request leaves nothing behind. Mid-ride (a ride id) needs a comment; otherwise a reason and breakdown type.
 */
export function checkMaintenanceRequest(data: Pick<RequestMaintenance['data'], 'issue' | 'commentText' | 'breakdownType' | 'rideId'>): void {
  if (data.rideId !== null) {
    if (!data.commentText.trim()) throw badRequest(MESSAGES.enterMaintenanceComment);
    return;
  }
  if (!data.issue.trim() || data.breakdownType === null) throw badRequest(MESSAGES.selectReasonAndBreakdown);
}

function evolve(state: MaintenanceState, event: MaintenanceEvent): MaintenanceState {
  if (event.type === 'MaintenanceRequested') {
    const { requestId, driverId, vehicleType, rideId, commentText } = event.data;
    return { requestId, driverId, vehicleType, rideId, status: 'pending', commentText, maintenanceDate: null };
  }
  if (!state) return state;
  switch (event.type) {
    case 'MaintenanceAccepted':
      return { ...state, status: 'accepted' };
    case 'MaintenanceRejected':
      return { ...state, status: 'rejected', commentText: rejectionComment(event.data.reason) };
    case 'MaintenanceCompleted':
      return { ...state, status: 'completed', maintenanceDate: event.data.maintenanceDate };
    case 'MaintenanceCommentEdited':
      return { ...state, commentText: event.data.commentText };
  }
}

// pending → accepted | rejected; accepted → completed. Nothing else moves.
const ALLOWED: Record<SetMaintenanceStatus['data']['status'], MaintenanceStatus> = {
  accepted: 'pending',
  rejected: 'pending',
  completed: 'accepted',
};

function statusEvents(command: SetMaintenanceStatus, state: MaintenanceRequestState, at: string): MaintenanceEvent[] {
  const { requestId, status, maintenanceDate } = command.data;
  if (state.status !== ALLOWED[status]) throw conflict(SERVER_MESSAGES.invalidStatusChange);
  switch (status) {
    case 'accepted':
      return [{ type: 'MaintenanceAccepted', data: { requestId, acceptedAt: at } }];
    case 'rejected': {
      // The spec's client writes 'REJECTED: {reason}' as the comment first and then sends the status alone.
      const reason = reasonOf(command.data.reason) ?? (state.commentText.startsWith(REJECTION_COMMENT_PREFIX) ? reasonOf(state.commentText) : null);
      if (!reason) throw badRequest(MESSAGES.rejectionReasonRequired);
      return [{ type: 'MaintenanceRejected', data: { requestId, reason, rejectedAt: at } }];
    }
    case 'completed':
      if (!maintenanceDate) throw badRequest(SERVER_MESSAGES.maintenanceDateRequired);
      return [{ type: 'MaintenanceCompleted', data: { requestId, maintenanceDate } }];
  }
}

/** A `maintenance-{requestId}` stream: the driver's request and what the maintenance head does with it. */
export const maintenanceDecider: Decider<MaintenanceState, MaintenanceCommand, MaintenanceEvent> = {
  initialState: () => null,
  evolve,
  decide(command, state, { now }) {
    const at = now.toISOString();
    if (command.type === 'RequestMaintenance') {
      if (state) throw conflict(SERVER_MESSAGES.invalidStatusChange);
      checkMaintenanceRequest(command.data);
      const { rideId, breakdownType } = command.data;
      // A breakdown in the middle of a ride is partial: the vehicle got that far.
      return [{ type: 'MaintenanceRequested', data: { ...command.data, breakdownType: rideId !== null ? 'partial' : breakdownType, requestedAt: at } }];
    }
    if (!state) throw notFound(SERVER_MESSAGES.maintenanceRequestNotFound);
    if (command.type === 'SetMaintenanceStatus') return statusEvents(command, state, at);
    const commentText = command.data.commentText.trim();
    if (!commentText) throw badRequest(MESSAGES.commentCannotBeEmpty);
    if (commentText === state.commentText) return [];
    return [{ type: 'MaintenanceCommentEdited', data: { requestId: command.data.requestId, commentText, editedAt: at } }];
  },
};
