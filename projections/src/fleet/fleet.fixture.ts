import { sql, type Kysely } from 'kysely';
import type { DomainEvent, VehicleType } from '@plantride/schemas';
import type { PositionedEvent } from '../projection';
import type { ReadModels } from '../read-models';
import { fleetProjection } from './fleet.projection';

/**
 * Fleet histories for tests, as the store would hand them over: driver and maintenance events with
 * stream and global positions and the recorded times chosen by the test (the store records its own
 * clock, which a test cannot set). A breakdown and its closing touch both streams at one instant,
 * as their single appends do.
 */
export function fleetHistory() {
  const events: PositionedEvent[] = [];
  const versions = new Map<string, number>();
  const push = (streamId: string, event: DomainEvent, at: number) => {
    const streamPosition = (versions.get(streamId) ?? 0) + 1;
    versions.set(streamId, streamPosition);
    events.push({ event, position: { streamId, streamPosition, globalPosition: events.length + 1, recordedAt: new Date(at) } });
  };
  const driver = (operatorId: string, event: DomainEvent, at: number) => push(`driver-${operatorId}`, event, at);
  const record = (operatorId: string, vehicle: string, vehicleAssigned: VehicleType | '') => ({
    operatorId,
    serial: 1,
    vehicle,
    name: `Driver ${operatorId}`,
    mobile: '9876543210',
    role: 'Driver' as const,
    forklift: '',
    status: 'Active' as const,
    comments: '',
    vehicleAssigned,
    createdAt: new Date(0).toISOString(),
  });
  return {
    events,
    added: (operatorId: string, vehicle: string, type: VehicleType | '', at: number) =>
      driver(operatorId, { type: 'DriverAdded', data: record(operatorId, vehicle, type) }, at),
    updated: (operatorId: string, vehicle: string, type: VehicleType | '', at: number) =>
      driver(operatorId, { type: 'DriverUpdated', data: record(operatorId, vehicle, type) }, at),
    inspected: (operatorId: string, type: VehicleType, at: number) =>
      driver(
        operatorId,
        {
          type: 'VehicleInspected',
          data: {
            inspectionId: `I${events.length}`,
            operatorId,
            vehicleType: type,
            vehicleNumber: '',
            day: '',
            items: [],
            passed: true,
            inspectedAt: new Date(at).toISOString(),
          },
        },
        at,
      ),
    took: (operatorId: string, rideId: string, at: number) =>
      driver(operatorId, { type: 'DriverAssignedToRide', data: { operatorId, rideId } }, at),
    released: (operatorId: string, rideId: string, at: number, reason: 'ended' | 'redistributed' = 'ended') =>
      driver(operatorId, { type: 'DriverReleasedFromRide', data: { operatorId, rideId, reason } }, at),
    brokeDown(operatorId: string, requestId: string, vehicleType: VehicleType, at: number) {
      const requestedAt = new Date(at).toISOString();
      push(
        `maintenance-${requestId}`,
        {
          type: 'MaintenanceRequested',
          data: {
            requestId,
            driverId: operatorId,
            driverName: '',
            vehicleType,
            vehicleNumber: null,
            issue: 'Engine Issue',
            commentText: '',
            breakdownType: 'full',
            rideId: null,
            requestedAt,
          },
        },
        at,
      );
      driver(operatorId, { type: 'DriverBlockedForMaintenance', data: { operatorId, maintenanceRequestId: requestId } }, at);
    },
    accepted: (requestId: string, at: number) =>
      push(`maintenance-${requestId}`, { type: 'MaintenanceAccepted', data: { requestId, acceptedAt: new Date(at).toISOString() } }, at),
    completed(requestId: string, operatorId: string, at: number) {
      // The date the maintenance head types in, not the instant: a day earlier than the recorded time.
      push(
        `maintenance-${requestId}`,
        {
          type: 'MaintenanceCompleted',
          data: { requestId, driverId: operatorId, maintenanceDate: new Date(at - 86_400_000).toISOString(), inspectionDue: false },
        },
        at,
      );
      driver(operatorId, { type: 'DriverUnblocked', data: { operatorId, reason: 'maintenance_completed', inspectionDue: false } }, at);
    },
    rejected(requestId: string, operatorId: string, at: number) {
      push(
        `maintenance-${requestId}`,
        {
          type: 'MaintenanceRejected',
          data: { requestId, driverId: operatorId, reason: 'not broken', rejectedAt: new Date(at).toISOString(), inspectionDue: false },
        },
        at,
      );
      driver(operatorId, { type: 'DriverUnblocked', data: { operatorId, reason: 'maintenance_rejected', inspectionDue: false } }, at);
    },
  };
}

/** Hands the events to the fleet projection in batches of the given sizes (the rest as one last batch), as the runner would. */
export async function applyFleet(db: Kysely<ReadModels>, events: readonly PositionedEvent[], sizes: readonly number[] = []): Promise<void> {
  const handled = events.filter(({ event }) => (fleetProjection.handles as readonly string[]).includes(event.type));
  let from = 0;
  for (const size of [...sizes, handled.length]) {
    const batch = handled.slice(from, from + Math.max(1, size));
    if (batch.length === 0) break;
    await db.transaction().execute((trx) => fleetProjection.applyBatch!(batch, trx));
    from += batch.length;
  }
}

export const FLEET_TABLES = ['fleet_drivers', 'fleet_breakdowns', 'fleet_vehicle_days'] as const;

/** The fleet tables' rows, sorted, to compare two builds. */
export async function dumpFleet(db: Kysely<ReadModels>): Promise<Record<string, string[]>> {
  const dump: Record<string, string[]> = {};
  for (const table of FLEET_TABLES)
    dump[table] = (await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db)).rows
      .map((row) => JSON.stringify(row))
      .sort();
  return dump;
}

export async function clearFleet(db: Kysely<ReadModels>): Promise<void> {
  for (const table of FLEET_TABLES) await sql`delete from ${sql.table(table)}`.execute(db);
}
