import { DRIVER_ROSTER_STREAM_ID, type DomainEvent, type RosterEvent } from '@plantride/schemas';
import type { CommandHandler, StreamRef } from '../commands/command-handler';
import { requireActor } from '../commands/actors';

/** The roster as its stream tells it: the highest serial issued; null while nothing is on it (a store that never held a driver). */
export type RosterState = { lastSerial: number } | null;

export function evolveRoster(state: RosterState, event: RosterEvent): RosterState {
  const serial = event.type === 'DriverRosterOpened' ? event.data.lastSerial : event.data.serial;
  return { lastSerial: Math.max(state?.lastSerial ?? 0, serial) };
}

/** The driver roster stream: every add's serial is decided on it, and appended to it with the record. */
export const rosterStream = (): StreamRef<RosterState, RosterEvent> => ({
  id: DRIVER_ROSTER_STREAM_ID,
  initial: () => null,
  evolve: evolveRoster,
});

/** The serial the next driver record gets: one past the highest issued. */
export const nextSerial = (roster: RosterState): number => (roster?.lastSerial ?? 0) + 1;

/** The highest serial among driver records' events (added or saved again), 0 when there is none. */
export function highestSerial(events: readonly DomainEvent[]): number {
  let highest = 0;
  for (const event of events)
    if (event.type === 'DriverAdded' || event.type === 'DriverUpdated') highest = Math.max(highest, event.data.serial);
  return highest;
}

export interface OpenDriverRosterCommand {
  type: 'OpenDriverRoster';
  /** The highest serial the store's driver records hold (highestSerial of their streams). */
  lastSerial: number;
}

/**
 * At engine start, on a store whose records came before the roster: the roster opens at their highest
 * serial. A roster already written (opened, or a serial issued) is left as it is, and so is an empty
 * one while no record exists (empty, it stands for "none issued yet").
 */
export const openDriverRoster: CommandHandler<OpenDriverRosterCommand, { roster: StreamRef<RosterState, RosterEvent> }> = {
  streams: () => ({ roster: rosterStream() }),
  decide(command, { roster }, { actor }) {
    requireActor(actor, 'admin');
    if (roster || command.lastSerial === 0) return {};
    return { roster: [{ type: 'DriverRosterOpened', data: { lastSerial: command.lastSerial } }] };
  },
};
