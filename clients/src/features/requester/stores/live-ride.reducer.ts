import {
  isInProgress,
  isOngoing,
  newDriverAssigned,
  statusAfterFact,
  MESSAGES,
  type DriverDetails,
  type ResumeState,
  type RideEventType,
  type RideStatus,
  type RideType,
  type SocketPayload,
} from '@plantride/schemas';

/** The socket events a requester's screens apply (SPEC §7, requester received). */
export const REQUESTER_EVENTS = [
  'rideAccepted',
  'rideStarted',
  'materialPicked',
  'materialDropped',
  'rideEnded',
  'rideRedistributed',
  'driverReassigned',
  'noAlternativeDriver',
  'specialTaskOverdue',
  // Issue #20: his ride booked for later went to drivers.
  'rideReleased',
] as const;
export type RequesterEventName = (typeof REQUESTER_EVENTS)[number];

// The ride fact behind each socket event: the statechart says where that fact leaves the ride.
const FACT_OF = {
  rideAccepted: 'RideAccepted',
  rideStarted: 'RideStarted',
  materialPicked: 'MaterialPicked',
  materialDropped: 'MaterialDropped',
  rideEnded: 'RideEnded',
  rideRedistributed: 'RideRedistributed',
  driverReassigned: 'RideTakenOver',
  noAlternativeDriver: 'ReassignmentOverdue',
  specialTaskOverdue: 'SpecialTaskOverran',
  rideReleased: 'RideReleased',
} as const satisfies Record<RequesterEventName, RideEventType>;

export type LiveEvent = { [E in RequesterEventName]: { type: E; payload: SocketPayload<E> } }[RequesterEventName];

export type LiveAction =
  | LiveEvent
  // A ride this screen booked, or one the server's history says is still going.
  | { type: 'track'; rideId: string; rideType: RideType; status: RideStatus; driver?: DriverDetails | null }
  // The server's status for the tracked ride, read at (or after) store position `position`.
  | { type: 'serverStatus'; rideId: string; status: RideStatus; position: number }
  | { type: 'clearNotice'; notice: string }
  // A command of ours was recorded at this store position; reads after it wait for it.
  | { type: 'wrote'; position: number }
  | { type: 'reset' };

export interface LiveRideState {
  rideId: string | null;
  rideType: RideType | null;
  status: RideStatus | null;
  driver: DriverDetails | null;
  /** Where the ride was when its vehicle broke down; a take-over resumes there. */
  resumeStatus: ResumeState | null;
  /** The reassignment message area of the tracker. */
  notice: string | null;
  /** Highest store position applied, for read-your-writes on the reads that follow. */
  position: number;
  /** Recently applied `event@position` keys: a replayed or recovered payload is applied once. */
  seen: readonly string[];
}

export const initialLiveRide: LiveRideState = {
  rideId: null,
  rideType: null,
  status: null,
  driver: null,
  resumeStatus: null,
  notice: null,
  position: 0,
  seen: [],
};

const SEEN_LIMIT = 200;

/** Where a take-over resumes: where the screen saw the vehicle break down, or the step it was showing. */
const resumeOf = (state: LiveRideState): ResumeState | null => state.resumeStatus ?? (isInProgress(state.status) ? state.status : null);

function applyEvent(state: LiveRideState, event: LiveEvent): LiveRideState {
  switch (event.type) {
    case 'rideAccepted': {
      const { rideId, driverData, isRedistributed } = event.payload;
      const same = rideId === state.rideId;
      const takenOver = isRedistributed && same;
      return {
        ...state,
        rideId,
        rideType: same ? state.rideType : null,
        status: takenOver ? statusAfterFact('RideTakenOver', resumeOf(state)) : statusAfterFact('RideAccepted'),
        driver: driverData,
        resumeStatus: null,
        notice: takenOver ? state.notice : null,
      };
    }
    case 'rideRedistributed':
      return {
        ...state,
        resumeStatus: resumeOf(state),
        status: statusAfterFact('RideRedistributed'),
        driver: null,
        notice: MESSAGES.vehicleBrokeDown,
      };
    case 'rideReleased': {
      const status = statusAfterFact('RideReleased');
      if (event.payload.rideId === state.rideId) return { ...state, status };
      // Another ride still going keeps the screen (a copy: the lists read again, where it is requested now).
      if (state.rideId !== null && isOngoing(state.status)) return { ...state };
      return { ...initialLiveRide, position: state.position, seen: state.seen, rideId: event.payload.rideId, status };
    }
    case 'driverReassigned':
      // rideAccepted of the same take-over may have come first and already resumed the ride.
      return {
        ...state,
        status: statusAfterFact('RideTakenOver', resumeOf(state)),
        resumeStatus: null,
        driver: event.payload.driverDetails,
        notice: newDriverAssigned(event.payload.newDriverName || event.payload.driverDetails.name),
      };
    default: {
      // A driver's step moves the ride on; a timer notice (only a toast) leaves it as it was.
      const status = statusAfterFact(FACT_OF[event.type]);
      return status === null ? state : { ...state, status };
    }
  }
}

/** Applies one action; returns the same object when it is ignored, so callers can tell. */
export function liveRideReducer(state: LiveRideState, action: LiveAction): LiveRideState {
  switch (action.type) {
    case 'track':
      return {
        ...initialLiveRide,
        position: state.position,
        seen: state.seen,
        rideId: action.rideId,
        rideType: action.rideType,
        status: action.status,
        driver: action.driver ?? null,
        notice: action.status === 'waiting_for_reassignment' ? MESSAGES.vehicleBrokeDown : null,
      };
    case 'serverStatus':
      if (action.rideId !== state.rideId || action.position < state.position || action.status === state.status) return state;
      return {
        ...state,
        status: action.status,
        notice:
          action.status === 'waiting_for_reassignment'
            ? MESSAGES.vehicleBrokeDown
            : state.notice === MESSAGES.vehicleBrokeDown
              ? null
              : state.notice,
      };
    case 'clearNotice':
      return state.notice === action.notice ? { ...state, notice: null } : state;
    case 'wrote':
      return action.position > state.position ? { ...state, position: action.position } : state;
    case 'reset':
      return { ...initialLiveRide, position: state.position, seen: state.seen };
    default: {
      // Only the tracked ride's events apply, except rideAccepted, which adopts its ride (SPEC §4), and
      // rideReleased, which adopts a ride booked for later when none is going.
      if (action.type !== 'rideAccepted' && action.type !== 'rideReleased' && action.payload.rideId !== state.rideId) return state;
      const key = `${action.type}@${action.payload.position ?? ''}`;
      if (action.payload.position !== undefined && state.seen.includes(key)) return state;
      const next = applyEvent(state, action);
      if (next === state) return state;
      const position = Math.max(state.position, action.payload.position ?? 0);
      const seen = action.payload.position === undefined ? state.seen : [...state.seen.slice(-SEEN_LIMIT + 1), key];
      return { ...next, position, seen };
    }
  }
}
