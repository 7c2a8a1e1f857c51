import { DRIVER_ROSTER_STREAM_ID, type DomainEvent, type DriverEvent, type RosterEvent, type VehicleType } from '@plantride/schemas';
import type { CommandHandler, StreamRef } from '../commands/command-handler';
import { requireActor } from '../commands/actors';

/**
 * The roster as its stream tells it: the highest serial issued, and the vehicle type each driver record
 * is counted for (`counted`: null until counts were first written, on a store whose records came before
 * them); null while nothing is on it (a store that never held a driver).
 */
export type RosterState = { lastSerial: number; counted: Readonly<Record<string, VehicleType>> | null } | null;

export function evolveRoster(state: RosterState, event: RosterEvent): RosterState {
  const lastSerial = state?.lastSerial ?? 0;
  const counted = state?.counted ?? null;
  switch (event.type) {
    case 'DriverRosterOpened':
    case 'DriverSerialIssued': {
      const serial = event.type === 'DriverRosterOpened' ? event.data.lastSerial : event.data.serial;
      return { lastSerial: Math.max(lastSerial, serial), counted };
    }
    case 'DriverCounted': {
      const { [event.data.operatorId]: _was, ...others } = counted ?? {};
      const vehicleType = event.data.vehicleType;
      return { lastSerial, counted: vehicleType ? { ...others, [event.data.operatorId]: vehicleType } : others };
    }
    case 'DriverCountsOpened':
      return { lastSerial, counted: event.data.counted };
  }
}

type DriverRecord = Extract<DriverEvent, { type: 'DriverAdded' }>['data'];

/** The one rule of who counts as a driver of a vehicle type for a booking: an Active record with that vehicle type. */
export const countedFor = (record: Pick<DriverRecord, 'status' | 'vehicleAssigned'> | null): VehicleType | null =>
  record?.status === 'Active' && record.vehicleAssigned ? record.vehicleAssigned : null;

/** How many driver records the roster counts for `vehicleType` (a booking's "No Forklift drivers are assigned"). */
export function driversCountedFor(roster: RosterState, vehicleType: VehicleType): number {
  return Object.values(roster?.counted ?? {}).filter((type) => type === vehicleType).length;
}

/**
 * The roster events that record a record's count when it changes: none when the roster already counts
 * it so. (An add or an edit appends them with the record, in the same append.)
 */
export function countChange(
  roster: RosterState,
  operatorId: string,
  record: Pick<DriverRecord, 'status' | 'vehicleAssigned'>,
): RosterEvent[] {
  const vehicleType = countedFor(record);
  const was = roster?.counted?.[operatorId] ?? null;
  return vehicleType === was ? [] : [{ type: 'DriverCounted', data: { operatorId, vehicleType } }];
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

/** Each record counted (countedFor) as the driver streams' events leave it. */
export function countedOf(events: readonly DomainEvent[]): Record<string, VehicleType> {
  const records = new Map<string, Pick<DriverRecord, 'status' | 'vehicleAssigned'>>();
  for (const event of events) {
    if (event.type === 'DriverAdded' || event.type === 'DriverUpdated') records.set(event.data.operatorId, event.data);
    else if (event.type === 'DriverStatusChanged') {
      const record = records.get(event.data.operatorId);
      if (record) records.set(event.data.operatorId, { ...record, status: event.data.status });
    }
  }
  const counted: Record<string, VehicleType> = {};
  for (const [operatorId, record] of records) {
    const vehicleType = countedFor(record);
    if (vehicleType) counted[operatorId] = vehicleType;
  }
  return counted;
}

export interface OpenDriverRosterCommand {
  type: 'OpenDriverRoster';
  /** The highest serial the store's driver records hold (highestSerial of their streams). */
  lastSerial: number;
  /** Each record counted, as their streams leave them (countedOf). */
  counted: Record<string, VehicleType>;
}

/**
 * At engine start, on a store whose records came before the roster: the roster opens at their highest
 * serial, and with their counts if it has none yet. What the roster already holds is left as it is, and
 * so is an empty one while no record exists (empty, it stands for "none issued, none counted").
 */
export const openDriverRoster: CommandHandler<OpenDriverRosterCommand, { roster: StreamRef<RosterState, RosterEvent> }> = {
  streams: () => ({ roster: rosterStream() }),
  decide(command, { roster }, { actor }) {
    requireActor(actor, 'admin');
    if (command.lastSerial === 0) return {};
    const serial: RosterEvent[] = roster ? [] : [{ type: 'DriverRosterOpened', data: { lastSerial: command.lastSerial } }];
    const counts: RosterEvent[] = roster?.counted ? [] : [{ type: 'DriverCountsOpened', data: { counted: command.counted } }];
    return { roster: [...serial, ...counts] };
  },
};
