import type { Actor } from '@plantride/schemas';
import { handle } from '../commands/command-handler';
import { DomainError } from '../commands/errors';
import { commandIdFromKey } from '../commands/event-ids';
import type { EventStore } from '../event-store/event-store';
import { dispatchesOn, fireRideTimer } from '../rides/ride.decider';
import type { Timer } from './timer-port';
import type { FreeDrivers } from '../dispatch/offers';

export const TIMER_ACTOR: Actor = { system: 'timer' };

export type FireOutcome = 'appended' | 'repeat' | 'stale';

/**
 * A due timer's command through the normal pipeline. Its command id comes from the timer id, so a
 * timer fired twice (a retried job, two processes after a lost lock) appends once; one whose ride
 * moved on is refused by the statechart and appends nothing. Other failures reject, to be retried.
 */
export async function fireTimer(store: EventStore, timer: Timer, now: Date = new Date(), free?: () => FreeDrivers): Promise<FireOutcome> {
  // A lapsed offer goes on to the next driver, a released ride to dispatch: the drivers free at this moment.
  const command = dispatchesOn(timer.command) && free ? { ...timer.command, free: free() } : timer.command;
  try {
    const result = await handle(store, fireRideTimer, command, {
      now,
      actor: TIMER_ACTOR,
      commandId: commandIdFromKey('system:timer', timer.id),
      idempotent: true,
    });
    return result.duplicate ? 'repeat' : 'appended';
  } catch (error) {
    if (error instanceof DomainError) return 'stale';
    throw error;
  }
}
