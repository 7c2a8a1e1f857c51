import { TIMESTAMP_EVENTS, type TimestampEvent } from './constants';
import type { RideEvent, RideEventType, StepClock } from './events/ride.events';
import type { StepScan } from './place-code';
import {
  evolveRide,
  foldRide,
  resumeStateOf,
  rideStatusOf,
  type ResumeState,
  type RideLifecycleStatus,
  type RideSnapshot,
} from './ride.machine';

/** The fact the engine records for each step a driver reports (PUT /api/bookings/update-timestamps). */
export const DRIVER_STEP_FACTS = {
  start: 'RideStarted',
  materialPicked: 'MaterialPicked',
  materialDropped: 'MaterialDropped',
  end: 'RideEnded',
} as const satisfies Record<TimestampEvent, RideEventType>;

// One ride walked through the statechart when this module loads. Every helper below reads what the
// machine did with it, so which statuses exist, their order and what each allows live in the machine only.
const rideId = 'walk';
const driverId = 'walker';
const at = new Date(0).toISOString();

const requested: RideEvent = {
  type: 'RideRequested',
  data: {
    rideId,
    requesterId: 'requester',
    requesterName: '',
    requesterMobile: '',
    fromLocation: 'from',
    toLocation: 'to',
    vehicleType: 'Forklift',
    rideType: 'Regular',
    estimatedMinutes: 1,
    durationMinutes: null,
    requestedAt: at,
  },
};
const accepted: RideEvent = {
  type: 'RideAccepted',
  data: { rideId, driverId, driverName: '', driverMobile: '', vehicleNumber: null, acceptedAt: at },
};
const cancelled: RideEvent = { type: 'RideCancelled', data: { rideId, cancelledBy: 'requester', cancelledAt: at } };
// Booked for later (issue #20), then released to dispatch.
const scheduled: RideEvent = { ...requested, data: { ...requested.data, scheduledFor: at, releaseAt: at } } as RideEvent;
const released: RideEvent = { type: 'RideReleased', data: { rideId, releasedAt: at } };

/** The fact a driver's step records: what the engine appends, and what the helpers below walk. */
export function driverStepFact(
  step: TimestampEvent,
  ride: { rideId: string; driverId: string },
  when: string,
  clock: StepClock = {},
  scan?: StepScan,
): RideEvent {
  const { rideId: id, driverId: by } = ride;
  // Issue #34 item 2: written only when the step needed a scan.
  const proof = scan ? { scan } : {};
  switch (DRIVER_STEP_FACTS[step]) {
    case 'RideStarted':
      return { type: 'RideStarted', data: { rideId: id, driverId: by, startedAt: when, ...clock, ...proof } };
    case 'MaterialPicked':
      return { type: 'MaterialPicked', data: { rideId: id, driverId: by, pickedAt: when, ...clock, ...proof } };
    case 'MaterialDropped':
      return { type: 'MaterialDropped', data: { rideId: id, driverId: by, droppedAt: when, ...clock, ...proof } };
    case 'RideEnded':
      return { type: 'RideEnded', data: { rideId: id, driverId: by, endedAt: when, ...clock } };
  }
}

const stepFact = (step: TimestampEvent): RideEvent => driverStepFact(step, { rideId, driverId }, at);

const redistributed = (resumeState: ResumeState): RideEvent => ({
  type: 'RideRedistributed',
  data: {
    rideId,
    originalDriverId: driverId,
    originalDriverName: '',
    maintenanceComment: '',
    maintenanceRequestId: null,
    resumeState,
    redistributedAt: at,
    openToAll: true,
    alternativeDrivers: 1,
  },
});
const takenOver = (resumeState: ResumeState): RideEvent => ({
  type: 'RideTakenOver',
  data: { rideId, driverId: 'other', driverName: '', driverMobile: '', vehicleNumber: null, resumeState, takenOverAt: at },
});

const nextStepOf = (snapshot: RideSnapshot): TimestampEvent | null => TIMESTAMP_EVENTS.find((step) => snapshot.can(stepFact(step))) ?? null;

/** Requested, accepted, then each step the machine allows next, until none is left. */
function walkPath(): { snapshot: RideSnapshot; status: RideLifecycleStatus; after: RideEventType }[] {
  const first = foldRide([requested]);
  const path = [{ snapshot: first, after: requested.type }];
  let current = evolveRide(first, accepted);
  path.push({ snapshot: current, after: accepted.type });
  for (let step = nextStepOf(current); step !== null; step = nextStepOf(current)) {
    current = evolveRide(current, stepFact(step));
    path.push({ snapshot: current, after: DRIVER_STEP_FACTS[step] });
  }
  return path.map((p) => ({ ...p, status: rideStatusOf(p.snapshot) as RideLifecycleStatus }));
}

const path = walkPath();
const inProgress = path.flatMap(({ snapshot }) => {
  const resumeState = resumeStateOf(snapshot);
  return resumeState ? [{ resumeState, snapshot }] : [];
});
const firstInProgress = inProgress[0]!.resumeState;
// A ride that broke down at each in-progress step, and the status a take-over gives it back.
const waiting = new Map(inProgress.map(({ resumeState, snapshot }) => [resumeState, evolveRide(snapshot, redistributed(resumeState))]));
const resumed = new Map(
  [...waiting].map(([resumeState, snapshot]) => [resumeState, rideStatusOf(evolveRide(snapshot, takenOver(resumeState)))]),
);
const waitingStatus = rideStatusOf(waiting.get(firstInProgress)!);
const cancelledSnapshot = evolveRide(path[0]!.snapshot, cancelled);
const scheduledSnapshot = foldRide([scheduled]);

const snapshots = new Map<string, RideSnapshot>([
  ...path.map(({ status, snapshot }) => [status, snapshot] as const),
  [rideStatusOf(cancelledSnapshot)!, cancelledSnapshot],
  [rideStatusOf(scheduledSnapshot)!, scheduledSnapshot],
]);
const statusAfter = new Map<RideEventType, RideLifecycleStatus | null>([
  ...path.map(({ after, status }) => [after, status] as const),
  [cancelled.type, rideStatusOf(cancelledSnapshot)],
  ['RideRedistributed', waitingStatus],
  [released.type, rideStatusOf(evolveRide(scheduledSnapshot, released))],
]);

/**
 * The statechart's snapshot at a status a server reported (null for a status the lifecycle does not
 * produce). A ride waiting for reassignment is the one that broke down at `resumeState` (accepted when unknown).
 */
export function rideSnapshotAt(status: string | null | undefined, resumeState: ResumeState | null = null): RideSnapshot | null {
  if (status == null) return null;
  if (status === waitingStatus) return waiting.get(resumeState ?? firstInProgress) ?? null;
  return snapshots.get(status) ?? null;
}

/** The one step a driver may report on a ride at this status, or null (not his to move, or over). */
export function nextDriverStep(status: string | null | undefined): TimestampEvent | null {
  const snapshot = rideSnapshotAt(status);
  return snapshot ? nextStepOf(snapshot) : null;
}

/** The ride's status once a driver's step is recorded. */
export function statusAfterStep(step: TimestampEvent): RideLifecycleStatus {
  return statusAfter.get(DRIVER_STEP_FACTS[step]) as RideLifecycleStatus;
}

/**
 * The status a ride has right after a fact of this type, whatever the screen thought before; a
 * take-over resumes at `resumeState` (accepted when unknown). Null: the fact leaves the status as it was.
 */
export function statusAfterFact(type: RideEventType, resumeState: ResumeState | null = null): RideLifecycleStatus | null {
  if (type === 'RideTakenOver') return resumed.get(resumeState ?? firstInProgress) ?? null;
  return statusAfter.get(type) ?? null;
}

// The way a ride goes when nothing goes wrong: booked for later, requested, then each driver's step to completed.
const way: readonly string[] = [rideStatusOf(scheduledSnapshot)!, ...path.map((p) => p.status)];

/** Whether `status` is further along the ride's way (booked for later, requested, ... completed) than `than`; off that way, never. */
export function isAheadOf(status: string | null | undefined, than: string | null | undefined): boolean {
  const index = (s: string | null | undefined) => (s == null ? -1 : way.indexOf(s));
  return index(status) > index(than) && index(than) >= 0;
}
