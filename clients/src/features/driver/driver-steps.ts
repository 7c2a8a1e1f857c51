import {
  evolveRide,
  foldRide,
  type RideEvent,
  type RideHistoryRow,
  type RideSnapshot,
  type RideStatus,
  type TimestampEvent,
} from '@plantride/schemas';

/** The driver's ride in progress, as his history row tells it. */
export type OngoingRide = Pick<
  RideHistoryRow,
  'RIDE_ID' | 'USER_ID' | 'FROM_LOCATION' | 'TO_LOCATION' | 'VEHICLE_TYPE' | 'RIDE_TYPE' | 'STATUS' | 'ESTIMATED_TIME' | 'CREATED_AT'
>;

export interface DriverStep {
  label: string;
  /** The update-timestamps event the button sends. */
  command: TimestampEvent;
  /** The ride event the engine records for it, which the statechart moves on. */
  fact: 'RideStarted' | 'MaterialPicked' | 'MaterialDropped' | 'RideEnded';
  /** The ride's status once the step is done. */
  status: RideStatus;
}

/** Start Ride → Material Picked → Material Dropped → End Ride (SPEC §4). */
export const DRIVER_STEPS: readonly DriverStep[] = [
  { label: 'Start Ride', command: 'start', fact: 'RideStarted', status: 'started' },
  { label: 'Material Picked', command: 'materialPicked', fact: 'MaterialPicked', status: 'material picked' },
  { label: 'Material Dropped', command: 'materialDropped', fact: 'MaterialDropped', status: 'delivered' },
  { label: 'End Ride', command: 'end', fact: 'RideEnded', status: 'completed' },
];

const IN_PROGRESS: readonly RideStatus[] = ['accepted', 'started', 'material picked', 'delivered'];

export const isInProgress = (status: RideStatus | null | undefined): boolean => status != null && IN_PROGRESS.includes(status);

/** His ride in progress: the newest history row he is the current driver of and that is still going. */
export function ongoingRideOf(history: readonly RideHistoryRow[] | undefined, driverId: string): RideHistoryRow | null {
  return history?.find((row) => row.DRIVER_ID === driverId && isInProgress(row.STATUS)) ?? null;
}

/** The rides he finished himself (a ride he handed over after a breakdown belongs to whoever ended it). */
export function completedRidesOf(history: readonly RideHistoryRow[] | undefined, driverId: string): RideHistoryRow[] {
  return (history ?? []).filter((row) => row.DRIVER_ID === driverId && row.STATUS === 'completed');
}

/** The ride event a step records, as the engine would write it. */
export function stepFact(step: DriverStep, rideId: string, driverId: string, at: Date = new Date()): RideEvent {
  const iso = at.toISOString();
  switch (step.fact) {
    case 'RideStarted':
      return { type: 'RideStarted', data: { rideId, driverId, startedAt: iso } };
    case 'MaterialPicked':
      return { type: 'MaterialPicked', data: { rideId, driverId, pickedAt: iso } };
    case 'MaterialDropped':
      return { type: 'MaterialDropped', data: { rideId, driverId, droppedAt: iso } };
    case 'RideEnded':
      return { type: 'RideEnded', data: { rideId, driverId, endedAt: iso } };
  }
}

function stepsDoneAt(status: RideStatus): number {
  const index = DRIVER_STEPS.findIndex((step) => step.status === status);
  return index + 1;
}

/** The facts the ride has behind it at this status, so the statechart can be folded to it. */
export function factsUpTo(ride: OngoingRide, driverId: string, status: RideStatus = ride.STATUS): RideEvent[] {
  const at = ride.CREATED_AT;
  const requested: RideEvent = {
    type: 'RideRequested',
    data: {
      rideId: ride.RIDE_ID,
      requesterId: ride.USER_ID,
      requesterName: '',
      requesterMobile: '',
      fromLocation: ride.FROM_LOCATION,
      toLocation: ride.TO_LOCATION,
      vehicleType: ride.VEHICLE_TYPE,
      rideType: ride.RIDE_TYPE,
      estimatedMinutes: Math.max(1, ride.ESTIMATED_TIME),
      durationMinutes: null,
      requestedAt: at,
    },
  };
  const accepted: RideEvent = {
    type: 'RideAccepted',
    data: { rideId: ride.RIDE_ID, driverId, driverName: '', driverMobile: '', vehicleNumber: null, acceptedAt: at },
  };
  const done = DRIVER_STEPS.slice(0, stepsDoneAt(status)).map((step) => stepFact(step, ride.RIDE_ID, driverId, new Date(at)));
  return [requested, accepted, ...done];
}

/** The shared statechart folded to where the server says his ride is: the screen asks it what comes next. */
export function driverRideSnapshot(ride: OngoingRide, driverId: string): RideSnapshot {
  return foldRide(factsUpTo(ride, driverId));
}

/** The one step the statechart allows now, or null (ride over, or not his to move). */
export function nextStep(snapshot: RideSnapshot, driverId: string): DriverStep | null {
  const rideId = snapshot.context.rideId;
  return DRIVER_STEPS.find((step) => snapshot.can(stepFact(step, rideId, driverId))) ?? null;
}

/** The steps still missing between the actor and a later status the server reports (never backwards). */
export function factsToReach(snapshot: RideSnapshot, status: RideStatus, driverId: string): RideEvent[] {
  const facts: RideEvent[] = [];
  let current = snapshot;
  for (const step of DRIVER_STEPS.slice(0, stepsDoneAt(status))) {
    const fact = stepFact(step, current.context.rideId, driverId);
    if (!current.can(fact)) continue;
    facts.push(fact);
    current = evolveRide(current, fact);
  }
  return facts;
}
