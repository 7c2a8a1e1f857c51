import type { DriverEvent } from '@plantride/schemas';
import type { Decider } from '../commands/command-handler';
import { driverDecider, type DriverCommand, type DriverState } from '../drivers/driver.decider';

/**
 * The driver decider, unblocking only from the block of `requestId`: finishing an old request must
 * not release him from a newer one. Decided on the stream as read, so it holds against a racing block.
 */
export function unblockingFrom(requestId: string): Decider<DriverState, DriverCommand, DriverEvent> {
  return { ...driverDecider, decide: (command, state, context) => (state.blockedFor === requestId ? driverDecider.decide(command, state, context) : []) };
}
