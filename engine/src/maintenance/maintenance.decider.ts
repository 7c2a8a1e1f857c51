import { createHash } from 'node:crypto';
import {
  MESSAGES,
  REJECTION_COMMENT_PREFIX,
  SERVER_MESSAGES,
  filedBreakdownType,
  filedIssue,
  maintenanceRequestProblem,
  maintenanceStreamId,
  resumeStateOf,
  takesVehicleOutOfService,
  type BreakdownType,
  type InspectionSettings,
  type DriverEvent,
  type EditMaintenanceComment,
  type MaintenanceEvent,
  type RideEvent,
  type RideSnapshot,
  type UnblockDriver,
  type UnblockReason,
  type UserEvent,
  type MaintenanceStatus,
  type SetMaintenanceStatus,
  type VehicleType,
} from '@plantride/schemas';
import type { CommandHandler, StreamRef } from '../commands/command-handler';
import { actorTokenNo, requireActor } from '../commands/actors';
import { badRequest, conflict, forbidden, notFound } from '../commands/errors';
import { driverStream, type DriverState } from '../drivers/driver.decider';
import { redistribution, rideStream, type AlternativeDrivers } from '../rides/ride.decider';
import { userStream, type UserState } from '../users/user.decider';
import { inspectionSettingsStream, type InspectionSettingsRef } from '../inspections/inspection-settings';
import { photoIdsField, reportPhotos } from '../photos/photo-rules';

export interface MaintenanceRequestState {
  requestId: string;
  driverId: string;
  vehicleType: VehicleType;
  rideId: string | null;
  breakdownType: BreakdownType | null;
  status: MaintenanceStatus;
  commentText: string;
  maintenanceDate: string | null;
}

/** null until the request exists. */
export type MaintenanceState = MaintenanceRequestState | null;

/** The comment a rejection leaves: its reason behind the 'REJECTED: ' prefix, never twice. */
export function rejectionComment(reason: string): string {
  return reason.startsWith(REJECTION_COMMENT_PREFIX) ? reason : `${REJECTION_COMMENT_PREFIX}${reason}`;
}

function reasonOf(text: string | null): string | null {
  const reason = text?.startsWith(REJECTION_COMMENT_PREFIX) ? text.slice(REJECTION_COMMENT_PREFIX.length) : text;
  return reason?.trim() || null;
}

export function evolveMaintenance(state: MaintenanceState, event: MaintenanceEvent): MaintenanceState {
  if (event.type === 'MaintenanceRequested') {
    const { requestId, driverId, vehicleType, rideId, breakdownType, commentText } = event.data;
    return { requestId, driverId, vehicleType, rideId, breakdownType, status: 'pending', commentText, maintenanceDate: null };
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

/**
 * Issue #32, the return-to-service rule: closing (completing, rejecting or a staff unblock) a request that
 * took its vehicle out of service (`takesVehicleOutOfService`) while the plant requires inspections releases
 * the driver, but his vehicle is back in service only after a passed inspection recorded after the close;
 * any inspection he passed before no longer counts. Inspections off: the maintenance head's close is his
 * confirmation that the vehicle was checked (docs/DECISIONS.md), and the vehicle is back at once.
 */
export function inspectionDueOnClose(
  request: Pick<MaintenanceRequestState, 'breakdownType' | 'rideId'>,
  settings: InspectionSettings,
): boolean {
  return settings.inspectionRequired && takesVehicleOutOfService(request);
}

function statusEvents(
  command: SetMaintenanceStatus,
  state: MaintenanceRequestState,
  at: string,
  inspectionDue: boolean,
): MaintenanceEvent[] {
  const { requestId, status, maintenanceDate } = command.data;
  if (state.status !== ALLOWED[status]) throw conflict(SERVER_MESSAGES.invalidStatusChange);
  switch (status) {
    case 'accepted':
      return [{ type: 'MaintenanceAccepted', data: { requestId, acceptedAt: at } }];
    case 'rejected': {
      // The spec's client writes 'REJECTED: {reason}' as the comment first and then sends the status alone.
      const reason =
        reasonOf(command.data.reason) ?? (state.commentText.startsWith(REJECTION_COMMENT_PREFIX) ? reasonOf(state.commentText) : null);
      if (!reason) throw badRequest(MESSAGES.rejectionReasonRequired);
      return [{ type: 'MaintenanceRejected', data: { requestId, driverId: state.driverId, reason, rejectedAt: at, inspectionDue } }];
    }
    case 'completed':
      if (!maintenanceDate) throw badRequest(SERVER_MESSAGES.maintenanceDateRequired);
      return [{ type: 'MaintenanceCompleted', data: { requestId, driverId: state.driverId, maintenanceDate, inspectionDue } }];
  }
}

export const initialMaintenanceState = (): MaintenanceState => null;

/** A `maintenance-{requestId}` stream: the driver's request and what the maintenance head does with it. */
export function maintenanceStream(requestId: string): StreamRef<MaintenanceState, MaintenanceEvent> {
  return { id: maintenanceStreamId(requestId), initial: initialMaintenanceState, evolve: evolveMaintenance };
}

/** Who handles maintenance requests. */
const STAFF = ['admin', 'maintenanceHead'] as const;

type RequestRef = StreamRef<MaintenanceState, MaintenanceEvent>;
type DriverRef = StreamRef<DriverState, DriverEvent>;
type RideRef = StreamRef<RideSnapshot, RideEvent>;

/** A maintenance request's id, derived from the command that files it, so a retry files the same request. */
export function requestIdFor(commandId: string): string {
  return `M${createHash('sha256').update(commandId).digest().readUIntBE(0, 5).toString(36).toUpperCase().padStart(8, '0')}`;
}

/** What a driver's form sends (SPEC §5); the request id derives from the command id, so a retry files the same request. */
export interface RequestMaintenanceCommand {
  type: 'RequestMaintenance';
  data: {
    requestId: string;
    driverId: string;
    vehicleType: VehicleType;
    /** The chosen reason; 'Others' means `customIssue`, the driver's own words. */
    issue: string;
    customIssue: string;
    commentText: string;
    breakdownType: BreakdownType | null;
    /** Issue #34: the photos he uploaded for it; none when absent. */
    photoIds?: string[];
  };
  /** Mid-ride: who else could take his ride over now, by vehicle type (the route's roster count, without him). */
  alternativeDrivers: AlternativeDrivers;
  /** Who took each of `photoIds` that is stored (the route reads the photo store). */
  photoOwners?: ReadonlyMap<string, string>;
}

type RequestStreams = { request: RequestRef; driver: DriverRef; account: StreamRef<UserState, UserEvent>; ride?: RideRef };

/**
 * POST /api/requests/maintenanceReq, one decision over every stream it changes: the driver blocked
 * at once, the request filed, and mid-ride (the ride his stream holds is in progress) the ride
 * handed to the other drivers of its type and he freed of it. Whether he is mid-ride is the ride's
 * own stream's to say, not the client's `ride_id`.
 */
export const requestMaintenance: CommandHandler<RequestMaintenanceCommand, RequestStreams> = {
  streams(command, read) {
    const { requestId, driverId } = command.data;
    const held = read.driver?.ongoingRideId;
    // The request's id derives from the command's id (requestIdFor): new unless this command ran before.
    return {
      request: { ...maintenanceStream(requestId), minted: true },
      driver: driverStream(driverId),
      account: userStream(driverId),
      ...(held ? { ride: rideStream(held) } : {}),
    };
  },
  decide(command, { request, driver, account, ride }, { now, actor }) {
    const { requestId, driverId, vehicleType, issue, customIssue, commentText } = command.data;
    // For himself only, as a driver.
    if (actorTokenNo(actor) !== driverId) throw forbidden(MESSAGES.invalidParameters);
    requireActor(actor, 'driver');
    const { record } = driver;
    if (!account || !record) throw notFound(SERVER_MESSAGES.driverNotFound);
    // Only his own vehicle type, his driver record's, is offered (SPEC §5).
    if (vehicleType !== record.vehicleAssigned) throw badRequest(MESSAGES.selectVehicleType);
    const photoIds = reportPhotos(command.data.photoIds ?? [], command.photoOwners ?? new Map(), driverId);
    const midRide = ride && resumeStateOf(ride) !== null && ride.context.driverId === driverId ? ride : null;
    const filed = {
      requestId,
      driverId,
      // The driver record's name, not what the client says it is.
      driverName: record.name || account.name,
      vehicleType,
      vehicleNumber: record.vehicle || null,
      issue: filedIssue(issue, customIssue),
      commentText,
      breakdownType: filedBreakdownType(midRide !== null, command.data.breakdownType),
      rideId: midRide?.context.rideId ?? null,
      ...photoIdsField(photoIds),
    };
    const at = now.toISOString();
    const filing = fileMaintenanceRequest(request, driver, filed, at);
    const handedOver = midRide
      ? redistribution(
          midRide,
          driver,
          { originalDriverId: driverId, maintenanceComment: commentText, maintenanceRequestId: requestId },
          command.alternativeDrivers,
          at,
        )
      : { ride: [], driver: [] };
    return { request: filing.request, driver: [...filing.driver, ...handedOver.driver], ride: handedOver.ride };
  },
};

/**
 * A request filed and its driver blocked at once: the rule a driver's own request and a failed
 * vehicle inspection (issue #21) both follow. `request` is the new request's stream as read.
 */
export function fileMaintenanceRequest(
  request: MaintenanceState,
  driver: DriverState,
  filed: Omit<MaintenanceRequestedData, 'requestedAt'>,
  at: string,
): { request: MaintenanceEvent[]; driver: DriverEvent[] } {
  if (request) throw conflict(SERVER_MESSAGES.invalidStatusChange);
  if (driver.blockedFor) throw conflict(SERVER_MESSAGES.driverAlreadyBlocked);
  // SPEC §5's rule, the same function the body's schema and the driver's form apply; mid-ride is what the ride's stream says.
  const problem = maintenanceRequestProblem({ ...filed, midRide: filed.rideId !== null });
  if (problem) throw badRequest(problem.message);
  return {
    request: [{ type: 'MaintenanceRequested', data: { ...filed, requestedAt: at } }],
    driver: [{ type: 'DriverBlockedForMaintenance', data: { operatorId: filed.driverId, maintenanceRequestId: filed.requestId } }],
  };
}

type MaintenanceRequestedData = Extract<MaintenanceEvent, { type: 'MaintenanceRequested' }>['data'];

/** Unblocks the driver only from the block of this request: finishing an old request must not release him from a newer one. */
function unblockFrom(driver: DriverState | undefined, requestId: string, reason: UnblockReason, inspectionDue: boolean): DriverEvent[] {
  if (!driver?.record || driver.blockedFor !== requestId) return [];
  return [{ type: 'DriverUnblocked', data: { operatorId: driver.record.operatorId, reason, inspectionDue } }];
}

type StatusStreams = { request: RequestRef; driver?: DriverRef; inspection?: InspectionSettingsRef };

/** PUT /api/requests/{id}/status: accept, reject (with a reason) or complete (with a date); rejecting and completing release the driver in the same append. */
export const setMaintenanceStatus: CommandHandler<SetMaintenanceStatus, StatusStreams> = {
  // Accepting changes the request alone; closing it reads (and may unblock) its driver and the plant's inspection setting too.
  streams: (command, read) => ({
    request: maintenanceStream(command.data.requestId),
    ...(read.request && command.data.status !== 'accepted'
      ? { driver: driverStream(read.request.driverId), inspection: inspectionSettingsStream() }
      : {}),
  }),
  decide(command, { request, driver, inspection }, { now, actor }) {
    requireActor(actor, ...STAFF);
    if (!request) throw notFound(SERVER_MESSAGES.maintenanceRequestNotFound);
    const inspectionDue = inspection ? inspectionDueOnClose(request, inspection) : false;
    const events = statusEvents(command, request, now.toISOString(), inspectionDue);
    const { status, requestId } = command.data;
    return {
      request: events,
      driver:
        status === 'accepted'
          ? []
          : unblockFrom(driver, requestId, status === 'completed' ? 'maintenance_completed' : 'maintenance_rejected', inspectionDue),
    };
  },
};

/** PUT /api/requests/maintenanceReq/{id}/comment. A rejected request's comment is its rejection reason: it stays. */
export const editMaintenanceComment: CommandHandler<EditMaintenanceComment, { request: RequestRef }> = {
  streams: (command) => ({ request: maintenanceStream(command.data.requestId) }),
  decide(command, { request }, { now, actor }) {
    requireActor(actor, ...STAFF);
    if (!request) throw notFound(SERVER_MESSAGES.maintenanceRequestNotFound);
    if (request.status === 'rejected') throw conflict(SERVER_MESSAGES.rejectedCommentLocked);
    const commentText = command.data.commentText.trim();
    if (!commentText) throw badRequest(MESSAGES.commentCannotBeEmpty);
    if (commentText === request.commentText) return {};
    return {
      request: [
        { type: 'MaintenanceCommentEdited', data: { requestId: command.data.requestId, commentText, editedAt: now.toISOString() } },
      ],
    };
  },
};

/** The reason a request closed by a staff unblock records. */
export const STAFF_UNBLOCK_REASON = 'Driver unblocked by maintenance staff.';

/**
 * PUT /api/requests/unblock-driver: staff release a blocked driver outright. A driver is blocked
 * exactly while his request is open, so the request that blocks him closes in the same append:
 * completed today (reason maintenance_completed: the vehicle's last maintenance date) or rejected.
 * A driver who is not blocked: nothing changes.
 */
export const unblockDriver: CommandHandler<UnblockDriver, { driver: DriverRef; request?: RequestRef; inspection: InspectionSettingsRef }> =
  {
    streams: (command, read) => ({
      driver: driverStream(command.data.operatorId),
      inspection: inspectionSettingsStream(),
      ...(read.driver?.blockedFor ? { request: maintenanceStream(read.driver.blockedFor) } : {}),
    }),
    decide(command, { driver, request, inspection }, { now, actor }) {
      requireActor(actor, ...STAFF);
      if (!driver.record) throw notFound(SERVER_MESSAGES.driverNotFound);
      const requestId = driver.blockedFor;
      if (!requestId) return {};
      const at = now.toISOString();
      const { reason } = command.data;
      const open = request && (request.status === 'pending' || request.status === 'accepted');
      const inspectionDue = request ? inspectionDueOnClose(request, inspection) : false;
      const closed: MaintenanceEvent[] = !open
        ? []
        : reason === 'maintenance_completed'
          ? [{ type: 'MaintenanceCompleted', data: { requestId, driverId: request.driverId, maintenanceDate: at, inspectionDue } }]
          : [
              {
                type: 'MaintenanceRejected',
                data: { requestId, driverId: request.driverId, reason: STAFF_UNBLOCK_REASON, rejectedAt: at, inspectionDue },
              },
            ];
      return { request: closed, driver: unblockFrom(driver, requestId, reason, inspectionDue) };
    },
  };
