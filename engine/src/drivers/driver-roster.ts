import { DRIVER_EVENT_TYPES, type DriverStatus, type VehicleType } from '@plantride/schemas';
import type { Database } from '../database/database';
import type { EventStore, RecordedEvent } from '../event-store/event-store';
import { watchAppends } from '../event-store/store-watch';

/** How many Active drivers each vehicle type has: the soft check a booking makes ("No Forklift drivers are assigned"). */
export interface DriverRoster {
  activeDriversOf(vehicleType: VehicleType): number;
  close(): Promise<void>;
}

interface Entry {
  version: number;
  vehicleType: VehicleType | null;
  status: DriverStatus | null;
}

const DRIVER_STREAM = 'driver-';
const handled = new Set<string>(DRIVER_EVENT_TYPES);

/**
 * The drivers read model's count of Active drivers by vehicle type (`countDriversOfType`), kept in
 * memory from the driver streams instead of asked of the read model on every booking (issue #18):
 * read once at start, then every append heard (this process's before its command is answered).
 */
export async function createDriverRoster(database: Database, store: EventStore, options: { pollIntervalMs?: number } = {}): Promise<DriverRoster> {
  const drivers = new Map<string, Entry>();
  // Heard before the start's read is folded: applied after it, so each stream folds in order.
  let early: RecordedEvent[] | null = [];

  const apply = (event: RecordedEvent) => {
    if (!event.streamId.startsWith(DRIVER_STREAM) || !handled.has(event.type)) return;
    const entry = drivers.get(event.streamId) ?? { version: 0, vehicleType: null, status: null };
    if (event.streamPosition <= entry.version) return;
    const data = event.data as { vehicleAssigned?: VehicleType | null; status?: DriverStatus };
    const recorded = event.type === 'DriverAdded' || event.type === 'DriverUpdated';
    drivers.set(event.streamId, {
      version: event.streamPosition,
      vehicleType: recorded ? (data.vehicleAssigned ?? null) : entry.vehicleType,
      status: recorded || event.type === 'DriverStatusChanged' ? (data.status ?? null) : entry.status,
    });
  };
  const heard = (events: readonly RecordedEvent[]) => {
    if (early) early.push(...events);
    else events.forEach(apply);
  };

  const watch = await watchAppends(database, store, heard, options);
  try {
    (await store.readStreamsOfType('driver')).forEach(apply);
  } catch (error) {
    await watch.close();
    throw error;
  }
  early.forEach(apply);
  early = null;

  return {
    activeDriversOf(vehicleType) {
      let count = 0;
      for (const entry of drivers.values()) if (entry.vehicleType === vehicleType && entry.status === 'Active') count += 1;
      return count;
    },
    close: () => watch.close(),
  };
}
