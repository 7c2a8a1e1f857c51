import {
  RIDE_EVENT_TYPES,
  actorSchema,
  driverStreamId,
  evolveRide,
  maintenanceStreamId,
  initialRideSnapshot,
  isEventType,
  rideStatusOf,
  rideStreamId,
  type Actor,
  type RideAsOf,
  type RideEvent,
  type RideSnapshot,
  type RideState,
  type RideTimelineAnswer,
  type TimelineEvent,
  type MaintenanceRequested,
  type VehicleInspected,
} from '@plantride/schemas';
import type { EventStore, RecordedEvent } from '../event-store/event-store';
import { toDomainEvent } from '../event-store/upcast';
import { rideInspections, takeOf, type RideTake } from './ride-inspections';

const RIDE_TYPES: ReadonlySet<string> = new Set(RIDE_EVENT_TYPES);

/** Who the metadata names; events written without one (none should be) show as an unknown system. */
export function actorOf(event: RecordedEvent): Actor {
  const parsed = actorSchema.safeParse(event.metadata.actor);
  return parsed.success ? parsed.data : { system: 'unknown' };
}

function stateOf(snapshot: RideSnapshot): RideState {
  return { status: rideStatusOf(snapshot), value: snapshot.value as RideState['value'] };
}

function rideAsOf(snapshot: RideSnapshot): RideAsOf {
  const c = snapshot.context;
  return {
    ...stateOf(snapshot),
    rideType: c.rideType,
    vehicleType: c.vehicleType,
    fromLocation: c.fromLocation,
    toLocation: c.toLocation,
    estimatedMinutes: c.estimatedMinutes,
    durationMinutes: c.durationMinutes,
    requester: { tokenNo: c.requesterId, name: c.requesterName, mobile: c.requesterMobile },
    driver: c.driverId ? { tokenNo: c.driverId, name: c.driverName, mobile: c.driverMobile, vehicleNumber: c.vehicleNumber } : null,
    originalDriverId: c.originalDriverId,
    resumeState: c.resumeState,
    timestamps: {
      requestedAt: c.requestedAt,
      acceptedAt: c.acceptedAt,
      startedAt: c.startedAt,
      pickedAt: c.pickedAt,
      droppedAt: c.droppedAt,
      endedAt: c.endedAt,
      cancelledAt: c.cancelledAt,
    },
  };
}

type Inspections = ReadonlyMap<string, readonly VehicleInspected['data'][]>;
/** The maintenance requests that handed a ride over, by request id, as filed. */
type Breakdowns = ReadonlyMap<string, MaintenanceRequested['data']>;
type BreakdownPhotos = RideTimelineAnswer['breakdownPhotos'];

/** The request a redistribution names, if it names one. */
const handedOverBy = (event: { type: string; data: unknown }): string | null =>
  event.type === 'RideRedistributed' ? ((event.data as { maintenanceRequestId?: string | null }).maintenanceRequestId ?? null) : null;

/**
 * Replays a ride's stream through the shared statechart: every event with the state it left the
 * ride in, and the ride as the last of them leaves it. With `at`, the stream stops at the first
 * event recorded after that instant, so the ride is always a whole prefix of its history.
 * `inspected` holds the inspections of the drivers who took it (issue #21), by operator id; `breakdowns`
 * the requests that handed it over (issue #34: their photos are linked).
 */
export function buildRideTimeline(
  rideId: string,
  recorded: readonly RecordedEvent[],
  at: Date | null = null,
  inspected: Inspections = new Map(),
  breakdowns: Breakdowns = new Map(),
): RideTimelineAnswer {
  let snapshot = initialRideSnapshot();
  const events: TimelineEvent[] = [];
  const takes: RideTake[] = [];
  const breakdownPhotos: BreakdownPhotos = [];
  for (const event of recorded) {
    if (at && event.recordedAt.getTime() > at.getTime()) break;
    // A type this process does not know was written by a newer one: it is shown, but moves nothing.
    const domain = isEventType(event.type) ? toDomainEvent(event) : null;
    if (domain && RIDE_TYPES.has(domain.type)) snapshot = evolveRide(snapshot, domain as RideEvent);
    const take = domain ? takeOf(domain) : null;
    if (take) takes.push(take);
    const filed = breakdowns.get(handedOverBy(event) ?? '');
    if (filed?.photoIds?.length) breakdownPhotos.push({ requestId: filed.requestId, driverId: filed.driverId, photoIds: filed.photoIds });
    events.push({
      position: event.globalPosition,
      streamPosition: event.streamPosition,
      time: event.recordedAt.toISOString(),
      actor: actorOf(event),
      type: event.type,
      data: (domain?.data ?? event.data) as Record<string, unknown>,
      state: stateOf(snapshot),
    });
  }
  return {
    rideId,
    at: at?.toISOString() ?? null,
    events,
    ride: snapshot.value === 'new' ? null : rideAsOf(snapshot),
    inspections: rideInspections(takes, inspected),
    breakdownPhotos,
  };
}

/**
 * The ride's timeline from the event store (never the read models); null when the ride has no stream.
 * The inspections of the drivers who took it come from their driver streams, in one more read.
 */
export async function loadRideTimeline(store: EventStore, rideId: string, at: Date | null = null): Promise<RideTimelineAnswer | null> {
  const recorded = await store.readStream(rideStreamId(rideId));
  if (recorded.length === 0) return null;
  const drivers = new Set<string>();
  for (const event of recorded)
    if (event.type === 'RideAccepted' || event.type === 'RideTakenOver' || event.type === 'RideAssigned')
      drivers.add((event.data as { driverId: string }).driverId);
  const inspected = new Map<string, VehicleInspected['data'][]>();
  if (drivers.size > 0) {
    const streams = await store.readStreams([...drivers].map(driverStreamId));
    for (const operatorId of drivers) {
      const events = (streams.get(driverStreamId(operatorId)) ?? []).filter((event) => event.type === 'VehicleInspected');
      inspected.set(
        operatorId,
        events.map((event) => (toDomainEvent(event) as VehicleInspected).data),
      );
    }
  }
  const requestIds = [...new Set(recorded.flatMap((event) => handedOverBy(event) ?? []))];
  const breakdowns = new Map<string, MaintenanceRequested['data']>();
  if (requestIds.length > 0) {
    const streams = await store.readStreams(requestIds.map(maintenanceStreamId));
    for (const requestId of requestIds) {
      const first = streams.get(maintenanceStreamId(requestId))?.find((event) => event.type === 'MaintenanceRequested');
      if (first) breakdowns.set(requestId, (toDomainEvent(first) as MaintenanceRequested).data);
    }
  }
  return buildRideTimeline(rideId, recorded, at, inspected, breakdowns);
}
