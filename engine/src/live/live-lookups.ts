import { maintenanceStreamId, type DomainEvent } from '@plantride/schemas';
import type { EventStore } from '../event-store/event-store';
import { toDomainEvent } from '../event-store/upcast';

/** What the gateway may ask beyond the event and its ride's facts. */
export interface LiveLookups {
  /** The driver a maintenance request is for, from its stream; null when there is no such request. */
  maintenanceDriver(requestId: string): Promise<string | null>;
}

/**
 * What an event's socket mapping needs that the event does not carry, looked up before mapping so
 * the mapping itself stays a pure function of its inputs. Never a decision: what the decider
 * decided, the event records (noAlternativeDriver follows RideRedistributed's `alternativeDrivers`).
 */
export interface LiveContext {
  /** A maintenance outcome recorded before it named its driver (version 1): the driver who asked. */
  maintenanceDriverId?: string | null;
}

const DRIVER_CACHE_CAPACITY = 10_000;

export function createLiveLookups(store: EventStore): LiveLookups {
  // A request's driver never changes, so it is read from its stream once.
  const drivers = new Map<string, string>();
  return {
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
 * Looks up what `event`'s mapping needs: only the driver of a maintenance outcome stored before
 * outcomes named him (version 1, lifted with `driverId: null`), from his request's stream.
 */
export async function liveContextFor(event: DomainEvent, lookups: LiveLookups): Promise<LiveContext> {
  switch (event.type) {
    case 'MaintenanceRejected':
    case 'MaintenanceCompleted':
      return event.data.driverId === null ? { maintenanceDriverId: await lookups.maintenanceDriver(event.data.requestId) } : {};
    default:
      return {};
  }
}
