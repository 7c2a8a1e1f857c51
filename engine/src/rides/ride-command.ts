import { driverStreamId, foldRide, resumeStateOf, rideStreamId, type DriverEvent, type RideEvent, type RideSnapshot } from '@plantride/schemas';
import { commandMetadata, earlierResult, newEventsOf, type CommandContext, type CommandResult } from '../commands/command-handler';
import { DomainError } from '../commands/errors';
import { eventIdFor } from '../commands/event-ids';
import { ConcurrencyError, type EventStore, type StreamWrite } from '../event-store/event-store';
import { toDomainEvent } from '../event-store/upcast';
import { driverDecider, type DriverCommand, type DriverState } from '../drivers/driver.decider';
import { assertMayDrive } from '../drivers/driver-stream';
import { rideDecider, type RideCommand } from './ride.decider';

// Each attempt lost to someone else's append; the next one decides on what they did (a ride taken is then refused by name).
const ATTEMPTS = 4;

/** What a ride event asks of a driver's stream: take the ride, hold still for a step, end it, or hand it over. */
type DriverPart = 'take' | 'step' | 'end' | 'handOver';

function driverPartOf(event: RideEvent): { operatorId: string; part: DriverPart } | null {
  switch (event.type) {
    case 'RideAccepted':
    case 'RideTakenOver':
      return { operatorId: event.data.driverId, part: 'take' };
    case 'RideStarted':
    case 'MaterialPicked':
    case 'MaterialDropped':
      return { operatorId: event.data.driverId, part: 'step' };
    case 'RideEnded':
      return { operatorId: event.data.driverId, part: 'end' };
    case 'RideRedistributed':
      return { operatorId: event.data.originalDriverId, part: 'handOver' };
    default:
      return null;
  }
}

const foldDriver = (events: DriverEvent[], from: DriverState = driverDecider.initialState()) => events.reduce(driverDecider.evolve, from);

async function readRide(store: EventStore, rideId: string): Promise<{ ride: RideSnapshot; version: number }> {
  const recorded = await store.readStream(rideStreamId(rideId));
  return { ride: foldRide(recorded.map((e) => toDomainEvent(e) as RideEvent)), version: recorded.length };
}

/** Whether the ride's own stream still has this driver carrying it out. */
async function stillDriving(store: EventStore, rideId: string, operatorId: string): Promise<boolean> {
  const { ride } = await readRide(store, rideId);
  return ride.context.driverId === operatorId && resumeStateOf(ride) !== null;
}

/** The driver's events for taking `rideId`: an assignment, after releasing one whose ride no longer names him. */
async function takeRide(store: EventStore, state: DriverState, operatorId: string, rideId: string, context: CommandContext): Promise<DriverEvent[]> {
  const held = state.ongoingRideId;
  const decide = (command: DriverCommand, from: DriverState) => driverDecider.decide(command, from, context);
  // A ride the store moved on without releasing him (a path that wrote the ride alone) must not bar him for ever.
  const lapsed = held && held !== rideId && !(await stillDriving(store, held, operatorId)) ? decide({ type: 'ReleaseRide', data: { operatorId, rideId: held, reason: 'lapsed' } }, state) : [];
  return [...lapsed, ...decide({ type: 'AssignRide', data: { operatorId, rideId } }, foldDriver(lapsed, state))];
}

/**
 * The driver stream's part of a ride command, decided on the stream as read and appended at that
 * version: a driver who was blocked, took another ride or was freed meanwhile makes the append fail.
 */
async function driverWrite(store: EventStore, rideId: string, operatorId: string, part: DriverPart, context: CommandContext): Promise<{ streamId: string; expectedVersion: number; events: DriverEvent[] } | null> {
  const streamId = driverStreamId(operatorId);
  const recorded = await store.readStream(streamId);
  const state = foldDriver(recorded.map((e) => toDomainEvent(e) as DriverEvent));
  let events: DriverEvent[] = [];
  switch (part) {
    case 'take':
      assertMayDrive(state, 'accept');
      events = await takeRide(store, state, operatorId, rideId, context);
      break;
    case 'step':
      assertMayDrive(state, 'step');
      break;
    case 'end':
      assertMayDrive(state, 'step');
      events = driverDecider.decide({ type: 'ReleaseRide', data: { operatorId, rideId, reason: 'ended' } }, state, context);
      break;
    case 'handOver':
      // A blocked driver is handed over too; one without a record (or a ride he never held here) has nothing to release.
      if (!state.record) return null;
      events = driverDecider.decide({ type: 'ReleaseRide', data: { operatorId, rideId, reason: 'redistributed' } }, state, context);
      if (events.length === 0) return null;
      break;
  }
  return { streamId, expectedVersion: recorded.length, events };
}

// A ride command writes at most a ride event and two of its driver's (a lapsed release and the assignment).
async function lastPositionOf(store: EventStore, commandId: string, atLeast: number): Promise<number> {
  const events = await store.readByEventIds([0, 1, 2].map((index) => eventIdFor(commandId, index)));
  return Math.max(atLeast, ...events.map((e) => e.globalPosition));
}

async function earlierAnswer(store: EventStore, context: CommandContext): Promise<CommandResult<RideEvent> | null> {
  const earlier = context.idempotent ? await earlierResult<RideEvent>(store, context.commandId) : null;
  // The first answer's position covers the driver's events too.
  return earlier && { ...earlier, position: await lastPositionOf(store, context.commandId, earlier.position) };
}

async function attempt(store: EventStore, command: RideCommand, context: CommandContext): Promise<CommandResult<RideEvent>> {
  const earlier = await earlierAnswer(store, context);
  if (earlier) return earlier;
  const { rideId } = command.data;
  const streamId = rideStreamId(rideId);
  const { ride, version } = await readRide(store, rideId);
  const events = rideDecider.decide(command, ride, context);
  if (events.length === 0) return { events, position: 0, nextVersion: version, duplicate: false };
  const parts = events.map(driverPartOf).filter((p) => p !== null);
  const drivers = (await Promise.all(parts.map(({ operatorId, part }) => driverWrite(store, rideId, operatorId, part, context)))).filter((w) => w !== null);
  const metadata = commandMetadata(context);
  if (drivers.length === 0) {
    const result = await store.append(streamId, version, newEventsOf(events, context.commandId), metadata);
    return { events: result.duplicate ? result.events.map((e) => toDomainEvent(e) as RideEvent) : events, position: result.position, nextVersion: result.nextVersion, duplicate: result.duplicate };
  }
  // Ride events first, so the command's first event id names the ride stream (where a retry finds its answer).
  let index = events.length;
  const writes: StreamWrite[] = [{ streamId, expectedVersion: version, events: newEventsOf(events, context.commandId) }];
  for (const driver of drivers) {
    writes.push({ ...driver, events: newEventsOf(driver.events, context.commandId, index) });
    index += driver.events.length;
  }
  const result = await store.appendToStreams(writes, metadata);
  const onRide = result.events.filter((e) => e.streamId === streamId);
  return {
    events: result.duplicate ? onRide.map((e) => toDomainEvent(e) as RideEvent) : events,
    position: result.position,
    nextVersion: onRide.at(-1)?.streamPosition ?? version,
    duplicate: result.duplicate,
  };
}

/**
 * A ride command with its driver's side in the same transaction: accepting or taking over assigns
 * the ride on the driver's stream (refused while he holds another), ending or handing it over
 * releases it, and a step holds his stream still (a block for maintenance racing it wins or waits).
 * A lost race is decided again on the new state, so the loser hears why (ride taken, ride in progress).
 */
export async function handleRideCommand(store: EventStore, command: RideCommand, context: CommandContext): Promise<CommandResult<RideEvent>> {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt(store, command, context);
    } catch (error) {
      // A twin (same Idempotency-Key) that landed after the check was refused as a change of state: answer it.
      const earlier = error instanceof DomainError ? await earlierAnswer(store, context) : null;
      if (earlier) return earlier;
      if (!(error instanceof ConcurrencyError) || tries >= ATTEMPTS) throw error;
    }
  }
}
