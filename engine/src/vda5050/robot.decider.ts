import {
  AMR_MESSAGES,
  ROBOT_NOT_READY,
  SERVER_MESSAGES,
  VDA_NODES_STREAM_ID,
  filedBreakdownType,
  locationByIdOrName,
  robotOperatorId,
  resumeStateOf,
  siteOf,
  type DriverEvent,
  type MaintenanceEvent,
  type RobotBreakdownCause,
  type RobotEvent,
  type RosterEvent,
  type SiteState,
  type VdaNode,
} from '@plantride/schemas';
import type { CommandHandler, StreamRef } from '../commands/command-handler';
import { actorTokenNo, requireActor } from '../commands/actors';
import { badRequest, conflict, forbidden, notFound } from '../commands/errors';
import { driverStream, onShift, type DriverState } from '../drivers/driver.decider';
import { countChange, nextSerial, rosterStream, type RosterState } from '../drivers/roster.decider';
import { siteStream } from '../site/site.decider';
import { fileMaintenanceRequest, maintenanceStream, type MaintenanceState } from '../maintenance/maintenance.decider';
import { redistribution, rideStream, type AlternativeDrivers } from '../rides/ride.decider';

/*
 * AMR robots (issue #33 item 4): the decisions the engine makes about a robot. A robot is a driver
 * record (DriverAdded with vehicle type AMR, and RobotRegistered); what it does on a ride goes through
 * the very commands a driver's phone sends (vda-bridge.ts), acting as the record. Here: registering it,
 * the places' nodes, whether it is ready for rides, and its breakdown.
 */

type DriverRef = StreamRef<DriverState, DriverEvent>;

/** The `vda-nodes` stream: the places' VDA 5050 nodes as last saved (none before). */
export const vdaNodesStream = (): StreamRef<VdaNode[], RobotEvent> => ({
  id: VDA_NODES_STREAM_ID,
  initial: () => [],
  evolve: (_, event) => event.data.nodes,
});

export interface RegisterRobotCommand {
  type: 'RegisterRobot';
  data: { name: string; manufacturer: string; serialNumber: string };
}

/**
 * POST /api/amrs: an admin registers a robot. Its driver record (vehicle type AMR, Active, counted for
 * bookings as any AMR driver) and its VDA 5050 identity, with the roster's next serial, in one append.
 * Its operator id is its serial number's (`robotOperatorId`): a second robot with that serial, or a
 * driver on that id, is refused.
 */
export const registerRobot: CommandHandler<RegisterRobotCommand, { driver: DriverRef; roster: StreamRef<RosterState, RosterEvent> }> = {
  streams: (command) => ({ driver: driverStream(robotOperatorId(command.data.serialNumber)), roster: rosterStream() }),
  decide(command, { driver, roster }, { now, actor }) {
    requireActor(actor, 'admin');
    if (driver.record) throw conflict(AMR_MESSAGES.robotExists);
    const { name, manufacturer, serialNumber } = command.data;
    const operatorId = robotOperatorId(serialNumber);
    const serial = nextSerial(roster);
    const at = now.toISOString();
    const record = {
      operatorId,
      serial,
      vehicle: serialNumber,
      name,
      mobile: '',
      role: 'Driver' as const,
      forklift: '',
      status: 'Active' as const,
      comments: `${manufacturer} ${serialNumber} (VDA 5050)`,
      vehicleAssigned: 'AMR' as const,
      createdAt: at,
    };
    return {
      driver: [
        { type: 'DriverAdded', data: record },
        { type: 'RobotRegistered', data: { operatorId, manufacturer, serialNumber, registeredAt: at } },
      ],
      roster: [{ type: 'DriverSerialIssued', data: { operatorId, serial } }, ...countChange(roster, operatorId, record)],
    };
  },
};

export interface MapVdaNodesCommand {
  type: 'MapVdaNodes';
  data: { nodes: VdaNode[] };
}

/** PUT /api/amrs/nodes: an admin saves the places' nodes; every place must be one of the site's. The same mapping again changes nothing. */
export const mapVdaNodes: CommandHandler<
  MapVdaNodesCommand,
  { nodes: StreamRef<VdaNode[], RobotEvent>; site: ReturnType<typeof siteStream> }
> = {
  streams: () => ({ nodes: vdaNodesStream(), site: siteStream() }),
  decide(command, { nodes, site }, { now, actor }) {
    requireActor(actor, 'admin');
    const places = siteOf(site);
    const unknown = command.data.nodes.find((node) => !places.locations.some((place) => place.id === node.placeId));
    if (unknown) throw badRequest(AMR_MESSAGES.unknownPlace(unknown.placeId));
    if (JSON.stringify(nodes) === JSON.stringify(command.data.nodes)) return {};
    return { nodes: [{ type: 'VdaNodesMapped', data: { nodes: command.data.nodes, mappedAt: now.toISOString() } }] };
  },
};

/** The node a place maps to, by the place's name or id; null when it has none. */
export function nodeOfPlace(nodes: readonly VdaNode[], site: SiteState | null, place: string): string | null {
  const id = locationByIdOrName(siteOf(site), place)?.id;
  return nodes.find((node) => node.placeId === id)?.nodeId ?? null;
}

/** The place a node maps to, by name; null when it maps to none. */
export function placeOfNode(nodes: readonly VdaNode[], site: SiteState | null, nodeId: string): string | null {
  const placeId = nodes.find((node) => node.nodeId === nodeId)?.placeId;
  return placeId === undefined ? null : (siteOf(site).locations.find((place) => place.id === placeId)?.name ?? null);
}

/** What a robot last reported over MQTT that decides whether it takes rides. */
export interface RobotReport {
  connection: 'ONLINE' | 'OFFLINE' | 'CONNECTIONBROKEN' | null;
  operatingMode: string | null;
  batteryCharge: number | null;
  /** It reports a FATAL error. */
  fatal: boolean;
}

/**
 * Whether a robot takes rides (issue #33 item 4), the one rule: online, in AUTOMATIC or SEMIAUTOMATIC
 * mode (not MANUAL, SERVICE or TEACHIN), with at least `minBattery` % charge, and no FATAL error. Null
 * when it does; else why not, as staff read it.
 */
export function robotNotReady(report: RobotReport, minBattery: number): string | null {
  const why = ROBOT_NOT_READY;
  if (report.connection !== 'ONLINE') return report.connection === null ? why.notHeard() : why.connection(report.connection);
  if (report.fatal) return why.fatal();
  if (report.operatingMode !== 'AUTOMATIC' && report.operatingMode !== 'SEMIAUTOMATIC')
    return report.operatingMode === null ? why.noMode() : why.mode(report.operatingMode);
  if (report.batteryCharge === null || report.batteryCharge < minBattery) return why.battery(minBattery);
  return null;
}

export interface NoteRobotReportCommand {
  type: 'NoteRobotReport';
  data: { operatorId: string; report: RobotReport; place: string | null };
  /** AMR_MIN_BATTERY. */
  minBattery: number;
  /** How long a readiness lasts before the next report renews it (SHIFT_HOURS, as a person's shift). */
  shiftMs: number;
}

/**
 * A robot's report decides whether it is on duty, recorded as a driver's shift is: ready, its shift
 * starts where its last node is (offers and the board treat it as any free driver); not ready, its
 * shift ends, so it takes no offer and no ride, and staff see it off shift. A ride it holds goes on.
 * A report that changes nothing (or a repeat of one) appends nothing.
 */
export const noteRobotReport: CommandHandler<NoteRobotReportCommand, { driver: DriverRef }> = {
  streams: (command) => ({ driver: driverStream(command.data.operatorId) }),
  decide(command, { driver }, { now, actor }) {
    const { operatorId, report, place } = command.data;
    robotItself(actor, operatorId, driver);
    const ready = robotNotReady(report, command.minBattery) === null;
    if (ready === onShift(driver, now)) return {};
    if (!ready) return { driver: [{ type: 'DriverShiftEnded', data: { operatorId, endedAt: now.toISOString() } }] };
    const endsAt = new Date(now.getTime() + command.shiftMs).toISOString();
    return { driver: [{ type: 'DriverShiftStarted', data: { operatorId, location: place, startedAt: now.toISOString(), endsAt } }] };
  },
};

/** A robot's own command: the record is a registered robot, and the actor is it (or the system). */
function robotItself(actor: Parameters<typeof actorTokenNo>[0], operatorId: string, driver: DriverState): void {
  requireActor(actor, 'driver');
  if (actorTokenNo(actor) !== null && actorTokenNo(actor) !== operatorId) throw forbidden();
  if (!driver.record) throw notFound(SERVER_MESSAGES.driverNotFound);
  if (!driver.robot) throw forbidden();
}

export interface RobotBreakdownCommand {
  type: 'RobotBreakdown';
  data: {
    operatorId: string;
    /** Derived from the breakdown's command id (requestIdFor), so a repeat files the same request. */
    requestId: string;
    cause: RobotBreakdownCause;
    /** What the robot said (its FATAL errors), or what the broker did. */
    detail: string;
    /** The VDA 5050 order it was carrying out, if any. */
    orderId: string | null;
  };
  /** Who else could take its ride over now, by vehicle type (the roster's count, without it). */
  alternativeDrivers: AlternativeDrivers;
}

type BreakdownStreams = {
  driver: DriverRef;
  request: StreamRef<MaintenanceState, MaintenanceEvent>;
  ride?: ReturnType<typeof rideStream>;
};

/**
 * A robot broke down (a FATAL error, or the broker reported its connection broken): exactly what a
 * driver's breakdown does, in one append: a maintenance request filed for it and the robot blocked,
 * and mid-ride its ride handed to the other AMR drivers (robots or people) resuming where it stood,
 * with its VDA 5050 order cancelled (RobotOrderCancelled; the bridge sends `cancelOrder`). A robot
 * already blocked changes nothing: repeats and later errors of one breakdown file one request.
 */
export const robotBreakdown: CommandHandler<RobotBreakdownCommand, BreakdownStreams> = {
  streams(command, read) {
    const held = read.driver?.ongoingRideId;
    return {
      driver: driverStream(command.data.operatorId),
      request: { ...maintenanceStream(command.data.requestId), minted: true },
      ...(held ? { ride: rideStream(held) } : {}),
    };
  },
  decide(command, { driver, request, ride }, { now, actor }) {
    const { operatorId, requestId, cause, detail, orderId } = command.data;
    robotItself(actor, operatorId, driver);
    if (driver.blockedFor) return {};
    const record = driver.record!;
    const midRide = ride && resumeStateOf(ride) !== null && ride.context.driverId === operatorId ? ride : null;
    const at = now.toISOString();
    const words = cause === 'fatalError' ? `Robot reported a FATAL error: ${detail}` : `Robot's connection broke: ${detail}`;
    const filing = fileMaintenanceRequest(
      request,
      driver,
      {
        requestId,
        driverId: operatorId,
        driverName: record.name,
        vehicleType: 'AMR',
        vehicleNumber: record.vehicle || null,
        issue: cause === 'fatalError' ? 'Robot error' : 'Robot connection lost',
        commentText: words,
        breakdownType: filedBreakdownType(midRide !== null, 'full'),
        rideId: midRide?.context.rideId ?? null,
      },
      at,
    );
    if (!midRide) return { request: filing.request, driver: filing.driver };
    const rideId = midRide.context.rideId;
    const handedOver = redistribution(
      midRide,
      driver,
      { originalDriverId: operatorId, maintenanceComment: words, maintenanceRequestId: requestId },
      command.alternativeDrivers,
      at,
    );
    const cancelled: DriverEvent[] = orderId
      ? [{ type: 'RobotOrderCancelled', data: { operatorId, rideId, orderId, cause, detail, cancelledAt: at } }]
      : [];
    return { request: filing.request, driver: [...filing.driver, ...handedOver.driver, ...cancelled], ride: handedOver.ride };
  },
};
