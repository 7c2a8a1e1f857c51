import type { ResumeState, RideContext, RideLifecycleStatus, SiteState, VdaNode } from '@plantride/schemas';
import type { StepCommandType } from '../rides/ride.decider';
import { actionStatus, orderFinished, type OrderPlan, type OrderStop, type VdaState } from './protocol';
import { nodeOfPlace } from './robot.decider';

/*
 * How a robot's VDA 5050 `state` reads as a ride's steps (issue #33 item 4): pure, so the bridge only
 * forwards what these say to the driver's own step commands, which the ride's statechart judges.
 */

/** The VDA 5050 order the engine gave a robot for a ride: its node path and the action ids of its pick and drop. */
export interface RideOrder {
  orderId: string;
  rideId: string;
  /** Null when the order has no pick: a ride taken over after its material was picked. */
  pickActionId: string | null;
  dropActionId: string;
}

/** The order ids the engine gives a robot for a ride: one per taking (a ride taken over again gets a new one). */
export const rideOrderId = (rideId: string, operatorId: string, taking: number): string => `ride-${rideId}-${operatorId}-${taking}`;

/** Where a ride resumes that already has its material on board: its order goes to the drop alone. */
export const pickedAlready = (resume: ResumeState | null): boolean => resume === 'material picked' || resume === 'delivered';

const STEPS: readonly StepCommandType[] = ['StartRide', 'PickMaterial', 'DropMaterial', 'EndRide'];
const DONE_BY_STATUS: Partial<Record<RideLifecycleStatus, number>> = { accepted: 0, started: 1, 'material picked': 2, delivered: 3 };

/**
 * The steps the robot's state shows done that the ride has not recorded yet, in the statechart's order:
 * it moved (driving, past its first node, or working on the pick) is the start; its pick action
 * FINISHED, the material picked; its drop action FINISHED, dropped; the order finished, the ride ended.
 * None for a state of another order or a ride not in progress.
 */
export function robotSteps(status: RideLifecycleStatus | null, order: RideOrder, state: VdaState): StepCommandType[] {
  const done = status === null ? undefined : DONE_BY_STATUS[status];
  if (done === undefined || state.orderId !== order.orderId) return [];
  const pick = order.pickActionId === null ? 'FINISHED' : actionStatus(state, order.pickActionId);
  const drop = actionStatus(state, order.dropActionId);
  const moved = state.driving || state.lastNodeSequenceId > 0 || (pick !== undefined && pick !== 'WAITING');
  const reached =
    drop === 'FINISHED' && orderFinished(state, order.orderId) ? 4 : drop === 'FINISHED' ? 3 : pick === 'FINISHED' ? 2 : moved ? 1 : 0;
  return STEPS.slice(done, Math.max(done, reached));
}

/** The order the engine gave a robot for the ride it holds (`rideId`), as its state names it; null when it names none of ours. */
export function heldOrder(rideId: string | null, operatorId: string, state: VdaState): RideOrder | null {
  if (!rideId || !state.orderId.startsWith(`ride-${rideId}-${operatorId}-`)) return null;
  const orderId = state.orderId;
  const pick = state.actionStates.some((action) => action.actionId === `${orderId}-pick`);
  return { orderId, rideId, pickActionId: pick ? `${orderId}-pick` : null, dropActionId: `${orderId}-drop` };
}

/**
 * The order taking a ride: from the node the robot stands at to the pickup's node with a `pick` (left out
 * when the material is on board already), to the drop's node with a `drop`. Null when it stands nowhere
 * known or a place it needs has no node.
 */
export function rideOrderFor(
  ride: Pick<RideContext, 'rideId' | 'fromLocation' | 'toLocation'>,
  lastNodeId: string,
  nodes: readonly VdaNode[],
  site: SiteState | null,
  orderId: string,
  picked: boolean,
): { ride: RideOrder; plan: OrderPlan } | null {
  const pickNode = nodeOfPlace(nodes, site, ride.fromLocation);
  const dropNode = nodeOfPlace(nodes, site, ride.toLocation);
  if (!lastNodeId || !dropNode || (!picked && !pickNode)) return null;
  const pick = { actionType: 'pick' as const, actionId: `${orderId}-pick` };
  const drop = { actionType: 'drop' as const, actionId: `${orderId}-drop` };
  const stops: OrderStop[] = picked
    ? [{ nodeId: dropNode, action: drop }]
    : [
        { nodeId: pickNode!, action: pick },
        { nodeId: dropNode, action: drop },
      ];
  const path = stops[0]!.nodeId === lastNodeId ? stops : [{ nodeId: lastNodeId }, ...stops];
  return {
    ride: { orderId, rideId: ride.rideId, pickActionId: picked ? null : pick.actionId, dropActionId: drop.actionId },
    plan: { orderId, orderUpdateId: 0, nodes: path },
  };
}
