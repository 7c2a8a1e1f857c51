import { safeItemId } from '../inspections';
import { EVENT_SCHEMA_VERSIONS, isEventType, type DomainEvent } from './index';

type Upcaster = (data: unknown) => unknown;

/**
 * `"Type@n"` turns version n's data into version n+1's. Stored events are never rewritten; old
 * versions are lifted on every read, by whoever reads them (the engine's store, a read model's migration).
 */
const UPCASTERS: Record<string, Upcaster> = {
  // Before issue #29 any driver of the ride's type could take a redistributed ride over; the event now says so.
  'RideRedistributed@1': (data) => ({ ...(data as object), openToAll: true }),
  // Issue #29: a redistribution now records how many drivers could take it over. An older one did not:
  // unknown, so the requester is not told "no alternative driver" on its account (the reassignment timer still tells him).
  'RideRedistributed@2': (data) => ({ ...(data as object), alternativeDrivers: null }),
  // Issue #29: an outcome now names its driver. An older one did not, and one event cannot know him: null,
  // and a reader takes him from the request's MaintenanceRequested (docs/DECISIONS.md).
  'MaintenanceRejected@1': (data) => ({ ...(data as object), driverId: null }),
  'MaintenanceCompleted@1': (data) => ({ ...(data as object), driverId: null }),
  // Issue #32: a closed request and the release it brings now say whether a passed inspection must come first.
  // An older one did not: it returned the vehicle to service at once.
  'MaintenanceRejected@2': (data) => ({ ...(data as object), inspectionDue: false }),
  'MaintenanceCompleted@2': (data) => ({ ...(data as object), inspectionDue: false }),
  'DriverUnblocked@1': (data) => ({ ...(data as object), inspectionDue: false }),
  // Issue #32: a request now records the vehicle's registration. An older one did not: unknown (the list falls back to his record's).
  'MaintenanceRequested@1': (data) => ({ ...(data as object), vehicleNumber: null }),
  // Before issue #31 an item id could be any text (`constructor`, `__proto__`); such an id is read as a safe one, the same each time.
  'ChecklistChanged@1': (data) => {
    const { items, ...rest } = data as { items: Array<{ id: string }> };
    return { ...rest, items: items.map((item) => ({ ...item, id: safeItemId(item.id) })) };
  },
};

/** An event as stored (its type, the schema version it was written at, its data), lifted to the version this code reads. */
export function liftStoredEvent(stored: {
  type: string;
  schemaVersion: number;
  data: unknown;
  globalPosition: number | string;
}): DomainEvent {
  const { type } = stored;
  if (!isEventType(type)) throw new Error(`Unknown event type ${type} at position ${stored.globalPosition}`);
  let data = stored.data;
  for (let version = stored.schemaVersion; version < EVENT_SCHEMA_VERSIONS[type]; version++) {
    const upcast = UPCASTERS[`${type}@${version}`];
    if (!upcast) throw new Error(`No upcaster for ${type} from version ${version}`);
    data = upcast(data);
  }
  return { type, data } as DomainEvent;
}
