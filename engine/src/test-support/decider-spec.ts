import { expect } from 'vitest';
import type { Actor, DomainEvent } from '@plantride/schemas';
import type { CommandHandler, EventsOf, StatesOf, Streams } from '../commands/command-handler';
import { DomainError } from '../commands/errors';

export const NOW = new Date('2026-11-25T08:00:00.000Z');
export const SYSTEM: Actor = { system: 'test' };

/** Each named stream's events before the command (a stream not named has none). */
export type Given = Record<string, DomainEvent[]>;

/** The states a handler's decision sees, folded from `given` as the pipeline's load does (including the streams it names once it has read others). */
function statesFor<Command, R extends Streams>(handler: CommandHandler<Command, R>, command: Command, given: Given): StatesOf<R> {
  const states: Record<string, unknown> = {};
  let refs: Streams = handler.streams(command, {});
  for (let round = 0; round < 5; round++) {
    for (const [name, ref] of Object.entries(refs)) if (ref) states[name] = (given[name] ?? []).reduce(ref.evolve, ref.initial());
    refs = handler.streams(command, states as Partial<StatesOf<R>>);
  }
  return states as StatesOf<R>;
}

/** Streams that get no events are left out, so an expectation names only what changes. */
function changes(decided: Record<string, DomainEvent[] | undefined>): Record<string, DomainEvent[]> {
  return Object.fromEntries(Object.entries(decided).filter((entry): entry is [string, DomainEvent[]] => (entry[1]?.length ?? 0) > 0));
}

/** given(events per stream).when(command).then(events per stream) — reads like the business rule it checks, with no database. */
export function commandSpec<Command, R extends Streams>(handler: CommandHandler<Command, R>) {
  return {
    given(given: Given = {}) {
      return {
        when(command: Command, actor: Actor = SYSTEM, now: Date = NOW) {
          const run = () =>
            changes(
              handler.decide(command, statesFor(handler, command, given), { now, actor }) as Record<string, DomainEvent[] | undefined>,
            );
          return {
            then(expected: EventsOf<R>) {
              expect(run()).toEqual(changes(expected as Record<string, DomainEvent[] | undefined>));
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
