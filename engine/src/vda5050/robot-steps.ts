import type { ResumeState, RideLifecycleStatus } from '@plantride/schemas';
import type { StepCommandType } from '../rides/ride.decider';
import { actionStatus, orderFinished, type VdaState } from './protocol';

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
