import {
  canApply,
  evolveRide,
  initialRideSnapshot,
  resumeStateOf,
  rideStatusOf,
  type RideEvent,
  type RideSnapshot,
  type VehicleType,
} from '@plantride/schemas';

/**
 * The reference model of the model-based test: rides as the shared statechart (schemas' ride machine)
 * folds them, plus the few facts about drivers and maintenance requests that decide who may act.
 * It knows nothing of the engine's code; each `expect…` says whether the engine should accept a command.
 */
export interface ModelRide {
  id: string;
  requester: string;
  vehicleType: VehicleType;
  snapshot: RideSnapshot;
}
export interface ModelDriver {
  id: string;
  vehicleType: VehicleType;
  /** The maintenance request that blocks him, if any. */
  blockedFor: string | null;
  access: boolean;
}
export interface ModelRequest {
  id: string;
  driver: string;
  status: 'pending' | 'accepted' | 'completed' | 'rejected';
}
export interface RideWorld {
  requesters: string[];
  drivers: ModelDriver[];
  rides: ModelRide[];
  requests: ModelRequest[];
  /** Vehicle types with at least one driver record: booking another is refused. */
  staffedTypes: VehicleType[];
}

export type Step = 'start' | 'materialPicked' | 'materialDropped' | 'end';

const AT = '2026-11-26T08:00:00.000Z';

/** A statechart event with just the fields the machine reads; the rest are placeholders. */
function event(type: RideEvent['type'], data: Record<string, unknown>): RideEvent {
  return { type, data: { rideId: 'model', ...data } } as unknown as RideEvent;
}

export const rideEvents = {
  requested: (ride: Omit<ModelRide, 'snapshot'>, special: boolean) =>
    event('RideRequested', { rideId: ride.id, requesterId: ride.requester, requesterName: '', requesterMobile: '', fromLocation: '', toLocation: '', vehicleType: ride.vehicleType, rideType: special ? 'Special Task' : 'Regular', estimatedMinutes: 1, durationMinutes: special ? 30 : null, requestedAt: AT }),
  accepted: (driverId: string) => event('RideAccepted', { driverId, driverName: '', driverMobile: '', vehicleNumber: null, acceptedAt: AT }),
  cancelled: (by: string) => event('RideCancelled', { cancelledBy: by, cancelledAt: AT }),
  step: (step: Step, driverId: string) =>
    ({ start: event('RideStarted', { driverId, startedAt: AT }), materialPicked: event('MaterialPicked', { driverId, pickedAt: AT }), materialDropped: event('MaterialDropped', { driverId, droppedAt: AT }), end: event('RideEnded', { driverId, endedAt: AT }) })[step],
  redistributed: (ride: RideSnapshot, originalDriverId: string) =>
    event('RideRedistributed', { originalDriverId, originalDriverName: '', maintenanceComment: '', maintenanceRequestId: '', resumeState: resumeStateOf(ride), redistributedAt: AT }),
  takenOver: (ride: RideSnapshot, driverId: string) => event('RideTakenOver', { driverId, driverName: '', driverMobile: '', vehicleNumber: null, resumeState: ride.context.resumeState, takenOverAt: AT }),
};

export const newRide = (ride: Omit<ModelRide, 'snapshot'>, special: boolean): ModelRide => ({ ...ride, snapshot: evolveRide(initialRideSnapshot(), rideEvents.requested(ride, special)) });

export const apply = (ride: ModelRide, rideEvent: RideEvent) => void (ride.snapshot = evolveRide(ride.snapshot, rideEvent));

/** The ride this driver is carrying out (a step between accepted and delivered), if any. */
export const ongoingRide = (world: RideWorld, driverId: string) => world.rides.find((ride) => ride.snapshot.context.driverId === driverId && resumeStateOf(ride.snapshot) !== null);

const mayDrive = (driver: ModelDriver) => driver.blockedFor === null && driver.access;

export function expectBooking(world: RideWorld, vehicleType: VehicleType): boolean {
  return world.staffedTypes.includes(vehicleType);
}

export function expectCancel(ride: ModelRide, actor: string, actorIsAdmin: boolean, actorIsDriver: boolean): boolean {
  if (actorIsDriver) return false;
  if (actor !== ride.requester && !actorIsAdmin) return false;
  return canApply(ride.snapshot, rideEvents.cancelled(actor));
}

export function expectAccept(world: RideWorld, driver: ModelDriver, ride: ModelRide): boolean {
  if (!mayDrive(driver)) return false;
  const ongoing = ongoingRide(world, driver.id);
  if (ongoing && ongoing.id !== ride.id) return false;
  if (driver.vehicleType !== ride.vehicleType) return false;
  return canApply(ride.snapshot, rideEvents.accepted(driver.id));
}

export function expectStep(driver: ModelDriver, ride: ModelRide, step: Step): boolean {
  if (!mayDrive(driver)) return false;
  if (!canApply(ride.snapshot, rideEvents.step(step, driver.id))) return false;
  return ride.snapshot.context.driverId === driver.id;
}

/** A maintenance request is refused only when the driver is already blocked; mid-ride it hands his ride over. */
export function expectMaintenance(driver: ModelDriver): boolean {
  return driver.blockedFor === null;
}

export function expectTakeOver(world: RideWorld, driver: ModelDriver, ride: ModelRide): boolean {
  if (!mayDrive(driver)) return false;
  const ongoing = ongoingRide(world, driver.id);
  if (ongoing && ongoing.id !== ride.id) return false;
  if (ride.snapshot.context.resumeState === null) return false;
  if (driver.vehicleType !== ride.vehicleType) return false;
  return canApply(ride.snapshot, rideEvents.takenOver(ride.snapshot, driver.id));
}

const ALLOWED_FROM: Record<'accepted' | 'completed' | 'rejected', ModelRequest['status']> = { accepted: 'pending', rejected: 'pending', completed: 'accepted' };

export function expectResolve(request: ModelRequest, status: 'accepted' | 'completed' | 'rejected'): boolean {
  return request.status === ALLOWED_FROM[status];
}

/** What the read models and the fold of the ride's stream should say of a ride. */
export function expectedRideView(ride: ModelRide) {
  return { status: rideStatusOf(ride.snapshot), driverId: ride.snapshot.context.driverId, resumeState: ride.snapshot.context.resumeState };
}
