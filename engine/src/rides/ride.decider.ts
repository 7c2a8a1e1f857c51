import {
  type RosterEvent,
  ASSIGN_MESSAGES,
  DEFAULT_DISPATCH_SETTINGS,
  BREAK_MESSAGES,
  INSPECTION_MESSAGES,
  MESSAGES,
  SERVER_MESSAGES,
  canApply,
  defaultServiceTargets,
  releaseTimeOf,
  scheduleProblem,
  driverStepFact,
  evolveRide,
  loadSchema,
  refusalMessage,
  initialRideSnapshot,
  noDriversAssigned,
  noDriversAssignedSpecialTask,
  plantDayOf,
  resumeStateOf,
  rideStreamId,
  type DispatchSettings,
  type SiteState,
  type Actor,
  type BookRide,
  type DriverEvent,
  type RedistributeRide,
  type ResumeState,
  type RideEvent,
  type RideSnapshot,
  type RideLoad,
  type RidePriority,
  type TimestampEvent,
  type UserEvent,
  judgeScan,
  scanNeededFor,
  siteOf,
  type ScanProof,
} from '@plantride/schemas';
import type { CommandHandler, StatesOf, StreamRef } from '../commands/command-handler';
import { actorName, actorTokenNo, actsAs, requireActor } from '../commands/actors';
import { badRequest, conflict, forbidden, notFound, type DomainError } from '../commands/errors';
import { driverStream, onBreak, type DriverState } from '../drivers/driver.decider';
import { driversCountedFor, rosterStream, type RosterState } from '../drivers/roster.decider';
import { userStream, type UserState } from '../users/user.decider';
import type { TimerCommand } from '../timers/timer-commands';
import { bookedRoute } from '../site/site.decider';
import { deliverMissWithdrawal, stepTime } from './step-clock';
import { dispatchInput, nextOffer, offerTo, preemptionFor, type DispatchInput, type FreeDrivers } from '../dispatch/offers';
import { dispatchStream } from '../dispatch/dispatch.decider';
import { siteStream } from '../site/site.decider';
import { inspectionSettingsStream, type InspectionSettingsRef } from '../inspections/inspection-settings';

type RideRef = StreamRef<RideSnapshot, RideEvent>;
type DriverRef = StreamRef<DriverState, DriverEvent>;
type AccountRef = StreamRef<UserState, UserEvent>;
type SiteRef = ReturnType<typeof siteStream>;
type DispatchRef = ReturnType<typeof dispatchStream>;
/** The streams a dispatch decision reads besides its ride: the settings and the site as they stand. */
type DispatchStreams = { dispatchSettings: DispatchRef; site: SiteRef };
const dispatchStreams = (): DispatchStreams => ({ dispatchSettings: dispatchStream(), site: siteStream() });

// A driver's side of rides: who may drive, one ride at a time, and letting go of it.

/** What a ride records of the driver carrying it out. */
export interface DriverProfile {
  name: string;
  mobile: string;
  vehicleNumber: string | null;
  vehicleType: string | null;
}

/** Why a person may not take or carry out rides now; null when he may. */
type DriveRefusal = 'notDriver' | 'accountBlocked' | 'noRecord' | 'underMaintenance' | 'notActive';

/**
 * Who may take or carry out rides: a driver account, not blocked (or a registered robot), with a driver
 * record, not under maintenance, Active, with access. The one rule; what each asker is told follows.
 */
function driveRefusal(account: UserState, driver: DriverState): DriveRefusal | null {
  // An AMR robot (issue #33 item 4) has no person's account: its registered record stands for one.
  if (!driver.robot) {
    if (!account || account.role !== 'driver') return 'notDriver';
    if (account.isBlocked) return 'accountBlocked';
  }
  if (!driver.record) return 'noRecord';
  if (driver.blockedFor) return 'underMaintenance';
  if (driver.record.status !== 'Active' || !driver.accessActive) return 'notActive';
  return null;
}

/**
 * What each asker is told: accepting gets the spec's toast text, a step says why, and staff assigning
 * a ride to him (issue #32 item 4) are told about him.
 */
const DRIVE_REFUSALS: Record<'accept' | 'step' | 'assign', Record<DriveRefusal, () => DomainError>> = {
  accept: {
    notDriver: () => forbidden(),
    accountBlocked: () => forbidden(MESSAGES.blockedCannotAccept),
    noRecord: () => forbidden(SERVER_MESSAGES.driverNotFound),
    underMaintenance: () => forbidden(MESSAGES.blockedCannotAccept),
    notActive: () => forbidden(MESSAGES.blockedCannotAccept),
  },
  step: {
    notDriver: () => forbidden(),
    accountBlocked: () => forbidden(MESSAGES.blockedCannotAccept),
    noRecord: () => forbidden(SERVER_MESSAGES.driverNotFound),
    underMaintenance: () => forbidden(SERVER_MESSAGES.driverBlockedForMaintenance),
    notActive: () => forbidden(SERVER_MESSAGES.driverNotActive),
  },
  assign: {
    notDriver: () => conflict(ASSIGN_MESSAGES.notADriver),
    accountBlocked: () => conflict(ASSIGN_MESSAGES.driverAccountBlocked),
    noRecord: () => notFound(SERVER_MESSAGES.driverNotFound),
    underMaintenance: () => conflict(ASSIGN_MESSAGES.driverUnderMaintenance),
    notActive: () => conflict(ASSIGN_MESSAGES.driverNotActive),
  },
};

/** Refuses one who may not drive (see {@link driveRefusal}); returns what a ride records of him. */
export function mayDrive(account: UserState, driver: DriverState, action: 'accept' | 'step' | 'assign'): DriverProfile {
  const refusal = driveRefusal(account, driver);
  if (refusal) throw DRIVE_REFUSALS[action][refusal]();
  const record = driver.record!;
  return {
    name: record.name || account?.name || record.operatorId,
    mobile: record.mobile || account?.mobile || '',
    vehicleNumber: record.vehicle || null,
    vehicleType: record.vehicleAssigned || null,
  };
}

/** One ride at a time: taking a ride while he holds another is refused; the one he holds again changes nothing. */
export function assignment(
  driver: DriverState,
  operatorId: string,
  rideId: string,
  busy: string = SERVER_MESSAGES.driverHasOngoingRide,
): DriverEvent[] {
  if (driver.ongoingRideId === rideId) return [];
  if (driver.ongoingRideId) throw conflict(busy);
  return [{ type: 'DriverAssignedToRide', data: { operatorId, rideId } }];
}

/** Letting go of the ride he holds: ended, handed to others after a breakdown, or taken back by staff (issue #32 item 4). */
export function release(
  driver: DriverState,
  operatorId: string,
  rideId: string,
  reason: 'ended' | 'redistributed' | 'reassigned',
): DriverEvent[] {
  return driver.ongoingRideId === rideId ? [{ type: 'DriverReleasedFromRide', data: { operatorId, rideId, reason } }] : [];
}

/** A ride's stream, folded through the lifecycle statechart. */
export function rideStream(rideId: string): RideRef {
  return { id: rideStreamId(rideId), initial: initialRideSnapshot, evolve: evolveRide };
}

/** The statechart's word on each event in turn: one it does not accept is refused with `message`. */
export function allowed(ride: RideSnapshot, events: RideEvent[], message: string): RideEvent[] {
  let state = ride;
  for (const event of events) {
    if (!canApply(state, event)) throw conflict(message);
    state = evolveRide(state, event);
  }
  return events;
}

export function existing(ride: RideSnapshot): RideSnapshot {
  if (ride.value === 'new') throw notFound(SERVER_MESSAGES.rideNotFound);
  return ride;
}

function sameVehicleType(ride: RideSnapshot, vehicleType: string | null, refusal = forbidden(SERVER_MESSAGES.wrongVehicleType)): void {
  if (vehicleType !== ride.context.vehicleType) throw refusal;
}

/**
 * Book a ride. The site, the dispatch settings and the drivers counted for its vehicle type are read
 * from their streams (the roster's counts: roster.decider.ts).
 */
export interface BookRideCommand {
  type: 'BookRide';
  /** `load` (issue #32 item 7): what is being moved, as the booking said it (absent: nothing said). */
  data: BookRide['data'] & { priority?: RidePriority; scheduledFor?: string; load?: RideLoad };
  /** The drivers free now, and those holding a normal ride's offer, for offer dispatch (absent: nobody free). */
  free?: FreeDrivers;
}

/**
 * An urgent booking no free driver can take (issue #20): the normal ride whose offer its best driver
 * holds (`preemptionFor`), once the settings and the site are read; its stream is read too, so the
 * offer can be taken back in the same append. None for a ride booked for later or a place not in use.
 */
function preemptedRideOf(command: BookRideCommand, settings: DispatchSettings | undefined, site: SiteState | null | undefined) {
  const { data } = command;
  if (!settings || site === undefined || data.scheduledFor !== undefined) return null;
  let fromLocation: string;
  try {
    ({ fromLocation } = bookedRoute(site, data.fromLocation, data.toLocation));
  } catch {
    // A route the site refuses: the decision refuses the booking, with nothing to take back.
    return null;
  }
  const booked = {
    priority: data.priority ?? 'normal',
    fromLocation,
    vehicleType: data.vehicleType,
    passedOver: [],
    openToAll: false,
    offer: null,
  };
  return preemptionFor(booked, dispatchInput(settings, site, command.free))?.rideId ?? null;
}

/** POST /api/bookings/book-ride: for himself (an admin for anyone), between known places, a vehicle type someone drives. */
/** What a booking reads: its new ride, its requester's account, a ride whose offer it may take back, the roster, the settings and the site. */
export type BookingStreams = {
  ride: RideRef;
  requester: AccountRef;
  taken?: RideRef;
  roster: StreamRef<RosterState, RosterEvent>;
} & DispatchStreams;

export const bookRide: CommandHandler<BookRideCommand, BookingStreams> = {
  streams: (command, read) => {
    const taken = preemptedRideOf(command, read.dispatchSettings, read.site);
    return {
      // The route makes the ride id up for this booking.
      ride: { ...rideStream(command.data.rideId), minted: true },
      requester: userStream(command.data.requesterId),
      ...(taken ? { taken: rideStream(taken) } : {}),
      roster: rosterStream(),
      ...dispatchStreams(),
    };
  },
  decide(command, { ride, requester, taken, roster, dispatchSettings, site }, { now, actor }) {
    const { data } = command;
    requireActor(actor, 'requester', 'admin');
    // For himself; an admin books for anyone.
    if (!actsAs(actor, 'admin') && actorTokenNo(actor) !== data.requesterId) throw forbidden();
    if (!requester) throw badRequest(MESSAGES.userNotFound);
    return bookingDecision(command, { ride, taken, roster, dispatchSettings, site }, requester, now);
  },
};

/**
 * What a booking appends once its booker may book it for its requester (a person for himself, an
 * admin for anyone: `bookRide`; a system's order: orders/order.decider.ts): the ride, and its first
 * offer under offer dispatch (taking back a normal ride's offer for an urgent one). `requester` fills
 * the name and mobile the booking left out.
 */
export function bookingDecision(
  command: BookRideCommand,
  { ride, taken, roster, dispatchSettings, site }: Omit<StatesOf<BookingStreams>, 'requester'>,
  requester: { name: string; mobile: string },
  now: Date,
): { ride: RideEvent[]; taken?: RideEvent[] } {
  const { data } = command;
  // Histories keep the names as the site spelled them at booking.
  const { fromLocation, toLocation, estimatedMinutes } = bookedRoute(site, data.fromLocation, data.toLocation);
  const special = data.rideType === 'Special Task';
  if (driversCountedFor(roster, data.vehicleType) === 0)
    throw badRequest(special ? noDriversAssignedSpecialTask(data.vehicleType) : noDriversAssigned(data.vehicleType));
  // A ride id drawn twice is a collision: the caller may simply book again.
  if (ride.value !== 'new') throw conflict();
  const { priority, scheduledFor, load: described, ...booked } = data;
  const load = recordedLoad(described);
  const settings = dispatchSettings;
  // Booked for later (issue #20): later today or tomorrow; a timer releases it to dispatch.
  const problem = scheduledFor === undefined ? null : scheduleProblem(scheduledFor, now);
  if (problem) throw badRequest(problem);
  const schedule =
    scheduledFor === undefined
      ? {}
      : { scheduledFor: new Date(scheduledFor).toISOString(), releaseAt: releaseTimeOf(scheduledFor, settings, now) };
  const offers = settings.mode === 'offer' && scheduledFor === undefined;
  const requested: RideEvent = {
    type: 'RideRequested',
    data: {
      ...booked,
      fromLocation,
      toLocation,
      requesterName: data.requesterName || requester.name,
      requesterMobile: data.requesterMobile || requester.mobile,
      durationMinutes: special ? data.durationMinutes : null,
      estimatedMinutes,
      requestedAt: now.toISOString(),
      // Written only when not the default, so a spec booking's event is as it always was.
      ...(priority === 'urgent' ? { priority } : {}),
      ...(offers ? { dispatch: 'offer' as const } : {}),
      ...(defaultServiceTargets(settings.serviceTargets) ? {} : { serviceTargets: settings.serviceTargets }),
      ...schedule,
      ...(load ? { load } : {}),
    },
  };
  const dispatched = offers
    ? firstOffer(evolveRide(ride, requested), dispatchInput(settings, site, command.free), taken, now)
    : { ride: [], taken: [] };
  return {
    ride: allowed(ride, [requested, ...dispatched.ride], SERVER_MESSAGES.conflict),
    ...(dispatched.taken.length > 0 ? { taken: dispatched.taken } : {}),
  };
}

/** The load a booking records (issue #32 item 7): by the booking's own rule, trimmed, none when nothing was said. */
function recordedLoad(load: RideLoad | undefined): RideLoad | undefined {
  if (load === undefined) return undefined;
  const parsed = loadSchema.safeParse(load);
  if (!parsed.success) throw badRequest(refusalMessage(parsed.error.issues[0]!));
  return parsed.data;
}

/**
 * A booking's first offer. An urgent one no free driver can take goes to the best driver holding a
 * normal ride's offer (issue #20, urgent first), if that ride (read as `taken`) still stands with his
 * offer: it is taken back in the same append, and that ride goes to the next driver or to all.
 */
function firstOffer(
  ride: RideSnapshot,
  input: DispatchInput,
  taken: RideSnapshot | undefined,
  now: Date,
): { ride: RideEvent[]; taken: RideEvent[] } {
  const holder = preemptionFor(ride.context, input);
  const other = taken?.context;
  const stands =
    holder &&
    taken &&
    other &&
    holder.rideId === other.rideId &&
    taken.value === 'requested' &&
    other.priority === 'normal' &&
    other.offer?.driverId === holder.operatorId;
  if (!stands) return { ride: nextOffer(ride, input, now), taken: [] };
  const withdrawn: RideEvent = {
    type: 'RideOfferWithdrawn',
    data: {
      rideId: other.rideId,
      driverId: holder.operatorId,
      round: other.offer!.round,
      forRideId: ride.context.rideId,
      withdrawnAt: now.toISOString(),
    },
  };
  return {
    ride: [offerTo(ride, holder.operatorId, input, now)],
    taken: allowed(taken, [withdrawn, ...nextOffer(evolveRide(taken, withdrawn), input, now)], SERVER_MESSAGES.conflict),
  };
}

export interface CancelRideCommand {
  type: 'CancelRide';
  data: { rideId: string };
}

/** DELETE /api/bookings/cancel/{rideId}: its requester (or an admin) while nobody carries it out. */
export const cancelRide: CommandHandler<CancelRideCommand, { ride: RideRef }> = {
  streams: (command) => ({ ride: rideStream(command.data.rideId) }),
  decide(command, { ride }, { now, actor }) {
    requireActor(actor, 'requester', 'admin');
    existing(ride);
    if (!actsAs(actor, 'admin') && actorTokenNo(actor) !== ride.context.requesterId) throw forbidden();
    return { ride: cancellation(ride, actorTokenNo(actor) ?? actorName(actor), now) };
  },
};

/** A ride's cancellation by `cancelledBy` (a token number, a system part, a service account), while the statechart lets it be cancelled. */
export function cancellation(ride: RideSnapshot, cancelledBy: string, now: Date): RideEvent[] {
  return allowed(
    ride,
    [{ type: 'RideCancelled', data: { rideId: ride.context.rideId, cancelledBy, cancelledAt: now.toISOString() } }],
    SERVER_MESSAGES.rideNotAvailable,
  );
}

export type DriverStreams = { ride: RideRef; driver: DriverRef; account: AccountRef };
const driverStreams = (rideId: string, driverId: string): DriverStreams => ({
  ride: rideStream(rideId),
  driver: driverStream(driverId),
  account: userStream(driverId),
});

/** Taking a ride also reads the plant's inspection setting (issue #21): a passed vehicle inspection today first, when required. */
export type TakerStreams = DriverStreams & { inspection: InspectionSettingsRef };
export const takerStreams = (rideId: string, driverId: string): TakerStreams => ({
  ...driverStreams(rideId, driverId),
  inspection: inspectionSettingsStream(),
});

/** A driver acts for himself only. */
function actingFor(actor: Actor, driverId: string): void {
  if (actorTokenNo(actor) !== driverId) throw forbidden(MESSAGES.invalidParameters);
}

/**
 * Who may take a ride — accepting it, taking it over, or given it by staff (issue #32 item 4): one who
 * may drive, is not on break (issue #32 item 4), has passed today's vehicle inspection when the plant
 * requires it, holds no other ride and drives its vehicle type. The one rule; `asker` says who is told why not: the driver himself, or staff.
 * Answers what the ride records of him and his assignment.
 */
export function eligibleTaker(
  { ride, driver, account, inspection }: StatesOf<TakerStreams>,
  taking: { rideId: string; driverId: string },
  asker: 'driver' | 'staff',
  now: Date,
) {
  const { rideId, driverId } = taking;
  const self = asker === 'driver';
  const profile = mayDrive(account, driver, self ? 'accept' : 'assign');
  if (onBreak(driver, now)) throw conflict(self ? BREAK_MESSAGES.onBreak : ASSIGN_MESSAGES.driverOnBreak);
  // A robot checks itself (a FATAL error is its breakdown): the daily inspection is a person's (docs/DECISIONS.md).
  if (inspection.inspectionRequired && !driver.robot && driver.lastPassedInspectionDay !== plantDayOf(now))
    throw self ? forbidden(INSPECTION_MESSAGES.inspectionRequired) : conflict(ASSIGN_MESSAGES.driverInspectionDue);
  const assigned = assignment(driver, driverId, rideId, self ? SERVER_MESSAGES.driverHasOngoingRide : ASSIGN_MESSAGES.driverBusy);
  sameVehicleType(existing(ride), profile.vehicleType, self ? undefined : conflict(ASSIGN_MESSAGES.wrongVehicleType));
  return { profile, assigned };
}

/** A driver taking a ride for himself. */
function taker(command: TakerCommand, states: StatesOf<TakerStreams>, actor: Actor, now: Date) {
  actingFor(actor, command.data.driverId);
  return eligibleTaker(states, command.data, 'driver', now);
}

/** What taking a ride needs besides the ride and the driver. */
interface TakerCommand {
  data: { rideId: string; driverId: string };
}

export interface AcceptRideCommand extends TakerCommand {
  type: 'AcceptRide';
  data: { rideId: string; driverId: string };
}

/** POST /api/tracking/accept-ride: a driver who may drive, free, of the ride's vehicle type, while it is requested. The ride is his on both streams. */
export const acceptRide: CommandHandler<AcceptRideCommand, TakerStreams> = {
  streams: (command) => takerStreams(command.data.rideId, command.data.driverId),
  decide(command, states, { now, actor }) {
    const { rideId, driverId } = command.data;
    const { profile, assigned } = taker(command, states, actor, now);
    const { ride } = states;
    const accepted: RideEvent = {
      type: 'RideAccepted',
      data: { rideId, driverId, ...driverFacts(profile), acceptedAt: now.toISOString() },
    };
    return { ride: allowed(ride, [accepted], SERVER_MESSAGES.rideNotAvailable), driver: assigned };
  },
};

export const driverFacts = (profile: DriverProfile) => ({
  driverName: profile.name,
  driverMobile: profile.mobile,
  vehicleNumber: profile.vehicleNumber,
});

/** The spec's step names (update-timestamps' `event`, complete-ride) as commands. */
export const STEP_COMMANDS = {
  start: 'StartRide',
  materialPicked: 'PickMaterial',
  materialDropped: 'DropMaterial',
  end: 'EndRide',
} as const satisfies Record<TimestampEvent, string>;
export type StepCommandType = (typeof STEP_COMMANDS)[TimestampEvent];
const STEP_OF = Object.fromEntries(Object.entries(STEP_COMMANDS).map(([step, type]) => [type, step])) as Record<
  StepCommandType,
  TimestampEvent
>;

export interface RideStepCommand {
  type: StepCommandType;
  /**
   * `doneAt`: when the driver tapped it, as his phone tells (issue #32 item 2); absent, when the engine hears it.
   * `scan` (issue #34 item 2): the place's code he read or typed, or why he cannot scan; read only when the step needs a scan.
   */
  data: { rideId: string; driverId: string; doneAt?: string; scan?: ScanProof };
}

/** The streams a step reads: the ride, its driver, and the site (issue #34 item 2: which steps need a scan). */
export type StepStreams = DriverStreams & { site: SiteRef };

/**
 * The scan a step records (issue #34 item 2): none when the site asks none of this step at its place,
 * or of a robot (it has no camera to show a code; docs/DECISIONS.md); else the place's code or the
 * driver's reason for not scanning, and a refusal naming the place a wrong code belongs to.
 */
function stepScan(site: SiteState | null, ride: RideSnapshot, driver: DriverState, step: TimestampEvent, proof: ScanProof | undefined) {
  if (driver.robot) return undefined;
  const place = scanNeededFor(siteOf(site), ride.context, step);
  if (!place) return undefined;
  const judged = judgeScan(siteOf(site), place, proof);
  if ('refusal' in judged) throw badRequest(judged.refusal);
  return judged.scan;
}

/**
 * A driver's step on his ride, in the statechart's order. Someone else's ride is refused as such
 * before its state is judged (a stranger learns nothing of where it stands). Ending frees him.
 */
export const rideStep: CommandHandler<RideStepCommand, StepStreams> = {
  streams: (command) => ({ ...driverStreams(command.data.rideId, command.data.driverId), site: siteStream() }),
  decide(command, { ride, driver, account, site }, { now, actor }) {
    const { rideId, driverId } = command.data;
    actingFor(actor, driverId);
    mayDrive(account, driver, 'step');
    if (existing(ride).context.driverId !== driverId) throw forbidden(SERVER_MESSAGES.forbidden);
    // Timed at the tap when the phone says when, within bounds (step-clock.ts).
    const { at, clock } = stepTime(ride.context, command.data.doneAt, now);
    const stepName = STEP_OF[command.type];
    // The statechart first: a step out of order is refused as such, whatever its scan.
    allowed(ride, [driverStepFact(stepName, { rideId, driverId }, at, clock)], SERVER_MESSAGES.actionNotAllowed);
    const scan = stepScan(site, ride, driver, stepName, command.data.scan);
    const step = driverStepFact(stepName, { rideId, driverId }, at, clock, scan);
    const events = allowed(ride, [step], SERVER_MESSAGES.actionNotAllowed);
    // A drop tapped in time takes back a deliver miss the timer recorded while the tap waited on the phone.
    const withdrawal = step.type === 'MaterialDropped' ? deliverMissWithdrawal(evolveRide(ride, step), now) : [];
    return { ride: [...events, ...withdrawal], driver: command.type === 'EndRide' ? release(driver, driverId, rideId, 'ended') : [] };
  },
};

export interface TakeOverRideCommand extends TakerCommand {
  type: 'TakeOverRide';
  /** `resumeState`: where the caller believes the ride stands, or null when it does not say. */
  data: { rideId: string; driverId: string; resumeState: ResumeState | null };
}

/** POST /api/maintenance/accept-redistributed-ride: as accepting, for a ride waiting for reassignment; it resumes where the statechart says. */
export const takeOverRide: CommandHandler<TakeOverRideCommand, TakerStreams> = {
  streams: (command) => takerStreams(command.data.rideId, command.data.driverId),
  decide(command, states, { now, actor }) {
    const { rideId, driverId } = command.data;
    const { profile, assigned } = taker(command, states, actor, now);
    const { ride } = states;
    const resumeState = ride.context.resumeState;
    if (!resumeState) throw conflict(SERVER_MESSAGES.rideNotAvailable);
    // A client that believes the ride stands elsewhere is looking at stale data.
    if (command.data.resumeState !== null && command.data.resumeState !== resumeState) throw conflict(SERVER_MESSAGES.conflict);
    const takenOver: RideEvent = {
      type: 'RideTakenOver',
      data: { rideId, driverId, ...driverFacts(profile), resumeState, takenOverAt: now.toISOString() },
    };
    return { ride: allowed(ride, [takenOver], SERVER_MESSAGES.rideNotAvailable), driver: assigned };
  },
};

/**
 * How many drivers of each vehicle type, other than the one handing a ride over, could take it over
 * now (the engine's driver roster: Active, with access, not blocked); a type absent has none. A soft
 * fact like a booking's `driversOfType`: the redistribution records the count its ride's type has.
 */
export type AlternativeDrivers = Readonly<Partial<Record<string, number>>>;

/**
 * The broken-down driver's ride handed to the other drivers of its type, resuming where it stood,
 * and the driver freed of it: the one rule both a maintenance request and a hand-over follow.
 */
export function redistribution(
  ride: RideSnapshot,
  driver: DriverState,
  handOver: { originalDriverId: string; maintenanceComment: string; maintenanceRequestId: string | null },
  alternatives: AlternativeDrivers,
  at: string,
): { ride: RideEvent[]; driver: DriverEvent[] } {
  const { originalDriverId, maintenanceComment, maintenanceRequestId } = handOver;
  const resumeState = resumeStateOf(ride);
  if (!resumeState) throw conflict(SERVER_MESSAGES.actionNotAllowed);
  if (ride.context.driverId !== originalDriverId) throw forbidden(SERVER_MESSAGES.forbidden);
  const rideId = ride.context.rideId;
  const originalDriverName = ride.context.driverName ?? driver.record?.name ?? originalDriverId;
  // Every driver of its type may take it over, under offer dispatch too: see docs/DECISIONS.md (issue #29).
  const redistributed: RideEvent = {
    type: 'RideRedistributed',
    data: {
      rideId,
      originalDriverId,
      originalDriverName,
      maintenanceComment,
      maintenanceRequestId,
      resumeState,
      redistributedAt: at,
      openToAll: true,
      // None: the requester is told at once (the socket mapping projects this; the reassignment timer repeats it).
      alternativeDrivers: alternatives[ride.context.vehicleType] ?? 0,
    },
  };
  return {
    ride: allowed(ride, [redistributed], SERVER_MESSAGES.actionNotAllowed),
    driver: release(driver, originalDriverId, rideId, 'redistributed'),
  };
}

export interface RedistributeRideCommand {
  type: 'RedistributeRide';
  data: Omit<RedistributeRide['data'], 'maintenanceRequestId'>;
  /** Who else could take it over now, by vehicle type (the route's roster count, without the original driver). */
  alternativeDrivers: AlternativeDrivers;
}

/**
 * POST /api/maintenance/redistribute-ride: a driver hands over his own ride because his vehicle
 * broke down (he is blocked for maintenance), staff anyone's. Asked again for a ride already
 * handed over by him (the spec's client asks after its maintenance request did it), nothing changes.
 */
export const redistributeRide: CommandHandler<RedistributeRideCommand, { ride: RideRef; driver: DriverRef }> = {
  streams: (command) => ({ ride: rideStream(command.data.rideId), driver: driverStream(command.data.originalDriverId) }),
  decide(command, { ride, driver }, { now, actor }) {
    const { originalDriverId, vehicleType, maintenanceComment } = command.data;
    requireActor(actor, 'driver', 'admin', 'maintenanceHead');
    // A driver hands over his own ride only; staff anyone's.
    const staff = actsAs(actor, 'admin', 'maintenanceHead');
    if (!staff && actorTokenNo(actor) !== originalDriverId) throw forbidden(MESSAGES.invalidParameters);
    sameVehicleType(existing(ride), vehicleType);
    if (ride.value === 'waitingForReassignment' && ride.context.originalDriverId === originalDriverId) return {};
    if (!staff && !driver.blockedFor) throw forbidden();
    // A driver naming someone else's ride is refused as such before its state is judged.
    if (!staff && ride.context.driverId !== originalDriverId) throw forbidden(SERVER_MESSAGES.forbidden);
    return redistribution(
      ride,
      driver,
      { originalDriverId, maintenanceComment, maintenanceRequestId: driver.blockedFor },
      command.alternativeDrivers,
      now.toISOString(),
    );
  },
};

// A timer's deadline passed; whether it still stands is the statechart's call (its guards).
function timerEvent(command: TimerCommand, ride: RideSnapshot, at: string, dispatch: DispatchInput): RideEvent {
  const { rideId, dueAt } = command.data;
  const c = ride.context;
  switch (command.type) {
    case 'AlertWaitingRide':
      return { type: 'RideWaitAlerted', data: { rideId, requestedAt: c.requestedAt ?? at, dueAt, alertedAt: at } };
    case 'NoteNoAlternativeDriver': {
      const { redistribution: count, notice, periodMs } = command.data;
      // The next notice counts from this one, so a timer that fired late does not bunch the next ones up.
      const nextDueAt = new Date(Date.parse(at) + periodMs).toISOString();
      return { type: 'ReassignmentOverdue', data: { rideId, redistribution: count, notice, dueAt, nextDueAt, notedAt: at } };
    }
    case 'ExpireOffer':
      return { type: 'RideOfferExpired', data: { rideId, driverId: command.data.driverId, round: command.data.round, expiredAt: at } };
    case 'ReleaseScheduledRide':
      return {
        type: 'RideReleased',
        data: { rideId, releasedAt: at, ...(dispatch.settings.mode === 'offer' ? { dispatch: 'offer' as const } : {}) },
      };
    case 'NoteMissedTarget':
      return {
        type: 'RideSlaBreached',
        data: { rideId, target: command.data.target, priority: command.data.priority, dueAt, breachedAt: at },
      };
    case 'NoteSpecialTaskOverrun':
      if (!c.driverId || !c.startedAt || c.durationMinutes === null) throw conflict(SERVER_MESSAGES.actionNotAllowed);
      return {
        type: 'SpecialTaskOverran',
        data: { rideId, driverId: c.driverId, startedAt: c.startedAt, durationMinutes: c.durationMinutes, dueAt, overranAt: at },
      };
  }
}

/** The timers whose firing may offer the ride (a lapse) or release it to dispatch. */
export const dispatchesOn = (command: TimerCommand): boolean => command.type === 'ExpireOffer' || command.type === 'ReleaseScheduledRide';

/**
 * A due timer's command: the system's alone; a deadline that no longer stands is refused by the
 * statechart. An offer that lapsed goes on to the next driver, and a ride booked for later is
 * released to dispatch as the settings stand now (their stream), to the drivers free then (`free`).
 */
export const fireRideTimer: CommandHandler<TimerCommand & { free?: FreeDrivers }, { ride: RideRef } & Partial<DispatchStreams>> = {
  // Only a lapse and a release dispatch: they read the settings and the site; the other deadlines need the ride alone.
  streams: (command) => ({ ride: rideStream(command.data.rideId), ...(dispatchesOn(command) ? dispatchStreams() : {}) }),
  decide(command, { ride, dispatchSettings, site }, { now, actor }) {
    if (!('system' in actor)) throw forbidden();
    const dispatch = dispatchInput(dispatchSettings ?? DEFAULT_DISPATCH_SETTINGS, site ?? null, command.free);
    const event = timerEvent(command, ride, now.toISOString(), dispatch);
    const offering = event.type === 'RideOfferExpired' || (event.type === 'RideReleased' && event.data.dispatch === 'offer');
    const next = offering && canApply(ride, event) ? nextOffer(evolveRide(ride, event), dispatch, now) : [];
    return { ride: allowed(existing(ride), [event, ...next], SERVER_MESSAGES.actionNotAllowed) };
  },
};

export interface ChangePriorityCommand {
  type: 'ChangePriority';
  data: { rideId: string; priority: RidePriority };
}

/** PATCH /api/rides/{rideId}/priority (issue #20): staff change an open ride's priority; the same again changes nothing. */
export const changePriority: CommandHandler<ChangePriorityCommand, { ride: RideRef }> = {
  streams: (command) => ({ ride: rideStream(command.data.rideId) }),
  decide(command, { ride }, { now, actor }) {
    requireActor(actor, 'admin', 'maintenanceHead');
    const { rideId, priority } = command.data;
    if (existing(ride).context.priority === priority) return {};
    const changed: RideEvent = {
      type: 'RidePriorityChanged',
      data: { rideId, priority, changedBy: actorTokenNo(actor) ?? 'system', changedAt: now.toISOString() },
    };
    return { ride: allowed(ride, [changed], SERVER_MESSAGES.actionNotAllowed) };
  },
};

export interface DeclineOfferCommand {
  type: 'DeclineOffer';
  data: { rideId: string; driverId: string };
  /** The drivers free now, for the next offer. */
  free: FreeDrivers;
}

/**
 * POST /api/tracking/decline-offer (issue #20): the driver a ride is offered to says no; it goes to
 * the next driver, or to every driver. A ride not offered to him (any more) is no longer available.
 */
export const declineOffer: CommandHandler<DeclineOfferCommand, { ride: RideRef } & DispatchStreams> = {
  streams: (command) => ({ ride: rideStream(command.data.rideId), ...dispatchStreams() }),
  decide(command, { ride, dispatchSettings, site }, { now, actor }) {
    const { rideId, driverId } = command.data;
    requireActor(actor, 'driver');
    if (actorTokenNo(actor) !== null && actorTokenNo(actor) !== driverId) throw forbidden();
    const offer = existing(ride).context.offer;
    if (ride.value !== 'requested' || offer?.driverId !== driverId) throw conflict(SERVER_MESSAGES.rideNotAvailable);
    const declined: RideEvent = {
      type: 'RideOfferDeclined',
      data: { rideId, driverId, round: offer.round, declinedAt: now.toISOString() },
    };
    return {
      ride: allowed(
        ride,
        [declined, ...nextOffer(evolveRide(ride, declined), dispatchInput(dispatchSettings, site, command.free), now)],
        SERVER_MESSAGES.rideNotAvailable,
      ),
    };
  },
};
