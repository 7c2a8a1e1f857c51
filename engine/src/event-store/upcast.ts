import { EVENT_SCHEMA_VERSIONS, isEventType, type DomainEvent } from '@plantride/schemas';
import type { RecordedEvent } from './event-store';

type Upcaster = (data: unknown) => unknown;

/**
 * `"Type@n"` turns version n's data into version n+1's. Stored events are never rewritten;
 * old versions are lifted here on every read.
 */
const UPCASTERS: Record<string, Upcaster> = {
  // Before issue #29 any driver of the ride's type could take a redistributed ride over; the event now says so.
  'RideRedistributed@1': (data) => ({ ...(data as object), openToAll: true }),
};

export function toDomainEvent(recorded: Pick<RecordedEvent, 'type' | 'schemaVersion' | 'data' | 'globalPosition'>): DomainEvent {
  const { type } = recorded;
  if (!isEventType(type)) throw new Error(`Unknown event type ${type} at position ${recorded.globalPosition}`);
  let data = recorded.data;
  for (let version = recorded.schemaVersion; version < EVENT_SCHEMA_VERSIONS[type]; version++) {
    const upcast = UPCASTERS[`${type}@${version}`];
    if (!upcast) throw new Error(`No upcaster for ${type} from version ${version}`);
    data = upcast(data);
  }
  return { type, data } as DomainEvent;
}
