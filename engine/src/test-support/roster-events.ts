import { randomUUID } from 'node:crypto';
import { DRIVER_ROSTER_STREAM_ID, type RosterEvent, type VehicleType } from '@plantride/schemas';
import type { EventStore } from '../event-store/event-store';
import { readState } from '../commands/command-handler';
import { driversCountedFor, rosterStream } from '../drivers/roster.decider';

/** A roster stream's events counting `n` drivers of each vehicle type, for a booking's given. */
export function rosterCounting(counts: Partial<Record<VehicleType, number>>): RosterEvent[] {
  return Object.entries(counts).flatMap(([vehicleType, n]) =>
    Array.from({ length: n }, (_, index): RosterEvent => ({
      type: 'DriverCounted',
      data: { operatorId: `${vehicleType.slice(0, 2).toUpperCase()}${index + 1}`, vehicleType: vehicleType as VehicleType },
    })),
  );
}

/**
 * On a store: the roster counts a driver of `vehicleType` that no record stands behind, so rides of the
 * type may be booked by tests that make their drivers later (or never). Nothing is appended when the
 * roster already counts one.
 */
export async function countDriverOnRoster(store: EventStore, vehicleType: VehicleType): Promise<void> {
  if (driversCountedFor(await readState(store, rosterStream()), vehicleType) > 0) return;
  const data = { operatorId: `counted-${vehicleType}`, vehicleType };
  await store.append(DRIVER_ROSTER_STREAM_ID, 'any', [{ eventId: randomUUID(), type: 'DriverCounted', schemaVersion: 1, data }], {
    commandId: randomUUID(),
    actor: { system: 'test-seed' },
  });
}
