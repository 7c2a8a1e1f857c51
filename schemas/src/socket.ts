import { z } from 'zod';
import { driverStatusSchema, maintenanceStatusSchema, unblockReasonSchema, vehicleTypeSchema } from './constants';
import { rideStateNameSchema } from './ride-status';
import { requesterDetailsSchema } from './api/ride-row.api';
import { positionSchema } from './primitives';
import { RIDE_PRIORITIES, SLA_TARGETS } from './dispatch';
import { ALERT_KINDS } from './events/alert.events';

// Every payload carries the store position of the event behind it, so a client that sees a jump
// knows it missed something and resyncs from the API.
const payload = <S extends z.ZodRawShape>(shape: S) => z.object({ ...shape, position: positionSchema.optional() });

/** The driver as the requester sees it; reassignment events use these lower-case names. */
export const driverDetailsSchema = z.object({
  id: z.string(),
  name: z.string(),
  mobile: z.string(),
  vehicle: z.string().nullable(),
});
export type DriverDetails = z.infer<typeof driverDetailsSchema>;

const rideOnly = payload({ rideId: z.string() });
const driverNotice = payload({
  driverId: z.string(),
  message: z.string(),
  requestId: z.string().optional(),
  reason: unblockReasonSchema.optional(),
});

/** Socket payloads keyed by the spec's event names (SPEC §7), server to client. */
export const SOCKET_PAYLOADS = {
  // `message` is the requester screen's 'A new ride has been booked!'; the rest is the driver's received form.
  newRideRequest: payload({
    message: z.string().optional(),
    assignedTo: z.string().nullable(),
    rideId: z.string(),
    fromLocation: z.string(),
    toLocation: z.string(),
    isSpecialTask: z.boolean(),
    // Null to drivers (issue #17): a requester's name and mobile only for a ride the driver holds.
    requesterData: requesterDetailsSchema.nullable(),
    vehicleType: vehicleTypeSchema,
  }),
  rideRequested: payload({
    rideId: z.string(),
    fromLocation: z.string(),
    toLocation: z.string(),
    isSpecialTask: z.boolean(),
    requesterData: requesterDetailsSchema,
  }),
  rideAccepted: payload({
    rideId: z.string(),
    driverData: driverDetailsSchema,
    isRedistributed: z.boolean(),
    driverId: z.string(),
  }),
  rideStarted: rideOnly,
  materialPicked: rideOnly,
  materialDropped: rideOnly,
  rideEnded: rideOnly,
  // Tells drivers a ride left the available list (accepted by someone, or cancelled).
  removeRide: rideOnly,
  statusChanged: payload({ driverId: z.string(), status: driverStatusSchema }),
  maintenanceCompleted: driverNotice,
  maintenanceRejected: driverNotice,
  driverUnblocked: driverNotice,
  driverBlocked: payload({
    driverId: z.string(),
    message: z.string().optional(),
    maintenanceRequestId: z.string().nullable().optional(),
  }),
  // To drivers of the vehicle type: the ride is up for take-over.
  redistributedRide: payload({
    rideId: z.string(),
    fromLocation: z.string(),
    toLocation: z.string(),
    vehicleType: vehicleTypeSchema,
    isSpecialTask: z.boolean(),
    // Null, as in newRideRequest: the drivers it is offered to do not hold the ride yet.
    requesterData: requesterDetailsSchema.nullable(),
    originalDriverId: z.string(),
    originalDriverName: z.string(),
    maintenanceComment: z.string(),
    rideState: rideStateNameSchema,
  }),
  // To the requester: 'Vehicle broke down. Waiting for a new driver...'.
  rideRedistributed: payload({ rideId: z.string(), message: z.string().optional() }),
  driverReassigned: payload({
    rideId: z.string(),
    driverDetails: driverDetailsSchema,
    newDriverName: z.string(),
    newDriverId: z.string(),
  }),
  noAlternativeDriver: payload({ rideId: z.string(), message: z.string() }),
  maintenanceRequestAdded: payload({ requestId: z.string(), driverId: z.string() }),
  newMaintenanceRequest: payload({ requestId: z.string(), driverId: z.string(), message: z.string().optional() }),
  // `pendingApproval` (ours): a driver registration that waits for the admin in Driver Info.
  newRegistrationRequest: payload({ tokenNo: z.string(), message: z.string().optional(), pendingApproval: z.boolean().optional() }),
  requestStatusUpdated: payload({ requestId: z.string(), status: maintenanceStatusSchema }),
  // Our additions (timers), beside the spec's names.
  // To staff: a ride still requested after the wait alert time (RIDE_WAIT_ALERT_MS); drivers of its type get newRideRequest again.
  rideWaitingTooLong: payload({
    rideId: z.string(),
    fromLocation: z.string(),
    toLocation: z.string(),
    vehicleType: vehicleTypeSchema,
    isSpecialTask: z.boolean(),
    requesterData: requesterDetailsSchema,
    requestedAt: z.string(),
    message: z.string(),
  }),
  // To the requester and the driver: a started Special Task ran past its booked duration.
  specialTaskOverdue: payload({
    rideId: z.string(),
    driverId: z.string(),
    startedAt: z.string(),
    durationMinutes: z.number().int().positive(),
    message: z.string(),
  }),
  // Offer dispatch (issue #20): to the one driver a ride is offered to, until `expiresAt` (ISO 8601);
  // he accepts as any ride, or declines. When the offer lapses he gets removeRide.
  rideOffered: payload({
    rideId: z.string(),
    // The server's clock at the offer: a phone whose clock is off counts down expiresAt − offeredAt from arrival.
    offeredAt: z.string(),
    expiresAt: z.string(),
    fromLocation: z.string(),
    toLocation: z.string(),
    priority: z.enum(RIDE_PRIORITIES),
    vehicleType: vehicleTypeSchema,
    isSpecialTask: z.boolean(),
  }),
  // Issue #20. To every signed-in socket: an admin changed the site (a place added, moved, renamed or
  // retired, a route time set); screens that show places read GET /api/site again.
  siteChanged: payload({}),
  // Issue #20. To the requester: his ride booked for later went to drivers (it is requested now).
  rideReleased: payload({ rideId: z.string() }),
  // To staff: a ride missed its service target (once per target), `message` a ready sentence.
  rideSlaBreached: payload({
    rideId: z.string(),
    target: z.enum(SLA_TARGETS),
    priority: z.enum(RIDE_PRIORITIES),
    dueAt: z.string(),
    breachedAt: z.string(),
    vehicleType: vehicleTypeSchema,
    fromLocation: z.string(),
    toLocation: z.string(),
    message: z.string(),
  }),
  // Issue #32 item 4. To staff: something the dispatcher board shows changed that staff hear of no other
  // way (a ride taken, offered, released, ended or cancelled; a driver's shift or break); boards read
  // themselves again at `position`. Nothing but the position: the board's read decides what it shows.
  boardChanged: payload({}),
  // Issue #32 item 2. To staff: a missed delivery target taken back, the drop tapped in time reaching the
  // engine late; boards drop its alert.
  rideSlaMissWithdrawn: payload({ rideId: z.string(), target: z.literal('deliver'), dueAt: z.string(), droppedAt: z.string() }),
  // Issue #21. To staff: a driver inspected his vehicle (passed or not), so the Driver Information list refreshes.
  vehicleInspected: payload({ operatorId: z.string(), inspectionId: z.string(), passed: z.boolean() }),
  // Issue #32 item 4. To the driver staff gave a ride to: it is his now (his screen reads his ongoing ride
  // again); he holds it, so the requester's details come with it. `fromDriverId`: the driver it was taken from.
  rideAssigned: payload({
    rideId: z.string(),
    fromLocation: z.string(),
    toLocation: z.string(),
    vehicleType: vehicleTypeSchema,
    isSpecialTask: z.boolean(),
    requesterData: requesterDetailsSchema,
    reason: z.string(),
    fromDriverId: z.string().nullable(),
    message: z.string(),
  }),
  // Issue #32 item 4. To the driver staff took a ride back from: it is no longer his.
  rideTakenBack: payload({ rideId: z.string(), newDriverId: z.string(), reason: z.string(), message: z.string() }),
  // To one socket whose session token just expired; the server disconnects it right after.
  sessionExpired: payload({ message: z.string() }),
  // Issue #32 item 4. To staff: an alert left the board's open list; every board reads itself again.
  alertAcknowledged: payload({ alertId: z.string(), rideId: z.string(), kind: z.enum(ALERT_KINDS), acknowledgedBy: z.string() }),
  // To a user's sockets opened before an account event that ends his sessions (endsSessions); the
  // server disconnects them right after. `message` says why, for the sign-in screen.
  sessionEnded: payload({ reason: z.enum(['signedOut', 'blocked', 'roleChanged', 'passwordReset']), message: z.string() }),
  // To one socket that sent more messages than its limit; the server disconnects it right after.
  tooManyMessages: payload({ message: z.string() }),
} as const;

export type SocketEventName = keyof typeof SOCKET_PAYLOADS;
export type SocketPayload<E extends SocketEventName> = z.infer<(typeof SOCKET_PAYLOADS)[E]>;

export const SOCKET_EVENT_NAMES = Object.keys(SOCKET_PAYLOADS) as SocketEventName[];

// Clients send commands over HTTP, never over the socket, so they emit nothing.
export type ClientToServerEvents = Record<never, never>;

// For `new Server<ClientToServerEvents, ServerToClientEvents>()` and the client's `io()`.
export type ServerToClientEvents = {
  [E in SocketEventName]: (payload: SocketPayload<E>) => void;
};
