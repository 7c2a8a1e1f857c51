import type { DomainEvent } from '@plantride/schemas';

/** An instant `minute` minutes past 08:00 UTC on 25/11/2026, the day the ride builders use too. */
export const at = (minute: number): string => new Date(Date.UTC(2026, 10, 25, 8, minute)).toISOString();

type StreamEvent<E extends DomainEvent, T extends E['type']> = Extract<E, { type: T }> & { streamId: string };

/** A typed event maker for one stream kind: the event lands on the stream its data names. */
export function eventsOf<E extends DomainEvent>(streamOf: (data: E['data']) => string) {
  // TypeScript cannot narrow a union by a generic `type`; the parameter types keep type and data matched.
  return <T extends E['type']>(type: T, data: Extract<E, { type: T }>['data']): StreamEvent<E, T> =>
    ({ streamId: streamOf(data), type, data }) as unknown as StreamEvent<E, T>;
}
