import { foldRide, resumeStateOf, type RideEvent, type RideSnapshot } from '@plantride/schemas';
import type { StoredEvent } from './store-checks';

export type RideStep = 'start' | 'materialPicked' | 'materialDropped' | 'end';

/** A command the engine answered 2xx, with what its answer promises is in the store. */
export type Done =
  | { kind: 'booked'; rideId: string }
  | { kind: 'accepted' | 'took over'; rideId: string; driverId: string }
  | { kind: 'step'; rideId: string; driverId: string; step: RideStep }
  | { kind: 'maintenance requested'; requestId: string; driverId: string; rideId: string | null; photoIds?: string[] }
  | { kind: 'maintenance accepted' | 'maintenance completed' | 'maintenance rejected'; requestId: string; driverId: string }
  /** A vehicle inspection; `requestId` is the request a failed critical item filed with it. */
  | { kind: 'inspected'; inspectionId: string; driverId: string; passed: boolean; requestId: string | null; photoIds?: string[] };

interface DriverView {
  blockedFor: string | null;
  events: StoredEvent[];
}

interface RequestView {
  driverId: string;
  rideId: string | null;
  status: 'pending' | 'accepted' | 'completed' | 'rejected';
  events: StoredEvent[];
}

interface RideView {
  snapshot: RideSnapshot;
  events: StoredEvent[];
}

/** The driver-, maintenance- and ride- streams folded as their deciders fold them. */
export interface FoldedStreams {
  drivers: Map<string, DriverView>;
  requests: Map<string, RequestView>;
  rides: Map<string, RideView>;
}

const STEP_EVENT: Record<RideStep, RideEvent['type']> = {
  start: 'RideStarted',
  materialPicked: 'MaterialPicked',
  materialDropped: 'MaterialDropped',
  end: 'RideEnded',
};
const REQUEST_STATUS: Record<string, RequestView['status']> = {
  MaintenanceAccepted: 'accepted',
  MaintenanceCompleted: 'completed',
  MaintenanceRejected: 'rejected',
};

function byStream(events: readonly StoredEvent[], prefix: string): Map<string, StoredEvent[]> {
  const streams = new Map<string, StoredEvent[]>();
  for (const event of events) {
    if (!event.streamId.startsWith(prefix)) continue;
    const id = event.streamId.slice(prefix.length);
    streams.set(id, [...(streams.get(id) ?? []), event]);
  }
  for (const list of streams.values()) list.sort((a, b) => a.streamPosition - b.streamPosition);
  return streams;
}

export function foldStreams(events: readonly StoredEvent[]): FoldedStreams {
  const drivers = new Map<string, DriverView>();
  for (const [operatorId, list] of byStream(events, 'driver-')) {
    let blockedFor: string | null = null;
    for (const event of list) {
      if (event.type === 'DriverBlockedForMaintenance') blockedFor = String(event.data.maintenanceRequestId);
      if (event.type === 'DriverUnblocked') blockedFor = null;
    }
    drivers.set(operatorId, { blockedFor, events: list });
  }
  const requests = new Map<string, RequestView>();
  for (const [requestId, list] of byStream(events, 'maintenance-')) {
    const filed = list.find((event) => event.type === 'MaintenanceRequested');
    // A status without its request is a broken stream; it shows as a request nobody filed.
    const status = list.reduce<RequestView['status']>((current, event) => REQUEST_STATUS[event.type] ?? current, 'pending');
    requests.set(requestId, {
      driverId: String(filed?.data.driverId ?? ''),
      rideId: (filed?.data.rideId as string | null | undefined) ?? null,
      status,
      events: list,
    });
  }
  const rides = new Map<string, RideView>();
  for (const [rideId, list] of byStream(events, 'ride-')) {
    rides.set(rideId, { snapshot: foldRide(list.map((event) => ({ type: event.type, data: event.data }) as RideEvent)), events: list });
  }
  return { drivers, requests, rides };
}

const isOpen = (request: RequestView) => request.status === 'pending' || request.status === 'accepted';

/**
 * What must hold in any state the store can be left in: a driver is blocked for maintenance if and
 * only if he has an open (pending or accepted) request, the one he is blocked for; no ride in
 * progress is assigned to a driver blocked for maintenance.
 */
export function invariantFindings(streams: FoldedStreams): string[] {
  const findings: string[] = [];
  const openOf = new Map<string, string[]>();
  for (const [requestId, request] of streams.requests) {
    if (!request.events.some((event) => event.type === 'MaintenanceRequested'))
      findings.push(`maintenance-${requestId}: ${request.events.map((e) => e.type).join(', ')} without a MaintenanceRequested`);
    else if (isOpen(request)) openOf.set(request.driverId, [...(openOf.get(request.driverId) ?? []), requestId]);
  }
  for (const operatorId of new Set([...streams.drivers.keys(), ...openOf.keys()])) {
    const blockedFor = streams.drivers.get(operatorId)?.blockedFor ?? null;
    const open = openOf.get(operatorId) ?? [];
    if (blockedFor === null && open.length > 0)
      findings.push(`driver ${operatorId}: not blocked, yet his request ${open.join(', ')} is open`);
    if (blockedFor !== null && !open.includes(blockedFor)) {
      const request = streams.requests.get(blockedFor);
      findings.push(
        `driver ${operatorId}: blocked for ${blockedFor}, which is ${request ? request.status : 'not filed'}${open.length > 0 ? ` (open: ${open.join(', ')})` : ''}`,
      );
    }
    if (open.length > 1) findings.push(`driver ${operatorId}: ${open.length} open requests (${open.join(', ')})`);
  }
  for (const [rideId, ride] of streams.rides) {
    const driverId = ride.snapshot.context.driverId;
    const step = resumeStateOf(ride.snapshot);
    const blockedFor = driverId === null ? null : (streams.drivers.get(driverId)?.blockedFor ?? null);
    if (step !== null && blockedFor !== null)
      findings.push(`ride ${rideId}: ${step}, assigned to ${driverId}, who is blocked for ${blockedFor}`);
  }
  return findings;
}

const has = (events: readonly StoredEvent[] | undefined, type: string, data: Record<string, unknown> = {}) =>
  (events ?? []).some((event) => event.type === type && Object.entries(data).every(([key, value]) => event.data[key] === value));

/** Issue #34: the request's MaintenanceRequested, if recorded (its absence is a finding of its own), names exactly the photos it was filed with. */
function namesPhotos(events: readonly StoredEvent[] | undefined, photoIds: readonly string[] = []): boolean {
  const filed = (events ?? []).find((event) => event.type === 'MaintenanceRequested');
  return !filed || JSON.stringify((filed.data.photoIds as string[] | undefined) ?? []) === JSON.stringify(photoIds);
}

/** Why one answered command is not whole in the store, or null when every event of it is there. */
function missingPart(streams: FoldedStreams, done: Done): string | null {
  const ride = (rideId: string) => streams.rides.get(rideId)?.events;
  const driver = (driverId: string) => streams.drivers.get(driverId)?.events;
  switch (done.kind) {
    case 'booked':
      return has(ride(done.rideId), 'RideRequested') ? null : 'no RideRequested';
    case 'accepted':
    case 'took over': {
      const type = done.kind === 'accepted' ? 'RideAccepted' : 'RideTakenOver';
      if (!has(ride(done.rideId), type, { driverId: done.driverId })) return `no ${type} by ${done.driverId}`;
      return has(driver(done.driverId), 'DriverAssignedToRide', { rideId: done.rideId }) ? null : `${done.driverId} not assigned the ride`;
    }
    case 'step': {
      const type = STEP_EVENT[done.step];
      if (!has(ride(done.rideId), type, { driverId: done.driverId })) return `no ${type} by ${done.driverId}`;
      if (done.step === 'end' && !has(driver(done.driverId), 'DriverReleasedFromRide', { rideId: done.rideId }))
        return `${done.driverId} not released from the ride`;
      return null;
    }
    case 'maintenance requested': {
      const request = streams.requests.get(done.requestId);
      const parts = [
        has(request?.events, 'MaintenanceRequested', { driverId: done.driverId, rideId: done.rideId })
          ? null
          : `no MaintenanceRequested by ${done.driverId} for ride ${done.rideId ?? 'none'}`,
        has(driver(done.driverId), 'DriverBlockedForMaintenance', { maintenanceRequestId: done.requestId })
          ? null
          : `${done.driverId} never blocked for it`,
        done.rideId === null || has(ride(done.rideId), 'RideRedistributed', { maintenanceRequestId: done.requestId })
          ? null
          : `ride ${done.rideId} not redistributed`,
        namesPhotos(request?.events, done.photoIds) ? null : `MaintenanceRequested ${done.requestId} does not name its photos`,
      ].filter((part) => part !== null);
      return parts.length > 0 ? parts.join('; ') : null;
    }
    case 'inspected': {
      if (!has(driver(done.driverId), 'VehicleInspected', { inspectionId: done.inspectionId, passed: done.passed }))
        return `no VehicleInspected ${done.inspectionId} (passed ${done.passed})`;
      if (done.requestId === null) return null;
      // The failed critical item's request and block, in the inspection's own append.
      const parts = [
        has(streams.requests.get(done.requestId)?.events, 'MaintenanceRequested', { driverId: done.driverId, rideId: null })
          ? null
          : `no MaintenanceRequested ${done.requestId} by ${done.driverId}`,
        has(driver(done.driverId), 'DriverBlockedForMaintenance', { maintenanceRequestId: done.requestId })
          ? null
          : `${done.driverId} never blocked for ${done.requestId}`,
        namesPhotos(streams.requests.get(done.requestId)?.events, done.photoIds)
          ? null
          : `MaintenanceRequested ${done.requestId} does not name the failed item's photos`,
      ].filter((part) => part !== null);
      return parts.length > 0 ? parts.join('; ') : null;
    }
    case 'maintenance accepted':
    case 'maintenance completed':
    case 'maintenance rejected': {
      const type = {
        'maintenance accepted': 'MaintenanceAccepted',
        'maintenance completed': 'MaintenanceCompleted',
        'maintenance rejected': 'MaintenanceRejected',
      }[done.kind];
      if (!has(streams.requests.get(done.requestId)?.events, type)) return `no ${type}`;
      // Completing or rejecting releases him from this request's block (a later request may block him again).
      if (done.kind !== 'maintenance accepted' && streams.drivers.get(done.driverId)?.blockedFor === done.requestId)
        return `${done.driverId} still blocked for it`;
      return null;
    }
  }
}

/** Every command answered 2xx whose events are not all in the store. */
export function wholenessFindings(streams: FoldedStreams, done: readonly Done[]): string[] {
  return done.flatMap((command) => {
    const missing = missingPart(streams, command);
    const subject =
      command.kind === 'inspected'
        ? `${command.inspectionId} (${command.driverId})`
        : 'requestId' in command
          ? `${command.requestId} (${command.driverId})`
          : `ride ${command.rideId}${'driverId' in command ? ` (${command.driverId})` : ''}`;
    return missing === null
      ? []
      : [`${command.kind === 'step' ? `step ${command.step}` : command.kind} ${subject} answered 2xx: ${missing}`];
  });
}
