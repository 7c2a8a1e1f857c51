import { expect } from 'vitest';
import type { Actor, DomainEvent } from '@plantride/schemas';
import type { Decider } from '../commands/command-handler';
import { DomainError } from '../commands/errors';

export const NOW = new Date('2026-11-25T08:00:00.000Z');
export const SYSTEM: Actor = { system: 'test' };

/** given(events).when(command).then(events) — reads like the business rule it checks. */
export function deciderSpec<State, Command, Event extends DomainEvent>(decider: Decider<State, Command, Event>) {
  return {
    given(events: Event[]) {
      const state = events.reduce(decider.evolve, decider.initialState());
      return {
        when(command: Command, actor: Actor = SYSTEM, now: Date = NOW) {
          const run = () => decider.decide(command, state, { now, actor });
          return {
            then(expected: Event[]) {
              expect(run()).toEqual(expected);
            },
            thenThrows(status: DomainError['status'], message: string) {
              let thrown: unknown;
              try {
                run();
              } catch (error) {
                thrown = error;
              }
              expect(thrown).toBeInstanceOf(DomainError);
              expect(thrown).toMatchObject({ status, message });
            },
          };
        },
      };
    },
  };
}
