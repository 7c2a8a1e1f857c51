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
  /** On shift (issue #20): only drivers on shift are offered rides under offer dispatch. */
  onShift: boolean;
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
  /** The plant's dispatch mode (issue #20): 'offer' offers each new or released ride to one driver at a time. */
  mode: 'broadcast' | 'offer';
}

export type Step = 'start' | 'materialPicked' | 'materialDropped' | 'end';

const AT = '2026-11-26T08:00:00.000Z';

/** A statechart event with just the fields the machine reads; the rest are placeholders. */
function event(type: RideEvent['type'], data: Record<string, unknown>): RideEvent {
  return { type, data: { rideId: 'model', ...data } } as unknown as RideEvent;
}

/** How a ride was booked: for now or for later, and whether it goes to one driver at a time. */
export interface Booking {
  special: boolean;
  later?: boolean;
  offer?: boolean;
}

export const rideEvents = {
  requested: (ride: Omit<ModelRide, 'snapshot'>, { special, later = false, offer = false }: Booking) =>
    event('RideRequested', {
      rideId: ride.id,
      requesterId: ride.requester,
      requesterName: '',
      requesterMobile: '',
      fromLocation: '',
      toLocation: '',
      vehicleType: ride.vehicleType,
      rideType: special ? 'Special Task' : 'Regular',
      estimatedMinutes: 1,
      durationMinutes: special ? 30 : null,
      requestedAt: AT,
      ...(later ? { scheduledFor: AT, releaseAt: AT } : {}),
      ...(offer && !later ? { dispatch: 'offer' } : {}),
    }),
  released: (offer: boolean) => event('RideReleased', { releasedAt: AT, ...(offer ? { dispatch: 'offer' } : {}) }),
  declined: (driverId: string, round: number) => event('RideOfferDeclined', { driverId, round, declinedAt: AT }),
  expired: (driverId: string, round: number) => event('RideOfferExpired', { driverId, round, expiredAt: AT }),
  accepted: (driverId: string) =>
    event('RideAccepted', { driverId, driverName: '', driverMobile: '', vehicleNumber: null, acceptedAt: AT }),
  cancelled: (by: string) => event('RideCancelled', { cancelledBy: by, cancelledAt: AT }),
  step: (step: Step, driverId: string) =>
    ({
      start: event('RideStarted', { driverId, startedAt: AT }),
      materialPicked: event('MaterialPicked', { driverId, pickedAt: AT }),
      materialDropped: event('MaterialDropped', { driverId, droppedAt: AT }),
      end: event('RideEnded', { driverId, endedAt: AT }),
    })[step],
  redistributed: (ride: RideSnapshot, originalDriverId: string) =>
    event('RideRedistributed', {
      originalDriverId,
      originalDriverName: '',
      maintenanceComment: '',
      maintenanceRequestId: '',
      resumeState: resumeStateOf(ride),
      redistributedAt: AT,
      openToAll: true,
      alternativeDrivers: 1,
    }),
  takenOver: (ride: RideSnapshot, driverId: string) =>
    event('RideTakenOver', {
      driverId,
      driverName: '',
      driverMobile: '',
      vehicleNumber: null,
      resumeState: ride.context.resumeState,
      takenOverAt: AT,
    }),
};

export const newRide = (ride: Omit<ModelRide, 'snapshot'>, booking: Booking): ModelRide => ({
  ...ride,
  snapshot: evolveRide(initialRideSnapshot(), rideEvents.requested(ride, booking)),
});

export const apply = (ride: ModelRide, rideEvent: RideEvent) => void (ride.snapshot = evolveRide(ride.snapshot, rideEvent));

/** The ride this driver is carrying out (a step between accepted and delivered), if any. */
export const ongoingRide = (world: RideWorld, driverId: string) =>
  world.rides.find((ride) => ride.snapshot.context.driverId === driverId && resumeStateOf(ride.snapshot) !== null);

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

const ALLOWED_FROM: Record<'accepted' | 'completed' | 'rejected', ModelRequest['status']> = {
  accepted: 'pending',
  rejected: 'pending',
  completed: 'accepted',
};

export function expectResolve(request: ModelRequest, status: 'accepted' | 'completed' | 'rejected'): boolean {
  return request.status === ALLOWED_FROM[status];
}

/** The driver a standing offer (issue #20) is with, if any. */
const offerHolder = (world: RideWorld, driverId: string) =>
  world.rides.some((ride) => ride.snapshot.value === 'requested' && ride.snapshot.context.offer?.driverId === driverId);

/**
 * Who may be offered this ride now (issue #20): on shift, may drive, free (no ride in progress, no
 * standing offer), of its vehicle type, and not one who passed on it. Which of them is chosen is the
 * score's business (offer-choice.ts, its own tests); the model checks the engine chose among these.
 */
export function offerCandidates(world: RideWorld, ride: ModelRide): ModelDriver[] {
  const passed = ride.snapshot.context.passedOver;
  return world.drivers.filter(
    (d) =>
      d.onShift &&
      mayDrive(d) &&
      !ongoingRide(world, d.id) &&
      !offerHolder(world, d.id) &&
      d.vehicleType === ride.vehicleType &&
      !passed.includes(d.id),
  );
}

/** The offered driver declines: only while the ride is offered to him. */
export function expectDecline(driver: ModelDriver, ride: ModelRide): boolean {
  return ride.snapshot.value === 'requested' && ride.snapshot.context.offer?.driverId === driver.id;
}

/** What the read models and the fold of the ride's stream should say of a ride. */
export function expectedRideView(ride: ModelRide) {
  const c = ride.snapshot.context;
  return {
    status: rideStatusOf(ride.snapshot),
    driverId: c.driverId,
    resumeState: c.resumeState,
    offeredTo: c.offer?.driverId ?? null,
    openToAll: c.openToAll,
  };
}
