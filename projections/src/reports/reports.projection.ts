import type { Kysely, Updateable } from 'kysely';
import { RIDE_EVENT_TYPES, vehicleNumberKey, type DomainEvent, type EventType, type RideEvent } from '@plantride/schemas';
import type { EventPosition, Projection } from '../projection';
import type { ReadModels } from '../read-models';
import type { RideReportsTable } from './reports.table';
import { reportsMigrations } from './reports.migrations';
import { rideStepChange } from '../rides/ride-step-change';
import {
  REPORT_DRIVER_EVENT_TYPES,
  REPORT_MAINTENANCE_EVENT_TYPES,
  applyDriverEvent,
  applyMaintenanceEvent,
  type ReportDriverEvent,
  type ReportMaintenanceEvent,
} from './report-drivers.updates';

type Change = Updateable<RideReportsTable>;
type Assignment = Extract<RideEvent, { type: 'RideAccepted' | 'RideTakenOver' }>;

const isOneOf = <T extends string>(types: readonly T[], type: string): type is T => (types as readonly string[]).includes(type);

// The driver who takes the ride brings his numbers as they are now; a later record edit does not rewrite the ride.
async function assignmentOf(event: Assignment, db: Kysely<ReadModels>): Promise<Change> {
  const driver = await db.selectFrom('report_drivers').select(['vehicle_number', 'forklift_number']).where('operator_id', '=', event.data.driverId).executeTakeFirst();
  const vehicleNumber = event.data.vehicleNumber || driver?.vehicle_number || null;
  if (event.data.driverName) {
    await db.insertInto('report_driver_names').values({ driver_id: event.data.driverId, driver_name: event.data.driverName }).onConflict((oc) => oc.doNothing()).execute();
  }
  return {
    status: event.type === 'RideAccepted' ? 'accepted' : event.data.resumeState,
    driver_id: event.data.driverId,
    driver_name: event.data.driverName || null,
    vehicle_number: vehicleNumber,
    vehicle_number_key: vehicleNumber === null ? null : vehicleNumberKey(vehicleNumber),
    forklift_number: driver?.forklift_number ?? null,
  };
}

async function changeOf(event: Exclude<RideEvent, { type: 'RideRequested' }>, db: Kysely<ReadModels>): Promise<Change> {
  switch (event.type) {
    case 'RideAccepted':
    case 'RideTakenOver':
      return assignmentOf(event, db);
    case 'RideStarted':
    case 'MaterialPicked':
    case 'MaterialDropped':
    case 'RideEnded':
      return rideStepChange(event);
    case 'RideCancelled':
      return { status: 'cancelled' };
    case 'RideRedistributed':
      // Waiting for another driver, like the rides read model: no driver until one takes it over.
      return { status: 'waiting_for_reassignment', driver_id: null, driver_name: null, vehicle_number: null, vehicle_number_key: null, forklift_number: null };
    // Timer notices (engine/src/timers) change nothing a report row shows.
    case 'RideWaitAlerted':
    case 'ReassignmentOverdue':
    case 'SpecialTaskOverran':
      return {};
  }
}

async function applyRideEvent(event: RideEvent, position: EventPosition, db: Kysely<ReadModels>): Promise<void> {
  if (event.type === 'RideRequested') {
    const d = event.data;
    await db
      .insertInto('ride_reports')
      .values({
        ride_id: d.rideId,
        requester_id: d.requesterId,
        requester_name: d.requesterName,
        from_location: d.fromLocation,
        to_location: d.toLocation,
        vehicle_type: d.vehicleType,
        ride_type: d.rideType,
        status: 'requested',
        created_at: new Date(d.requestedAt),
        last_position: position.streamPosition,
      })
      .onConflict((oc) => oc.column('ride_id').doNothing())
      .execute();
    return;
  }
  await db
    .updateTable('ride_reports')
    .set({ ...(await changeOf(event, db)), last_position: position.streamPosition })
    .where('ride_id', '=', event.data.rideId)
    .where('last_position', '<', position.streamPosition)
    .execute();
}

/** The ride reports read model: ride rows, plus the drivers' numbers and maintenance they need. */
export const reportsProjection: Projection<ReadModels> = {
  name: 'reports',
  handles: [...RIDE_EVENT_TYPES, ...REPORT_DRIVER_EVENT_TYPES, ...REPORT_MAINTENANCE_EVENT_TYPES] as EventType[],
  migrations: reportsMigrations,
  async apply(event: DomainEvent, position: EventPosition, db: Kysely<ReadModels>) {
    if (isOneOf(RIDE_EVENT_TYPES, event.type)) return applyRideEvent(event as RideEvent, position, db);
    if (isOneOf(REPORT_DRIVER_EVENT_TYPES, event.type)) return applyDriverEvent(event as ReportDriverEvent, position, db);
    if (isOneOf(REPORT_MAINTENANCE_EVENT_TYPES, event.type)) return applyMaintenanceEvent(event as ReportMaintenanceEvent, db);
  },
};
