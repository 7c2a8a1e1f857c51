import { ROBOT_NOT_READY, type RobotLink } from '@plantride/schemas';
import { fatalErrors, type VdaState } from './protocol';
import { robotNotReady, type RobotReport } from './robot.decider';
import type { RideOrder } from './robot-steps';

/* What the VDA 5050 bridge (vda-bridge.ts) keeps of each robot between its messages, and staff's view of it. */

/** What the engine last heard of one robot, and what it is waiting for from it. */
export interface Link {
  operatorId: string;
  connection: RobotReport['connection'];
  /** The timestamp of the ONLINE message heard last: a newer one is the robot (re)started, its header ids from 0 again. */
  onlineAt: string | null;
  state: VdaState | null;
  heardAt: string | null;
  lastHeaderId: number;
  /** An order sent for a ride it has not taken yet. */
  pending: (RideOrder & { takeOver: boolean; offered: boolean; sentAt: number }) | null;
  /** Orders told to cancel, so each is told once. */
  cancelled: Set<string>;
  grace: NodeJS.Timeout | null;
  /** When the rest of its ride was last sent as a new order (resumeHeld), or null. */
  resumedAt: number | null;
  /** Work on this robot, one message at a time. */
  queue: Promise<void>;
}

export const newLink = (operatorId: string): Link => ({
  operatorId,
  connection: null,
  onlineAt: null,
  state: null,
  heardAt: null,
  lastHeaderId: -1,
  pending: null,
  cancelled: new Set(),
  grace: null,
  resumedAt: null,
  queue: Promise.resolve(),
});

/** What decides whether the robot takes rides, as last heard. */
export const reportOf = (link: Link): RobotReport => ({
  connection: link.connection,
  operatingMode: link.state?.operatingMode ?? null,
  batteryCharge: link.state?.batteryState.batteryCharge ?? null,
  fatal: link.state ? fatalErrors(link.state).length > 0 : false,
});

const NOT_HEARD: RobotLink = {
  connection: null,
  operatingMode: null,
  batteryCharge: null,
  charging: null,
  lastNodeId: null,
  place: null,
  orderId: null,
  driving: null,
  errors: [],
  heardAt: null,
  notReady: ROBOT_NOT_READY.notHeard(),
};

/** Staff's view of a robot (GET /api/amrs): `places` names the nodes' places. */
export function linkView(link: Link | undefined, places: ReadonlyMap<string, string>, minBattery: number): RobotLink {
  if (!link?.state) return { ...NOT_HEARD, connection: link?.connection ?? null };
  const { state } = link;
  return {
    connection: link.connection,
    operatingMode: state.operatingMode,
    batteryCharge: state.batteryState.batteryCharge,
    charging: state.batteryState.charging,
    lastNodeId: state.lastNodeId || null,
    place: places.get(state.lastNodeId) ?? null,
    orderId: state.orderId || null,
    driving: state.driving,
    errors: state.errors.map((error) => ({ type: error.errorType, level: error.errorLevel, description: error.errorDescription ?? '' })),
    heardAt: link.heardAt,
    notReady: robotNotReady(reportOf(link), minBattery),
  };
}
