import { randomUUID } from 'node:crypto';
import {
  DEFAULT_SITE,
  EVENT_SCHEMA_VERSIONS,
  LOCATIONS,
  VEHICLE_TYPES,
  domainEventSchema,
  routeMinutes,
  type DomainEvent,
  type VehicleType,
} from '@plantride/schemas';
import { seededRandom, type Random } from '../../engine/src/test-support/seeded-random';

/** One event ready for the store's tables. */
export interface GeneratedEvent {
  streamId: string;
  type: string;
  data: Record<string, unknown>;
  at: number;
  actor: { tokenNo: string; role: string } | { system: string };
}

const MIN = 60_000;
const ROUTES = LOCATIONS.flatMap((from) =>
  LOCATIONS.flatMap((to) => {
    const minutes = routeMinutes(DEFAULT_SITE, from, to);
    return from !== to && minutes !== undefined ? [{ from, to, minutes }] : [];
  }),
);
const iso = (ms: number) => new Date(ms).toISOString();
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const personName = (kind: string, i: number) => `${kind} ${LETTERS[i % 26]}${LETTERS[Math.floor(i / 26) % 26]}`;

export interface HistoryOptions {
  /** Rides from `startMs` on, one every `gapMs` on average. */
  startMs: number;
  gapMs: number;
  requesters?: number;
  driversPerType?: number;
  seed?: number;
  /** The accounts' password hash (a stand-in unless someone is to sign in with it). */
  passwordHash?: string;
}

/**
 * A plant's history as the engine would have written it: accounts and driver records first, then
 * rides — most completed, some cancelled, some left waiting (wait alert), some special tasks that
 * overran, and some whose driver broke down mid-ride with the maintenance that followed and a
 * take-over by another driver. Every event passes the schemas' validation.
 */
export class RideHistory {
  private readonly random: Random;
  /** The requesters' token numbers. */
  readonly requesters: string[];
  /** The drivers' token numbers by vehicle type. */
  readonly drivers: Map<VehicleType, string[]>;
  private rideCount = 0;
  private requestCount = 0;

  constructor(private readonly options: HistoryOptions) {
    this.random = seededRandom(options.seed ?? 7);
    this.requesters = Array.from({ length: options.requesters ?? 500 }, (_, i) => `R${String(i + 1).padStart(4, '0')}`);
    this.drivers = new Map(
      VEHICLE_TYPES.map((type, t) => [
        type,
        Array.from({ length: options.driversPerType ?? 40 }, (_, i) => `D${t}${String(i + 1).padStart(3, '0')}`),
      ]),
    );
  }

  get rides(): number {
    return this.rideCount;
  }

  /** Accounts (requesters, drivers with their records, a maintenance head). */
  people(): GeneratedEvent[] {
    const at = this.options.startMs - 24 * 60 * MIN;
    const admin = { tokenNo: 'AD01', role: 'admin' };
    const events: GeneratedEvent[] = [];
    const user = (tokenNo: string, name: string, role: string) =>
      events.push({
        streamId: `user-${tokenNo}`,
        type: 'UserSignedUp',
        data: { tokenNo, name, mobile: '9000000001', role, passwordHash: this.options.passwordHash ?? 'scrypt$bench$not-a-real-hash' },
        at,
        actor: { system: 'bench' },
      });
    user('MH01', 'Maintenance Head', 'maintenanceHead');
    this.requesters.forEach((tokenNo, i) => user(tokenNo, personName('Requester', i), 'requester'));
    let serial = 0;
    for (const [vehicleType, ids] of this.drivers) {
      ids.forEach((operatorId, i) => {
        serial += 1;
        const name = personName('Driver', serial);
        events.push({
          streamId: `driver-${operatorId}`,
          type: 'DriverAdded',
          data: {
            operatorId,
            serial,
            vehicle: `MH12 BX ${String(serial).padStart(4, '0')}`,
            name,
            mobile: '9876543210',
            role: 'Driver',
            forklift: String((i % 99) + 1),
            status: 'Active',
            comments: '',
            vehicleAssigned: vehicleType,
            createdAt: iso(at),
          },
          at,
          actor: admin,
        });
        user(operatorId, name, 'driver');
        events.push({
          streamId: `user-${operatorId}`,
          type: 'UserRoleChanged',
          data: { tokenNo: operatorId, role: 'driver', assignedVehicleType: vehicleType },
          at,
          actor: { system: 'bench' },
        });
      });
    }
    return events;
  }

  /** The next ride's events (and the maintenance around it), at their times. */
  nextRide(): GeneratedEvent[] {
    const r = this.random;
    const index = this.rideCount++;
    const rideId = (0x1000000000 + index).toString(36).toUpperCase().padStart(8, '0');
    const streamId = `ride-${rideId}`;
    const requesterId = r.pick(this.requesters)!;
    const vehicleType = r.pick(VEHICLE_TYPES)!;
    const drivers = this.drivers.get(vehicleType)!;
    const route = r.pick(ROUTES)!;
    const special = r.next() < 0.15;
    const requester = { tokenNo: requesterId, role: 'requester' };
    let t = this.options.startMs + index * this.options.gapMs + Math.floor(r.next() * this.options.gapMs);
    const events: GeneratedEvent[] = [];
    const add = (type: string, data: Record<string, unknown>, actor: GeneratedEvent['actor'], stream = streamId) =>
      events.push({ streamId: stream, type, data: { ...data }, at: t, actor });
    const later = (lo: number, hi: number) => (t += Math.round((lo + r.next() * (hi - lo)) * MIN));
    const requestedAt = t;
    add(
      'RideRequested',
      {
        rideId,
        requesterId,
        requesterName: personName('Requester', this.requesters.indexOf(requesterId)),
        requesterMobile: '9000000001',
        fromLocation: route.from,
        toLocation: route.to,
        vehicleType,
        rideType: special ? 'Special Task' : 'Regular',
        estimatedMinutes: route.minutes,
        durationMinutes: special ? 30 : null,
        requestedAt: iso(t),
      },
      requester,
    );
    const roll = r.next();
    if (roll < 0.03) {
      later(5, 6);
      add(
        'RideWaitAlerted',
        { rideId, requestedAt: iso(requestedAt), dueAt: iso(requestedAt + 5 * MIN), alertedAt: iso(t) },
        { system: 'timer' },
      );
    }
    if (roll < 0.1) {
      later(0.5, 4);
      add('RideCancelled', { rideId, cancelledBy: requesterId, cancelledAt: iso(t) }, requester);
      return events;
    }
    let driverId = r.pick(drivers)!;
    const driverActor = () => ({ tokenNo: driverId, role: 'driver' });
    const assignment = () => ({
      driverId,
      driverName: personName('Driver', drivers.indexOf(driverId)),
      driverMobile: '9876543210',
      vehicleNumber: `MH12 BX ${driverId.slice(1)}`,
    });
    later(0.5, 5);
    add('RideAccepted', { rideId, ...assignment(), acceptedAt: iso(t) }, driverActor());
    later(1, 3);
    const startedAt = t;
    add('RideStarted', { rideId, driverId, startedAt: iso(t) }, driverActor());
    if (roll > 0.95)
      this.breakdown(
        events,
        rideId,
        streamId,
        driverId,
        vehicleType,
        () => later(0.5, 2),
        () => t,
        add,
      );
    if (roll > 0.95) {
      const other = drivers.filter((d) => d !== driverId);
      driverId = r.pick(other)!;
      later(1, 4);
      add('RideTakenOver', { rideId, ...assignment(), resumeState: 'started', takenOverAt: iso(t) }, driverActor());
    }
    later(2, 6);
    add('MaterialPicked', { rideId, driverId, pickedAt: iso(t) }, driverActor());
    later(route.minutes * 0.8, route.minutes * 1.4);
    add('MaterialDropped', { rideId, driverId, droppedAt: iso(t) }, driverActor());
    if (special && r.next() < 0.3) {
      t = Math.max(t, startedAt + 30 * MIN) + MIN;
      add(
        'SpecialTaskOverran',
        { rideId, driverId, startedAt: iso(startedAt), durationMinutes: 30, dueAt: iso(startedAt + 30 * MIN), overranAt: iso(t) },
        { system: 'timer' },
      );
    }
    later(0.5, 2);
    add('RideEnded', { rideId, driverId, endedAt: iso(t) }, driverActor());
    return events;
  }

  // As the maintenance request route writes it: block, request, redistribute; the head accepts and completes later.
  private breakdown(
    events: GeneratedEvent[],
    rideId: string,
    rideStream: string,
    driverId: string,
    vehicleType: VehicleType,
    step: () => void,
    now: () => number,
    add: (type: string, data: Record<string, unknown>, actor: GeneratedEvent['actor'], stream?: string) => void,
  ) {
    const requestId = `MR${String(++this.requestCount).padStart(7, '0')}`;
    const driver = { tokenNo: driverId, role: 'driver' };
    const head = { tokenNo: 'MH01', role: 'maintenanceHead' };
    step();
    const at = now();
    add('DriverBlockedForMaintenance', { operatorId: driverId, maintenanceRequestId: requestId }, driver, `driver-${driverId}`);
    add(
      'MaintenanceRequested',
      {
        requestId,
        driverId,
        driverName: '',
        vehicleType,
        issue: '',
        commentText: 'hydraulics failed mid-ride',
        breakdownType: 'partial',
        rideId,
        requestedAt: iso(at),
      },
      driver,
      `maintenance-${requestId}`,
    );
    add(
      'RideRedistributed',
      {
        rideId,
        originalDriverId: driverId,
        originalDriverName: '',
        maintenanceComment: 'hydraulics failed mid-ride',
        maintenanceRequestId: requestId,
        resumeState: 'started',
        redistributedAt: iso(at),
        openToAll: true,
        alternativeDrivers: 1,
      },
      driver,
      rideStream,
    );
    const later = (minutes: number, type: string, data: Record<string, unknown>, stream: string) =>
      events.push({ streamId: stream, type, data, at: at + minutes * MIN, actor: head });
    later(30, 'MaintenanceAccepted', { requestId, acceptedAt: iso(at + 30 * MIN) }, `maintenance-${requestId}`);
    later(120, 'MaintenanceCompleted', { requestId, driverId, maintenanceDate: iso(at + 120 * MIN) }, `maintenance-${requestId}`);
    later(120, 'DriverUnblocked', { operatorId: driverId, reason: 'maintenance_completed' }, `driver-${driverId}`);
  }
}

/** Throws when an event would not pass the engine's own validation. */
export function assertValid(event: GeneratedEvent): void {
  domainEventSchema.parse({ type: event.type, data: event.data } as DomainEvent);
  if (!Object.hasOwn(EVENT_SCHEMA_VERSIONS, event.type)) throw new Error(`unknown event type ${event.type}`);
}

export const schemaVersionOf = (type: string): number => EVENT_SCHEMA_VERSIONS[type as keyof typeof EVENT_SCHEMA_VERSIONS];
export const newCommandId = (): string => randomUUID();
