import { randomUUID } from 'node:crypto';
import type { AddDriver } from '@plantride/schemas';
import { handle, readState, type CommandContext, type CommandResult } from '../commands/command-handler';
import type { EventStore } from '../event-store/event-store';
import { toDomainEvent } from '../event-store/upcast';
import { addDriver, type ActivationCodeToIssue } from './driver.decider';
import { countedOf, highestSerial, openDriverRoster, rosterStream } from './roster.decider';

/**
 * Before the engine adds drivers or takes bookings: the roster opened at the highest serial the store's
 * driver records hold, and with their counts, if it has not got them yet. Their streams are read only
 * then, once in a store's life. An engine starting at the same moment may open it first; this one then
 * finds it written and adds nothing.
 */
export async function openDriverRosterAtStart(store: EventStore): Promise<void> {
  if ((await readState(store, rosterStream()))?.counted) return;
  const events = (await store.readStreamsOfType('driver')).map(toDomainEvent);
  await handle(
    store,
    openDriverRoster,
    { type: 'OpenDriverRoster', lastSerial: highestSerial(events), counted: countedOf(events) },
    { now: new Date(), actor: { system: 'start-up' }, commandId: randomUUID() },
  );
}

const lastAdd = new WeakMap<EventStore, Promise<unknown>>();

/**
 * An add, after this engine's adds before it. Every add appends to the one roster stream: adds racing
 * in one engine would each make the others decide again, and a burst of them could spend a command's
 * retries (a 409). Queued, they race only adds of other engine processes, which the roster's version
 * check settles as it settles any race.
 */
export function addDriverInTurn(
  store: EventStore,
  command: AddDriver & { activation?: ActivationCodeToIssue },
  context: CommandContext,
): Promise<CommandResult> {
  const turn = (lastAdd.get(store) ?? Promise.resolve()).then(() => handle(store, addDriver, command, context));
  // One add refused or failed does not hold up the next.
  lastAdd.set(
    store,
    turn.catch(() => undefined),
  );
  return turn;
}
