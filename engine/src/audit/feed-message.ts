import type { AuditFeedMessage } from '@plantride/schemas';
import type { RecordedEvent } from '../event-store/event-store';
import { actorOf } from './ride-timeline';

// Keys whose values must never leave the engine, in any event's data at any depth (UserSignedUp's passwordHash today).
const SECRET_KEY = /password|passwd|secret|hash|jwt|^token$|_token$|apikey|api_key/i;

/** A copy of `value` without the keys that hold secrets. */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !SECRET_KEY.test(key))
      .map(([key, inner]) => [key, withoutSecrets(inner)]),
  );
}

const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

/** A store event as the audit feed sends it: data without secrets, and only the metadata an auditor needs. */
export function toFeedMessage(event: RecordedEvent): AuditFeedMessage {
  return {
    position: event.globalPosition,
    streamId: event.streamId,
    streamPosition: event.streamPosition,
    type: event.type,
    schemaVersion: event.schemaVersion,
    data: withoutSecrets(event.data) as Record<string, unknown>,
    metadata: {
      actor: actorOf(event),
      correlationId: textOrNull(event.metadata.correlationId),
      causationId: textOrNull(event.metadata.causationId),
    },
    recordedAt: event.recordedAt.toISOString(),
  };
}
