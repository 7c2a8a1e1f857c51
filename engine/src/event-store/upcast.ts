import { liftStoredEvent, type DomainEvent } from '@plantride/schemas';
import type { RecordedEvent } from './event-store';

/** A stored event as this code reads it: older versions lifted by the schemas' upcasters (schemas/src/events/upcast.ts). */
export function toDomainEvent(recorded: Pick<RecordedEvent, 'type' | 'schemaVersion' | 'data' | 'globalPosition'>): DomainEvent {
  return liftStoredEvent(recorded);
}
