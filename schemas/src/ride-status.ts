import { z } from 'zod';
import type { RideEventType } from './events/ride.events';
import {
  rideMachine,
  statusOfState,
  type ResumeState,
  type RideInProgressKey,
  type RideLifecycleStatus,
  type RideStateKey,
} from './ride.machine';

// Every status list the engine, read models, reports and screens use, read from the statechart's
// definition when this module loads: its resting states in the machine's order, each with the tags,
// type and transitions of itself and the states it sits in. No list of statuses is typed anywhere else.
type StateNode = ReturnType<typeof rideMachine.getStateNodeById>;

const restingStates = (node: StateNode): StateNode[] =>
  node.type === 'atomic' || node.type === 'final' ? [node] : Object.values(node.states).flatMap(restingStates);
const lineage = (node: StateNode | undefined): StateNode[] => (node ? [node, ...lineage(node.parent)] : []);

interface RestingState {
  key: RideStateKey;
  status: RideLifecycleStatus;
  final: boolean;
  tags: ReadonlySet<string>;
  accepts: ReadonlySet<string>;
}

/** The machine's resting states that have a status (all but 'new', before the booking). */
export const RIDE_STATES: readonly RestingState[] = restingStates(rideMachine.root).flatMap((node) => {
  const status = statusOfState(node.key);
  if (status === null) return [];
  const within = lineage(node);
  return [
    {
      key: node.key as RideStateKey,
      status,
      final: node.type === 'final',
      tags: new Set(within.flatMap((n) => n.tags)),
      accepts: new Set(within.flatMap((n) => n.ownEvents)),
    },
  ];
});

const statusesWhere = <S extends RideLifecycleStatus = RideLifecycleStatus>(test: (state: RestingState) => boolean): readonly S[] =>
  RIDE_STATES.filter(test).map((state) => state.status as S);
const accepting = (type: RideEventType) => statusesWhere((state) => state.accepts.has(type));

/** Every status the ride lifecycle produces, in the machine's order. */
export const RIDE_LIFECYCLE_STATUSES = statusesWhere(() => true);
/** A driver may take the ride now, so drivers are shown it: requested, or waiting for another driver after a breakdown. */
export const AWAITING_DRIVER_STATUSES = statusesWhere((state) => state.tags.has('awaitingDriver'));
/** No driver carries the ride, yet or again: the admin screens' and reports' 'pending'. */
export const PENDING_STATUSES = statusesWhere((state) => state.tags.has('pending'));
/** A driver carries the ride out, in the order he goes through them; a redistributed ride resumes at one of them. */
export const IN_PROGRESS_STATUSES = statusesWhere<ResumeState>((state) => state.tags.has('inProgress'));
/** Not over: the engine keeps its timers, the requester's screen tracks it. */
export const OPEN_STATUSES = statusesWhere((state) => !state.final);
/** Over, completed or cancelled: the ride takes no more events. */
export const FINAL_STATUSES = statusesWhere((state) => state.final);
/** The requester may cancel the ride: the states with a RideCancelled transition. */
export const CANCELLABLE_STATUSES = accepting('RideCancelled');
/** Staff may give the ride to a driver (issue #32 item 4): the states with a RideAssigned transition. */
export const ASSIGNABLE_STATUSES = accepting('RideAssigned');

const isIn =
  <S extends string>(statuses: readonly S[]) =>
  (status: string | null | undefined): status is S =>
    status != null && (statuses as readonly string[]).includes(status);

/** A driver is carrying the ride out: accepted, started, material picked or delivered. */
export const isInProgress = isIn(IN_PROGRESS_STATUSES);
/** Drivers may take it now. */
export const isAwaitingDriver = isIn(AWAITING_DRIVER_STATUSES);
/** Still going (neither completed nor cancelled): the requester's screen tracks it and polls it. */
export const isOngoing = isIn(OPEN_STATUSES);
/** Whether the ride may be cancelled at this status: scheduled, requested, or waiting for another driver after a breakdown. */
export const isCancellable = isIn(CANCELLABLE_STATUSES);
/** Whether staff may assign the ride at this status: waiting for a driver, or accepted and not yet picked up. */
export const isAssignable = isIn(ASSIGNABLE_STATUSES);

/** The spec's history-only label for a redistributed ride; the lifecycle never produces it, the spec's rows may carry it. */
export const REDISTRIBUTED_HISTORY_STATUS = 'redistributed_due_to_maintenance';
export type RideStatus = RideLifecycleStatus | typeof REDISTRIBUTED_HISTORY_STATUS;
export const RIDE_STATUSES: readonly RideStatus[] = [...RIDE_LIFECYCLE_STATUSES, REDISTRIBUTED_HISTORY_STATUS];
/** A ride's status as the spec's screens and server rows spell it. */
export const rideStatusSchema = z.enum(RIDE_STATUSES);

// The statuses a redistributed ride can resume from once another driver takes it over.
export const RESUME_STATES: readonly ResumeState[] = IN_PROGRESS_STATUSES;
/** The state a redistributed ride resumes from when taken over. */
export const resumeStateSchema = z.enum(RESUME_STATES);

// The spec's RIDE_STATE / currentState spelling of the same states.
const RIDE_STATE_NAME_OF_STATE = {
  accepted: 'accepted',
  started: 'started',
  materialPicked: 'material_picked',
  delivered: 'material_dropped',
} as const satisfies Record<RideInProgressKey, string>;
export type RideStateName = (typeof RIDE_STATE_NAME_OF_STATE)[RideInProgressKey];
const inProgressStates = RIDE_STATES.filter((state) => state.tags.has('inProgress'));
const stateNameOf = (key: RideStateKey) => RIDE_STATE_NAME_OF_STATE[key as RideInProgressKey];
export const RIDE_STATE_NAMES: readonly RideStateName[] = inProgressStates.map((state) => stateNameOf(state.key));
/** A resume state in the server's RIDE_STATE spelling. */
export const rideStateNameSchema = z.enum(RIDE_STATE_NAMES);
export const RIDE_STATE_TO_RESUME_STATE = Object.fromEntries(
  inProgressStates.map((state) => [stateNameOf(state.key), state.status]),
) as Record<RideStateName, ResumeState>;
export const RESUME_STATE_TO_RIDE_STATE = Object.fromEntries(
  inProgressStates.map((state) => [state.status, stateNameOf(state.key)]),
) as Record<ResumeState, RideStateName>;
export const toResumeState = (state: RideStateName | ResumeState): ResumeState =>
  Object.hasOwn(RIDE_STATE_TO_RESUME_STATE, state) ? RIDE_STATE_TO_RESUME_STATE[state as RideStateName] : (state as ResumeState);

// The spec's trackers (SPEC §4), by state: the dashboard's four steps join accepted and started.
const BOOKING_STEPS = { requested: 1, accepted: 2, started: 3, materialPicked: 4, delivered: 5, completed: 6 } as const satisfies Partial<
  Record<RideStateKey, number>
>;
const DASHBOARD_STEPS = { requested: 1, accepted: 2, started: 2, materialPicked: 3, delivered: 4, completed: 5 } as const satisfies Partial<
  Record<RideStateKey, number>
>;
const stateOfStatus = new Map<string, RideStateKey>(RIDE_STATES.map((state) => [state.status, state.key]));

function stepOf(steps: Partial<Record<RideStateKey, number>>, status: string | null | undefined): number {
  const key = status == null ? undefined : stateOfStatus.get(status);
  return key === undefined ? 0 : (steps[key] ?? 0);
}

/** Six-step tracker of the Fixed Ride and Special Task screens (SPEC §4). */
export function bookingTrackerStep(status: string | null | undefined): number {
  return stepOf(BOOKING_STEPS, status);
}

/** Four-step tracker of the requester dashboard (SPEC §4). */
export function dashboardTrackerStep(status: string | null | undefined): number {
  return stepOf(DASHBOARD_STEPS, status);
}
