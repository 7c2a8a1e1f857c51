import {
  MESSAGES,
  type RideType,
  type VehicleType,
  type DomainEvent,
  type EventOfType,
  type EventType,
  type SocketEventName,
  type SocketPayload,
} from '@plantride/schemas';
import { liveRooms } from './live-rooms';
import type { RideFacts } from './ride-facts';
import {
  driverBlocked,
  driverRegistrationRequested,
  driverUnblocked,
  newRegistrationRequest,
  statusChanged,
  vehicleInspected,
} from './driver-socket-events';
import type { LiveContext } from './live-lookups';
import {
  maintenanceAccepted,
  maintenanceCompleted,
  maintenanceRejected,
  maintenanceRequested,
  rideRedistributed,
  rideTakenOver,
} from './maintenance-socket-events';
import { reassignmentOverdue, rideSlaBreached, rideWaitAlerted, specialTaskOverran } from './timer-socket-events';
import { rideAssigned } from './assign-socket-events';

/**
 * One socket event to send: the spec's name, its payload, and the rooms that receive it (each socket
 * once), less any socket also in one of the `except` rooms.
 */
export type LiveEmit = {
  [E in SocketEventName]: { rooms: string[]; except?: string[]; name: E; payload: SocketPayload<E> };
}[SocketEventName];

/** A store event with its global position, which every payload carries. */
export type PositionedEvent = DomainEvent & { position: number };

type Positioned<T extends EventType> = EventOfType<T> & { position: number };
type ToSocket<T extends EventType> = (event: Positioned<T>, facts: RideFacts | null, context: LiveContext) => LiveEmit[];

function emit<E extends SocketEventName>(name: E, rooms: string[], payload: SocketPayload<E>): LiveEmit {
  return { name, rooms, payload } as LiveEmit;
}

// Events after RideRequested are routed by what the ride's earlier events said; without them, nowhere.
function withFacts<T extends EventType>(map: (event: Positioned<T>, facts: RideFacts) => LiveEmit[]): ToSocket<T> {
  return (event, facts) => (facts ? map(event, facts) : []);
}

/** A ride drivers may take, as their list shows it: no requester's name or mobile (issue #17, personal data by need). */
function newRideRequest(
  ride: { rideId: string; fromLocation: string; toLocation: string; vehicleType: VehicleType; rideType: RideType },
  rooms: string[],
  position: number,
): LiveEmit {
  return emit('newRideRequest', rooms, {
    message: MESSAGES.newRideBooked,
    assignedTo: ride.vehicleType,
    rideId: ride.rideId,
    fromLocation: ride.fromLocation,
    toLocation: ride.toLocation,
    isSpecialTask: ride.rideType === 'Special Task',
    requesterData: null,
    vehicleType: ride.vehicleType,
    position,
  });
}

type Step = 'RideStarted' | 'MaterialPicked' | 'MaterialDropped' | 'RideEnded';

function step<T extends Step>(name: 'rideStarted' | 'materialPicked' | 'materialDropped' | 'rideEnded'): ToSocket<T> {
  return withFacts<T>((event, facts) => {
    // Every step event carries the ride and its driver; TypeScript cannot see that through a generic T.
    const { data, position } = event as Positioned<Step>;
    return [
      emit(name, [liveRooms.user(facts.requesterId), liveRooms.driver(data.driverId), liveRooms.ride(data.rideId)], {
        rideId: data.rideId,
        position,
      }),
    ];
  });
}

function siteChanged({ position }: { position: number }): LiveEmit[] {
  return [emit('siteChanged', [liveRooms.everyone], { position })];
}

/**
 * Store event type → the spec's socket events (SPEC §7, "received"). One entry per event type;
 * types without an entry send nothing. The engine README's table mirrors this one.
 */
const SOCKET_EVENTS: { [T in EventType]?: ToSocket<T> } = {
  RideRequested: ({ data, position }) => {
    const requesterData = { userId: data.requesterId, name: data.requesterName, mobile: data.requesterMobile };
    const ride = {
      rideId: data.rideId,
      fromLocation: data.fromLocation,
      toLocation: data.toLocation,
      isSpecialTask: data.rideType === 'Special Task',
      requesterData,
    };
    return [
      // Offer dispatch (issue #20) tells drivers one at a time (RideOffered), or all once it falls back
      // (RideOpenedToAll); a ride booked for later, once it is released (RideReleased).
      ...(data.dispatch === 'offer' || data.scheduledFor !== undefined
        ? []
        : [newRideRequest(data, [liveRooms.vehicle(data.vehicleType)], position)]),
      emit('rideRequested', [liveRooms.staff], { ...ride, position }),
    ];
  },
  // The offered driver gets the ride as any new one (his list and Accept work as ever) and the offer's expiry.
  RideOffered: withFacts(({ data, position }, facts) => [
    newRideRequest({ ...facts, rideId: data.rideId }, [liveRooms.driver(data.driverId)], position),
    emit('rideOffered', [liveRooms.driver(data.driverId)], {
      rideId: data.rideId,
      offeredAt: data.offeredAt,
      expiresAt: data.expiresAt,
      fromLocation: facts.fromLocation,
      toLocation: facts.toLocation,
      priority: facts.priority,
      vehicleType: facts.vehicleType,
      isSpecialTask: facts.rideType === 'Special Task',
      position,
    }),
  ]),
  RideOfferDeclined: withFacts(({ data, position }) => [
    emit('removeRide', [liveRooms.driver(data.driverId)], { rideId: data.rideId, position }),
  ]),
  RideOfferExpired: withFacts(({ data, position }) => [
    emit('removeRide', [liveRooms.driver(data.driverId)], { rideId: data.rideId, position }),
  ]),
  // Taken back for an urgent ride, offered to him in the same append (its rideOffered follows).
  RideOfferWithdrawn: withFacts(({ data, position }) => [
    emit('removeRide', [liveRooms.driver(data.driverId)], { rideId: data.rideId, position }),
  ]),
  RideOpenedToAll: withFacts(({ data, position }, facts) => [
    newRideRequest({ ...facts, rideId: data.rideId }, [liveRooms.vehicle(facts.vehicleType)], position),
  ]),
  // A ride booked for later goes to drivers now; its requester sees it waiting for one.
  RideReleased: withFacts(({ data, position }, facts) => [
    ...(data.dispatch === 'offer'
      ? []
      : [newRideRequest({ ...facts, rideId: data.rideId }, [liveRooms.vehicle(facts.vehicleType)], position)]),
    emit('rideReleased', [liveRooms.user(facts.requesterId), liveRooms.ride(data.rideId)], { rideId: data.rideId, position }),
  ]),
  RideSlaBreached: rideSlaBreached,
  // Issue #32 item 2: every staff board drops the alert of a miss the drop's tap took back.
  RideSlaMissWithdrawn: ({ data: { rideId, target, dueAt, droppedAt }, position }) => [
    emit('rideSlaMissWithdrawn', [liveRooms.staff], { rideId, target, dueAt, droppedAt, position }),
  ],
  RideAccepted: withFacts(({ data, position }, facts) => [
    emit('removeRide', [liveRooms.vehicle(facts.vehicleType)], { rideId: data.rideId, position }),
    emit('rideAccepted', [liveRooms.user(facts.requesterId), liveRooms.ride(data.rideId)], {
      rideId: data.rideId,
      driverData: { id: data.driverId, name: data.driverName, mobile: data.driverMobile, vehicle: data.vehicleNumber },
      isRedistributed: false,
      driverId: data.driverId,
      position,
    }),
  ]),
  RideStarted: step('rideStarted'),
  MaterialPicked: step('materialPicked'),
  MaterialDropped: step('materialDropped'),
  RideEnded: step('rideEnded'),
  RideCancelled: withFacts(({ data, position }, facts) => [
    emit('removeRide', [liveRooms.vehicle(facts.vehicleType)], { rideId: data.rideId, position }),
  ]),
  DriverStatusChanged: statusChanged,
  DriverBlockedForMaintenance: driverBlocked,
  DriverUnblocked: driverUnblocked,
  VehicleInspected: vehicleInspected,
  UserSignedUp: newRegistrationRequest,
  DriverRegistrationRequested: driverRegistrationRequested,
  RideRedistributed: rideRedistributed,
  RideTakenOver: rideTakenOver,
  RideAssigned: rideAssigned,
  MaintenanceRequested: maintenanceRequested,
  MaintenanceAccepted: maintenanceAccepted,
  MaintenanceRejected: maintenanceRejected,
  MaintenanceCompleted: maintenanceCompleted,
  RideWaitAlerted: rideWaitAlerted,
  ReassignmentOverdue: reassignmentOverdue,
  SpecialTaskOverran: specialTaskOverran,
  // Issue #32 item 4: every staff board drops an acknowledged alert at once.
  AlertAcknowledged: ({ data: { alertId, rideId, kind, acknowledgedBy }, position }) => [
    emit('alertAcknowledged', [liveRooms.staff], { alertId, rideId, kind, acknowledgedBy, position }),
  ],
  // Issue #20: the site's first definition is no change; an admin's edits are.
  LocationAdded: siteChanged,
  LocationChanged: siteChanged,
  RouteTimeChanged: siteChanged,
};

/**
 * The store events that change what the dispatcher board shows (issue #32 item 4) but send staff
 * nothing else: each also sends `boardChanged` to staff, so every board reads itself again at once
 * instead of at its next 15-second read. The board's read decides what it shows. A ride event the
 * gateway has no facts for is a ride it does not know, and is sent nowhere (as every ride event).
 */
const RIDE_BOARD_CHANGES: ReadonlySet<EventType> = new Set<EventType>([
  'RideAccepted',
  'RideTakenOver',
  'RideAssigned',
  'RideEnded',
  'RideCancelled',
  'RideReleased',
  'RidePriorityChanged',
  'RideOffered',
  'RideOfferDeclined',
  'RideOfferExpired',
  'RideOfferWithdrawn',
  'RideOpenedToAll',
]);
const DRIVER_BOARD_CHANGES: ReadonlySet<EventType> = new Set<EventType>([
  'DriverShiftStarted',
  'DriverShiftEnded',
  'DriverBreakStarted',
  'DriverBreakEnded',
]);

/**
 * The socket events a store event produces, given the facts of its ride as they stood before it
 * and what the gateway looked up for it (`liveContextFor`).
 */
export function socketEventsFor(event: PositionedEvent, facts: RideFacts | null, context: LiveContext = {}): LiveEmit[] {
  // The table is keyed by type, so the entry found takes exactly this event's shape.
  const toSocket = SOCKET_EVENTS[event.type] as ToSocket<EventType> | undefined;
  const emits = toSocket ? toSocket(event as Positioned<EventType>, facts, context) : [];
  const boardChanged = DRIVER_BOARD_CHANGES.has(event.type) || (RIDE_BOARD_CHANGES.has(event.type) && facts !== null);
  return boardChanged ? [...emits, emit('boardChanged', [liveRooms.staff], { position: event.position })] : emits;
}

/** Whether a socket in `rooms` receives `emit`: the same rule as socket.io's `to(rooms).except(except)`. */
export function reaches(emit: LiveEmit, rooms: ReadonlySet<string>): boolean {
  return emit.rooms.some((room) => rooms.has(room)) && !(emit.except ?? []).some((room) => rooms.has(room));
}
