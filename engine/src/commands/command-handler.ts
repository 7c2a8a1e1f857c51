import {
  EVENT_SCHEMA_VERSIONS,
  SERVER_MESSAGES,
  domainEventSchema,
  type CommandContext as DecideContext,
  type DomainEvent,
} from '@plantride/schemas';
import {
  ConcurrencyError,
  type EventMetadata,
  type EventStore,
  type NewEvent,
  type RecordedEvent,
  type StreamWrite,
} from '../event-store/event-store';
import { toDomainEvent } from '../event-store/upcast';
import { DomainError } from './errors';
import { foldedStreamsOf, type Folded } from './folded-streams';
import { eventIdFor } from './event-ids';

/** A stream a command reads, and how its events fold into the state its decision sees. */
export interface StreamRef<State, Event extends DomainEvent = DomainEvent> {
  readonly id: string;
  readonly initial: () => State;
  readonly evolve: (state: State, event: Event) => State;
  /**
   * The command made this id up (a new ride, a new request): no event can be on it unless this very
   * command ran before. Its first attempt takes it as empty without reading; the append, at version 0,
   * confirms it, and a repeat is answered from its event ids there.
   */
  readonly minted?: boolean;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyRef = StreamRef<any, any>;
/** The streams of one command, by the name its decision knows them by; an optional one may be absent. */
export type Streams = Record<string, AnyRef | undefined>;
type StateOf<R> = R extends StreamRef<infer S, infer _E> ? S : undefined;
type EventOf<R> = R extends StreamRef<infer _S, infer E> ? E : never;
/** What each named stream tells now. */
export type StatesOf<R extends Streams> = { [K in keyof R]: StateOf<R[K]> };
/** A decision: the events each named stream gets (none for a stream only read). */
export type EventsOf<R extends Streams> = { [K in keyof R]?: EventOf<R[K]>[] };

/**
 * A command's business rules: which streams it reads and, from what they tell, what happens.
 * `decide` is pure (no I/O, the clock comes in the context) and refuses by throwing a DomainError.
 */
export interface CommandHandler<Command, R extends Streams> {
  /**
   * The streams the decision reads. Called again with what was read, it may name more (the ride a
   * driver holds, the request that blocks him); reading stops when it names no new one.
   */
  streams(command: Command, read: Partial<StatesOf<R>>): R;
  decide(command: Command, states: StatesOf<R>, context: DecideContext): EventsOf<R>;
}

export interface CommandContext extends DecideContext {
  readonly commandId: string;
  readonly correlationId?: string;
  readonly causationId?: string | null;
  /** The command id came from an Idempotency-Key: a repeat answers the first result. */
  readonly idempotent?: boolean;
  /**
   * What the request under that key asked (http-command.ts), kept in the events' metadata: the key sent
   * again with another request is refused (422) instead of answered with what the first one did.
   */
  readonly requestDigest?: string;
}

export interface CommandResult {
  /** The command's events, in the order it decided them (a repeat: as first stored). */
  readonly events: DomainEvent[];
  /** Global position of the last event, for read-your-writes; when nothing was appended, of the last event the decision read. */
  readonly position: number;
  /** The command had already been handled; nothing was appended. */
  readonly duplicate: boolean;
}

/** The most events one command writes; a repeat's answer is looked up by these many derived ids. */
const MAX_EVENTS_PER_COMMAND = 16;
const ATTEMPTS = 5;
const BACKOFF_BASE_MS = 5;
const BACKOFF_CAP_MS = 200;

/** Full jitter: racing commands spread out instead of colliding again in step. */
function backoff(attempt: number): Promise<void> {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** attempt);
  return new Promise((resolve) => setTimeout(resolve, Math.random() * ceiling));
}

/**
 * The one path of every command: read every stream it names (one statement per round), decide,
 * append all its events with the version of every stream read (one statement, one transaction).
 * A stream that moved on meanwhile means deciding again on what is there now, a few times with
 * jittered back-off; after that the ConcurrencyError answers 409.
 */
export async function handle<Command extends { type: string }, R extends Streams>(
  store: EventStore,
  handler: CommandHandler<Command, R>,
  command: Command,
  context: CommandContext,
): Promise<CommandResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      // The first attempt may decide on the states this process folded, without reading (`load`).
      return await attemptOnce(store, handler, command, context, attempt === 1);
    } catch (error) {
      if (!(error instanceof ConcurrencyError)) throw error;
      // A repeat whose streams moved on (or another request under its key, naming other streams) is told by what the key stored.
      const earlier = context.idempotent ? await earlierResult(store, context.commandId) : null;
      if (earlier) return sameCommand(earlier, command.type, context);
      if (attempt >= ATTEMPTS) throw error;
      // The next attempt reads: a folded state behind the store gets its tail read onto it (readFolded).
      await backoff(attempt);
    }
  }
}

interface Loaded {
  readonly refs: Streams;
  readonly states: Record<string, unknown>;
  readonly versions: Map<string, number>;
  /** The last global position among the events read. */
  readonly seen: number;
  /** Decided on folded states alone, nothing read: only an append (which checks every version) confirms them. */
  readonly unread: boolean;
}

function fold(ref: AnyRef, recorded: readonly RecordedEvent[], from: unknown = ref.initial()): unknown {
  return recorded.reduce((state, event) => ref.evolve(state, toDomainEvent(event)), from);
}

/** One stream as a command read it: a state this process had folded (or none), and the events after it. */
interface StreamRead {
  readonly base: Folded | undefined;
  readonly tail: readonly RecordedEvent[];
}

const stateOf = (ref: AnyRef, read: StreamRead): unknown => (read.base ? fold(ref, read.tail, read.base.state) : fold(ref, read.tail));
const versionOf = (read: StreamRead): number => read.tail.at(-1)?.streamPosition ?? read.base?.version ?? 0;

/** What this process folded of stream `id`, if every ref naming it folds the same way. */
function foldedFor(store: EventStore, refs: readonly AnyRef[], id: string): Folded | undefined {
  const base = foldedStreamsOf(store).get(id);
  return base && refs.every((ref) => ref.id !== id || ref.evolve === base.evolve) ? base : undefined;
}

/**
 * Reads streams in one statement. A stream whose state this process folded before (with the same
 * fold as every ref naming it here) is read from the last event folded on: that event checks the
 * state still stands on the store, and the events after it are folded onto it. One whose last event
 * is not there any more is read again in full.
 */
async function readFolded(store: EventStore, refs: readonly AnyRef[], ids: readonly string[]): Promise<Map<string, StreamRead>> {
  const cache = foldedStreamsOf(store);
  const bases = new Map<string, Folded>();
  for (const id of ids) {
    const base = foldedFor(store, refs, id);
    if (base) bases.set(id, base);
  }
  const rows = await store.readStreams(ids, new Map([...bases].map(([id, base]) => [id, base.version])));
  const read = new Map<string, StreamRead>();
  const stale: string[] = [];
  for (const id of ids) {
    const events = rows.get(id) ?? [];
    const base = bases.get(id);
    if (!base) read.set(id, { base: undefined, tail: events });
    else if (events[0]?.streamPosition === base.version && events[0].eventId === base.lastEventId)
      read.set(id, { base, tail: events.slice(1) });
    else stale.push(id);
  }
  if (stale.length > 0) {
    stale.forEach((id) => cache.delete(id));
    for (const [id, events] of await store.readStreams(stale)) read.set(id, { base: undefined, tail: events });
  }
  return read;
}

/** Keeps what `ref`'s stream folded to, when this read moved it on. */
function remember(store: EventStore, ref: AnyRef, read: StreamRead, state: unknown): void {
  const last = read.tail.at(-1);
  if (last)
    foldedStreamsOf(store).set(ref.id, {
      evolve: ref.evolve,
      state,
      version: last.streamPosition,
      lastEventId: last.eventId,
      position: last.globalPosition,
    });
}

/** The folded states of `ids`, when this process holds one for each; else undefined. */
function foldedOnly(store: EventStore, refs: readonly AnyRef[], ids: readonly string[]): Map<string, StreamRead> | undefined {
  const read = new Map<string, StreamRead>();
  for (const id of ids) {
    const base = foldedFor(store, refs, id);
    if (!base) return undefined;
    read.set(id, { base, tail: [] });
  }
  return read;
}

/**
 * Reads every stream the handler names, round by round (a round may name more), each through
 * `readFolded`. With `trustFolded`, a round whose streams this process has all folded, or the command
 * minted, reads nothing: the decision goes on those states, and the append's version check on every
 * stream confirms them.
 */
async function load<Command, R extends Streams>(
  store: EventStore,
  handler: CommandHandler<Command, R>,
  command: Command,
  trustFolded: boolean,
): Promise<Loaded> {
  const read = new Map<string, StreamRead>();
  const states: Record<string, unknown> = {};
  let refs: Streams = handler.streams(command, {});
  // Any state taken unread, in any round, leaves the whole decision to be confirmed by the append.
  let unread = false;
  for (;;) {
    const named = Object.values(refs).filter((ref): ref is AnyRef => ref !== undefined);
    const missing = [...new Set(named.map((ref) => ref.id))].filter((id) => !read.has(id));
    if (missing.length === 0) break;
    const minted = trustFolded ? missing.filter((id) => named.some((ref) => ref.id === id && ref.minted)) : [];
    for (const id of minted) read.set(id, { base: undefined, tail: [] });
    const others = missing.filter((id) => !minted.includes(id));
    const folded = trustFolded ? foldedOnly(store, named, others) : undefined;
    if (folded || minted.length > 0) unread = true;
    for (const [id, stream] of folded ?? (await readFolded(store, named, others))) read.set(id, stream);
    for (const [name, ref] of Object.entries(refs)) if (ref) states[name] = stateOf(ref, read.get(ref.id)!);
    refs = handler.streams(command, states as Partial<StatesOf<R>>);
  }
  for (const [name, ref] of Object.entries(refs)) if (ref) remember(store, ref, read.get(ref.id)!, states[name]);
  const seen = Math.max(0, ...[...read.values()].map((stream) => stream.tail.at(-1)?.globalPosition ?? stream.base?.position ?? 0));
  return { refs, states, versions: new Map([...read].map(([id, stream]) => [id, versionOf(stream)])), seen, unread };
}

/**
 * After an append: what each stream it wrote folds to now (its events as stored, folded as a read
 * would fold them), so the next command on them need not read.
 */
function rememberAppended(store: EventStore, refs: Streams, states: Record<string, unknown>, appended: readonly RecordedEvent[]): void {
  for (const [name, ref] of Object.entries(refs)) {
    // The store answers an append's events in order (its `position` is the last one's).
    const own = ref ? appended.filter((event) => event.streamId === ref.id) : [];
    if (ref && own.length > 0) remember(store, ref, { base: undefined, tail: own }, fold(ref, own, states[name]));
  }
}

async function attemptOnce<Command extends { type: string }, R extends Streams>(
  store: EventStore,
  handler: CommandHandler<Command, R>,
  command: Command,
  context: CommandContext,
  trustFolded: boolean,
): Promise<CommandResult> {
  const { refs, states, versions, seen, unread } = await load(store, handler, command, trustFolded);
  let decided: EventsOf<R>;
  try {
    decided = handler.decide(command, states as StatesOf<R>, context);
  } catch (error) {
    // A refusal appends nothing, so no version check would confirm the states it went on: read first.
    if (unread) return attemptOnce(store, handler, command, context, false);
    // A repeat (same Idempotency-Key) of a command that went through is refused by what it did: answer it.
    const earlier = error instanceof DomainError && context.idempotent ? await earlierResult(store, context.commandId) : null;
    if (earlier) return sameCommand(earlier, command.type, context);
    throw error;
  }
  const events: DomainEvent[] = [];
  const writes: StreamWrite[] = [];
  for (const [name, ref] of Object.entries(refs)) {
    if (!ref) continue;
    const own = (decided[name] ?? []) as DomainEvent[];
    writes.push({
      streamId: ref.id,
      expectedVersion: versions.get(ref.id) ?? 0,
      events: newEventsOf(own, context.commandId, events.length),
    });
    events.push(...own);
  }
  // Nothing to append (and so nothing checked): answer on what the store holds; under a key that ran before, what it did.
  if (events.length === 0) {
    if (unread) return attemptOnce(store, handler, command, context, false);
    const earlier = context.idempotent ? await earlierResult(store, context.commandId) : null;
    return earlier ? sameCommand(earlier, command.type, context) : { events, position: seen, duplicate: false };
  }
  const metadata = { ...commandMetadata(context), commandType: command.type };
  const only = writes.length === 1 ? writes[0] : undefined;
  const result = only
    ? await store.append(only.streamId, only.expectedVersion, only.events, metadata)
    : await store.appendToStreams(writes, metadata);
  // The store found this command's ids taken: answer the whole first run (this run may have decided fewer
  // events, e.g. on streams read across its commit), not just the events both runs share.
  if (result.duplicate)
    return sameCommand(
      (await earlierResult(store, context.commandId)) ?? { events: result.events, position: result.position, duplicate: true },
      command.type,
      context,
    );
  rememberAppended(store, refs, states, result.events);
  return { events, position: result.position, duplicate: false };
}

/** What a command's first run stored: its events (in store order) and the position of the last. */
interface Earlier {
  readonly events: readonly RecordedEvent[];
  readonly position: number;
  readonly duplicate: true;
}

/**
 * A repeat's answer is the first run's, when it was the same request: one rule for every route that takes
 * an Idempotency-Key. The key sent with another request (another route, other path parameters, query or
 * body: another digest), or for another command, is refused (422) rather than answered with what the
 * first request did. Events stored before requests were digested are told by their command type alone.
 */
function sameCommand(earlier: Earlier, commandType: string, context: CommandContext): CommandResult {
  const first = earlier.events[0]?.metadata;
  const otherCommand = first?.commandType !== undefined && first.commandType !== commandType;
  const otherRequest = first?.requestDigest !== undefined && first.requestDigest !== context.requestDigest;
  if (otherCommand || otherRequest) throw new DomainError(422, SERVER_MESSAGES.idempotencyKeyReused);
  return { events: earlier.events.map(toDomainEvent), position: earlier.position, duplicate: true };
}

/** What every event of a command carries besides its data. */
function commandMetadata(context: CommandContext): EventMetadata {
  return {
    commandId: context.commandId,
    correlationId: context.correlationId ?? context.commandId,
    causationId: context.causationId ?? null,
    actor: context.actor,
    ...(context.requestDigest === undefined ? {} : { requestDigest: context.requestDigest }),
  };
}

/** A command's events ready to store, checked against their schemas; ids derive from the command id and each event's index in the command. */
function newEventsOf(events: readonly DomainEvent[], commandId: string, firstIndex: number): NewEvent[] {
  if (firstIndex + events.length > MAX_EVENTS_PER_COMMAND) throw new Error(`a command decided more than ${MAX_EVENTS_PER_COMMAND} events`);
  return events.map((event, index) => {
    // A decider bug must never reach the store as a malformed fact.
    const valid = domainEventSchema.parse(event);
    return {
      eventId: eventIdFor(commandId, firstIndex + index),
      type: valid.type,
      schemaVersion: EVENT_SCHEMA_VERSIONS[valid.type],
      data: valid.data,
    };
  });
}

/** What a command with this id stored the first time, or null when it appended nothing. */
async function earlierResult(store: EventStore, commandId: string): Promise<Earlier | null> {
  const ids = Array.from({ length: MAX_EVENTS_PER_COMMAND }, (_, index) => eventIdFor(commandId, index));
  const recorded = await store.readByEventIds(ids);
  const last = recorded.at(-1);
  return last ? { events: recorded, position: last.globalPosition, duplicate: true } : null;
}

/** What one stream tells now, for a read (a command reads through `handle`). */
export async function readState<State, Event extends DomainEvent>(store: EventStore, ref: StreamRef<State, Event>): Promise<State> {
  return (await readVersionedState(store, ref)).state;
}

/** A stream's state and the version (its last event's stream position; 0 when empty) it was folded to. */
export async function readVersionedState<State, Event extends DomainEvent>(
  store: EventStore,
  ref: StreamRef<State, Event>,
): Promise<{ state: State; version: number }> {
  // Through the same folded states as commands: the session check and a driver's list read his stream's tail.
  const read = (await readFolded(store, [ref], [ref.id])).get(ref.id)!;
  const state = stateOf(ref, read) as State;
  remember(store, ref, read, state);
  return { state, version: versionOf(read) };
}
