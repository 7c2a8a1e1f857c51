import type { Kysely } from 'kysely';
import { maintenanceStreamId, type DomainEvent, type VehicleType } from '@plantride/schemas';
import { availableDriversOfType, type ReadModels } from '@plantride/projections';
import type { EventStore } from '../event-store/event-store';
import { toDomainEvent } from '../event-store/upcast';
import type { RideFacts } from './ride-facts';

/** What the gateway may ask beyond the event and its ride's facts. */
export interface LiveLookups {
  /** How many drivers of this type could take a ride now, other than `except` (the drivers read model). */
  availableDrivers(vehicleType: VehicleType, except: string): Promise<number>;
  /** The driver a maintenance request is for, from its stream; null when there is no such request. */
  maintenanceDriver(requestId: string): Promise<string | null>;
}

/**
 * What an event's socket mapping needs that the event does not carry, looked up before mapping so
 * the mapping itself stays a pure function of its inputs.
 */
export interface LiveContext {
  /** RideRedistributed: drivers of its type, other than the one who broke down, who could take it now. */
  alternativeDrivers?: number;
  /** Maintenance events: the driver who asked. */
  maintenanceDriverId?: string | null;
}

const DRIVER_CACHE_CAPACITY = 10_000;

export function createLiveLookups(store: EventStore, db: Kysely<ReadModels>): LiveLookups {
  // A request's driver never changes, so it is read from its stream once.
  const drivers = new Map<string, string>();
  return {
    async availableDrivers(vehicleType, except) {
      return (await availableDriversOfType(db, vehicleType, except)).length;
    },
    async maintenanceDriver(requestId) {
      const known = drivers.get(requestId);
      if (known) return known;
      const [recorded] = await store.readStream(maintenanceStreamId(requestId));
      const first = recorded ? toDomainEvent(recorded) : null;
      const driverId = first?.type === 'MaintenanceRequested' ? first.data.driverId : null;
      if (driverId) {
        if (drivers.size >= DRIVER_CACHE_CAPACITY) drivers.clear();
        drivers.set(requestId, driverId);
      }
      return driverId;
    },
  };
}

/**
 * Looks up what `event`'s mapping needs. Alternative drivers are counted as the read model stands
 * when the gateway reads the event, so a replay after a reconnect counts them as they are then.
 */
export async function liveContextFor(event: DomainEvent, facts: RideFacts | null, lookups: LiveLookups): Promise<LiveContext> {
  switch (event.type) {
    case 'RideRedistributed':
      return facts ? { alternativeDrivers: await lookups.availableDrivers(facts.vehicleType, event.data.originalDriverId) } : {};
    case 'MaintenanceRejected':
    case 'MaintenanceCompleted':
      return { maintenanceDriverId: await lookups.maintenanceDriver(event.data.requestId) };
    default:
      return {};
  }
}
