import { EVENT_SCHEMA_VERSIONS, domainEventSchema, type CommandContext as DecideContext, type DomainEvent } from '@plantride/schemas';
import type { EventMetadata, EventStore, NewEvent, RecordedEvent } from '../event-store/event-store';
import { toDomainEvent } from '../event-store/upcast';
import { eventIdFor } from './event-ids';

/** Pure business logic of one stream: fold events into state, decide a command's events from state. */
export interface Decider<State, Command, Event extends DomainEvent = DomainEvent> {
  initialState(): State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State, context: DecideContext): Event[];
}

export interface CommandContext extends DecideContext {
  readonly commandId: string;
  readonly correlationId?: string;
  readonly causationId?: string | null;
  /** The command id came from an Idempotency-Key: a repeat answers the first result. */
  readonly idempotent?: boolean;
}

export interface CommandResult<Event extends DomainEvent = DomainEvent> {
  readonly events: Event[];
  /** Global position of the last event, for read-your-writes. */
  readonly position: number;
  readonly nextVersion: number;
  /** The command had already been handled; nothing was appended. */
  readonly duplicate: boolean;
}

/**
 * The one path of every command: load the stream, fold, decide, append at the
 * version that was read. A concurrent change surfaces as ConcurrencyError (409).
 */
export async function handleCommand<State, Command, Event extends DomainEvent>(
  store: EventStore,
  streamId: string,
  decider: Decider<State, Command, Event>,
  command: Command,
  context: CommandContext,
): Promise<CommandResult<Event>> {
  if (context.idempotent) {
    const earlier = await earlierResult<Event>(store, context.commandId);
    if (earlier) return earlier;
  }
  const recorded = await store.readStream(streamId);
  const state = recorded.reduce((s, e) => decider.evolve(s, toDomainEvent(e) as Event), decider.initialState());
  let events: Event[];
  try {
    events = decider.decide(command, state, context);
  } catch (error) {
    // A twin (same Idempotency-Key) may have landed between the check above and the read: answer it.
    const earlier = context.idempotent ? await earlierResult<Event>(store, context.commandId) : null;
    if (earlier) return earlier;
    throw error;
  }
  if (events.length === 0) return { events, position: 0, nextVersion: recorded.length, duplicate: false };

  const result = await store.append(streamId, recorded.length, newEventsOf(events, context.commandId), commandMetadata(context));
  return {
    events: result.duplicate ? result.events.map((e) => toDomainEvent(e) as Event) : events,
    position: result.position,
    nextVersion: result.nextVersion,
    duplicate: result.duplicate,
  };
}

/** What every event of a command carries besides its data. */
export function commandMetadata(context: CommandContext): EventMetadata {
  return {
    commandId: context.commandId,
    correlationId: context.correlationId ?? context.commandId,
    causationId: context.causationId ?? null,
    actor: context.actor,
  };
}

/**
 * A command's events ready to store, checked against their schemas. Ids derive from the command id
 * and each event's index among all the command's events (`firstIndex` when it writes several streams).
 */
export function newEventsOf(events: readonly DomainEvent[], commandId: string, firstIndex = 0): NewEvent[] {
  return events.map((event, index) => {
    // A decider bug must never reach the store as a malformed fact.
    const valid = domainEventSchema.parse(event);
    return { eventId: eventIdFor(commandId, firstIndex + index), type: valid.type, schemaVersion: EVENT_SCHEMA_VERSIONS[valid.type], data: valid.data };
  });
}

/** The answer a command with this id gave the first time (read from the stream of its first event), or null. */
export async function earlierResult<Event extends DomainEvent>(store: EventStore, commandId: string): Promise<CommandResult<Event> | null> {
  const [first] = await store.readByEventIds([eventIdFor(commandId, 0)]);
  if (!first) return null;
  const sameCommand = (await store.readStream(first.streamId)).filter((e) => e.metadata.commandId === commandId);
  const last = sameCommand[sameCommand.length - 1] as RecordedEvent;
  return {
    events: sameCommand.map((e) => toDomainEvent(e) as Event),
    position: last.globalPosition,
    nextVersion: last.streamPosition,
    duplicate: true,
  };
}
